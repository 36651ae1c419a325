// The resolver: closes a phase exactly once, whatever the triggers do, then publishes and schedules.
import { closePhase } from '../../engine/core/match.js';
import { withReaders } from '../../engine/core/events.js';
import { deadlineFor } from '../../engine/core/timing.js';
import { findRuleset } from '../../engine/index.js';
import type { Ruleset } from '../../engine/core/types.js';
import { ConditionFailed } from '../store-errors.js';
import type { Ports } from '../ports.js';
import type { MatchMeta } from '../records.js';
import { commitClaimed, heldByOther, LEASE_MS, newClaimId, waitForRelease } from './claim.js';
import { rememberState } from './context.js';
import { finishResolution, type FaultHook } from './finish.js';
import { observersOf } from './observers.js';
import { refreshIndexAfterExpiry } from './publish.js';
import { telemetryOf } from './telemetry.js';

export { LEASE_MS } from './claim.js';
export { finishResolution, type FaultHook, type FaultPoint } from './finish.js';

/** `unknown-match` only when META is really missing; a store that cannot answer throws. */
export type ResolveOutcome = 'resolved' | 'not-due' | 'nothing-to-do' | 'busy' | 'paused' | 'unknown-match';

export interface Settled {
  outcome: ResolveOutcome;
  /** META as the caller last saw it (null if the match is unknown). */
  meta: MatchMeta | null;
}

/** The next phase opens where the last one was due to end (or was closed early), never in the past. */
function nextOpening(meta: MatchMeta, now: number): number {
  const anchor = meta.closeRequestedAt ?? meta.deadline ?? now;
  return Math.min(anchor, now);
}

/**
 * Resolves `phase` of a match if it is due. Duplicate, late, early or concurrent triggers are harmless:
 *
 *   trigger ──▶ META phase = P, open, due? ──▶ claim (open → resolving, lease, claim id) ──▶ resolve (pure)
 *          └─ not due: reschedule             └─ held by another: wait for it (bounded), answer its outcome
 *   commit (state, events, META — only while our claim id holds) ──▶ publish ──▶ schedule ──▶ unmark
 *
 * A crash after the claim leaves the lease to expire (`busy` until then); a crash after the commit
 * leaves `needsPublish` set, which the next trigger or the sweeper finishes.
 */
export async function resolvePhase(ports: Ports, matchId: string, phase: string, fault?: FaultHook): Promise<ResolveOutcome> {
  return (await settlePhase(ports, matchId, phase, { fault })).outcome;
}

/**
 * One resolution of `phase`, however many ask for it (decision 7). With `close`, the phase is due now
 * (all checked, the GM's resolve): the request is written with the claim, never on its own. A caller
 * that meets another's resolution in progress writes nothing, waits for it and answers `resolved`.
 */
export async function settlePhase(
  ports: Ports,
  matchId: string,
  phase: string,
  options: { close?: boolean; fault?: FaultHook } = {},
): Promise<Settled> {
  const { fault } = options;
  /** Someone else resolved it while we were at it: the answer is theirs. */
  let contended = false;
  for (let attempt = 0; attempt < 12; attempt++) {
    const meta = await ports.store.getMeta(matchId);
    if (!meta) return { outcome: 'unknown-match', meta: null };
    const ruleset = await findRuleset(meta.ruleset);
    if (!ruleset) throw new Error(`Ruleset ${meta.ruleset} is not installed.`);
    if (meta.needsPublish !== null && !contended) await finishResolution(ports, meta, fault);
    if (meta.phase !== phase || meta.status === 'ended' || meta.status === 'lobby') {
      const resolved = (contended || options.close === true) && meta.history.includes(phase);
      return { outcome: resolved ? 'resolved' : 'nothing-to-do', meta };
    }
    if (meta.status === 'paused') return { outcome: 'paused', meta };
    const now = ports.clock.now();
    if (heldByOther(meta, now)) {
      contended = true;
      if (await waitForRelease(ports, matchId, phase)) {
        attempt--;
        continue;
      }
      return { outcome: 'busy', meta };
    }
    const due = options.close === true || meta.closeRequestedAt !== null || (meta.deadline !== null && now >= meta.deadline);
    if (!due) {
      if (meta.deadline !== null) await ports.scheduler.schedule(meta.id, phase, meta.deadline);
      return { outcome: 'not-due', meta };
    }
    const claimId = newClaimId();
    const claimed: MatchMeta = {
      ...meta,
      phaseStatus: 'resolving',
      leaseUntil: now + LEASE_MS,
      claimId,
      closeRequestedAt: meta.closeRequestedAt ?? (options.close ? now : null),
      version: meta.version + 1,
    };
    try {
      await ports.store.putMeta(claimed, meta.version);
    } catch (error) {
      // Someone wrote META between our read and our claim: most often another trigger's claim, whose
      // resolution may be finished before we read again, and then the answer is its outcome.
      if (error instanceof ConditionFailed) {
        contended = true;
        continue;
      }
      throw error;
    }
    fault?.('after-claim');
    const committed = await resolveClaimed(ports, ruleset, claimed, claimId, now);
    if (committed === null) {
      // Our lease expired and another resolver took over: its result is the same; wait for it.
      contended = true;
      continue;
    }
    fault?.('after-commit');
    await finishResolution(ports, committed, fault);
    const ms = ports.clock.now() - now;
    const telemetry = telemetryOf(ports);
    telemetry.metric('phasesResolved', 1);
    telemetry.metric('resolutionTime', ms);
    telemetry.log('info', 'phase resolved', { matchId, phase, ruleset: meta.ruleset, next: committed.phase, ms });
    await observersOf(ports).afterResolution(ports, matchId);
    return { outcome: 'resolved', meta: committed };
  }
  return { outcome: 'busy', meta: null };
}

