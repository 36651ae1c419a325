// Finishing a committed change (functions/service/finish.ts): publish the phase, tell the observers, push
// to open pages, schedule the next deadline or cancel the closed phase's trigger, clear the mark; safe to
// repeat (ARCHITECTURE.md: scheduling; decision 7). Called directly on the real store (DynamoDB Local through
// the AWS adapter) and the stack's real publisher, scheduler, observers and live channel, each wrapped only
// to record what it was asked.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishResolution, type FaultPoint } from '../../functions/service/finish.js';
import { resolvePhase } from '../../functions/service/resolve.js';
import { ConditionFailed } from '../../functions/store-errors.js';
import type { Ports } from '../../functions/ports.js';
import type { LiveNotice, MatchMeta } from '../../functions/records.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

/** What the finish asked of the ports, in order. */
type Call = [string, ...unknown[]];
function recording(): { ports: Ports; calls: Call[] } {
  const calls: Call[] = [];
  // The finish's own contract, as a stack without the stream's consumer runs it: announce and push in line
  // (with the consumer they follow from the cleared mark: test/effects/consumer.test.ts).
  const { effects: _consumer, ...real } = stack.ports;
  const observers = real.observers!;
  const ports: Ports = {
    ...real,
    publisher: {
      put: async (key, body) => {
        calls.push(['put', key]);
        return real.publisher.put(key, body);
      },
      remove: (key) => real.publisher.remove(key),
    },
    scheduler: {
      schedule: async (matchId, phase, at) => {
        calls.push(['schedule', matchId, phase, at]);
        return real.scheduler.schedule(matchId, phase, at);
      },
      cancel: async (matchId, phase) => {
        calls.push(['cancel', matchId, phase]);
        return real.scheduler.cancel(matchId, phase);
      },
    },
    observers: {
      ...observers,
      afterFinish: async (ports, meta, phase) => {
        calls.push(['afterFinish', meta.id, phase]);
        return observers.afterFinish(ports, meta, phase);
      },
    },
    live: {
      announce: async (matchId: string, notice: LiveNotice) => {
        calls.push(['announce', matchId, notice]);
        return real.live!.announce(matchId, notice);
      },
    },
  };
  return { ports, calls };
}
const kinds = (calls: Call[]) => calls.map((c) => c[0]).filter((k, i, all) => k !== 'put' || all[i - 1] !== 'put');
const published = (matchId: string, phase: string) => join(stack.siteDir, 'matches', matchId, 'phases', `${phase}.json`);
const metaOf = async (matchId: string) => (await stack.ports.store.getMeta(matchId))!;

/** A match whose first phase was resolved and committed, and whose finish was stopped before it started. */
async function unfinished(seed: string): Promise<{ m: SevenMatch; meta: MatchMeta; closed: string }> {
  const m = await startSeven(api, {}, seed);
  const closed = (await metaOf(m.matchId)).phase!;
  const stop = (point: FaultPoint) => {
    if (point === 'after-commit') throw new Error('crashed after the commit');
  };
  const before = await metaOf(m.matchId);
  // The deadline has passed: the trigger resolves the phase, then crashes before finishing it.
  await expect(resolvePhase({ ...stack.ports, clock: { now: () => before.deadline! } }, m.matchId, closed, stop)).rejects.toThrow(
    'crashed after the commit',
  );
  return { m, meta: await metaOf(m.matchId), closed };
}

type Unfinished = Awaited<ReturnType<typeof unfinished>>;
/**
 * Every match the tests need, made at once, the first time a test asks (a mutation run pays for this
 * before each mutant). Not in a beforeAll: a change of the finish that breaks the start of a match then
 * fails the tests themselves, not only their hook. `starting` is a started match: unmarked, then marked as
 * a start leaves it, paused, and at last ended.
 */
let ready: Promise<{ first: Unfinished; crashing: Unfinished; stale: Unfinished; starting: SevenMatch }> | undefined;
const setup = () =>
  (ready ??= Promise.all([
    unfinished('finish-1'),
    unfinished('finish-crash'),
    unfinished('finish-stale'),
    startSeven(api, {}, 'finish-start'),
  ]).then(([first, crashing, stale, starting]) => ({ first, crashing, stale, starting })));

