// The toolkit's entry points inside the platform's own flow. None of them may fail a resolution,
// a publication or a submission: each logs what went wrong and lets the caller go on.
import type { StoredEvent } from '../../../engine/core/events.js';
import type { PendingAction, Ruleset } from '../../../engine/core/types.js';
import type { Ports } from '../../ports.js';
import type { MatchMeta } from '../../records.js';
import type { Observers } from '../observers.js';
import { loadMeta, type Loaded } from '../context.js';
import { telemetryOf } from '../telemetry.js';
import { beforeClose as noShowsBeforeClose, removeNoShows, type NoShowStep } from './no-shows.js';
import { deliverDue } from './outbox.js';
import { hasPublicBallot, publishVoteCounts, voteCount } from './votes.js';
import { announceResults, remindDue } from './webhooks.js';

async function guarded<T>(ports: Ports, what: string, fallback: T, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    telemetryOf(ports).log('error', `toolkit ${what} failed`, { error: String(error) });
    return fallback;
  }
}

/** Resolver, before the close: the no-show policy (default actions, warnings, the missed-phase record). */
export function beforeClose(
  ports: Ports,
  meta: MatchMeta,
  ruleset: Ruleset,
  state: unknown,
  pending: PendingAction[],
): Promise<NoShowStep> {
  return guarded(ports, 'no-shows', { pending, added: [], notices: [] }, () => noShowsBeforeClose(ports, meta, ruleset, state, pending));
}

/** Resolver, after a fresh resolution: removes the players who missed too many phases. */
export function afterResolution(ports: Ports, matchId: string): Promise<unknown> {
  return guarded(ports, 'no-show removal', [], () => removeNoShows(ports, matchId));
}

/** Resolver, once a resolution's results are published (repeated safely): announce them to the webhooks. */
export function afterFinish(ports: Ports, meta: MatchMeta, phase: string): Promise<unknown> {
  return guarded(ports, 'results webhooks', 0, () => announceResults(ports, meta, phase));
}

/** Publisher: the vote counts of the published phases and of the open one, for a ruleset that declares public votes. */
export function afterPublish(ports: Ports, loaded: Loaded, phases: string[]): Promise<unknown> {
  if (!loaded.ruleset.publicVotes) return Promise.resolve();
  return guarded(ports, 'vote counts', undefined, () => publishVoteCounts(ports, loaded, [...phases, loaded.meta.phase]));
}

/**
 * Submissions and withdrawals: a public ballot changed, so the open phase's vote count is published again.
 * Where the stream's consumer runs (decision 11) it does that, coalesced, from the committed ballot: the
 * request answers at its commit. Without it, the request publishes here.
 */
export function afterBallot(ports: Ports, matchId: string, events: StoredEvent[]): Promise<unknown> {
  if (ports.effects === 'stream' || !hasPublicBallot(events)) return Promise.resolve();
  return guarded(ports, 'vote counts', undefined, async () => {
    // Publish, then read again: parallel ballots may finish their publications out of order, so the
    // last one to finish publishes until what it read after publishing is what it published.
    for (let round = 0; round < 10; round++) {
      const loaded = await loadMeta(ports, matchId);
      const published = await publishVoteCounts(ports, loaded, [loaded.meta.phase]);
      const again = await voteCount(ports, await loadMeta(ports, matchId), loaded.meta.phase ?? undefined);
      if (JSON.stringify(again) === JSON.stringify(published[0] ?? null)) return;
    }
  });
}

/** The webhook sweep runs at most this often (by the ports' clock): reminders and retries need no finer step. */
export const SWEEP_EVERY_MS = 2_000;
const lastSweep = new WeakMap<Ports, number>();

/** The local scheduler loop and the AWS sweeper: reminders that fell due, and deliveries to (re)try. */
export function toolkitSweep(ports: Ports): Promise<unknown> {
  const now = ports.clock.now();
  const last = lastSweep.get(ports);
  if (last !== undefined && now >= last && now - last < SWEEP_EVERY_MS) return Promise.resolve(0);
  lastSweep.set(ports, now);
  return guarded(ports, 'webhook sweep', 0, async () => (await remindDue(ports)) + (await deliverDue(ports)));
}

/** The GM toolkit attached to the platform's flow (functions/service/observers.ts); the composition roots inject it. */
export const toolkitObservers: Observers = {
  beforeClose,
  afterFinish,
  afterResolution,
  afterPublish,
  afterBallot,
  sweep: toolkitSweep,
};
