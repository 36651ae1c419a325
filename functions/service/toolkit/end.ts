// The GM forces an outcome: a winner is declared, the open phase closes unresolved, the match ends.
import { withReaders } from '../../../engine/core/events.js';
import { ConditionFailed } from '../../store-errors.js';
import type { Ports } from '../../ports.js';
import type { MatchMeta } from '../../records.js';
import { loadMeta, loadState } from '../context.js';
import { refusal } from '../errors.js';
import { finishResolution } from '../finish.js';
import { RETRY } from '../../retry.js';

/**
 * Ids a winner may be: the ruleset's own list of outcomes (issue 44: a GM picks one of them, never
 * types one); without that list, `draw`, a player, or a faction or team the ruleset knows.
 */
export function winners(
  ruleset: { facts(state: unknown): { faction?: Record<string, string> }; possibleWinners?(state: unknown): string[] },
  state: unknown,
  players: string[],
): Set<string> {
  if (ruleset.possibleWinners) return new Set(ruleset.possibleWinners(state));
  return new Set(['draw', ...players, ...Object.values(ruleset.facts(state).faction ?? {})]);
}

export async function forceEnd(ports: Ports, matchId: string, winner: string) {
  for (let attempt = 0; attempt < RETRY.metaRace.tries; attempt++) {
    const { meta, ruleset } = await loadMeta(ports, matchId);
    if (meta.status === 'lobby') throw refusal('not-started', 'The match has not started.');
    if (meta.status === 'ended' || meta.phase === null) throw refusal('match-over', 'The match has ended.');
    const now = ports.clock.now();
    if (meta.phaseStatus === 'resolving' && (meta.leaseUntil ?? 0) > now) {
      throw refusal('phase-resolving', 'A phase is being resolved; try again in a moment.');
    }
    const state = await loadState(ports, meta);
    const players = (await ports.store.listPlayers(matchId)).map((p) => p.id);
    if (!winners(ruleset, state, players).has(winner)) {
      throw refusal('unknown-winner', `"${winner}" is not one of this match's possible winners.`);
    }
    const final = ruleset.forceEnd ? ruleset.forceEnd(state, winner) : state;
    const origin = { kind: 'forced-end', at: now } as const;
    const next: MatchMeta = {
      ...meta,
      status: 'ended',
      phase: null,
      phaseStatus: 'open',
      deadline: null,
      remainingMs: null,
      closeRequestedAt: null,
      leaseUntil: null,
      winner,
      needsPublish: meta.phase,
      version: meta.version + 1,
    };
    try {
      await ports.store.commit({
        meta: next,
        expectVersion: meta.version,
        stateKey: 'final',
        state: final,
        events: withReaders([{ kind: 'match-ended', to: 'public', winner, forced: true }], ruleset.channels(final), meta.phase, origin),
        step: { phase: meta.phase, origin },
      });
    } catch (error) {
      if (error instanceof ConditionFailed) continue;
      throw error;
    }
    await finishResolution(ports, next);
    return { status: next.status, winner, phase: meta.phase };
  }
  throw refusal('busy', 'The match is busy; try again.');
}
