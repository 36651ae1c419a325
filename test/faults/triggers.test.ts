// Random storms of resolver triggers (early, on time, late, duplicated, concurrent), some of them
// stopping the resolver at one of its steps: every storm resolves the phase exactly once and leaves
// the same stored record and published files as one punctual trigger.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import type { Ports, Store } from '../../functions/ports.js';
import { auditPhase } from '../../functions/service/audit.js';
import { LEASE_MS, resolvePhase, type FaultPoint } from '../../functions/service/resolve.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { client, effectsSettled, testStack } from '../setup/stack.js';
import { matchRecord, type MatchRecord } from './record.js';

const RUNS = 6;
const T0 = Date.now();
const clock = handClock(T0);

let stack: LocalStack;
let ports: Ports;
/** Successful close commits per match and phase (the resolver's write of the next state). */
const commits = new Map<string, number>();
let baseline: MatchRecord;
const matches: SevenMatch[] = [];

class Stopped extends Error {}

beforeAll(async () => {
  stack = await testStack({ clock, sweepEveryMs: 3_600_000 });
  const base = stack.ports.store;
  const store: Store = Object.create(base);
  store.commit = async (write) => {
    await base.commit(write);
    const key = `${write.meta.id}/${write.step.phase}`;
    if (write.step.origin.kind === 'close') commits.set(key, (commits.get(key) ?? 0) + 1);
  };
  ports = { ...stack.ports, store };
  const api = client(stack.url);
  // Every match starts at the same instant, so that their deadlines are the same.
  const all = await Promise.all(Array.from({ length: RUNS + 1 }, () => startSeven(api, {}, 'storm')));
  for (const m of all) {
    const r = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna);
    expect(r.status).toBe(201);
  }
  const [calm, ...rest] = all;
  matches.push(...rest);
  const meta = await stack.ports.store.getMeta(calm!.matchId);
  clock.t = meta!.deadline!;
  expect(await resolvePhase(ports, calm!.matchId, 'night-1')).toBe('resolved');
  // The published files are the stream consumer's to write (issue 47, decision 11).
  await effectsSettled(stack);
  baseline = await matchRecord(stack.ports, stack.siteDir, calm!.matchId);
  expect(baseline.meta).toMatchObject({ phase: 'day-1', needsPublish: null });
}, 120_000);
afterAll(async () => stack?.stop());

const POINTS: FaultPoint[] = ['after-claim', 'after-commit', 'after-publish', 'before-unmark'];
const delivery = fc.record({
  /** Relative to the deadline: before it, at it, or after it. */
  at: fc.constantFrom(-60_000, -1, 0, 1, 7 * 60_000, LEASE_MS + 1),
  copies: fc.integer({ min: 1, max: 3 }),
  /** Where the first copy stops, if it does. */
  stop: fc.option(fc.constantFrom(...POINTS), { nil: undefined }),
  /** A trigger for the phase after this one arrives too (a schedule from the next phase, early). */
  next: fc.boolean(),
});

describe('trigger storms', () => {
  it('resolve once and converge to the punctual result', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(delivery, { minLength: 1, maxLength: 5 }), async (storm) => {
        const m = matches[run++]!;
        const deadline = (await stack.ports.store.getMeta(m.matchId))!.deadline!;
        clock.t = deadline - 120_000;
        for (const d of storm) {
          clock.t = Math.max(clock.t, deadline + d.at);
          const stopAt = d.stop;
          const hook = (point: FaultPoint) => {
            if (point === stopAt) throw new Stopped(point);
          };
          const outcomes = await Promise.allSettled([
            resolvePhase(ports, m.matchId, 'night-1', stopAt ? hook : undefined),
            ...Array.from({ length: d.copies - 1 }, () => resolvePhase(ports, m.matchId, 'night-1')),
            ...(d.next ? [resolvePhase(ports, m.matchId, 'day-1')] : []),
          ]);
          for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(Stopped);
        }
        // Whatever the storm left (a held lease, results not yet published), one more trigger after
        // the lease finishes: what the sweeper does for this match (the other prepared matches,
        // due at the same deadline, are left alone for their own runs).
        clock.t = Math.max(clock.t, deadline) + LEASE_MS + 1;
        await resolvePhase(ports, m.matchId, 'night-1');
        expect(commits.get(`${m.matchId}/night-1`) ?? 0).toBe(1);
        expect([...commits.keys()].filter((k) => k.startsWith(`${m.matchId}/`))).toHaveLength(1);
        await effectsSettled(stack);
        expect(await matchRecord(stack.ports, stack.siteDir, m.matchId)).toEqual(baseline);
        expect(await auditPhase(stack.ports, m.matchId, 'night-1')).toEqual({ phase: 'night-1', identical: true });
      }),
      // Each run uses up one of the prepared matches: no shrinking, the first counterexample is shown.
      { numRuns: RUNS, endOnFailure: true },
    );
    // A copy that meets a stopped resolver's lease waits for it in real time (CLOSE_WAIT_MS, 5 s), and the
    // storms are drawn afresh each run: up to 6 storms of 5 deliveries can wait 150 s without anything wrong.
  }, 240_000);
});
