// Issue 12 item 6: a code that meant two things now has a reason id per meaning, each with its one
// status (functions/api/status.ts). Through the real local stack; what the store holds is changed
// with real writes where a test needs a match in a state the API cannot put it in.
import { describe, expect, it } from 'vitest';
import type { MatchMeta } from '../../functions/records.js';
import { useStack } from '../setup/stack.js';
import { shortcuts } from '../toolkit/helpers.js';
import { startSeven } from './lupus-table.js';

const { api, stack } = useStack();

const meta = async (matchId: string) => (await stack.ports.store.getMeta(matchId))!;
/** A real write of META, as another request would make it. */
const rewrite = async (matchId: string, change: (m: MatchMeta) => Partial<MatchMeta> = () => ({})) => {
  const current = await meta(matchId);
  await stack.ports.store.putMeta({ ...current, ...change(current), version: current.version + 1 }, current.version);
};

/**
 * Until the returned function is called, every write of `matchId`'s META comes right after a real
 * competing write: the race another request would win, only made certain.
 */
function loseRaces(matchId: string) {
  const store = stack.ports.store;
  const putMeta = store.putMeta.bind(store);
  store.putMeta = async (next, expectVersion) => {
    if (next.id === matchId) {
      const current = await meta(matchId);
      await putMeta({ ...current, version: current.version + 1 }, current.version);
    }
    return putMeta(next, expectVersion);
  };
  return () => {
    store.putMeta = putMeta;
  };
}

function expectRefused(r: { status: number; body: any }, status: number, code: string) {
  expect(r.body?.error?.code, JSON.stringify(r.body)).toBe(code);
  expect(r.status).toBe(status);
}

describe('issue 12 item 6: one reason id per meaning, one status per reason id', () => {
  it('a ruleset named in a body is 400 unknown-ruleset; one named in the path is 404 ruleset-not-found', async () => {
    expectRefused(await api.post('/api/matches', { ruleset: 'chess', name: 'nope' }), 400, 'unknown-ruleset');
    expectRefused(await api.post('/api/rulesets/chess/settings/check', {}), 404, 'ruleset-not-found');
  });

  it('a match whose stored ruleset is not installed is 500 ruleset-not-installed', async () => {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Gone' });
    await rewrite(created.body.matchId, () => ({ ruleset: 'chess' }));
    expectRefused(await api.get(`/api/matches/${created.body.matchId}`), 500, 'ruleset-not-installed');
  });

  it('audit of a phase whose stored record lost its next state is 409 record-incomplete; a read of the missing open state is 503 state-missing', async () => {
    const m = await startSeven(api, {}, 'incomplete');
    const s = shortcuts(api, m);
    expect((await s.resolve('night-1')).status).toBe(200);
    expect((await api.post(`${s.base}/audit`, { phase: 'night-1' }, m.gm)).body.identical).toBe(true);
    await stack.ports.store.toolkit!.discardPhase(m.matchId, 'day-1');
    await rewrite(m.matchId); // a new META version: no cached copy of the state answers for it
    expectRefused(await api.post(`${s.base}/audit`, { phase: 'night-1' }, m.gm), 409, 'record-incomplete');
    expectRefused(await api.get(`${s.base}/me/actions`, m.tokens.anna), 503, 'state-missing');
  });

  it('rollback or a forced end while a resolution holds the match is 409 phase-resolving, and changes nothing', async () => {
    const m = await startSeven(api, {}, 'resolving');
    const s = shortcuts(api, m);
    expect((await s.resolve('night-1')).status).toBe(200);
    await rewrite(m.matchId, () => ({ phaseStatus: 'resolving', leaseUntil: Date.now() + 60_000, claimId: 'another-resolver' }));
    expectRefused(await api.post(`${s.base}/rollback`, { phase: 'night-1' }, m.gm), 409, 'phase-resolving');
    expectRefused(await api.post(`${s.base}/end`, { winner: 'draw' }, m.gm), 409, 'phase-resolving');
    expect((await stack.ports.store.getMeta(m.matchId))!.status).toBe('running');
  });

  it('rollback that loses its claim to another write is 409 match-moved-on', async () => {
    const m = await startSeven(api, {}, 'moved-on');
    const s = shortcuts(api, m);
    expect((await s.resolve('night-1')).status).toBe(200);
    const restore = loseRaces(m.matchId);
    try {
      expectRefused(await api.post(`${s.base}/rollback`, { phase: 'night-1' }, m.gm), 409, 'match-moved-on');
    } finally {
      restore();
    }
    expect((await s.summary()).phase).toBe('day-1');
  });

  it('a change that loses every retry to other writes is 503 busy', async () => {
    const m = await startSeven(api, {}, 'busy');
    const restore = loseRaces(m.matchId);
    try {
      expectRefused(await api.patch(`/api/matches/${m.matchId}/settings`, { 'day-minutes': 60 }, m.gm), 503, 'busy');
    } finally {
      restore();
    }
    expect((await api.patch(`/api/matches/${m.matchId}/settings`, { 'day-minutes': 60 }, m.gm)).status).toBe(200);
  });

  it('a start whose joined players do not fill the table is 409 seats-mismatch (the settings themselves are valid: 400 invalid-settings is for those)', async () => {
    const settings = { 'player-count': 3, roles: ['veggente-gufato', 'lupo-mannaro', 'zucca-semplice'] };
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Short', sandbox: true, settings });
    const { matchId, gmToken } = created.body;
    for (const name of ['Anna', 'Bruno']) expect((await api.post(`/api/matches/${matchId}/players`, { name })).status).toBe(201);
    const r = await api.post(`/api/matches/${matchId}/start`, {}, gmToken);
    expectRefused(r, 409, 'seats-mismatch');
    expect(r.body.error.params).toMatchObject({ joined: 2, playerCount: 3 });
    expectRefused(
      await api.post('/api/matches', { ruleset: 'lupus', name: 'Bad', settings: { 'player-count': 3 } }),
      400,
      'invalid-settings',
    );
  });

  it('a join with a name like another is 409 name-taken (an import with two such names is 400 confusable-names: test/abuse/forged-import.test.ts)', async () => {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Twins' });
    expect((await api.post(`/api/matches/${created.body.matchId}/players`, { name: 'Anna' })).status).toBe(201);
    expectRefused(await api.post(`/api/matches/${created.body.matchId}/players`, { name: 'ANNA' }), 409, 'name-taken');
  });
});
