// Rollback: undoes the last resolution; that phase is open again with its stored actions and a fresh deadline.
// A paused match stays paused: the phase's full length waits for the GM's resume (issue 44).
import { deadlineFor } from '../../../engine/core/timing.js';
import { ConditionFailed } from '../../store-errors.js';
import type { Ports } from '../../ports.js';
import type { MatchMeta } from '../../records.js';
import { loadMeta } from '../context.js';
import { refusal } from '../errors.js';
import { publishCommitted } from '../publish.js';
import { LEASE_MS, newClaimId } from '../claim.js';
import { toolkitStore } from './store.js';
import { RETRY } from '../../retry.js';

/**
 * What a resolution of `phase` left behind, if it was the last one: the state key it wrote (the next
 * phase, or `final` when it ended the match). A match ended by a removal or by the GM in the phase
 * after counts too: that phase goes with the rollback.
 */
async function discardedBy(ports: Ports, meta: MatchMeta, phase: string): Promise<string | null> {
  const h = meta.history;
  if (h.length >= 2 && h[h.length - 2] === phase) return h[h.length - 1]!;
  if (h[h.length - 1] === phase && meta.status === 'ended') {
    const events = await ports.store.listEvents(meta.id, [phase]);
    if (events.some((e) => e.origin.kind === 'close')) return 'final';
  }
  return null;
}

export async function rollback(ports: Ports, matchId: string, phase: string) {
  const { meta, ruleset } = await loadMeta(ports, matchId);
  if (meta.status === 'lobby') throw refusal('not-started', 'The match has not started.');
  const discard = await discardedBy(ports, meta, phase);
  if (discard === null) {
    throw refusal('not-last-resolution', `${phase} is not the last resolved phase of this match.`);
  }
  const now = ports.clock.now();
  if (meta.phaseStatus === 'resolving' && (meta.leaseUntil ?? 0) > now) {
    throw refusal('phase-resolving', 'A phase is being resolved; try again in a moment.');
  }
  const store = toolkitStore(ports);

  //  claim (the open phase takes nothing more) ──▶ delete what the resolution wrote ──▶ reopen `phase`
  // A crash in between leaves the claim to expire; the GM repeats the rollback (every step is idempotent).
  const claimed: MatchMeta = {
    ...meta,
    phaseStatus: 'resolving',
    leaseUntil: now + LEASE_MS,
    claimId: newClaimId(),
    version: meta.version + 1,
  };
  try {
    await ports.store.putMeta(claimed, meta.version);
  } catch (error) {
    if (error instanceof ConditionFailed) throw refusal('match-moved-on', 'The match moved on meanwhile; try again.');
    throw error;
  }
  if (discard !== 'final') await store.discardPhase(matchId, discard);
  if (meta.status === 'ended') await store.discardPhase(matchId, 'final');
  await store.discardClose(matchId, phase);
  for (const p of await ports.store.listPlayers(matchId)) {
    if (p.checkedPhase === phase) await ports.store.putPlayer(matchId, { ...p, checkedPhase: null });
  }

  const state = await ports.store.getState(matchId, phase);
  if (state === null) throw refusal('state-missing', `The state of ${phase} is not available.`);
  const deadline = deadlineFor(ruleset.timing(state, meta.settings), now, ports.phaseSeconds);
  const paused = meta.status === 'paused';
  // Reopen on top of whatever moved META meanwhile (a settings change): only this rollback's fields change.
  for (let attempt = 0; ; attempt++) {
    const current = (await ports.store.getMeta(matchId))!;
    const { recorded: _stale, ...rest } = current;
    const noShows = current.noShows
      ? Object.fromEntries(Object.entries(current.noShows).map(([id, phases]) => [id, phases.filter((p) => p !== phase)]))
      : undefined;
    const reopened: MatchMeta = {
      ...rest,
      status: paused ? 'paused' : 'running',
      phase,
      phaseStatus: 'open',
      openedAt: now,
      deadline,
      remainingMs: paused ? Math.max(0, deadline - now) : null,
      closeRequestedAt: null,
      leaseUntil: null,
      claimId: null,
      needsPublish: null,
      winner: null,
      history: discard === 'final' ? meta.history : meta.history.slice(0, -1),
      ...(noShows ? { noShows } : {}),
      version: current.version + 1,
    };
    try {
      await ports.store.putMeta(reopened, current.version);
      break;
    } catch (error) {
      if (!(error instanceof ConditionFailed) || attempt >= RETRY.metaRace.tries) throw error;
    }
  }
  if (discard !== 'final') await ports.scheduler.cancel(matchId, discard);
  if (!paused) await ports.scheduler.schedule(matchId, phase, deadline);
  // The phase's file loses the undone results (from the removed events where the stream runs); the next
  // resolution writes it again.
  await publishCommitted(ports, matchId, [phase]);
  return { phase, deadline, discarded: discard, status: paused ? ('paused' as const) : ('running' as const) };
}
