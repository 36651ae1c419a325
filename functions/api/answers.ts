// The parts of the API's answers the page names by themselves: re-exported here, so that the page
// imports from functions/ only the API's contract, and only types (test: shared hooks/boundaries.mjs).
export type { SettingsIssue } from '../service/settings-issue.js';
export type { VoteCount } from '../service/toolkit/votes.js';
