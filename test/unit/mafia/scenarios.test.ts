// Conformance scenarios (FORMAT.md) for Mafia, written from the spec, played in-process by the
// platform's scenario runner; the public ones of shared/scenarios/mafia too when present.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InProcessDriver } from '../../scenario/in-process.js';
import { runScenario } from '../../scenario/run.js';
import { loadScenario } from '../../scenario/scenario.js';
import { scenarioRoot } from '../../scenario/roots.js';

const own = join(import.meta.dirname, 'scenarios');
const shared = join(scenarioRoot(), 'mafia');
const files = [own, shared]
  .filter((d) => existsSync(d))
  .flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(d, f)),
  );

describe('Mafia scenarios', () => {
  it.each(files.map((f) => [f.split('/').slice(-2).join('/'), f]))('%s', async (_label, file) => {
    const scenario = loadScenario(file);
    const result = await runScenario(new InProcessDriver(), scenario);
    expect(result.failure ?? 'ok', (scenario.rule ?? []).join(', ')).toBe('ok');
  });
});
