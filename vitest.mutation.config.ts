import { defineConfig } from 'vitest/config';

// The pure unit tests only, for StrykerJS (stryker.config.mjs): no DynamoDB Local, no projects.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'threads',
    // One module graph for every file and every mutant: StrykerJS switches mutants at run time, so
    // nothing is re-imported between runs (7 s for the whole unit project instead of 30 s).
    isolate: false,
    reporters: ['default'],
  },
});
