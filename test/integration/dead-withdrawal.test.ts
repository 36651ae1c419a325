// Through the API: a dead player's withdrawal is refused not-alive like his submissions (LUP-1.3), and a
// sandbox start whose fixed table breaks LUP-4.2 or the 3–20 range is refused invalid-setup (LUP-16.1).
import { describe, expect, it } from 'vitest';
import { useStack } from '../setup/stack.js';
import { SEVEN, startSeven } from './lupus-table.js';

const { api } = useStack();

describe('issue 43 through the API', () => {
  it('LUP-1.3 a player removed by the GM gets not-alive for a withdrawal, as for a vote', async () => {
    const m = await startSeven(api, {}, 'dead-withdrawal');
    expect((await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    const removed = await api.del(`/api/matches/${m.matchId}/players/carla`, m.gm);
    expect(removed.status).toBeLessThan(300);
    const vote = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'vote', target: 'bruno' }, m.tokens.carla);
    expect(vote.body.error.code).toBe('not-alive');
    const withdrawn = await api.del(`/api/matches/${m.matchId}/me/actions/ballot`, m.tokens.carla);
    expect(withdrawn.status).toBe(vote.status);
    expect(withdrawn.body.error.code).toBe('not-alive');
    // A living player with nothing stored still hears there is nothing to withdraw.
    expect((await api.del(`/api/matches/${m.matchId}/me/actions/ballot`, m.tokens.fabio)).body.error.code).toBe('nothing-to-withdraw');
  });

  it('LUP-16.1 LUP-4.2 a sandbox start with a fixed table of village roles only is refused invalid-setup, and the lobby stays', async () => {
    const created = await api.post('/api/matches', {
      ruleset: 'lupus',
      name: 'No wolves',
      sandbox: true,
      settings: { 'player-count': 7, roles: SEVEN.map((p) => p.role) },
    });
    const { matchId, gmToken } = created.body;
    for (const p of SEVEN) expect((await api.post(`/api/matches/${matchId}/players`, { name: p.name, playerId: p.id })).status).toBe(201);
    const players = Object.fromEntries(SEVEN.map((p) => [p.id, { role: 'zucca-semplice' }]));
    const started = await api.post(`/api/matches/${matchId}/start`, { seed: 's', dice: 'natural', players }, gmToken);
    expect(started.status).toBeGreaterThanOrEqual(400);
    expect(started.body.error.code).toBe('invalid-setup');
    expect((await api.get(`/api/matches/${matchId}`)).body.status).toBe('lobby');
  });
});
