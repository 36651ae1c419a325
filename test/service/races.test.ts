// The GM's write paths against a META that moves under them (decision 7: every write is conditional on
// the META version it read). A rollback reopens on top of a concurrent change and a modkill retries its
// commit; each gives up only after its bounded number of attempts. The racing writer is real: a settings-
// like rename of the match written to the real store (DynamoDB Local through the AWS adapter) just
// before the write under test, so that write's condition fails for real.
import { describe, expect, it } from 'vitest';
import { ConditionFailed } from '../../functions/store-errors.js';
import type { Ports, Scheduler, Store } from '../../functions/ports.js';
import { removePlayer } from '../../functions/service/lifecycle.js';
import { settlePhase } from '../../functions/service/resolve.js';
import { submit } from '../../functions/service/submission.js';
import { rollback } from '../../functions/service/toolkit/rollback.js';
import { lobbyWithAnna, startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { useStack } from '../setup/stack.js';

const { stack, api } = useStack({ sweepEveryMs: 3_600_000 });

const meta = async (matchId: string) => (await stack.ports.store.getMeta(matchId))!;

/** Renames the match on the real store: a META write that any write read before it must lose to. */
async function rename(matchId: string, name: string) {
  const now = await meta(matchId);
  await stack.ports.store.putMeta({ ...now, name, version: now.version + 1 }, now.version);
}

/**
 * The real store, except that before the `method` call numbered n the match is renamed to `race(n)`
 * (nothing happens where `race` answers null).
 */
function racing(matchId: string, method: 'putMeta' | 'commit', race: (call: number) => string | null) {
  const real = stack.ports.store;
  let calls = 0;
  const store: Store = Object.assign(Object.create(real) as Store, {
    [method]: async (...args: unknown[]) => {
      const name = race(++calls);
      if (name !== null) await rename(matchId, name);
      return (real[method] as (...a: unknown[]) => Promise<unknown>).apply(real, args);
    },
  });
  const ports: Ports = { ...stack.ports, store };
  return { ports, calls: () => calls };
}

/** A table whose night-1 has been resolved, day-1 open: a rollback of night-1 discards day-1. */
async function afterNight(seed: string): Promise<SevenMatch> {
  const m = await startSeven(api, {}, seed);
  expect((await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
  expect((await meta(m.matchId)).phase).toBe('day-1');
  return m;
}

describe('a rollback against a concurrent change of META (decision 7)', () => {
  it("reopens night-1 on top of a rename that lands while it works: the rename is kept, and so are the rollback's fields", async () => {
    const m = await afterNight('race-rollback-once');
    // Call 1 is the rollback's claim; call 2 its first reopening, which the rename beats.
    const race = racing(m.matchId, 'putMeta', (call) => (call === 2 ? 'Renamed meanwhile' : null));
    const answer = await rollback(race.ports, m.matchId, 'night-1');
    expect(answer).toMatchObject({ phase: 'night-1', discarded: 'day-1' });
    expect(race.calls()).toBe(3);
    expect(await meta(m.matchId)).toMatchObject({
      name: 'Renamed meanwhile',
      status: 'running',
      phase: 'night-1',
      phaseStatus: 'open',
      claimId: null,
      leaseUntil: null,
      history: ['night-1'],
    });
  });

  it("gives up after nine reopenings that all lose, with the store's conflict, and leaves the claim to expire", async () => {
    const m = await afterNight('race-rollback-always');
    const race = racing(m.matchId, 'putMeta', (call) => (call >= 2 ? `race ${call}` : null));
    await expect(rollback(race.ports, m.matchId, 'night-1')).rejects.toBeInstanceOf(ConditionFailed);
    expect(race.calls()).toBe(1 + 9);
    expect(await meta(m.matchId)).toMatchObject({ name: 'race 10', phaseStatus: 'resolving', phase: 'day-1' });
  });
});

describe('a rollback and the phase timers (decision 7)', () => {
  /** The stack's scheduler, with each call written down before it is made. */
  function recorded(): { ports: Ports; calls: string[] } {
    const real = stack.ports.scheduler;
    const calls: string[] = [];
    const scheduler: Scheduler = {
      schedule: (matchId, phase, at) => (calls.push(`schedule ${phase}`), real.schedule(matchId, phase, at)),
      cancel: (matchId, phase) => (calls.push(`cancel ${phase}`), real.cancel(matchId, phase)),
    };
    return { ports: { ...stack.ports, scheduler }, calls };
  }

  it("cancels the discarded phase's trigger and schedules the reopened phase at its fresh deadline", async () => {
    const m = await afterNight('rollback-timers');
    const { ports, calls } = recorded();
    const answer = await rollback(ports, m.matchId, 'night-1');
    expect(calls).toEqual(['cancel day-1', 'schedule night-1']);
    expect((await meta(m.matchId)).deadline).toBe(answer.deadline);
  });

  it('after the GM ended the match in day-1, day-1 still goes with the rollback: its trigger cancelled, night-1 scheduled', async () => {
    const m = await afterNight('rollback-timers-end');
    expect((await api.post(`/api/matches/${m.matchId}/end`, { winner: 'draw' }, m.gm)).status).toBe(200);
    // The GM's end is not a resolution: night-1 stays the last one resolved, and day-1 goes with it.
    const { ports, calls } = recorded();
    const answer = await rollback(ports, m.matchId, 'night-1');
    expect(answer.discarded).toBe('day-1');
    expect(calls).toEqual(['cancel day-1', 'schedule night-1']);
  });
});

describe('a modkill against a concurrent change of META (decision 7)', () => {
  it('commits on its next attempt when a rename beats its first: Carla is out, the rename kept', async () => {
    const m = await startSeven(api, {}, 'race-removal');
    const race = racing(m.matchId, 'commit', (call) => (call === 1 ? 'Renamed meanwhile' : null));
    const answer = await removePlayer(race.ports, m.matchId, 'carla');
    expect(answer).toMatchObject({ removed: 'carla', status: 'running' });
    expect(race.calls()).toBe(2);
    expect(await meta(m.matchId)).toMatchObject({ name: 'Renamed meanwhile', status: 'running' });
    const roster = (await api.get(`/api/matches/${m.matchId}`)).body.players as { id: string; alive: boolean }[];
    expect(roster.find((p) => p.id === 'carla')).toMatchObject({ alive: false });
  });

  it('answers busy, having removed nobody, when every one of its 8 attempts loses', async () => {
    const m = await startSeven(api, {}, 'race-removal-always');
    const race = racing(m.matchId, 'commit', (call) => `race ${call}`);
    await expect(removePlayer(race.ports, m.matchId, 'carla')).rejects.toMatchObject({
      reason: 'busy',
      message: 'The match is busy; try again.',
    });
    expect(race.calls()).toBe(8);
    const roster = (await api.get(`/api/matches/${m.matchId}`)).body.players as { id: string; alive: boolean }[];
    expect(roster.find((p) => p.id === 'carla')).toMatchObject({ alive: true });
  });
});

describe('a resolution against a concurrent change of META (decision 7)', () => {
  it('answers busy after twelve claims that all lose, having resolved nothing; the next request resolves the phase', async () => {
    const m = await startSeven(api, {}, 'race-resolution');
    const race = racing(m.matchId, 'putMeta', (call) => `race ${call}`);
    const settled = await settlePhase(race.ports, m.matchId, 'night-1', { close: true });
    expect(settled.outcome).toBe('busy');
    expect(race.calls()).toBe(12);
    expect(await meta(m.matchId)).toMatchObject({ name: 'race 12', phase: 'night-1', phaseStatus: 'open', history: ['night-1'] });
    expect((await settlePhase(stack.ports, m.matchId, 'night-1', { close: true })).outcome).toBe('resolved');
    expect((await meta(m.matchId)).phase).toBe('day-1');
  });
});

describe('a submission that loses its slot to a packmate (decision 8)', () => {
  it("reads the pack's slot again and writes over it: the pack's maul is the one that came last, nothing refused", async () => {
    const m = await startSeven(api, {}, 'race-pack-slot');
    for (const phase of ['night-1', 'day-1'])
      expect((await api.post(`/api/matches/${m.matchId}/resolve`, { phase }, m.gm)).status).toBe(200);
    expect((await meta(m.matchId)).phase).toBe('night-2');
    const real = stack.ports.store;
    let writes = 0;
    let elena: { status: number; body: unknown } | null = null;
    // Before Bruno's first write, Elena's maul lands through the API (another process's write of the pack's slot).
    const store: Store = Object.assign(Object.create(real) as Store, {
      writeSlots: async (write: Parameters<Store['writeSlots']>[0]) => {
        if (++writes === 1)
          elena = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'maul', target: 'gina' }, m.tokens.elena);
        return real.writeSlots(write);
      },
    });
    const answer = await submit(
      { ...stack.ports, store },
      { matchId: m.matchId, token: m.tokens.bruno! },
      { type: 'maul', target: 'carla' },
    );
    expect(elena).toMatchObject({ status: 201 });
    expect(answer).toMatchObject({ slot: expect.any(String) });
    expect(writes).toBe(2);
    const pending = (await api.get(`/api/matches/${m.matchId}/gm`, m.gm)).body.pending as {
      owner: string;
      action: { type: string; target: string };
    }[];
    expect(pending.filter((p) => p.action.type === 'maul').map((p) => p.action.target)).toEqual(['carla']);
  });
});

describe("a seated player's actions before the start (kept reads, issue 17)", () => {
  it('are refused the same way every time, whether this process kept what it read or not', async () => {
    const lobby = await lobbyWithAnna(api);
    const act = () => api.post(`/api/matches/${lobby.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, lobby.tokens.anna);
    const first = await act();
    expect(first.status).toBe(409);
    for (let i = 0; i < 3; i++) expect(await act()).toEqual(first);
  });
});
