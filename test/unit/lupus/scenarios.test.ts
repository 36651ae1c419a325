// The public conformance scenarios (copied from shared/scenarios/lupus), played in-process.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from './scenario-runner.js';

const folder = join(import.meta.dirname, 'scenarios');

describe('public Lupus scenarios', () => {
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const scenario = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Scenario & { rule: string[] };
    it(`${file} (${scenario.rule.join(', ')})`, () => {
      expect(runScenario(scenario)).toEqual([]);
    });
  }
});
