// The last steps of every close: `stats-changed` (MAF-6.1, 10) and the win check (MAF-1.13).
import type { GameEvent } from '../../core/types.js';
import { STATS } from './ids.js';
import { inTown } from './state.js';
import type { MafiaState, PhaseRef } from './state.js';
import { statsOf } from './stats.js';

/** One `stats-changed` per player in town whose stats differ from what he was last told. */
export function statsChanged(state: MafiaState, at: PhaseRef): GameEvent[] {
  const events: GameEvent[] = [];
  for (const p of state.players) {
    if (!inTown(p)) continue;
    const now = statsOf(state, p, at);
    const before = state.reported[p.id];
    const changes: Record<string, number> = {};
    for (const stat of STATS) if (!before || before[stat] !== now[stat]) changes[stat] = now[stat];
    state.reported[p.id] = now;
    if (Object.keys(changes).length) events.push({ kind: 'stats-changed', to: p.id, changes });
  }
  return events;
}

/** MAF-1.13: draw, town, bandits, or null while the match goes on. */
export function winner(state: MafiaState): string | null {
  const town = state.players.filter(inTown);
  if (town.length === 0) return 'draw';
  const bandits = town.filter((p) => p.team === 'bandits').length;
  if (bandits === 0) return 'town';
  if (bandits * 2 >= town.length) return 'bandits';
  return null;
}

/** Runs the win check; on a winner the phase becomes null and the public gets `match-ended`. */
export function settle(state: MafiaState, next: PhaseRef, events: GameEvent[]): void {
  const w = winner(state);
  if (w) {
    state.winner = w;
    state.phase = null;
    events.push({ kind: 'match-ended', to: 'public', winner: w });
  } else state.phase = next;
}
