// One retry helper and the retry policies, each declared once: how many tries, how long between them.
import type { Clock } from './ports.js';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  readonly tries: number;
  /** The wait (ms) after the n-th failed try (n from 1); `random` is in [0, 1), for the policies that jitter. */
  wait(failures: number, random: number): number;
}

const PUSH_NOTICE_WAITS_MS = [1_000, 4_000] as const;

export const RETRY = {
  /** A Web Push notice the service refused for now (429, 5xx) or could not take: 1 s, then 4 s (service/push/notices.ts). */
  pushNotice: { tries: PUSH_NOTICE_WAITS_MS.length + 1, wait: (n) => PUSH_NOTICE_WAITS_MS[n - 1] ?? 0 },
  /** A webhook delivery, by the sweep: 10 s, 20 s, 40 s … capped at 30 min, six tries (service/toolkit/outbox.ts). */
  webhook: { tries: 6, wait: (n) => Math.min(10_000 * 2 ** (n - 1), 30 * 60_000) },
  /** A store transaction that met another (a transaction conflict, a throttled item): 20 ms doubling, jittered. */
  storeConflict: { tries: 6, wait: (n, random) => 20 * 2 ** (n - 1) + Math.floor(random * 20) },
  /** A read-modify-write of META that someone else's write overtook: read again at once, eight tries in all. */
  metaRace: { tries: 8, wait: () => 0 },
  /** A join that met another join's seat (lobby races): read again at once, twenty tries (service/lifecycle.ts). */
  lobbyJoin: { tries: 20, wait: () => 0 },
  /** A claimed resolution's commit that META overtook while the claim still holds: lay it on again (service/claim.ts). */
  claimedCommit: { tries: 10, wait: () => 0 },
  /** Polling a phase another resolution holds, until it lets go (bounded by time, not tries: service/claim.ts). */
  releasePoll: { tries: Number.POSITIVE_INFINITY, wait: (n, random) => Math.min(100, 15 + 10 * (n - 1)) + Math.floor(random * 10) },
  /** A submission whose owner's slots another submission moved (a packmate, another device): jittered, forty tries. */
  slotRace: { tries: 41, wait: (n, random) => 1 + Math.floor(random * 4 * Math.min(n, 10)) },
  /** A submission whose META moved (a pause, an extend, the close): the fresh reads decide, three more tries. */
  matchMoved: { tries: 4, wait: () => 0 },
  /** An append to a match's log that lost its position to another write: short jittered waits, many tries. */
  logPosition: { tries: 61, wait: (n, random) => 5 + Math.floor(random * 15 * Math.min(n, 6)) },
} as const satisfies Record<string, RetryPolicy>;

export type Sleep = (ms: number) => Promise<void>;

/** Waits on the real clock, unless the Clock port waits itself (a test's clock moves on at once). */
export const sleepOf =
  (clock?: Clock): Sleep =>
  (ms) =>
    clock?.sleep ? clock.sleep(ms) : new Promise((done) => setTimeout(done, ms));

/** What one try gave: its value, or what it threw. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface RetryOptions<T> {
  /** Whether this outcome calls for another try (while the policy has tries left). */
  again(outcome: Outcome<T>): boolean;
  sleep?: Sleep;
  random?: () => number;
}

/** Runs `attempt` until it gives an outcome not to retry or the policy's tries are spent; the last outcome stands. */
export async function retry<T>(policy: RetryPolicy, attempt: (tried: number) => Promise<T>, options: RetryOptions<T>): Promise<T> {
  const sleep = options.sleep ?? sleepOf();
  for (let tried = 0; ; tried++) {
    let outcome: Outcome<T>;
    try {
      outcome = { ok: true, value: await attempt(tried) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (tried + 1 >= policy.tries || !options.again(outcome)) {
      if (outcome.ok) return outcome.value;
      throw outcome.error;
    }
    const ms = policy.wait(tried + 1, (options.random ?? Math.random)());
    if (ms > 0) await sleep(ms);
  }
}
