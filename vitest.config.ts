import { configDefaults, defineConfig } from 'vitest/config';

// Four projects. `npm test` runs `unit` (pure: engine rules, texts, scenarios in memory) and `stack`
// (the platform on DynamoDB Local, the CDK app, the scenarios through the API; `stack-isolated` is its files
// that need their own module registry); `npm run test:all`
// adds `stress` (contention, fault and load loops) and `e2e` (the real page in headless Chromium).
const STRESS = [
  'test/contention/**/*.test.ts',
  'test/load/**/*.test.ts',
  'test/faults/**/*.test.ts',
  'test/integration/ballot-order.test.ts',
  'test/telegram/busy-evening.test.ts',
];
const E2E = ['test/e2e/**/*.test.ts'];
// Stack files that need a module registry of their own: they mock Node's modules (vi.mock), which a module
// another file loaded first would not see. They start no DynamoDB Local.
const OWN_REGISTRY = ['test/toolkit/outbound-guard.test.ts'];
const STACK_SETUP = ['test/setup/dynamodb.ts', 'test/setup/cdk-cache.ts'];
// Each worker's DYNAMO_ENDPOINT names its own DynamoDB Local (test/setup/dynamodb.ts starts one per worker).
const WORKER_SETUP = ['test/setup/worker-dynamo.ts'];

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
      // Stack files share a module registry per worker too (isolate: false): each file importing the service,
      // the AWS SDK and Hono afresh cost about 1.3 CPU s, a fifth of a typical file's CPU. What they hold
      // between files is keyed by the stack's ports (WeakMaps), and each file stops the stacks it starts.
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/unit/**', ...STRESS, ...E2E, ...OWN_REGISTRY],
          globalSetup: STACK_SETUP,
          setupFiles: WORKER_SETUP,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'stack-isolated', include: OWN_REGISTRY } },
      { extends: true, test: { name: 'stress', include: STRESS, globalSetup: STACK_SETUP, setupFiles: WORKER_SETUP } },
      { extends: true, test: { name: 'e2e', include: E2E, globalSetup: STACK_SETUP, setupFiles: WORKER_SETUP } },
    ],
  },
});
