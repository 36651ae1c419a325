// StrykerJS mutation testing of the engine against the pure unit tests (`npm run mutation -- <folder>`,
// see test/mutation/run.ts). Not part of CI: it is CPU-heavy. Equivalent survivors: docs/mutation-equivalents.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['engine/**/*.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // Added to each mutant's own test time: a mutant that loops forever costs this much, not a minute.
  timeoutMS: 10_000,
  // The first run of the whole unit project takes minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  tempDirName: '.stryker-tmp',
  ignorePatterns: [
    'reports',
    '.data',
    'cdk.out',
    'infra',
    'web',
    'functions',
    'test/mutation/results',
    'test/e2e',
    'test/load',
    'test/bench',
  ],
  cleanTempDir: true,
};
