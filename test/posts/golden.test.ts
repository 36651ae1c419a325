// Golden posts: public scenarios played through the real API on DynamoDB Local; every closed phase's post as the
// site published it at the close (matches/<id>/phases/<phase>.<lang>.<ext>), per ruleset, language and markup.
// The files are committed and read by eye; the route writes the same post from the same data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { loadMeta } from '../../functions/service/context.js';
import { LANGS } from '../../functions/service/posts/phrases.js';
import { EXTENSION } from '../../functions/service/posts/publish.js';
import { runScenario } from '../scenario/run.js';
import { loadScenario } from '../scenario/scenario.js';
import { ApiDriver } from '../scenario/via-api.js';
import { client, testStack } from '../setup/stack.js';

/**
 * A clock that moves a millisecond per reading: events keep the order they happened in, and the deadlines and
 * times the posts show (minutes, daily start times) are the same on every run.
 */
const T0 = Date.UTC(2026, 10, 30, 11, 0, 0);
let ticks = 0;
const clock = { now: () => T0 + ticks++ };

const SCENARIOS = [
  { file: 'lupus/lup-p01-first-night-and-village-win.json', rule: 'LUP-10.2, LUP-8.6, LUP-11.5' },
  { file: 'lupus/lup-p02-tie-goes-to-runoff.json', rule: 'LUP-8.5, LUP-9.5' },
  { file: 'mafia/maf-p01-first-day-and-night.json', rule: 'MAF-3.9, MAF-4.1' },
  { file: 'killgame/kg-p01-first-turn.json', rule: 'KG-1.8' },
];

let stack: LocalStack;
beforeAll(async () => {
  stack = await testStack({ clock });
});
afterAll(async () => stack?.stop());

describe('golden forum posts (decision 6: only the public record)', () => {
  for (const { file, rule } of SCENARIOS) {
    const name = file.split('/')[1]!.replace(/\.json$/, '');
    it(`${name} (${rule}): every closed phase in it, ru, en, BBCode and Markdown`, async () => {
      const scenario = loadScenario(`../shared/scenarios/${file}`);
      const before = new Set(((await client(stack.url).get('/matches/index.json')).body?.matches ?? []).map((m: { id: string }) => m.id));
      const result = await runScenario(new ApiDriver(stack.url), scenario);
      expect(result.failure).toBeUndefined();
      const index = (await client(stack.url).get('/matches/index.json')).body.matches as Array<{ id: string }>;
      const matchId = index.find((m) => !before.has(m.id))!.id;
      const loaded = await loadMeta(stack.ports, matchId);
      const closed = loaded.meta.history.filter((p) => p !== loaded.meta.phase || loaded.meta.status === 'ended');
      expect(closed.length).toBeGreaterThan(0);
      for (const lang of LANGS) {
        for (const ext of Object.values(EXTENSION)) {
          const posts: string[] = [];
          for (const phase of closed) {
            const file = await fetch(`${stack.url}/matches/${matchId}/phases/${phase}.${lang}.${ext}`);
            expect(file.status).toBe(200);
            expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
            // Stable across runs: the port and the match id are random, the link's shape is what matters.
            posts.push((await file.text()).replaceAll(stack.url, 'https://dusk.example').replaceAll(matchId, 'MATCH'));
          }
          await expect(posts.join('\n-----\n\n')).toMatchFileSnapshot(`golden/${name}.${lang}.${ext}`);
        }
      }
    });
  }
});
