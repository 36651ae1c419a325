import { configDefaults, defineConfig } from 'vitest/config';

// Four projects. `npm test` runs `unit` (pure: engine rules, texts, scenarios in memory) and `stack`
// (the platform on DynamoDB Local, the CDK app, the scenarios through the API); `npm run test:all`
// adds `stress` (contention, fault and load loops) and `e2e` (the real page in headless Chromium).
const STRESS = [
  'test/contention/**/*.test.ts',
  'test/load/**/*.test.ts',
  'test/faults/**/*.test.ts',
  'test/integration/ballot-order.test.ts',
  'test/telegram/busy-evening.test.ts',
];
const E2E = ['test/e2e/**/*.test.ts'];
const STACK_SETUP = ['test/setup/dynamodb.ts', 'test/setup/cdk-cache.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      // Pure tests share one module registry (isolate: false): importing the engine once per worker, not
      // once per file, is two thirds of the project's time.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/unit/**', ...STRESS, ...E2E],
          globalSetup: STACK_SETUP,
        },
      },
      { extends: true, test: { name: 'stress', include: STRESS, globalSetup: STACK_SETUP } },
      { extends: true, test: { name: 'e2e', include: E2E, globalSetup: STACK_SETUP } },
    ],
  },
});
