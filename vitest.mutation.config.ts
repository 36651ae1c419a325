import { defineConfig } from 'vitest/config';

// The pure unit tests only, for StrykerJS (stryker.config.mjs): no DynamoDB Local, no projects.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
