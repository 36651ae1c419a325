// Lobby writes are consistent with the start: join, option changes and removal race the start and
// either land before it (and are dealt) or are refused after it; a join past the seats is match-full.
import { describe, expect, it } from 'vitest';
import { useStack } from '../setup/stack.js';
import { SEVEN } from '../integration/lupus-table.js';

const ROUNDS = 5;

const { stack, api } = useStack({ sweepEveryMs: 3_600_000 });

const NAMES = ['Anna', 'Boris', 'Vera', 'Gleb', 'Dina', 'Egor', 'Zoya', 'Ilya', 'Oleg', 'Pavel', 'Rita', 'Sonya'];

async function mafiaLobby() {
  const created = (await api.post('/api/matches', { ruleset: 'mafia', name: 'lobby race', sandbox: true })).body;
  const tokens: Record<string, string> = {};
  for (const [i, name] of NAMES.slice(0, 8).entries()) {
    const joined = await api.post(`/api/matches/${created.matchId}/players`, {
      name,
      playerId: `p${i + 1}`,
      options: { specialty: 'mage' },
    });
    expect(joined.status).toBe(201);
    tokens[`p${i + 1}`] = joined.body.token;
  }
  return { matchId: created.matchId as string, gm: created.gmToken as string, tokens };
}

const dealtSpecialty = async (matchId: string, token: string) => {
  const me = (await api.get(`/api/matches/${matchId}/me`, token)).body;
  return me.events.find((e: any) => e.kind === 'role-assigned')?.specialty;
};

describe('lobby races against the start (issue 12)', () => {
  it('MAF-1.9 decision 3: an option change racing the start is dealt if answered 200, refused setting-locked otherwise; replay is identical', async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const m = await mafiaLobby();
      const [patch, started] = await Promise.all([
        api.patch(`/api/matches/${m.matchId}/me`, { options: { specialty: 'blacksmith' } }, m.tokens.p3),
        api.post(`/api/matches/${m.matchId}/start`, { seed: `race-${r}` }, m.gm),
      ]);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const dealt = await dealtSpecialty(m.matchId, m.tokens.p3!);
      if (patch.status === 200) expect(dealt).toBe('blacksmith');
      else {
        expect(patch.status).toBe(409);
        expect(patch.body.error.code).toBe('setting-locked');
        expect(dealt).toBe('mage');
      }
      const replay = await api.post(`/api/matches/${m.matchId}/replay`, {}, m.gm);
      expect(replay.body).toMatchObject({ identical: true });
    }
  }, 300_000);

  it('MAF-1.7 decision 2: joins and removals racing the start: every seat answered 201 is dealt, every removal answered 200 is not', async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const m = await mafiaLobby();
      const answers = await Promise.all([
        api.post(`/api/matches/${m.matchId}/players`, { name: 'Oleg', playerId: 'p9', options: { specialty: 'mage' } }),
        api.del(`/api/matches/${m.matchId}/players/p2`, m.gm),
        api.post(`/api/matches/${m.matchId}/start`, { seed: `seats-${r}` }, m.gm),
      ]);
      const [join, removal, started] = answers;
      expect(started!.status, JSON.stringify(started!.body)).toBe(200);
      const gm = (await api.get(`/api/matches/${m.matchId}/gm`, m.gm)).body;
      const seated = gm.players.map((p: any) => p.id);
      const dealt = Object.keys(gm.facts.faction ?? {});
      if (join!.status === 201) expect(seated).toContain('p9');
      else expect(join!.body.error.code).toBe('not-in-lobby');
      expect(removal!.status, JSON.stringify(removal!.body)).toBe(200);
      // Before the start it freed the seat; after it, it was a modkill (decision 2): the seat stays, dead.
      if (removal!.body.status === 'lobby') expect(seated).not.toContain('p2');
      else expect(gm.facts.dead).toContain('p2');
      // What the engine dealt is exactly the record's seats.
      expect([...dealt].sort()).toEqual([...seated].sort());
      expect((await api.post(`/api/matches/${m.matchId}/replay`, {}, m.gm)).body).toMatchObject({ identical: true });
    }
  }, 300_000);

  it('LUP-4.2 (player-count is the seats) parallel joins past player-count are refused match-full: exactly player-count seats', async () => {
    for (let r = 0; r < 3; r++) {
      const settings = { 'player-count': 7, roles: SEVEN.map((p) => p.role) };
      const created = (await api.post('/api/matches', { ruleset: 'lupus', name: 'full', settings })).body;
      const joins = await Promise.all(NAMES.map((name) => api.post(`/api/matches/${created.matchId}/players`, { name })));
      expect(joins.filter((j) => j.status === 201)).toHaveLength(7);
      for (const j of joins.filter((j) => j.status !== 201)) {
        expect(j.status).toBe(409);
        expect(j.body.error.code).toBe('match-full');
      }
      const summary = (await api.get(`/api/matches/${created.matchId}`)).body;
      expect(summary.players).toHaveLength(7);
      expect((await api.post(`/api/matches/${created.matchId}/start`, {}, created.gmToken)).status).toBe(200);
    }
  }, 300_000);
});
