// The resolution's claim on a phase (functions/service/claim.ts; ARCHITECTURE.md decision 7): who holds
// a phase, a commit that holds only while META carries its claim id, and a close request's bounded wait for
// a resolution in progress. Called directly, on the real store (DynamoDB Local through the AWS adapter),
// with a clock the test moves by hand.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_WAIT_MS, commitClaimed, heldByOther, LEASE_MS, newClaimId, waitForRelease } from '../../functions/service/claim.js';
import { ConditionFailed } from '../../functions/store-errors.js';
import type { Ports, Store } from '../../functions/ports.js';
import type { MatchMeta } from '../../functions/records.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const MINUTE = 60_000;
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

let m: SevenMatch;
beforeAll(async () => {
  m = await startSeven(api, {}, 'claim');
});

const store = () => stack.ports.store;
const meta = async () => (await store().getMeta(m.matchId))!;

/** META claimed by a resolver (`claimId`), written as resolve.ts writes its claim. */
async function claim(claimId = newClaimId(), change: Partial<MatchMeta> = {}): Promise<MatchMeta> {
  const open = await meta();
  const claimed: MatchMeta = {
    ...open,
    phaseStatus: 'resolving',
    leaseUntil: clock.t + LEASE_MS,
    claimId,
    closeRequestedAt: clock.t,
    ...change,
    version: open.version + 1,
  };
  await store().putMeta(claimed, open.version);
  return claimed;
}

/** A write of META and META only, plus the open phase's state as it is (its events are none). */
async function sameState(claimed: MatchMeta) {
  const phase = claimed.phase!;
  return {
    stateKey: phase,
    state: await store().getState(claimed.id, phase),
    events: [],
    step: { phase, origin: { kind: 'close' as const } },
  };
}

/** META as a resolution leaves it, every one of its fields different from the claimed META's. */
const resolution = (claimed: MatchMeta): MatchMeta => ({
  ...claimed,
  status: 'ended',
  phase: null,
  phaseStatus: 'open',
  openedAt: null,
  deadline: null,
  remainingMs: null,
  closeRequestedAt: null,
  leaseUntil: null,
  claimId: null,
  needsPublish: claimed.phase,
  winner: 'village',
  history: [...claimed.history, 'the-end'],
  noShows: { anna: [claimed.phase!] },
});

/**
 * The real store, but before a commit an unrelated writer renames the match (a real META write, so the
 * commit's condition fails for real) whenever `race` names it for that attempt.
 */
function racingStore(race: (attempt: number) => string | null) {
  const real = store();
  let attempts = 0;
  const racing: Store = Object.assign(Object.create(real) as Store, {
    commit: async (write: Parameters<Store['commit']>[0]) => {
      const name = race(++attempts);
      if (name !== null) {
        const now = (await real.getMeta(m.matchId))!;
        await real.putMeta({ ...now, name, version: now.version + 1 }, now.version);
      }
      return real.commit(write);
    },
  });
  return { store: racing, attempts: () => attempts };
}

/** Puts the match back to an open phase, whatever a test left, so the next test starts from it. */
async function reopen(phase: string) {
  const now = await meta();
  await store().putMeta(
    {
      ...now,
      status: 'running',
      phase,
      phaseStatus: 'open',
      leaseUntil: null,
      claimId: null,
      closeRequestedAt: null,
      needsPublish: null,
      winner: null,
      remainingMs: null,
      version: now.version + 1,
    },
    now.version,
  );
}

