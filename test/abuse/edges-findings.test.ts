// Issue 41's red-team findings at the API, each refused now and changing nothing: look-alike and
// invisible names (decision 10), unknown setting and option keys, blank messages, a webhook URL with a
// line break, and the settings check in its documented `{ settings }` shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven, type Api, type SevenMatch } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { snapshotStack, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: Api;
let m: SevenMatch;

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  m = await startSeven(api, {}, 'edges-findings');
});
afterAll(async () => env?.stack.stop());

const put = async (path: string, body: unknown, token: string) => {
  const r = await fetch(`${env.stack.url}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
};

describe('names (decision 10, issue 41)', () => {
  it('"Anna  B" (two spaces) is the same name as "Anna B": stored folded, and a second one is name-taken', async () => {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Spaces', settings: {} });
    const id = created.body.matchId;
    const first = await api.post(`/api/matches/${id}/players`, { name: 'Anna  B' });
    expect(first.status).toBe(201);
    const twin = await api.post(`/api/matches/${id}/players`, { name: 'Anna B' });
    expect(twin.status).toBe(409);
    expect(twin.body.error.code).toBe('name-taken');
    expect((await api.get(`/api/matches/${id}`)).body.players.map((p: { name: string }) => p.name)).toEqual(['Anna B']);
  });

  it('match names with zero-width, direction, tag characters, a BOM, a Cyrillic look-alike or only U+3164 are refused invalid-name', async () => {
    const before = (await api.get('/api/matches')).body.matches.length;
    for (const name of [
      'Lu\u200bpus',
      'Lupus \u202eevil',
      'Lupus\u200f',
      'Lupus \u{E0041}',
      '\ufeffLupus',
      'Lupus Аnna',
      '\u3164',
      'Lupus\u2066x\u2069',
    ]) {
      const r = await api.post('/api/matches', { ruleset: 'lupus', name, settings: {} });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.error.code, JSON.stringify(name)).toBe('invalid-name');
    }
    expect((await api.get('/api/matches')).body.matches.length).toBe(before);
    const folded = await api.post('/api/matches', { ruleset: 'lupus', name: '  Village   night  ', settings: {} });
    expect((await api.get(`/api/matches/${folded.body.matchId}`)).body.name).toBe('Village night');
  });
});

describe('settings and options keys (issue 41)', () => {
  it('the settings check takes { settings } and says valid:false for an unknown key, naming it (Lupus and Mafia)', async () => {
    for (const ruleset of ['lupus', 'mafia']) {
      const r = await api.post(`/api/rulesets/${ruleset}/settings/check`, { settings: { 'night-minute': 5 } });
      expect(r.status).toBe(200);
      expect(r.body.valid, ruleset).toBe(false);
      expect(r.body.error.issues).toContainEqual(
        expect.objectContaining({
          path: 'night-minute',
          code: 'unrecognized_keys',
          params: { reason: 'unknown-setting', key: 'night-minute' },
        }),
      );
      const good = await api.post(`/api/rulesets/${ruleset}/settings/check`, { settings: { 'night-minutes': 60 } });
      expect(good.body).toMatchObject({ valid: true, settings: { 'night-minutes': 60 } });
      // The old undocumented shape (settings at the top) is an unknown key of the body, named.
      const bare = await api.post(`/api/rulesets/${ruleset}/settings/check`, { 'night-minutes': 60 });
      expect(bare.status).toBe(400);
      expect(bare.body.error).toMatchObject({ code: 'invalid-body', params: { field: 'night-minutes' } });
      const created = await api.post('/api/matches', { ruleset, name: 'Typo', settings: { 'night-minute': 5 } });
      expect(created.status).toBe(400);
      expect(created.body.error.code).toBe('invalid-settings');
      expect(created.body.error.message).toContain('night-minute');
    }
  });

  it('PATCH /me with an unknown option key is refused naming it, and the Mafia specialty stays', async () => {
    const created = await api.post('/api/matches', { ruleset: 'mafia', name: 'Town', settings: { quorum: 4, 'max-players': 5 } });
    const id = created.body.matchId;
    const joined = await api.post(`/api/matches/${id}/players`, { name: 'Ivan', options: { specialty: 'mage' } });
    const before = await env.settled(id);
    const r = await api.patch(`/api/matches/${id}/me`, { options: { colour: 'red' } }, joined.body.token);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid-options', params: { field: 'colour' } });
    expect(r.body.error.message).toContain('colour');
    expect((await api.get(`/api/matches/${id}/me`, joined.body.token)).body.options).toEqual({ specialty: 'mage' });
    const join = await api.post(`/api/matches/${id}/players`, { name: 'Olga', options: { specialty: 'mage', colour: 'red' } });
    expect(join.body.error).toMatchObject({ code: 'invalid-options', params: { field: 'colour' } });
    expect(await env.snapshot(id)).toBe(before);
  });
});

describe('messages and webhook URLs (issue 41)', () => {
  it('an empty or blank chat message is refused and nothing is stored', async () => {
    const before = await env.settled(m.matchId);
    for (const text of ['', ' ', '   \n  ', '\u3000']) {
      const r = await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text }, m.tokens.bruno);
      expect(r.status, JSON.stringify(text)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid-body', params: { field: 'text' } });
    }
    expect(await env.snapshot(m.matchId)).toBe(before);
  });

  it('a webhook URL with CR LF is refused; a good one is stored as the URL parser writes it', async () => {
    const path = `/api/matches/${m.matchId}/webhooks`;
    for (const url of [
      'https://hooks.example.com/a\r\nX-Injected: 1',
      'https://hooks.example.com/a\n',
      'https://hooks.example.com/a b',
      'https://hooks.example.com/\ta',
    ]) {
      const r = await put(path, { urls: [url], remindBeforeMinutes: 0 }, m.gm);
      expect(r.status, JSON.stringify(url)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid-body', params: { field: 'urls.0' } });
    }
    expect((await api.get(path, m.gm)).body.urls).toEqual([]);
    const ok = await put(path, { urls: ['HTTPS://Hooks.Example.COM:443/a/../b?x=1'], remindBeforeMinutes: 0 }, m.gm);
    expect(ok.status).toBe(200);
    expect((await api.get(path, m.gm)).body.urls.map((t: { url: string }) => t.url)).toEqual(['https://hooks.example.com/b?x=1']);
  });
});
