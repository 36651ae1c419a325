// The types of sample-checker.mjs, for its unit test (test/unit/tooling/mutation-sample.test.ts).
import type { CheckResult } from '@stryker-mutator/api/check';
import type { Mutant } from '@stryker-mutator/api/core';

export declare const strykerPlugins: [
  {
    injectableClass: new () => {
      init(): Promise<void>;
      check(mutants: Pick<Mutant, 'id' | 'fileName' | 'mutatorName' | 'replacement' | 'location'>[]): Promise<Record<string, CheckResult>>;
    };
  },
];
