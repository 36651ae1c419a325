import { configDefaults, defineConfig } from 'vitest/config';

// Two projects: `unit` holds the pure tests (engine rules, no DynamoDB Local, seconds to run:
// `npm run test:unit`); `stack` holds everything that needs the local stack. `npm test` runs both.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/unit/**'],
          globalSetup: ['test/setup/dynamodb.ts'],
        },
      },
    ],
  },
});
