// A sampled mutation run of functions/ (`npm run mutation -- <files> --sample N`, test/mutation/run.ts and
// sample.ts): the service config, with the ignore plugin that keeps StrykerJS to the picked mutants and a
// reporter that writes each result as it comes (live-reporter.mjs).
import service from './stryker.service.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...service,
  plugins: [...service.plugins, './test/mutation/sample-ignorer.mjs', './test/mutation/live-reporter.mjs'],
  ignorers: ['sample'],
  reporters: [...service.reporters, 'live'],
};
