// Lupus scenario files, played in-process by the project's scenario runner: this folder's own
// cases, and the shared public ones when the shared folder is present.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InProcessDriver } from '../../scenario/in-process.js';
import { runScenario } from '../../scenario/run.js';
import { scenarioRoot } from '../../scenario/roots.js';
import { loadScenario } from '../../scenario/scenario.js';

const own = join(import.meta.dirname, 'scenarios');
const shared = join(scenarioRoot(), 'lupus');
const files = [own, ...(existsSync(shared) ? [shared] : [])].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f)),
);

describe('Lupus scenarios', () => {
  for (const file of files) {
    const scenario = loadScenario(file);
    const rules = (scenario as { rule?: string[] }).rule ?? [];
    it(`${file.split('/').slice(-1)[0]} (${rules.join(', ')})`, async () => {
      const result = await runScenario(new InProcessDriver(), scenario);
      expect(result.failure ?? 'ok').toBe('ok');
    });
  }
});
