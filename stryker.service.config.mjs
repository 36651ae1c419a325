// StrykerJS mutation testing of functions/ (the service layer) against its stack tests, on DynamoDB Local
// (`npm run mutation -- functions/service/<file or folder>`, see test/mutation/run.ts: it picks this file for
// functions/**, starts DynamoDB Local once and narrows the tests with test/mutation/service-tests.ts).
// What is not said here is stryker.config.mjs's. Not part of CI: it is CPU-heavy. Equivalent survivors:
// docs/mutation-equivalents.md.
import engine from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...engine,
  // `related` is off: every stack test reaches every service file through the API, so vitest's import
  // graph narrows nothing; the map in test/mutation/service-tests.ts does.
  vitest: { configFile: 'vitest.service-mutation.config.ts', related: false },
  mutate: ['functions/service/**/*.ts'],
  // One test runner: the stack tests share one DynamoDB Local and wait on real timers.
  concurrency: 1,
  // Added to each mutant's own test time. The stack tests wait on real timers (sweeps every 500 ms,
  // webhook backoffs), so their times vary more than the unit tests'.
  timeoutMS: 15_000,
  dryRunTimeoutMinutes: 60,
  incrementalFile: 'reports/mutation/service-incremental.json',
  // A run of the stack-tested files takes hours and StrykerJS writes its results only at the end: the live
  // reporter also writes each one as it comes (run.ts names the file), so a run stopped early still counts.
  plugins: [...engine.plugins, './test/mutation/live-reporter.mjs'],
  reporters: [...engine.reporters, 'live'],
  // The tests build the page (web/), so web stays but its build.
  ignorePatterns: [
    'reports',
    '.data*',
    'cdk.out',
    'infra',
    'web/dist',
    'test/mutation/results',
    'test/e2e',
    'test/load',
    'test/bench',
    'test/faults/kill.test.ts',
    'test/infra',
    '.stryker-tmp*',
  ],
};