describe('finishResolution', () => {
  it('decision 7 a committed resolution is left marked until it is finished: the next phase is open, the closed one waits to be published', async () => {
    const { meta, closed } = (await setup()).first;
    expect(meta).toMatchObject({ status: 'running', phaseStatus: 'open', needsPublish: closed });
    expect(meta.phase).not.toBe(closed);
    expect(meta.deadline).toEqual(expect.any(Number));
  });

  it('decision 7 a resolution is finished in order: publish the closed phase, tell the observers, push to everyone, schedule the next deadline, clear the mark', async () => {
    const { m, meta, closed } = (await setup()).first;
    const { ports, calls } = recording();
    const points: FaultPoint[] = [];
    await finishResolution(ports, meta, (p) => points.push(p));
    expect(kinds(calls)).toEqual(['put', 'afterFinish', 'announce', 'schedule']);
    expect(calls.filter((c) => c[0] === 'put').map((c) => c[1])).toContain(`matches/${m.matchId}/phases/${closed}.json`);
    expect(calls.find((c) => c[0] === 'afterFinish')).toEqual(['afterFinish', m.matchId, closed]);
    expect(calls.find((c) => c[0] === 'announce')).toEqual(['announce', m.matchId, { events: [], everyone: true }]);
    expect(calls.find((c) => c[0] === 'schedule')).toEqual(['schedule', m.matchId, meta.phase, meta.deadline]);
    expect(points).toEqual(['after-publish', 'before-unmark']);
    expect(JSON.parse(readFileSync(published(m.matchId, closed), 'utf8'))).toMatchObject({ match: m.matchId, phase: closed });
    expect(await metaOf(m.matchId)).toEqual({ ...meta, needsPublish: null, version: meta.version + 1 });
  });

  it('decision 7 nothing marked, nothing done: no file, no observer, no push, no trigger, META as it was', async () => {
    const m = (await setup()).starting;
    const meta = await metaOf(m.matchId);
    expect(meta.needsPublish).toBeNull();
    const { ports, calls } = recording();
    const points: FaultPoint[] = [];
    await finishResolution(ports, meta, (p) => points.push(p));
    expect(calls).toEqual([]);
    expect(points).toEqual([]);
    expect(await metaOf(m.matchId)).toEqual(meta);
  });

  it('decision 7 a crash after the publish leaves the mark, and the next finish converges to the same result', async () => {
    const { m, meta, closed } = (await setup()).crashing;
    const { ports, calls } = recording();
    const crash = (point: FaultPoint) => {
      if (point === 'after-publish') throw new Error('crashed after the publish');
    };
    await expect(finishResolution(ports, meta, crash)).rejects.toThrow('crashed after the publish');
    expect(kinds(calls)).toEqual(['put', 'afterFinish', 'announce']);
    expect(existsSync(published(m.matchId, closed))).toBe(true);
    expect(await metaOf(m.matchId)).toEqual(meta);
    const again = recording();
    await finishResolution(again.ports, meta);
    expect(kinds(again.calls)).toEqual(['put', 'afterFinish', 'announce', 'schedule']);
    expect(await metaOf(m.matchId)).toEqual({ ...meta, needsPublish: null, version: meta.version + 1 });
  });

  it('decision 7 a phase marked while still open was just opened (a start): published and scheduled, but no results to announce', async () => {
    const m = (await setup()).starting;
    const open = await metaOf(m.matchId);
    const marked = { ...open, needsPublish: open.phase, version: open.version + 1 };
    await stack.ports.store.putMeta(marked, open.version);
    const { ports, calls } = recording();
    await finishResolution(ports, marked);
    expect(kinds(calls)).toEqual(['put', 'announce', 'schedule']);
    expect(calls.find((c) => c[0] === 'schedule')).toEqual(['schedule', m.matchId, open.phase, open.deadline]);
    expect(await metaOf(m.matchId)).toEqual({ ...marked, needsPublish: null, version: marked.version + 1 });
  });

  it('decision 7 a paused match, or a running one without a deadline, is neither scheduled nor cancelled', async () => {
    const m = (await setup()).starting;
    const open = await metaOf(m.matchId);
    for (const change of [{ status: 'paused' as const }, { deadline: null }]) {
      const now = await metaOf(m.matchId);
      const marked = { ...now, ...change, needsPublish: open.phase, version: now.version + 1 };
      await stack.ports.store.putMeta(marked, now.version);
      const { ports, calls } = recording();
      await finishResolution(ports, marked);
      expect(kinds(calls), JSON.stringify(change)).toEqual(['put', 'announce']);
      expect(await metaOf(m.matchId)).toEqual({ ...marked, needsPublish: null, version: marked.version + 1 });
      await stack.ports.store.putMeta({ ...open, version: marked.version + 2 }, marked.version + 1);
    }
  });

  it('decision 7 a match that ended: its last phase is published and announced, and its trigger cancelled, never scheduled', async () => {
    const m = (await setup()).starting;
    const last = (await metaOf(m.matchId)).phase!;
    // Both wolves removed (LUP-10.6): the village wins at once.
    await api.del(`/api/matches/${m.matchId}/players/bruno`, m.gm);
    await api.del(`/api/matches/${m.matchId}/players/elena`, m.gm);
    const ended = await metaOf(m.matchId);
    expect(ended).toMatchObject({ status: 'ended', phase: null, needsPublish: null });
    const marked = { ...ended, needsPublish: last, version: ended.version + 1 };
    await stack.ports.store.putMeta(marked, ended.version);
    const { ports, calls } = recording();
    await finishResolution(ports, marked);
    expect(kinds(calls)).toEqual(['put', 'afterFinish', 'announce', 'cancel']);
    expect(calls.find((c) => c[0] === 'cancel')).toEqual(['cancel', m.matchId, last]);
    expect(await metaOf(m.matchId)).toEqual({ ...marked, needsPublish: null, version: marked.version + 1 });
  });

  it('decision 7 a store failure other than a failed condition when clearing the mark is thrown: the sweeper retries it', async () => {
    const { m, meta } = (await setup()).stale;
    // DynamoDB refuses an item over 400 KB: the clearing write fails for a reason that is not a condition.
    const huge = { ...meta, settings: { ...meta.settings, blob: randomBytes(600_000).toString('base64') } };
    const failed = await finishResolution(recording().ports, huge).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(ConditionFailed);
    expect(await metaOf(m.matchId)).toEqual(meta);
  });

  it('decision 7 META moved on before the finish (a later write): the finish publishes, does not overwrite it, does not throw', async () => {
    const { m, meta } = (await setup()).stale;
    const moved = { ...meta, name: 'Renamed meanwhile', version: meta.version + 1 };
    await stack.ports.store.putMeta(moved, meta.version);
    await expect(finishResolution(recording().ports, meta)).resolves.toBeUndefined();
    expect(await metaOf(m.matchId)).toEqual(moved);
  });
});
