// The conformance scenarios (public ones and our own) played through the ruleset in memory.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../../scenario/run.js';
import { loadScenario, scenarioFiles } from '../../scenario/scenario.js';
import { InProcessDriver } from '../../scenario/in-process.js';

const folder = fileURLToPath(new URL('./scenarios', import.meta.url));

describe('killgame scenarios', () => {
  for (const file of scenarioFiles([folder])) {
    const scenario = loadScenario(file);
    it(`${(scenario.rule ?? []).join(' ')} ${scenario.name}`, async () => {
      const result = await runScenario(new InProcessDriver(), scenario);
      expect(result.failure ?? 'ok').toBe('ok');
    });
  }
});
