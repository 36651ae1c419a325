// The GM's controls refused where the match's state does not allow them, with the reason the GM reads
// (functions/service/lifecycle.ts; ARCHITECTURE.md: pause, resume, extend; decision 7 for a phase that is
// closing). Through the API on the local stack, with a clock the test moves by hand.
import { describe, expect, it } from 'vitest';
import { lobbyWithAnna, SEVEN, startSeven } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const MINUTE = 60_000;
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

const TABLE = { 'player-count': 7, roles: SEVEN.map((p) => p.role) };
const refused = (r: { status: number; body: any }) => ({ status: r.status, code: r.body?.error?.code, message: r.body?.error?.message });

describe('GM controls by match state', () => {
  it('ARCHITECTURE a lobby cannot be paused, resumed or extended: nothing runs yet', async () => {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Not yet', settings: TABLE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { matchId, gmToken } = created.body;
    const base = `/api/matches/${matchId}`;
    expect(refused(await api.post(`${base}/pause`, {}, gmToken))).toEqual({
      status: 409,
      code: 'not-running',
      message: 'The match is lobby.',
    });
    expect(refused(await api.post(`${base}/resume`, {}, gmToken))).toEqual({
      status: 409,
      code: 'not-paused',
      message: 'The match is lobby.',
    });
    expect(refused(await api.post(`${base}/extend`, { minutes: 10 }, gmToken))).toEqual({
      status: 409,
      code: 'not-running',
      message: 'The match is lobby.',
    });
    expect((await api.get(base)).body).toMatchObject({ status: 'lobby', deadline: null });
  });

  it('ARCHITECTURE a running match is resumed only once paused, and paused only once', async () => {
    const m = await startSeven(api, {}, 'controls-running');
    const base = `/api/matches/${m.matchId}`;
    const deadline = (await api.get(base)).body.deadline as number;
    expect(refused(await api.post(`${base}/resume`, {}, m.gm))).toEqual({
      status: 409,
      code: 'not-paused',
      message: 'The match is running.',
    });
    expect((await api.post(`${base}/pause`, {}, m.gm)).status).toBe(200);
    expect(refused(await api.post(`${base}/pause`, {}, m.gm))).toEqual({
      status: 409,
      code: 'match-paused',
      message: 'The match is paused.',
    });
    const resumed = await api.post(`${base}/resume`, {}, m.gm);
    expect(resumed.body).toEqual({ status: 'running', deadline });
  });

  it('ARCHITECTURE a pause after the deadline passed keeps no time, never less than none: resume makes the deadline now', async () => {
    const m = await startSeven(api, {}, 'controls-late');
    const base = `/api/matches/${m.matchId}`;
    const deadline = (await api.get(base)).body.deadline as number;
    clock.t = deadline + 5 * MINUTE;
    const paused = await api.post(`${base}/pause`, {}, m.gm);
    expect(paused.body).toEqual({ status: 'paused', remainingMs: 0 });
    clock.t += 30 * MINUTE;
    expect((await api.post(`${base}/resume`, {}, m.gm)).body).toEqual({ status: 'running', deadline: clock.t });
  });

  it('decision 7 a phase that is closing cannot be extended, and one being resolved cannot be paused; the deadline stays', async () => {
    const m = await startSeven(api, {}, 'controls-closing');
    const base = `/api/matches/${m.matchId}`;
    const store = stack.ports.store;
    const open = (await store.getMeta(m.matchId))!;
    // A close was asked (everyone checked, or the GM's resolve) and its resolution has not finished yet.
    await store.putMeta({ ...open, closeRequestedAt: clock.t, version: open.version + 1 }, open.version);
    expect(refused(await api.post(`${base}/extend`, { minutes: 10 }, m.gm))).toEqual({
      status: 409,
      code: 'phase-closed',
      message: 'The phase is already closing.',
    });
    // A resolver holds the phase (its lease runs a minute from now).
    const asked = (await store.getMeta(m.matchId))!;
    await store.putMeta(
      {
        ...asked,
        closeRequestedAt: null,
        phaseStatus: 'resolving',
        leaseUntil: clock.t + MINUTE,
        claimId: 'other-resolver',
        version: asked.version + 1,
      },
      asked.version,
    );
    expect(refused(await api.post(`${base}/extend`, { minutes: 10 }, m.gm))).toEqual({
      status: 409,
      code: 'phase-closed',
      message: 'The phase is already closing.',
    });
    expect(refused(await api.post(`${base}/pause`, {}, m.gm))).toEqual({
      status: 409,
      code: 'phase-closed',
      message: 'The phase is being resolved; try again in a moment.',
    });
    expect(await store.getMeta(m.matchId)).toMatchObject({ status: 'running', deadline: open.deadline });
  });

  it('ARCHITECTURE an ended match takes no pause, resume, extend, removal, settings change or second start', async () => {
    const m = await startSeven(api, {}, 'controls-ended');
    const base = `/api/matches/${m.matchId}`;
    // Both wolves removed (LUP-10.6): the village is left alone and wins.
    expect((await api.del(`${base}/players/bruno`, m.gm)).body).toMatchObject({ removed: 'bruno', status: 'running' });
    expect((await api.del(`${base}/players/elena`, m.gm)).body).toEqual({ removed: 'elena', status: 'ended', winner: 'village' });
    expect(refused(await api.post(`${base}/pause`, {}, m.gm))).toEqual({
      status: 409,
      code: 'not-running',
      message: 'The match is ended.',
    });
    expect(refused(await api.post(`${base}/resume`, {}, m.gm))).toEqual({
      status: 409,
      code: 'not-paused',
      message: 'The match is ended.',
    });
    expect(refused(await api.post(`${base}/extend`, { minutes: 5 }, m.gm))).toEqual({
      status: 409,
      code: 'not-running',
      message: 'The match is ended.',
    });
    expect(refused(await api.del(`${base}/players/anna`, m.gm))).toEqual({
      status: 409,
      code: 'match-over',
      message: 'The match has ended.',
    });
    expect(refused(await api.patch(`${base}/settings`, { 'day-minutes': 30 }, m.gm))).toMatchObject({
      status: 409,
      code: 'match-over',
      message: 'The match has ended.',
    });
    expect(refused(await api.post(`${base}/start`, {}, m.gm))).toEqual({
      status: 409,
      code: 'already-started',
      message: 'The match has started already.',
    });
    expect((await api.get(base)).body).toMatchObject({ status: 'ended', winner: 'village', phase: null, deadline: null });
  });

  it('LUP-5.6 nobody has checked where no phase is open: in the lobby and once the match ended, for the GM and for the player', async () => {
    const checks = async (matchId: string, gm: string, anna: string) => ({
      gm: ((await api.get(`/api/matches/${matchId}/gm`, gm)).body.players as { checked: boolean }[]).map((p) => p.checked),
      anna: (await api.get(`/api/matches/${matchId}/me`, anna)).body.checked,
    });
    const lobby = await lobbyWithAnna(api);
    expect(await checks(lobby.matchId, lobby.gm, lobby.tokens.anna!)).toEqual({ gm: [false], anna: false });
    const m = await startSeven(api, {}, 'checked-ended');
    for (const wolf of ['bruno', 'elena']) expect((await api.del(`/api/matches/${m.matchId}/players/${wolf}`, m.gm)).status).toBe(200);
    expect(await checks(m.matchId, m.gm, m.tokens.anna!)).toEqual({ gm: SEVEN.map(() => false), anna: false });
  });

  it("a join or a start the lobby refuses names what stops it: the seats, the sandbox, the start, the lobby's age", async () => {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Full house', settings: TABLE });
    const { matchId, gmToken } = created.body;
    const base = `/api/matches/${matchId}`;
    expect(refused(await api.post(`${base}/players`, { name: 'Anna', playerId: 'anna' }))).toEqual({
      status: 400,
      code: 'sandbox-only',
      message: 'A player id can be chosen only in a sandbox match.',
    });
    expect(refused(await api.post(`${base}/start`, { seed: 'fixed' }, gmToken))).toEqual({
      status: 400,
      code: 'sandbox-only',
      message: 'Seed, dice and fixed assignments are accepted only in a sandbox match.',
    });
    for (const { name } of SEVEN) expect((await api.post(`${base}/players`, { name })).status).toBe(201);
    expect(refused(await api.post(`${base}/players`, { name: 'Ottavo' }))).toEqual({
      status: 409,
      code: 'match-full',
      message: 'All 7 seats are taken.',
    });

    const late = await api.post('/api/matches', { ruleset: 'lupus', name: 'Never started', settings: TABLE });
    const lateBase = `/api/matches/${late.body.matchId}`;
    const t = clock.t;
    clock.t = t + 8 * 24 * 60 * MINUTE;
    try {
      const expired = { status: 409, code: 'lobby-expired', message: 'This lobby never started and has expired.' };
      expect(refused(await api.post(`${lateBase}/players`, { name: 'Anna' }))).toEqual(expired);
      expect(refused(await api.post(`${lateBase}/start`, {}, late.body.gmToken))).toEqual(expired);
    } finally {
      clock.t = t;
    }

    const m = await startSeven(api, {}, 'join-started');
    expect(refused(await api.post(`/api/matches/${m.matchId}/players`, { name: 'Ottavo' }))).toEqual({
      status: 409,
      code: 'not-in-lobby',
      message: 'Players join only before the start.',
    });
  });

  it('a sandbox seat id is taken once; a lobby removal frees the seat for a new join; an unknown player is 404', async () => {
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Seats', sandbox: true, settings: TABLE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { matchId, gmToken } = created.body;
    const base = `/api/matches/${matchId}`;
    expect((await api.post(`${base}/players`, { name: 'Anna', playerId: 'anna' })).status).toBe(201);
    expect(refused(await api.post(`${base}/players`, { name: 'Another Anna', playerId: 'anna' }))).toEqual({
      status: 409,
      code: 'player-exists',
      message: 'Player anna has joined already.',
    });
    expect((await api.del(`${base}/players/anna`, gmToken)).body).toEqual({ removed: 'anna', status: 'lobby' });
    expect((await api.get(base)).body.players).toEqual([]);
    expect((await api.post(`${base}/players`, { name: 'Anna', playerId: 'anna' })).status).toBe(201);
    expect(refused(await api.del(`${base}/players/zed`, gmToken))).toMatchObject({ status: 404, code: 'not-found' });
  });
});
