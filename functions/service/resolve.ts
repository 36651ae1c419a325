// The resolver: closes a phase exactly once, whatever the triggers do, then publishes and schedules.
import { closePhase } from '../../engine/core/match.js';
import { withReaders } from '../../engine/core/events.js';
import { deadlineFor } from '../../engine/core/timing.js';
import { ConditionFailed, type MatchMeta, type Ports } from '../ports.js';
import { loadMeta } from './context.js';
import { publishMatch } from './publish.js';
import { afterFinish, afterResolution, beforeClose, toolkitSweep } from './toolkit/hooks.js';

/** How long a claim holds before another trigger may redo the work. */
export const LEASE_MS = 60_000;

export type ResolveOutcome = 'resolved' | 'not-due' | 'nothing-to-do' | 'busy' | 'paused' | 'unknown-match';

/** Points where a test may stop the resolver, to prove that a retry converges. */
export type FaultPoint = 'after-claim' | 'after-commit' | 'after-publish' | 'before-unmark';
export type FaultHook = (point: FaultPoint) => void;

/** The next phase opens where the last one was due to end (or was closed early), never in the past. */
function nextOpening(meta: MatchMeta, now: number): number {
  const anchor = meta.closeRequestedAt ?? meta.deadline ?? now;
  return Math.min(anchor, now);
}

/** Publishes the last resolution and schedules the next trigger; safe to repeat. */
export async function finishResolution(ports: Ports, meta: MatchMeta, fault?: FaultHook): Promise<void> {
  if (meta.needsPublish === null) return;
  await publishMatch(ports, meta.id, [meta.needsPublish]);
  await afterFinish(ports, meta, meta.needsPublish);
  fault?.('after-publish');
  if (meta.status === 'running' && meta.phase !== null && meta.deadline !== null) {
    await ports.scheduler.schedule(meta.id, meta.phase, meta.deadline);
  }
  fault?.('before-unmark');
  try {
    await ports.store.putMeta({ ...meta, needsPublish: null, version: meta.version + 1 }, meta.version);
  } catch (error) {
    // Someone moved META on since (a pause, a later resolution); the mark is cleared by the next finish.
    if (!(error instanceof ConditionFailed)) throw error;
  }
}

/**
 * Resolves `phase` of a match if it is due. Duplicate, late, early or concurrent triggers are harmless:
 *
 *   trigger ──▶ META phase = P, open, due? ──▶ claim (version v → v+1, lease) ──▶ resolve (pure)
 *          └─ not due: reschedule             └─ lost the race: someone else has it
 *   commit (state, events, META v+1 → v+2, only if still ours) ──▶ publish ──▶ schedule ──▶ unmark
 *
 * A crash after the claim leaves the lease to expire; a crash after the commit leaves `needsPublish`
 * set, which the next trigger or the sweeper finishes.
 */
export async function resolvePhase(
  ports: Ports,
  matchId: string,
  phase: string,
  fault?: FaultHook,
): Promise<ResolveOutcome> {
  for (let attempt = 0; attempt < 5; attempt++) {
    let loaded;
    try {
      loaded = await loadMeta(ports, matchId);
    } catch {
      return 'unknown-match';
    }
    const { meta, ruleset } = loaded;
    if (meta.needsPublish !== null) await finishResolution(ports, meta, fault);
    if (meta.phase !== phase || meta.status === 'ended' || meta.status === 'lobby') return 'nothing-to-do';
    if (meta.status === 'paused') return 'paused';
    const now = ports.clock.now();
    const due = meta.closeRequestedAt !== null || (meta.deadline !== null && now >= meta.deadline);
    if (!due) {
      if (meta.deadline !== null) await ports.scheduler.schedule(meta.id, phase, meta.deadline);
      return 'not-due';
    }
    if (meta.phaseStatus === 'resolving' && (meta.leaseUntil ?? 0) > now) return 'busy';
    const claimed: MatchMeta = { ...meta, phaseStatus: 'resolving', leaseUntil: now + LEASE_MS, version: meta.version + 1 };
    try {
      await ports.store.putMeta(claimed, meta.version);
    } catch (error) {
      if (error instanceof ConditionFailed) continue;
      throw error;
    }
    fault?.('after-claim');

    const state = await ports.store.getState(meta.id, phase);
    const pending = await ports.store.listPending(meta.id, phase);
    // The no-show policy may add default actions (stored with the close) and private warnings.
    const noShows = await beforeClose(ports, meta, ruleset, state, pending);
    const closed = closePhase(ruleset, state, noShows.pending, meta.seed ?? '', meta.dice);
    const ended = closed.next === null;
    let openedAt: number | null = null;
    let deadline: number | null = null;
    if (!ended) {
      openedAt = nextOpening(meta, now);
      deadline = deadlineFor(ruleset.timing(closed.state, meta.settings), openedAt, ports.phaseSeconds);
      if (deadline <= now) {
        openedAt = now;
        deadline = deadlineFor(ruleset.timing(closed.state, meta.settings), now, ports.phaseSeconds);
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
      needsPublish: phase,
      winner: closed.winner,
      history: ended ? claimed.history : [...claimed.history, closed.next!],
      ...(noShows.noShows ? { noShows: noShows.noShows } : {}),
      version: claimed.version + 1,
    };
    try {
      await ports.store.commit({
        meta: next,
        expectVersion: claimed.version,
        stateKey: closed.next ?? 'final',
        state: closed.state,
        events: [
          ...withReaders(closed.events, ruleset.channels(closed.state), phase, '~close-'),
          ...withReaders(noShows.notices, ruleset.channels(state), phase, '~notice-'),
        ],
        eventKey: `EVENT#${phase}#~close`,
        ...(closed.next !== null && closed.opening.length > 0
          ? {
              opening: {
                events: withReaders(closed.opening, ruleset.channels(closed.state), closed.next, '!open-'),
                eventKey: `EVENT#${closed.next}#!open`,
              },
            }
          : {}),
        ...(noShows.added.length > 0 ? { add: { phase, actions: noShows.added } } : {}),
      });
    } catch (error) {
      // Our lease expired and another resolver took over: its result is the same; let it finish.
      if (error instanceof ConditionFailed) return 'busy';
      throw error;
    }
    fault?.('after-commit');
    await finishResolution(ports, next, fault);
    await afterResolution(ports, matchId);
    return 'resolved';
  }
  return 'busy';
}

/** Resolves every phase whose deadline passed without a resolution (a lost trigger), and unfinished publishing. */
export async function sweep(ports: Ports): Promise<number> {
  const due = await ports.store.dueMatches(ports.clock.now(), 100);
  let done = 0;
  for (const meta of due) {
    if (meta.status === 'ended') {
      await finishResolution(ports, meta);
      continue;
    }
    if (meta.phase === null) continue;
    const outcome = await resolvePhase(ports, meta.id, meta.phase);
    if (outcome === 'resolved') done++;
  }
  await toolkitSweep(ports);
  return done;
}
