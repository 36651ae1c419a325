// The resolver closes a phase exactly once whatever its triggers do, and a crashed one is redone the same.
import { describe, expect, it } from 'vitest';
import { LEASE_MS, resolvePhase, sweep, type FaultPoint } from '../../functions/service/resolve.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

/** A clock the test moves by hand, so deadlines and leases pass when we say. */
const clock = handClock();

const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

async function nightOne(seed: string) {
  const m = await startSeven(api, {}, seed);
  await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna);
  return m;
}

const gm = async (matchId: string, token: string) => (await api.get(`/api/matches/${matchId}/gm`, token)).body;
/** Events without their ordering keys: what a reader would compare between two runs. */
const record = (view: any) => ({ phase: view.match.phase, events: view.events, view: view.view });

class Crash extends Error {}
const crashAt = (point: FaultPoint) => (p: FaultPoint) => {
  if (p === point) throw new Crash(point);
};

describe('the resolver', () => {
  it('resolves a phase once when its trigger arrives twice, early or concurrently', async () => {
    const m = await nightOne('twice');
    expect(await resolvePhase(stack.ports, m.matchId, 'night-1')).toBe('not-due');
    clock.t += 25 * 60 * 60_000;
    const outcomes = await Promise.all([
      resolvePhase(stack.ports, m.matchId, 'night-1'),
      resolvePhase(stack.ports, m.matchId, 'night-1'),
      resolvePhase(stack.ports, m.matchId, 'night-1'),
    ]);
    // Decision 7: one resolution; the concurrent triggers wait for it and answer its outcome.
    expect(outcomes).toEqual(['resolved', 'resolved', 'resolved']);
    expect(await resolvePhase(stack.ports, m.matchId, 'night-1')).toBe('nothing-to-do');
    const view = await gm(m.matchId, m.gm);
    expect(view.match.phase).toBe('day-1');
    const results = view.events.filter((e: any) => e.kind === 'investigation-result');
    expect(results).toHaveLength(1);
  });

  it('a trigger whose claim loses to a resolution that finished meanwhile answers resolved, not nothing-to-do', async () => {
    const m = await nightOne('lost-claim');
    clock.t += 25 * 60 * 60_000;
    // The late trigger read META before the other resolved; by the time it claims, the phase is over.
    const stale = await stack.ports.store.getMeta(m.matchId);
    expect(await resolvePhase(stack.ports, m.matchId, 'night-1')).toBe('resolved');
    let first = true;
    const late = {
      ...stack.ports,
      store: Object.assign(Object.create(stack.ports.store), {
        getMeta: async (id: string) => {
          if (first) {
            first = false;
            return stale;
          }
          return stack.ports.store.getMeta(id);
        },
      }),
    };
    // Decision 7: the claim fails on the version; the trigger reads again and answers the outcome it met.
    expect(await resolvePhase(late, m.matchId, 'night-1')).toBe('resolved');
    expect(first).toBe(false);
    const results = (await gm(m.matchId, m.gm)).events.filter((e: any) => e.kind === 'investigation-result');
    expect(results).toHaveLength(1);
  });

  it('refuses an action after the deadline even before the resolver ran', async () => {
    const m = await startSeven(api, {}, 'late');
    clock.t += 25 * 60 * 60_000;
    const r = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('phase-closed');
    expect((await gm(m.matchId, m.gm)).pending).toEqual([]);
  });

  for (const point of ['after-claim', 'after-commit', 'after-publish', 'before-unmark'] as FaultPoint[]) {
    it(`converges to the undisturbed result when it crashes ${point}`, async () => {
      const calm = await nightOne(`crash-${point}`);
      const crashed = await nightOne(`crash-${point}`);
      clock.t += 25 * 60 * 60_000;
      expect(await resolvePhase(stack.ports, calm.matchId, 'night-1')).toBe('resolved');
      await expect(resolvePhase(stack.ports, crashed.matchId, 'night-1', crashAt(point))).rejects.toThrow(Crash);
      if (point === 'after-claim') {
        expect(await resolvePhase(stack.ports, crashed.matchId, 'night-1')).toBe('busy');
        clock.t += LEASE_MS + 1;
      }
      await sweep(stack.ports);
      await resolvePhase(stack.ports, crashed.matchId, 'night-1');
      const a = record(await gm(calm.matchId, calm.gm));
      const b = record(await gm(crashed.matchId, crashed.gm));
      expect(b).toEqual(a);
      const meta = await stack.ports.store.getMeta(crashed.matchId);
      expect(meta?.needsPublish).toBeNull();
      const published = await api.get(`/matches/${crashed.matchId}/phases/night-1.json`);
      expect(published.status).toBe(200);
    });
  }

  it('a paused match never resolves; a deadline moved later reschedules instead of resolving', async () => {
    const m = await nightOne('paused');
    await api.post(`/api/matches/${m.matchId}/pause`, {}, m.gm);
    clock.t += 48 * 60 * 60_000;
    expect(await resolvePhase(stack.ports, m.matchId, 'night-1')).toBe('paused');
    const resumed = await api.post(`/api/matches/${m.matchId}/resume`, {}, m.gm);
    expect(resumed.body.deadline - clock.t).toBe(24 * 60 * 60_000);
    await api.post(`/api/matches/${m.matchId}/extend`, { minutes: 60 }, m.gm);
    clock.t += 24 * 60 * 60_000 + 1;
    expect(await resolvePhase(stack.ports, m.matchId, 'night-1')).toBe('not-due');
    clock.t += 60 * 60_000;
    expect(await resolvePhase(stack.ports, m.matchId, 'night-1')).toBe('resolved');
  });

  it('anchors the next deadline to the scheduled one, not to when the resolver ran', async () => {
    const m = await nightOne('anchor');
    const before = await stack.ports.store.getMeta(m.matchId);
    clock.t = before!.deadline! + 7 * 60_000; // the trigger came seven minutes late
    await resolvePhase(stack.ports, m.matchId, 'night-1');
    const after = await stack.ports.store.getMeta(m.matchId);
    expect(after!.openedAt).toBe(before!.deadline);
    expect(after!.deadline).toBe(before!.deadline! + 2880 * 60_000);
  });
});
