// Why sample-checker.mjs turns a mutant away before any test runs; live-reporter.mjs writes no line for these.
export const NOT_PICKED = 'not in the sample';
export const TESTED_BEFORE = 'tested in an earlier run';
export const TURNED_AWAY = new Set([NOT_PICKED, TESTED_BEFORE]);
