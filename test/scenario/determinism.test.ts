// Same state, actions and seed: the same result, byte for byte (every public scenario run twice).
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InProcessDriver } from './in-process.js';
import { runScenario } from './run.js';
import { loadScenario, scenarioFiles } from './scenario.js';
import { scenarioRoot } from './roots.js';

const root = scenarioRoot();
const files = scenarioFiles([root]);

async function play(file: string) {
  const driver = new InProcessDriver();
  const scenario = loadScenario(file);
  await runScenario(driver, scenario);
  const events = await Promise.all(scenario.phases.map((p) => driver.events(p.phase)));
  return JSON.stringify({ state: driver.currentState, events });
}

describe('determinism', () => {
  it.each(files.map((f) => [basename(f), f]))('%s resolves to identical bytes twice', async (_name, file) => {
    expect(await play(file)).toBe(await play(file));
  });
});
