// The published vote count's shape as the API answers it (GET /votes), for the page: types only, so the
// page reads the ruleset's tally without importing anything of the service (the shape is declared there).
export type { VoteChange, VoteCount, VoteLine } from '../service/toolkit/vote-count.js';