/** The claimed phase's resolution, written in one transaction while the claim holds; null if it was lost. */
async function resolveClaimed(ports: Ports, ruleset: Ruleset, claimed: MatchMeta, claimId: string, now: number): Promise<MatchMeta | null> {
  const phase = claimed.phase!;
  // Both read after the claim, which stops submissions: independent, so in parallel.
  const [state, pending] = await Promise.all([ports.store.getState(claimed.id, phase), ports.store.listPending(claimed.id, phase)]);
  // The no-show policy may add default actions (stored with the close) and private warnings.
  const noShows = await observersOf(ports).beforeClose(ports, claimed, ruleset, state, pending);
  const closed = closePhase(ruleset, state, noShows.pending, claimed.seed ?? '', claimed.dice);
  const ended = closed.next === null;
  let openedAt: number | null = null;
  let deadline: number | null = null;
  if (!ended) {
    openedAt = nextOpening(claimed, now);
    deadline = deadlineFor(ruleset.timing(closed.state, claimed.settings), openedAt, ports.phaseSeconds);
    if (deadline <= now) {
      openedAt = now;
      deadline = deadlineFor(ruleset.timing(closed.state, claimed.settings), now, ports.phaseSeconds);
    }
  }
  const next: MatchMeta = {
    ...claimed,
    status: ended ? 'ended' : 'running',
    phase: closed.next,
    phaseStatus: 'open',
    openedAt,
    deadline,
    closeRequestedAt: null,
    leaseUntil: null,
    claimId: null,
    needsPublish: phase,
    winner: closed.winner,
    history: ended ? claimed.history : [...claimed.history, closed.next!],
    ...(noShows.noShows ? { noShows: noShows.noShows } : {}),
  };
  const committed = await commitClaimed(ports.store, claimId, claimed, next, {
    stateKey: closed.next ?? 'final',
    state: closed.state,
    events: [
      ...withReaders(closed.events, ruleset.channels(closed.state), phase, { kind: 'close' }),
      ...withReaders(noShows.notices, ruleset.channels(state), phase, { kind: 'notice' }),
    ],
    step: { phase, origin: { kind: 'close' } },
    ...(closed.next !== null && closed.opening.length > 0
      ? {
          opening: {
            events: withReaders(closed.opening, ruleset.channels(closed.state), closed.next, { kind: 'opening' }),
            step: { phase: closed.next, origin: { kind: 'opening' } },
          },
        }
      : {}),
    ...(noShows.added.length > 0 ? { add: { phase, actions: noShows.added } } : {}),
  });
  if (committed) rememberState(committed, closed.state);
  return committed;
}

/**
 * Resolves every phase whose deadline passed without a resolution (a lost trigger), and unfinished
 * publishing. Every due match is tried; if any of them failed (the store or the publisher threw), the
 * sweep throws once the others are done, so that the invocation fails and its alarm sees it. A phase
 * still held by a crashed resolver (`busy`) is left for a later sweep, once its lease expired.
 */
export async function sweep(ports: Ports): Promise<number> {
  const due = await ports.store.dueMatches(ports.clock.now(), 100);
  let done = 0;
  const failures: unknown[] = [];
  for (const meta of due) {
    try {
      if (meta.status === 'ended') {
        await finishResolution(ports, meta);
        continue;
      }
      if (meta.phase === null) continue;
      const outcome = await resolvePhase(ports, meta.id, meta.phase);
      if (outcome === 'resolved') done++;
    } catch (error) {
      failures.push(error);
    }
  }
  await observersOf(ports).sweep(ports);
  await refreshIndexAfterExpiry(ports).catch((error: unknown) => failures.push(error));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `The sweep failed for ${failures.length} matches.`);
  return done;
}
