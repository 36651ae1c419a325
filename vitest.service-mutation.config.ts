import { configDefaults, defineConfig } from 'vitest/config';
import { ALL_SERVICE_TESTS } from './test/mutation/service-tests.js';

// The tests of functions/ for StrykerJS (stryker.service.config.mjs, `npm run mutation -- functions/...`):
// the unit tests that import it and the stack tests, against one DynamoDB Local (test/mutation/dynamodb-setup.ts).
// run.ts narrows the files to those test/mutation/service-tests.ts maps to the mutated files, in
// DUSK_MUTATION_TESTS (comma-separated globs); `all`, or nothing, runs every one of ALL_SERVICE_TESTS.
const given = process.env.DUSK_MUTATION_TESTS;
const include = given && given !== 'all' ? given.split(',').filter(Boolean) : ALL_SERVICE_TESTS;

export default defineConfig({
  test: {
    include,
    // Never these, whatever the map says: the browser tests, the ones that spawn and kill processes,
    // the benchmarks, the CDK app. The other fault tests inject their faults in-process.
    exclude: [...configDefaults.exclude, 'test/e2e/**', 'test/load/**', 'test/faults/kill.test.ts', 'test/bench/**', 'test/infra/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // StrykerJS's runner runs one file at a time in one thread whatever is set here. Without isolation the
    // AWS SDK, the API and the engine are imported once for every file and every mutant, not once per file.
    pool: 'threads',
    isolate: false,
    globalSetup: ['test/mutation/dynamodb-setup.ts'],
    reporters: ['default'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
