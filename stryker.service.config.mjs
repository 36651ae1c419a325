// StrykerJS on functions/service against the stack tests (DynamoDB Local): `npm run mutation --
// functions/service[/file.ts]` picks this file (test/mutation/run.ts). Slower than the engine's
// runs: each mutant reruns the stack tests that cover it.
import engine from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...engine,
  vitest: { configFile: 'vitest.mutation.service.config.ts', related: true },
  mutate: ['functions/service/**/*.ts'],
  timeoutMS: 30_000,
  ignorePatterns: ['reports', '.data', 'cdk.out', 'web/dist', 'test/mutation/results', 'test/e2e', 'test/load', 'test/bench'],
};
