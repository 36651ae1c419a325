// Every public scenario of shared/scenarios, in-process and through the live API (FORMAT.md).
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { testStack } from '../setup/stack.js';
import { InProcessDriver } from './in-process.js';
import { runScenario } from './run.js';
import { loadScenario, scenarioFiles } from './scenario.js';
import { ApiDriver } from './via-api.js';
import { scenarioRoot } from './roots.js';

const root = scenarioRoot();
const files = scenarioFiles([root]);

describe('shared scenarios', () => {
  it('are there to run', () => {
    expect(files.length, `no scenario files under ${root}`).toBeGreaterThan(0);
  });

  describe.each(files.map((f) => [`${basename(dirname(f))}/${basename(f)}`, f]))('%s', (_label, file) => {
    it('passes in-process', async () => {
      const result = await runScenario(new InProcessDriver(), loadScenario(file));
      expect(result.failure ?? 'ok').toBe('ok');
    });
  });
});

describe('shared scenarios through the API', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await testStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe.each(files.map((f) => [`${basename(dirname(f))}/${basename(f)}`, f]))('%s', (_label, file) => {
    it('passes --via-api', async () => {
      const result = await runScenario(new ApiDriver(stack.url), loadScenario(file));
      expect(result.failure ?? 'ok').toBe('ok');
    });
  });
});
