// Join options and seats (ARCHITECTURE.md decision 3; Mafia D33): chosen at join, changed until the start.
import { describe, expect, it } from 'vitest';
import { useStack } from '../setup/stack.js';

const { api } = useStack();

describe('join options and seats', () => {
  it('a Mafia player joins with a specialty and changes it until the start, not after', async () => {
    const created = await api.post('/api/matches', { ruleset: 'mafia', name: 'Town', settings: { quorum: 4, 'max-players': 5 } });
    const id = created.body.matchId;
    const gm = created.body.gmToken;
    const bad = await api.post(`/api/matches/${id}/players`, { name: 'Ivan', options: { specialty: 'astronaut' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid-options');
    const tokens: string[] = [];
    for (const [name, specialty] of [
      ['Anna', 'mage'],
      ['Boris', 'guard'],
      ['Vera', 'blacksmith'],
    ] as const) {
      const joined = await api.post(`/api/matches/${id}/players`, { name, options: { specialty } });
      expect(joined.status).toBe(201);
      tokens.push(joined.body.token);
    }
    const early = await api.post(`/api/matches/${id}/start`, {}, gm);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('quorum-not-reached');

    const changed = await api.patch(`/api/matches/${id}/me`, { options: { specialty: 'archaeologist' } }, tokens[0]);
    expect(changed.status).toBe(200);
    const me = await api.get(`/api/matches/${id}/me`, tokens[0]);
    expect(me.body.options).toEqual({ specialty: 'archaeologist' });

    const taken = await api.post(`/api/matches/${id}/players`, { name: 'anna', options: { specialty: 'mage' } });
    expect(taken.body.error.code).toBe('name-taken');
    for (const name of ['Gleb', 'Dina']) await api.post(`/api/matches/${id}/players`, { name, options: { specialty: 'mage' } });
    const full = await api.post(`/api/matches/${id}/players`, { name: 'Egor', options: { specialty: 'mage' } });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('match-full');

    expect((await api.post(`/api/matches/${id}/start`, {}, gm)).status).toBe(200);
    const late = await api.patch(`/api/matches/${id}/me`, { options: { specialty: 'mage' } }, tokens[0]);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('setting-locked');
  });

  it('MAF-1.9, D33: a start that would deal fewer players than the quorum is refused; the lobby lists who is not dealt in', async () => {
    const created = await api.post('/api/matches', { ruleset: 'mafia', name: 'Watchers', settings: { quorum: 4 } });
    const id = created.body.matchId;
    const gm = created.body.gmToken;
    const ids: string[] = [];
    const tokens: string[] = [];
    for (const [name, specialty] of [
      ['Anna', 'mage'],
      ['Boris', undefined],
      ['Vera', 'guard'],
      ['Gleb', undefined],
      ['Dina', 'blacksmith'],
    ] as const) {
      const joined = await api.post(`/api/matches/${id}/players`, { name, ...(specialty ? { options: { specialty } } : {}) });
      expect(joined.status).toBe(201);
      ids.push(joined.body.playerId);
      tokens.push(joined.body.token);
    }
    const lobby = await api.get(`/api/matches/${id}`);
    expect(lobby.body.notDealt).toEqual([ids[1], ids[3]]);
    const refused = await api.post(`/api/matches/${id}/start`, {}, gm);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('quorum-not-reached');
    expect(refused.body.error.message).toContain('3 of the 5');
    expect(refused.body.error.params).toEqual({ dealt: 3, joined: 5, quorum: 4 });
    expect((await api.get(`/api/matches/${id}`)).body.status).toBe('lobby');

    expect((await api.patch(`/api/matches/${id}/me`, { options: { specialty: 'mage' } }, tokens[1])).status).toBe(200);
    expect((await api.get(`/api/matches/${id}`)).body.notDealt).toEqual([ids[3]]);
    expect((await api.post(`/api/matches/${id}/start`, {}, gm)).status).toBe(200);
    const started = await api.get(`/api/matches/${id}`);
    expect(started.body.notDealt).toBeUndefined();
    const card = await api.get(`/api/matches/${id}/me`, tokens[0]);
    expect(card.body.view.players.map((p: { id: string }) => p.id).sort()).toEqual([ids[0], ids[1], ids[2], ids[4]].sort());
  });

  it('a lobby removal frees the seat; joining after the start is refused', async () => {
    const created = await api.post('/api/matches', {
      ruleset: 'lupus',
      name: 'Seats',
      settings: { 'player-count': 3, roles: ['veggente-gufato', 'lupo-mannaro', 'zucca-semplice'] },
    });
    const id = created.body.matchId;
    const gm = created.body.gmToken;
    const a = await api.post(`/api/matches/${id}/players`, { name: 'A' });
    await api.post(`/api/matches/${id}/players`, { name: 'B' });
    expect((await api.del(`/api/matches/${id}/players/${a.body.playerId}`, gm)).status).toBe(200);
    expect((await api.get(`/api/matches/${id}/me`, a.body.token)).status).toBe(401);
    await api.post(`/api/matches/${id}/players`, { name: 'C' });
    await api.post(`/api/matches/${id}/players`, { name: 'D' });
    // LUP-4.2: the table has player-count seats.
    expect((await api.post(`/api/matches/${id}/players`, { name: 'F' })).body.error.code).toBe('match-full');
    expect((await api.post(`/api/matches/${id}/start`, {}, gm)).status).toBe(200);
    const late = await api.post(`/api/matches/${id}/players`, { name: 'E' });
    expect(late.body.error.code).toBe('not-in-lobby');
  });
});

describe('settings check (issue 15, stopper 2)', () => {
  it("LUP-15.1: the check gives the same refusal as creating, with each issue's path and bounds, and creates nothing", async () => {
    const before = (await api.get('/api/matches')).body.matches.length;
    const bad = { 'player-count': 40, difficulty: 'nightmare' };
    const checked = await api.post('/api/rulesets/lupus/settings/check', { settings: bad });
    expect(checked.status).toBe(200);
    expect(checked.body.valid).toBe(false);
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Bad', settings: bad });
    expect(created.status).toBe(400);
    expect(checked.body.error.code).toBe(created.body.error.code);
    expect(checked.body.error.message).toBe(created.body.error.message);
    expect(checked.body.error.issues).toContainEqual(expect.objectContaining({ path: 'player-count', code: 'too_big', maximum: 20 }));
    expect(checked.body.error.issues.map((i: { path: string }) => i.path)).toContain('difficulty');
    // The walkthrough's mistake: player-count 7 with the default 13-role table.
    const table = await api.post('/api/rulesets/lupus/settings/check', { settings: { 'player-count': 7 } });
    expect(table.body.valid).toBe(false);
    expect(table.body.error.issues).toContainEqual(
      expect.objectContaining({ path: 'roles', code: 'custom', params: { reason: 'table-size', roles: 13, playerCount: 7 } }),
    );
    const seven = ['veggente-gufato', 'lupo-mannaro', 'lupo-segugio', 'bambina', 'zucca-semplice', 'zucca-semplice', 'zucca-semplice'];
    const good = await api.post('/api/rulesets/lupus/settings/check', { settings: { 'player-count': 7, roles: seven } });
    expect(good.body).toMatchObject({ valid: true, settings: { 'player-count': 7 } });
    expect((await api.post('/api/rulesets/nope/settings/check', {})).status).toBe(404);
    // A platform setting out of range is a check's answer too (it was a 400 before), with its field.
    const platform = await api.post('/api/rulesets/lupus/settings/check', {
      settings: { 'player-count': 7, roles: seven, 'no-show-limit': 99 },
    });
    const createdBadly = await api.post('/api/matches', {
      ruleset: 'lupus',
      name: 'Bad',
      settings: { 'player-count': 7, roles: seven, 'no-show-limit': 99 },
    });
    expect(platform.status).toBe(200);
    expect(platform.body).toMatchObject({
      valid: false,
      error: { code: createdBadly.body.error.code, message: createdBadly.body.error.message },
    });
    expect(platform.body.error.issues).toEqual([expect.objectContaining({ path: 'no-show-limit', code: 'too_big', maximum: 50 })]);
    expect((await api.get('/api/matches')).body.matches.length).toBe(before + 0);
  });
});

describe('simultaneous joins', () => {
  it('twelve players joining at once all get a seat, each with its own id', async () => {
    const created = await api.post('/api/matches', { ruleset: 'killgame', name: 'Rush' });
    const id = created.body.matchId;
    const joins = await Promise.all(Array.from({ length: 12 }, (_, i) => api.post(`/api/matches/${id}/players`, { name: `P${i}` })));
    expect(joins.map((j) => j.status)).toEqual(Array(12).fill(201));
    expect(new Set(joins.map((j) => j.body.playerId)).size).toBe(12);
  });
});
