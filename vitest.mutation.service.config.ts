import { configDefaults, defineConfig } from 'vitest/config';

// The stack tests, for StrykerJS on functions/service (stryker.service.config.mjs): each test runner
// starts its own DynamoDB Local; browser, load, bench and process-killing tests stay out.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/unit/**', 'test/e2e/**', 'test/load/**', 'test/bench/**', 'test/faults/**', 'test/infra/**'],
    globalSetup: ['test/setup/dynamodb.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    reporters: ['default'],
  },
});
