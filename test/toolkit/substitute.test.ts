// Substitution through the API: the seat changes hands with its role and history; the old token is dead.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { reveals } from '../scenario/assert.js';
import { useStack } from '../setup/stack.js';
import { shortcuts } from './helpers.js';

const { api } = useStack();

describe('substitute a player', () => {
  it('hands the seat over with its role, items and history; the old token gets 401; the public record says "substituted" and whom it replaced', async () => {
    const m = await startSeven(api, {}, 'substitute');
    const s = shortcuts(api, m);
    await s.act('anna', { type: 'investigate', target: 'bruno' });
    await s.resolve('night-1');
    const before = await s.me('anna');

    const sub = await api.post(`${s.base}/players/anna/substitute`, { name: 'Annalisa' }, m.gm);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body.playerId).toBe('anna');
    const token: string = sub.body.token;
    expect(token).not.toBe(m.tokens.anna);

    // The predecessor is out everywhere.
    for (const [method, path] of [
      ['GET', `${s.base}/me`],
      ['GET', `${s.base}/me/actions`],
      ['POST', `${s.base}/me/actions`],
      ['GET', `${s.base}/channels/public/messages`],
    ] as const) {
      const r = await api.call(method, path, method === 'POST' ? { type: 'vote', target: 'bruno' } : undefined, m.tokens.anna);
      expect(r.status, `${method} ${path}`).toBe(401);
      // Issue 15: the replaced person's link is told so, and who holds the seat now.
      expect(r.body.error, `${method} ${path}`).toMatchObject({ code: 'seat-replaced', params: { name: 'Annalisa' } });
    }

    // The successor has the seat: same role, the seat's private history, and may act.
    const after = (await api.get(`${s.base}/me`, token)).body;
    expect(after.playerId).toBe('anna');
    expect(after.name).toBe('Annalisa');
    expect(after.view.me.role).toBe(before.view.me.role);
    expect(after.events).toContainEqual(expect.objectContaining({ kind: 'investigation-result', target: 'bruno' }));
    expect((await api.post(`${s.base}/me/actions`, { type: 'vote', target: 'bruno' }, token)).status).toBe(201);

    // Everyone else learns that a substitution happened and whom it replaced (issue 15), never more.
    const fabio = await s.me('fabio');
    const told = fabio.events.filter((e: any) => e.kind === 'substituted');
    expect(told).toEqual([{ phase: 'day-1', kind: 'substituted', to: 'public', player: 'anna', replaced: 'Anna' }]);
    expect(reveals(fabio, 'anna', ['veggente-gufato'])).toBe(false);
    const summary = await s.summary();
    expect(summary.players.find((p: any) => p.id === 'anna').name).toBe('Annalisa');
    const spectators = (await api.get(`${s.base}/spectate`)).body.events.filter((e: any) => e.kind === 'substituted');
    expect(spectators).toEqual([{ phase: 'day-1', kind: 'substituted', to: 'public', player: 'anna', replaced: 'Anna' }]);
  });

  it('is the GM’s alone; an unknown seat is 404, a name taken by another seat 409, an ended match 409', async () => {
    const m = await startSeven(api, {}, 'substitute-refusals');
    const other = await startSeven(api, {}, 'substitute-other');
    const path = `/api/matches/${m.matchId}/players/bruno/substitute`;
    expect((await api.post(path, { name: 'Zed' })).status).toBe(401);
    expect((await api.post(path, { name: 'Zed' }, m.tokens.anna)).body.error.code).toBe('gm-only');
    expect((await api.post(path, { name: 'Zed' }, other.gm)).status).toBe(401);
    expect((await api.post(`/api/matches/${m.matchId}/players/nobody/substitute`, { name: 'Zed' }, m.gm)).status).toBe(404);
    expect((await api.post(path, { name: 'carla' }, m.gm)).body.error.code).toBe('name-taken');
    expect((await api.post(path, { name: '' }, m.gm)).status).toBe(400);
    expect((await api.post(path, { name: 'Zed', extra: 1 }, m.gm)).status).toBe(400);
    // The same name re-issues a lost token.
    const again = await api.post(path, { name: 'Bruno' }, m.gm);
    expect(again.status).toBe(200);
    expect((await api.get(`/api/matches/${m.matchId}/me`, m.tokens.bruno)).status).toBe(401);
    expect((await api.get(`/api/matches/${m.matchId}/me`, again.body.token)).status).toBe(200);
    await api.post(`/api/matches/${m.matchId}/end`, { winner: 'draw' }, m.gm);
    expect((await api.post(path, { name: 'Zed' }, m.gm)).body.error.code).toBe('match-over');
  });
});
