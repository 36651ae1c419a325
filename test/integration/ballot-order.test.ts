// One order for ballots (decision 8, MAF D49), against DynamoDB Local: under parallel re-votes the
// published count, GET /votes and the page's source always equal the ballots the close reads.
import { describe, expect, it } from 'vitest';
import { effectsSettled, useStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

const { api, stack } = useStack();

/** Rounds per ruleset (more with DUSK_BALLOT_ROUNDS); every round is two bursts of 50 parallel votes. */
const ROUNDS = Number(process.env.DUSK_BALLOT_ROUNDS ?? '4');
const LONG = 600_000;

interface Table {
  matchId: string;
  gm: string;
  tokens: Record<string, string>;
  ids: string[];
}

async function startMafia(): Promise<Table> {
  const created = await api.post('/api/matches', { ruleset: 'mafia', name: 'Ballots in town', sandbox: true });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const { matchId, gmToken } = created.body;
  const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'];
  const tokens: Record<string, string> = {};
  for (const id of ids) {
    const joined = await api.post(`/api/matches/${matchId}/players`, {
      name: `Player ${id}`,
      playerId: id,
      options: { specialty: 'mage' },
    });
    if (joined.status !== 201) throw new Error(JSON.stringify(joined.body));
    tokens[id] = joined.body.token;
  }
  const players = Object.fromEntries(ids.map((id, i) => [id, { team: i < 2 ? 'bandits' : 'town' }]));
  const started = await api.post(`/api/matches/${matchId}/start`, { seed: 'ballots', dice: 'natural', players }, gmToken);
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  return { matchId, gm: gmToken, tokens, ids };
}

/** What the close will read: the stored vote of each voter (the GM's view of the pending slots). */
async function storedBallots(t: Table): Promise<Record<string, string>> {
  const gm = (await api.get(`/api/matches/${t.matchId}/gm`, t.gm)).body;
  return Object.fromEntries(gm.pending.filter((p: any) => p.action.type === 'vote').map((p: any) => [p.player, p.action.target]));
}

const countedBallots = (count: any): Record<string, string> =>
  Object.fromEntries(count.lines.flatMap((l: any) => l.voters.map((v: string) => [v, l.target])));

/** After each burst: GET /votes, the published file and the stored slots say the same. */
async function expectOneCount(t: Table, phase: string, where: string) {
  const count = await api.get(`/api/matches/${t.matchId}/votes`);
  expect(count.status, where).toBe(200);
  expect(countedBallots(count.body), `${where}: GET /votes vs the stored ballots`).toEqual(await storedBallots(t));
  // The file follows from the committed ballots (decision 11): read once the stream's consumer has them.
  await effectsSettled(stack);
  const file = await api.get(`/matches/${t.matchId}/votes/${phase}.json`);
  expect(file.body, `${where}: votes/${phase}.json vs GET /votes`).toEqual(count.body);
  // Voters are listed in the order the store holds their ballots, the same in both.
  return count.body;
}

async function burst(t: Table, voters: string[], perVoter: number, pick: () => string) {
  const sends = voters.flatMap((v) =>
    Array.from({ length: perVoter }, () => {
      let target = pick();
      if (target === v) target = t.ids.find((id) => id !== v)!;
      return api.post(`/api/matches/${t.matchId}/me/actions`, { type: 'vote', target }, t.tokens[v]);
    }),
  );
  const answers = await Promise.all(sends);
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
}

async function rounds(t: Table, phase: string) {
  let n = 0;
  const pick = () => t.ids[Math.floor(Math.random() * t.ids.length)]!;
  for (let round = 0; round < ROUNDS; round++) {
    await burst(t, [t.ids[round % t.ids.length]!], 50, pick);
    await expectOneCount(t, phase, `round ${round}, one voter`);
    await burst(t, t.ids.slice(0, 5), 10, pick);
    await expectOneCount(t, phase, `round ${round}, five voters`);
    n += 2;
  }
  return n;
}

describe('decision 8: one order for ballots under 50 parallel re-votes', () => {
  it(
    'decision 8 / LUP-8: Lupus: after every burst the published count equals the stored ballots, and the close reads them',
    async () => {
      const m = await startSeven(api, {}, 'ballots');
      const t: Table = { ...m, ids: ['anna', 'bruno', 'carla', 'dario', 'elena', 'fabio', 'gina'] };
      expect((await api.post(`/api/matches/${t.matchId}/resolve`, { phase: 'night-1' }, t.gm)).status).toBe(200);
      const living = (await api.get(`/api/matches/${t.matchId}/votes`)).body;
      t.ids = t.ids.filter((id) => !living.notVoting || living.notVoting.includes(id) || countedBallots(living)[id]);
      expect(await rounds(t, 'day-1')).toBe(2 * ROUNDS);
      const final = await expectOneCount(t, 'day-1', 'before the close');
      expect((await api.post(`/api/matches/${t.matchId}/resolve`, { phase: 'day-1' }, t.gm)).status).toBe(200);
      const gm = (await api.get(`/api/matches/${t.matchId}/gm`, t.gm)).body;
      const result = gm.events.find((e: any) => e.kind === 'day-result' && e.phase === 'day-1');
      for (const [voter, target] of Object.entries(countedBallots(final))) expect(result.ballots[voter], voter).toBe(target);
      // After the close the published file still shows the ballots the close read.
      expect(countedBallots((await api.get(`/matches/${t.matchId}/votes/day-1.json`)).body)).toEqual(countedBallots(final));
    },
    LONG,
  );

  it(
    'decision 8 / MAF-3.1: Mafia: after every burst the published count equals the stored ballots, and vote-result agrees',
    async () => {
      const t = await startMafia();
      expect(await rounds(t, 'day-1')).toBe(2 * ROUNDS);
      const final = await expectOneCount(t, 'day-1', 'before the close');
      expect((await api.post(`/api/matches/${t.matchId}/resolve`, { phase: 'day-1' }, t.gm)).status).toBe(200);
      const gm = (await api.get(`/api/matches/${t.matchId}/gm`, t.gm)).body;
      const result = gm.events.find((e: any) => e.kind === 'vote-result' && e.phase === 'day-1');
      const counted = Object.fromEntries(final.lines.map((l: any) => [l.target, l.count]));
      expect(Object.fromEntries(Object.entries(result.tally).filter(([, n]) => (n as number) > 0))).toEqual(counted);
    },
    LONG,
  );

  it(
    'D49: a Mafia vote replaced by find-map is withdrawn publicly and leaves the count, the file and the close',
    async () => {
      const t = await startMafia();
      const act = (who: string, body: object) => api.post(`/api/matches/${t.matchId}/me/actions`, body, t.tokens[who]);
      expect((await act('p3', { type: 'vote', target: 'p1' })).status).toBe(201);
      expect((await act('p4', { type: 'vote', target: 'p2' })).status).toBe(201);
      expect((await act('p4', { type: 'find-map' })).status).toBe(201);
      const count = await expectOneCount(t, 'day-1', 'after find-map');
      expect(count.lines.map((l: any) => [l.target, l.count])).toEqual([['p1', 1]]);
      const events = (await api.get(`/api/matches/${t.matchId}/gm`, t.gm)).body.events;
      expect(events).toContainEqual(expect.objectContaining({ kind: 'vote-withdrawn', to: 'public', voter: 'p4', phase: 'day-1' }));
      expect((await api.post(`/api/matches/${t.matchId}/resolve`, { phase: 'day-1' }, t.gm)).status).toBe(200);
      const after = (await api.get(`/api/matches/${t.matchId}/gm`, t.gm)).body.events;
      const result = after.find((e: any) => e.kind === 'vote-result' && e.phase === 'day-1');
      expect(result.jailed).toBe('p1');
      expect(Object.fromEntries(Object.entries(result.tally).filter(([, n]) => (n as number) > 0))).toEqual({ p1: 1 });
      expect((await api.get(`/matches/${t.matchId}/votes/day-1.json`)).body.lines.map((l: any) => [l.target, l.count])).toEqual([
        ['p1', 1],
      ]);
    },
    LONG,
  );
});
