// The public list (issue 13 leftovers), against DynamoDB Local through the API and the published
// files: each entry shows its creation time and player count; a lobby past its lifetime refuses
// joins (409 lobby-expired) and leaves the list and the published index before its TTL deletes it;
// the list's cursor is sealed (it never shows the index's sort keys: creation times and ids of
// matches); and when the list shrinks, published index pages past the last one are deleted.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPage, PAGE_SIZE } from '../../functions/service/listing.js';
import { sweep } from '../../functions/service/resolve.js';
import { handClock } from '../setup/clock.js';
import { effectsSettled, useStack } from '../setup/stack.js';

const LIFETIME = 3_600_000;
const clock = handClock(Date.parse('2031-05-01T08:00:00Z'));

const { stack, api } = useStack({ clock, lobbyLifetimeMs: LIFETIME, sweepEveryMs: 3_600_000 });

type Entry = { id: string; createdAt: number; players: number };
const lobby = async (name: string) => {
  const r = await api.post('/api/matches', { ruleset: 'lupus', name });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.matchId as string;
};
/** Every entry of the API's list, page after page. */
async function listed(): Promise<Entry[]> {
  const seen: Entry[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { matches: Entry[]; next: string | null } } = await api.get(
      `/api/matches${cursor ? `?cursor=${cursor}` : ''}`,
    );
    expect(page.status).toBe(200);
    seen.push(...page.body.matches);
    cursor = page.body.next;
  } while (cursor);
  return seen;
}
/** Every entry of the published index, file after file, and the files read. */
async function published(): Promise<{ entries: Entry[]; files: string[] }> {
  // Written by the stream's consumer from the commits (issue 47, decision 11): once it has caught up.
  await effectsSettled(stack);
  const entries: Entry[] = [];
  const files: string[] = [];
  let file: string | null = 'index.json';
  while (file) {
    files.push(file);
    const page: { body: { matches: Entry[]; next: string | null } } = await api.get(`/matches/${file}`);
    entries.push(...page.body.matches);
    file = page.body.next;
  }
  return { entries, files };
}
const indexPage = (n: number) => join(stack.siteDir, 'matches', n === 1 ? 'index.json' : `index-${n}.json`);

describe('issue 13: the public list', () => {
  it('an entry shows its creation time and player count, in the API and in the published index', async () => {
    clock.t += 1000;
    const createdAt = clock.t;
    const id = await lobby('Counted');
    for (const name of ['Anna', 'Bruno']) expect((await api.post(`/api/matches/${id}/players`, { name })).status).toBe(201);
    const expected = expect.objectContaining({ id, createdAt, players: 2 });
    expect((await listed()).find((e) => e.id === id)).toEqual(expected);
    expect((await published()).entries.find((e) => e.id === id)).toEqual(expected);
  });

  it('a lobby past its lifetime refuses joins (409 lobby-expired), before its TTL deletes it, and leaves the list and the published index', async () => {
    clock.t += 1000;
    const old = await lobby('Old lobby');
    expect((await api.post(`/api/matches/${old}/players`, { name: 'Early' })).status).toBe(201);
    clock.t += LIFETIME - 2000;
    const fresh = await lobby('Fresh lobby');
    expect((await api.post(`/api/matches/${old}/players`, { name: 'Just in time' })).status).toBe(201);
    expect((await published()).entries.map((e) => e.id)).toContain(old);

    clock.t += 3000; // the old lobby's lifetime is over; the fresh one's is not
    const refused = await api.post(`/api/matches/${old}/players`, { name: 'Late' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('lobby-expired');
    // Still stored (the TTL has not deleted it), and the refusal changed nothing.
    const summary = await api.get(`/api/matches/${old}`);
    expect(summary.status).toBe(200);
    expect(summary.body.players.map((p: { name: string }) => p.name)).toEqual(['Early', 'Just in time']);
    expect((await listed()).map((e) => e.id)).not.toContain(old);
    expect((await listed()).map((e) => e.id)).toContain(fresh);
    // Nothing was published since: the sweep writes the index again without the expired lobby.
    await sweep(stack.ports);
    const index = (await published()).entries.map((e) => e.id);
    expect(index).not.toContain(old);
    expect(index).toContain(fresh);
    expect((await api.post(`/api/matches/${fresh}/players`, { name: 'Welcome' })).status).toBe(201);
  });

  it('an expired lobby cannot be started either (409 lobby-expired): the GM sees the same end as the players', async () => {
    clock.t += 1000;
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Never started' });
    clock.t += LIFETIME + 1000;
    const refused = await api.post(`/api/matches/${created.body.matchId}/start`, {}, created.body.gmToken);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('lobby-expired');
    expect((await api.get(`/api/matches/${created.body.matchId}`)).body.status).toBe('lobby');
  });

  it('the cursor is sealed: it shows no creation time, no match id, no store key, and one length wherever it points', async () => {
    clock.t += LIFETIME * 2; // every earlier lobby has expired
    const ids: string[] = [];
    for (let batch = 0; batch < 6; batch++) {
      clock.t += 1000;
      ids.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => lobby(`Batch ${batch}.${i}`)))));
    }
    const first = await api.get('/api/matches');
    expect(first.body.matches).toHaveLength(PAGE_SIZE);
    const cursors = [first.body.next as string];
    for (const size of [1, 7, 23, 49]) cursors.push((await listPage(stack.ports, undefined, size)).next!);
    const metas = await Promise.all(ids.map((id) => stack.ports.store.getMeta(id)));
    for (const cursor of cursors) {
      const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
      for (const text of [cursor, decoded]) {
        expect(text).not.toMatch(/MATCH#|STATUS#|gsi1|"pk"|"k"/);
        for (const m of metas) {
          expect(text).not.toContain(m!.id);
          expect(text).not.toContain(String(m!.createdAt));
        }
      }
    }
    expect(new Set(cursors.map((c) => c.length)).size).toBe(1);
    // It still leads to the rest of the list, once each.
    const all = await listed();
    expect(all.map((e) => e.id).sort()).toEqual([...ids].sort());
    // A changed cursor, or one built by hand in the old readable form, is refused.
    const flipped = cursors[0]!.slice(0, 20) + (cursors[0]![20] === 'A' ? 'B' : 'A') + cursors[0]!.slice(21);
    const handMade = Buffer.from(
      JSON.stringify({ s: 0, k: { gsi1pk: 'STATUS#lobby', gsi1sk: `${clock.t}#x`, pk: `MATCH#${ids[0]}`, sk: 'META' } }),
    ).toString('base64url');
    for (const bad of [flipped, handMade, 'not-a-cursor']) {
      const r = await api.get(`/api/matches?cursor=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('invalid-cursor');
    }
  }, 240_000); // sixty creates, each writing the published index again

  it('when the list shrinks, published index pages past the last one are deleted', async () => {
    const before = await published();
    expect(before.files).toEqual(['index.json', 'index-2.json']);
    expect(existsSync(indexPage(2))).toBe(true);
    clock.t += LIFETIME + 60_000; // the sixty lobbies expire
    const last = await lobby('Last one'); // a publish: the index is one page now
    const after = await published();
    expect(after.files).toEqual(['index.json']);
    expect(after.entries.map((e) => e.id)).toEqual([last]);
    expect(existsSync(indexPage(2))).toBe(false);
    expect((await api.get('/matches/index-2.json')).status).toBe(404);
  });
});
