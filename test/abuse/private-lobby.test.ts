// Issue 44: private lobbies. A GM creates a match with `listed: false`; it is in no list (the API's,
// the published index), a join without its invitation code is answered exactly as a join to a match
// that does not exist (nothing stored), and the code the create answer and the GM view give lets a
// player in. The code is the GM's: neither the public summary nor a player's view shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, effectsSettled } from '../setup/stack.js';
import { snapshotStack, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
});
afterAll(async () => env?.stack.stop());

async function listedIds(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const page: { body: { matches: Array<{ id: string }>; next: string | null } } = await api.get(
      `/api/matches${cursor ? `?cursor=${cursor}` : ''}`,
    );
    ids.push(...page.body.matches.map((m) => m.id));
    cursor = page.body.next;
    if (!cursor) break;
  }
  return ids;
}

describe('issue 44: a private lobby is joined only by its invitation', () => {
  it('is in no list; a join without the code, or with a wrong one, gets the answer of a missing match and changes nothing; the code from the create answer and the GM view lets a player in', async () => {
    const open = await api.post('/api/matches', { ruleset: 'lupus', name: 'Open table' });
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Friends only', listed: false });
    expect(created.status).toBe(201);
    const { matchId, gmToken, invite } = created.body as { matchId: string; gmToken: string; invite: string };
    expect(invite).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(open.body.invite).toBeUndefined();

    const listed = await listedIds();
    expect(listed).toContain(open.body.matchId);
    expect(listed).not.toContain(matchId);
    // The published index is the stream consumer's to write (issue 47, decision 11).
    await effectsSettled(env.stack);
    const index = (await api.get('/matches/index.json')).body as { matches: Array<{ id: string }> };
    expect(index.matches.map((m) => m.id)).not.toContain(matchId);

    const before = await env.settled(matchId);
    const missing = await api.post('/api/matches/nosuchmatch0/players', { name: 'Mallory' });
    expect(missing.status).toBe(404);
    for (const attempt of [{}, { invite: '' }, { invite: 'x'.repeat(22) }, { invite: `${invite}x` }]) {
      const refused = await api.post(`/api/matches/${matchId}/players`, { name: 'Mallory', ...attempt });
      expect(refused.status).toBe(missing.status);
      expect(refused.body).toEqual(missing.body);
    }
    expect(await env.snapshot(matchId)).toBe(before);

    const gm = await api.get(`/api/matches/${matchId}/gm`, gmToken);
    expect(gm.body.invite).toBe(invite);
    const joined = await api.post(`/api/matches/${matchId}/players`, { name: 'Anna', invite });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect((await api.get(`/api/matches/${matchId}`)).body.players.map((p: { name: string }) => p.name)).toEqual(['Anna']);
    // A lobby with a player is still private.
    expect(await listedIds()).not.toContain(matchId);
    // The code is the GM's alone.
    const seen = JSON.stringify([
      (await api.get(`/api/matches/${matchId}`)).body,
      (await api.get(`/api/matches/${matchId}/me`, joined.body.token)).body,
    ]);
    expect(seen).not.toContain(invite);
    // A listed lobby takes joins as before; the code of one match opens no other.
    expect((await api.post(`/api/matches/${open.body.matchId}/players`, { name: 'Bruno' })).status).toBe(201);
    const other = await api.post('/api/matches', { ruleset: 'lupus', name: 'Other friends', listed: false });
    expect((await api.post(`/api/matches/${other.body.matchId}/players`, { name: 'Anna', invite })).body).toEqual(missing.body);
  });

  it('the create body is strict: `listed` must be a boolean', async () => {
    const r = await api.post('/api/matches', { ruleset: 'lupus', name: 'Typo', listed: 'no' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid-body', params: { field: 'listed' } });
  });
});