describe('heldByOther', () => {
  const base = { phaseStatus: 'resolving', leaseUntil: 1_000, claimId: 'theirs' } as MatchMeta;

  it('decision 7 a phase is held by another while it is resolving under a lease that has not expired and a claim id not ours', () => {
    expect(heldByOther(base, 999)).toBe(true);
    expect(heldByOther(base, 999, 'ours')).toBe(true);
    expect(heldByOther(base, 0, 'ours')).toBe(true);
  });

  it('decision 7 an open phase is held by nobody, whatever lease and claim id META still carries', () => {
    expect(heldByOther({ ...base, phaseStatus: 'open' }, 999)).toBe(false);
    expect(heldByOther({ ...base, phaseStatus: 'open' }, 999, 'ours')).toBe(false);
  });

  it('decision 7 a lease expires at its instant: held one ms before, free at it and after', () => {
    expect(heldByOther(base, 999)).toBe(true);
    expect(heldByOther(base, 1_000)).toBe(false);
    expect(heldByOther(base, 1_001)).toBe(false);
  });

  it('decision 7 a resolving phase without a lease is held by nobody (a crashed resolver that left none)', () => {
    expect(heldByOther({ ...base, leaseUntil: null }, 1)).toBe(false);
    expect(heldByOther({ ...base, leaseUntil: null }, 0)).toBe(false);
  });

  it("decision 7 our own claim does not hold us out; a claim with no id is another resolver's", () => {
    expect(heldByOther(base, 999, 'theirs')).toBe(false);
    expect(heldByOther({ ...base, claimId: null }, 999)).toBe(true);
    expect(heldByOther({ ...base, claimId: null }, 999, 'ours')).toBe(true);
  });

  it('decision 7 claim ids are fresh and random: 12 url-safe characters, never the same twice', () => {
    const ids = Array.from({ length: 50 }, newClaimId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(new Set(ids).size).toBe(50);
    expect([LEASE_MS, CLOSE_WAIT_MS]).toEqual([60_000, 5_000]);
  });
});

describe('commitClaimed', () => {
  it('decision 7 a resolution that still holds its claim commits META (version + 1) and the state in one write', async () => {
    const phase = (await meta()).phase!;
    const claimId = newClaimId();
    const claimed = await claim(claimId);
    const next = { ...resolution(claimed), status: 'running' as const, phase, history: claimed.history, winner: null, needsPublish: phase };
    const real = store();
    let attempts = 0;
    const counted: Store = Object.assign(Object.create(real) as Store, {
      commit: (write: Parameters<Store['commit']>[0]) => {
        attempts++;
        return real.commit(write);
      },
    });
    const written = await commitClaimed(counted, claimId, claimed, next, await sameState(claimed));
    expect(written).toEqual({ ...next, version: claimed.version + 1 });
    // One round trip: the first write is META as the resolution leaves it, conditioned on the claim's version.
    expect(attempts).toBe(1);
    expect(await meta()).toEqual(written);
    await reopen(phase);
  });

  it("decision 7 an unrelated write of META meanwhile: the resolution's fields are laid onto the current META and written again, the other fields kept", async () => {
    const phase = (await meta()).phase!;
    const claimId = newClaimId();
    const claimed = await claim(claimId, { remainingMs: 5 });
    // A settings change and a webhook configuration land while the resolution works.
    const moved: MatchMeta = {
      ...claimed,
      name: 'Renamed meanwhile',
      settings: { ...claimed.settings, 'day-minutes': 45 },
      webhooks: { targets: [], remindBeforeMinutes: 30 },
      version: claimed.version + 1,
    };
    await store().putMeta(moved, claimed.version);
    const next = resolution(claimed);
    const written = await commitClaimed(store(), claimId, claimed, next, await sameState(claimed));
    const {
      status,
      phase: nextPhase,
      phaseStatus,
      openedAt,
      deadline,
      remainingMs,
      closeRequestedAt,
      leaseUntil,
      winner,
      history,
      noShows,
    } = next;
    expect(written).toEqual({
      ...moved,
      status,
      phase: nextPhase,
      phaseStatus,
      openedAt,
      deadline,
      remainingMs,
      closeRequestedAt,
      leaseUntil,
      claimId: null,
      needsPublish: phase,
      winner,
      history,
      noShows,
      version: moved.version + 1,
    });
    expect(await meta()).toEqual(written);
    await reopen(phase);
  });

  it('decision 7 a field the resolution does not set (no no-show record) stays as the current META has it', async () => {
    const phase = (await meta()).phase!;
    const claimId = newClaimId();
    const claimed = await claim(claimId, { noShows: { carla: ['earlier'] } });
    const moved: MatchMeta = { ...claimed, name: 'Moved once', version: claimed.version + 1 };
    await store().putMeta(moved, claimed.version);
    const { noShows: _dropped, ...next } = resolution(claimed);
    const written = await commitClaimed(store(), claimId, claimed, next as MatchMeta, await sameState(claimed));
    expect(written).toMatchObject({ name: 'Moved once', status: 'ended', noShows: { carla: ['earlier'] }, version: moved.version + 1 });
    expect('noShows' in written! && written!.noShows).toEqual({ carla: ['earlier'] });
    expect(await meta()).toEqual(written);
    await reopen(phase);
  });

  it('decision 7 a claim lost to another resolver commits nothing and answers null', async () => {
    const phase = (await meta()).phase!;
    const claimId = newClaimId();
    const claimed = await claim(claimId);
    // Our lease expired and another trigger claimed the phase.
    const theirs: MatchMeta = { ...claimed, claimId: 'another-resolver', leaseUntil: clock.t + 2 * LEASE_MS, version: claimed.version + 1 };
    await store().putMeta(theirs, claimed.version);
    expect(await commitClaimed(store(), claimId, claimed, resolution(claimed), await sameState(claimed))).toBeNull();
    expect(await meta()).toEqual(theirs);
    await reopen(phase);
  });

  it('decision 7 a claim whose phase is no longer resolving (released, rolled back) commits nothing, even with our claim id still on META', async () => {
    const phase = (await meta()).phase!;
    const claimId = newClaimId();
    const claimed = await claim(claimId);
    const released: MatchMeta = { ...claimed, phaseStatus: 'open', version: claimed.version + 1 };
    await store().putMeta(released, claimed.version);
    expect(await commitClaimed(store(), claimId, claimed, resolution(claimed), await sameState(claimed))).toBeNull();
    expect(await meta()).toEqual(released);
    await reopen(phase);
  });

  it('decision 7 a match that is gone (no META) commits nothing and answers null', async () => {
    const phase = (await meta()).phase!;
    const claimed = { ...(await meta()), id: `gone-${randomBytes(4).toString('hex')}`, claimId: 'mine', phaseStatus: 'resolving' as const };
    expect(await commitClaimed(store(), 'mine', claimed, resolution(claimed), await sameState({ ...claimed, id: m.matchId }))).toBeNull();
    expect(await store().getMeta(claimed.id)).toBeNull();
    expect((await meta()).phase).toBe(phase);
  });

  it('decision 7 a failure other than a failed condition (an item the store refuses) is thrown as it is, never taken for a lost claim', async () => {
    const phase = (await meta()).phase!;
    const claimId = newClaimId();
    const claimed = await claim(claimId);
    // DynamoDB refuses an item over 400 KB: a write that can never succeed, whatever the retries.
    const write = { ...(await sameState(claimed)), state: { blob: randomBytes(600_000).toString('base64') } };
    const failed = await commitClaimed(store(), claimId, claimed, resolution(claimed), write).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(ConditionFailed);
    expect(await meta()).toEqual(claimed);
    await reopen(phase);
  });

  it('decision 7 a META that moves before every attempt: the commit gives up after 10 attempts and answers null, META still claimed', async () => {
    const phase = (await meta()).phase!;
    const claimId = newClaimId();
    const claimed = await claim(claimId);
    // An unrelated writer (a settings change) that wins the race before each of the resolution's writes.
    const racing = racingStore((attempt) => `race ${attempt}`);
    expect(await commitClaimed(racing.store, claimId, claimed, resolution(claimed), await sameState(claimed))).toBeNull();
    expect(racing.attempts()).toBe(10);
    expect(await meta()).toEqual({ ...claimed, name: 'race 10', version: claimed.version + 10 });
    await reopen(phase);
  });

  it('decision 7 a META that moves before the first attempt only: the second attempt commits', async () => {
    const phase = (await meta()).phase!;
    const claimId = newClaimId();
    const claimed = await claim(claimId);
    const racing = racingStore((attempt) => (attempt === 1 ? 'raced once' : null));
    const written = await commitClaimed(racing.store, claimId, claimed, resolution(claimed), await sameState(claimed));
    expect(racing.attempts()).toBe(2);
    expect(written).toMatchObject({ name: 'raced once', status: 'ended', claimId: null, version: claimed.version + 2 });
    expect(await meta()).toEqual(written);
    await reopen(phase);
  });
});

describe('waitForRelease', () => {
  /** The stack's ports with a close request's wait of `closeWaitMs` (real ms); undefined keeps the default. */
  const waiting = (closeWaitMs?: number): Ports => {
    const { closeWaitMs: _default, ...ports } = stack.ports;
    return closeWaitMs === undefined ? ports : { ...ports, closeWaitMs };
  };
  const timed = async <T>(run: Promise<T>) => {
    const from = Date.now();
    const answer = await run;
    return { answer, ms: Date.now() - from };
  };
  /** The stack's store, counting its reads of the match's META. */
  const counted = () => {
    const real = store();
    let reads = 0;
    const counting: Store = Object.assign(Object.create(real) as Store, {
      getMeta: (id: string) => {
        reads++;
        return real.getMeta(id);
      },
    });
    return { store: counting, reads: () => reads };
  };
  const later = (ms: number, act: () => Promise<unknown>) => new Promise((done) => setTimeout(() => void act().then(done), ms));
  /** A 3 s wait for `phase` while `release` lets it go 250 ms in: answered true when it let go, not when the wait ran out. */
  const releasedAfter250ms = async (phase: string, release: () => Promise<unknown>) => {
    const [waited] = await Promise.all([timed(waitForRelease(waiting(3_000), m.matchId, phase)), later(250, release)]);
    expect(waited.answer).toBe(true);
    // It waited for the release (true, not the 3 s running out), however busy the machine.
    expect(waited.ms).toBeGreaterThanOrEqual(240);
  };

  it('decision 7 a close request waits for the resolution in progress: true as soon as the phase moves on', async () => {
    const phase = (await meta()).phase!;
    const claimed = await claim('other-resolver');
    await releasedAfter250ms(phase, () =>
      store().putMeta(
        { ...claimed, phase: 'the-next-phase', phaseStatus: 'open', leaseUntil: null, claimId: null, version: claimed.version + 1 },
        claimed.version,
      ),
    );
    await reopen(phase);
  });

  it('decision 7 true once the lease is released with the phase unchanged (the resolver let go)', async () => {
    const phase = (await meta()).phase!;
    const claimed = await claim('other-resolver');
    await releasedAfter250ms(phase, () =>
      store().putMeta({ ...claimed, phaseStatus: 'open', version: claimed.version + 1 }, claimed.version),
    );
    await reopen(phase);
  });

  it('decision 7 true once the lease has expired by the clock (a crashed resolver), nothing written', async () => {
    const phase = (await meta()).phase!;
    const claimed = await claim('crashed-resolver');
    await releasedAfter250ms(phase, async () => {
      clock.t = claimed.leaseUntil!;
    });
    expect(await meta()).toEqual(claimed);
    await reopen(phase);
  });

  it('decision 7 false when the wait runs out with the phase still held; it polls a few times, not continuously', async () => {
    const phase = (await meta()).phase!;
    await claim('slow-resolver');
    const real = store();
    let reads = 0;
    const counted: Store = Object.assign(Object.create(real) as Store, {
      getMeta: (id: string) => {
        reads++;
        return real.getMeta(id);
      },
    });
    const waited = await timed(waitForRelease({ ...waiting(600), store: counted }, m.matchId, phase));
    expect(waited.answer).toBe(false);
    expect(waited.ms).toBeGreaterThanOrEqual(600);
    // 15, 25, 35 … ms apart, never more than 100 ms: about eight reads in 600 ms, fewer on a busy
    // machine, never a continuous poll.
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(12);
    await reopen(phase);
  });

  it('decision 7 a phase released already is seen at the first poll, long before the wait would run out', async () => {
    const phase = (await meta()).phase!;
    const reading = counted();
    expect(await waitForRelease({ ...waiting(3_000), store: reading.store }, m.matchId, phase)).toBe(true);
    // One read, no wait: the release is seen at the first poll.
    expect(reading.reads()).toBe(1);
  });

  it('decision 7 a match that is gone, or another phase asked for, is released at once', async () => {
    const phase = (await meta()).phase!;
    await claim('other-resolver');
    expect(await waitForRelease(waiting(3_000), 'no-such-match', phase)).toBe(true);
    const reading = counted();
    expect(await waitForRelease({ ...waiting(3_000), store: reading.store }, m.matchId, 'another-phase')).toBe(true);
    expect(reading.reads()).toBe(1);
    await reopen(phase);
  });

  it('decision 7 without a configured wait, a close request waits the default (5 s), not none', async () => {
    const phase = (await meta()).phase!;
    const claimed = await claim('other-resolver');
    const [waited] = await Promise.all([
      timed(waitForRelease(waiting(), m.matchId, phase)),
      later(400, () => store().putMeta({ ...claimed, phaseStatus: 'open', version: claimed.version + 1 }, claimed.version)),
    ]);
    expect(waited.answer).toBe(true);
    expect(waited.ms).toBeGreaterThanOrEqual(390);
    await reopen(phase);
  });
});
