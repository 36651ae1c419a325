// Bad input gets a clear error and changes nothing (issue 2: "Bad input and faults").
import { beforeAll, describe, expect, it } from 'vitest';
import { useStack } from '../setup/stack.js';
import { startSeven, type SevenMatch } from './lupus-table.js';

let m: SevenMatch;

const { stack, api } = useStack();
beforeAll(async () => {
  m = await startSeven(api);
});

const pending = async () => (await api.get(`/api/matches/${m.matchId}/gm`, m.gm)).body.pending;

describe('refusals', () => {
  it('an unknown match is 404 not-found', async () => {
    const r = await api.get('/api/matches/no-such-match/me', m.tokens.anna);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not-found');
  });

  it('a missing token is 401, a wrong one too, and the same answer for an unknown player', async () => {
    const none = await api.get(`/api/matches/${m.matchId}/me`);
    expect(none.status).toBe(401);
    const forged = await api.get(`/api/matches/${m.matchId}/me`, `anna.${'x'.repeat(43)}`);
    const ghost = await api.get(`/api/matches/${m.matchId}/me`, `zed.${'x'.repeat(43)}`);
    expect(forged.status).toBe(401);
    expect(ghost.status).toBe(401);
    expect(ghost.body).toEqual(forged.body);
  });

  it("a player's token cannot call a GM route (403) and the GM's cannot act as a player", async () => {
    const r = await api.post(`/api/matches/${m.matchId}/pause`, {}, m.tokens.anna);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('gm-only');
    const gm = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.gm);
    expect(gm.status).toBe(403);
  });

  it("another match's tokens are refused on this match", async () => {
    const other = await startSeven(api, {}, 'other');
    const r = await api.get(`/api/matches/${m.matchId}/me`, other.tokens.anna);
    expect(r.status).toBe(401);
    const g = await api.post(`/api/matches/${m.matchId}/pause`, {}, other.gm);
    expect(g.status).toBe(401);
  });

  it('malformed JSON is 400 invalid-body and stores nothing', async () => {
    const before = await pending();
    const r = await api.call('POST', `/api/matches/${m.matchId}/me/actions`, '{"type": "investigate", ', m.tokens.anna);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid-body');
    expect(await pending()).toEqual(before);
  });

  it('an oversized body is 413', async () => {
    const r = await api.post(`/api/matches/${m.matchId}/channels/public/messages`, { text: 'a'.repeat(200_000) }, m.tokens.anna);
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('body-too-large');
  });

  it('LUP-5.3 a day action at night is refused wrong-phase; an unknown type unknown-action', async () => {
    const r = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'vote', target: 'bruno' }, m.tokens.anna);
    expect(r.body.error.code).toBe('wrong-phase');
    expect(r.status).toBe(409);
    const u = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'fly', target: 'bruno' }, m.tokens.anna);
    expect(u.status).toBe(400);
    expect(u.body.error.code).toBe('unknown-action');
  });

  it('LUP-14.1 a target that names nobody is illegal-target; a missing one field-missing', async () => {
    const r = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'nobody' }, m.tokens.anna);
    expect(r.body.error.code).toBe('illegal-target');
    const f = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate' }, m.tokens.anna);
    expect(f.body.error.code).toBe('field-missing');
    expect(await pending()).toEqual([]);
  });

  it('check is refused check-disabled while check-mode is off', async () => {
    const r = await api.post(`/api/matches/${m.matchId}/me/check`, {}, m.tokens.anna);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('check-disabled');
  });

  it('a player cannot read a channel he is not in', async () => {
    const r = await api.get(`/api/matches/${m.matchId}/channels/pack/messages`, m.tokens.anna);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('channel-forbidden');
    const ok = await api.get(`/api/matches/${m.matchId}/channels/pack/messages`, m.tokens.bruno);
    expect(ok.status).toBe(200);
  });

  it('sandbox-only start options are refused on a real match', async () => {
    const created = await api.post('/api/matches', {
      ruleset: 'lupus',
      name: 'real',
      settings: { 'player-count': 3, roles: ['veggente-gufato', 'lupo-mannaro', 'zucca-semplice'] },
    });
    const r = await api.post(`/api/matches/${created.body.matchId}/start`, { seed: 'rigged' }, created.body.gmToken);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('sandbox-only');
    const j = await api.post(`/api/matches/${created.body.matchId}/players`, { name: 'X', playerId: 'x' });
    expect(j.body.error.code).toBe('sandbox-only');
  });

  it('invalid settings are explained; unknown rulesets refused', async () => {
    const r = await api.post('/api/matches', { ruleset: 'lupus', name: 'bad', settings: { 'night-minutes': 1 } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid-settings');
    expect(r.body.error.message).toContain('night-minutes');
    const u = await api.post('/api/matches', { ruleset: 'chess', name: 'bad' });
    expect(u.body.error.code).toBe('unknown-ruleset');
  });

  it('a fixed setting cannot change after the start (setting-locked); a live one can', async () => {
    const locked = await api.patch(`/api/matches/${m.matchId}/settings`, { 'tie-rule': 'random' }, m.gm);
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('setting-locked');
    const live = await api.patch(`/api/matches/${m.matchId}/settings`, { 'day-minutes': 60 }, m.gm);
    expect(live.status).toBe(200);
    expect(live.body.settings['day-minutes']).toBe(60);
  });

  it('names with markup and control characters: markup is kept as text, control characters refused', async () => {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'names' });
    const id = created.body.matchId;
    const bad = await api.post(`/api/matches/${id}/players`, { name: 'evil\u0007bell' });
    expect(bad.status).toBe(400);
    const markup = await api.post(`/api/matches/${id}/players`, { name: '<b>Bold</b>' });
    expect(markup.status).toBe(201);
    const summary = await api.get(`/api/matches/${id}`);
    expect(summary.body.players[0].name).toBe('<b>Bold</b>');
  });
});
