// Issue 41, decision 10, through the API on the local stack: pairs from Unicode's confusables table (the
// data the name check's library ships) are one name within a match. A join with a name that differs
// from a seated player's only by a confusable is refused 409 name-taken, and so is a substitute taking a
// seat under such a name; nothing is stored. A sample of the table: every 400th usable pair.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { namePairs } from '../support/confusables.js';
import { snapshotStack, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: ReturnType<typeof client>;
let m: SevenMatch;

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  m = await startSeven(api, {}, 'confusable-names');
});
afterAll(async () => env?.stack.stop());

const sample = namePairs((c) => `Anna ${c}x`).filter((_, i) => i % 400 === 0);

describe('issue 41: confusable names within one match, over the API', () => {
  it(`issue 41: joins: ${sample.length} pairs from the confusables table, each refused 409 name-taken after its twin (either side first), nothing stored`, async () => {
    expect(sample.length).toBeGreaterThanOrEqual(12);
    for (const [i, pair] of sample.entries()) {
      const first = i % 2 === 0 ? pair.stored : pair.typed;
      const second = i % 2 === 0 ? pair.typed : pair.stored;
      const lobby = (await api.post('/api/matches', { ruleset: 'lupus', name: `Confusables ${i}` })).body.matchId as string;
      expect((await api.post(`/api/matches/${lobby}/players`, { name: first })).status, pair.code).toBe(201);
      const before = await env.settled(lobby);
      const twin = await api.post(`/api/matches/${lobby}/players`, { name: second });
      expect(twin.status, pair.code).toBe(409);
      expect(twin.body.error.code, pair.code).toBe('name-taken');
      expect(await env.snapshot(lobby)).toBe(before);
    }
  });

  it('issue 41: substitutes: a new person cannot take a seat under a name confusable with another seated player’s', async () => {
    // Bruno's name with each of the table's look-alikes of its "o".
    const twins = namePairs((c) => `Brun${c}`).filter((p) => p.stored === 'Bruno');
    expect(twins.length).toBeGreaterThan(5);
    const before = await env.settled(m.matchId);
    for (const twin of twins.slice(0, 8)) {
      const r = await api.post(`/api/matches/${m.matchId}/players/carla/substitute`, { name: twin.typed }, m.gm);
      expect(r.status, twin.code).toBe(409);
      expect(r.body.error.code, twin.code).toBe('name-taken');
    }
    expect(await env.snapshot(m.matchId)).toBe(before);
  });
});
