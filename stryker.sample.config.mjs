// A sampled mutation run of functions/ (`npm run mutation -- <files> --sample N`, test/mutation/run.ts and
// sample.ts): the service config, with the ignore plugin and the checker that keep StrykerJS to the picked mutants.
import service from './stryker.service.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...service,
  plugins: [...service.plugins, './test/mutation/sample-ignorer.mjs', './test/mutation/sample-checker.mjs'],
  ignorers: ['sample'],
  checkers: ['sample'],
};
