// Deaths (KG-0.2), the end of the match (KG-1.5, KG-1.6) and double damage (KG-12.1).
import type { GameEvent } from '../../core/types.js';
import { ev, type KG } from './state.js';

/** T9/A10: every living player at energy ≤ 0 dies (energy then reads 0), in match order. */
export function deathsStep(state: KG, events: GameEvent[]): void {
  for (const p of state.players) {
    if (!p.alive || p.energy > 0) continue;
    killPlayer(state, p.id);
    events.push(ev('player-died', 'public', { player: p.id }));
  }
}

/** Takes a player out: dead, energy 0, items lost, nowhere. */
export function killPlayer(state: KG, id: string): void {
  const p = state.players.find((x) => x.id === id);
  if (!p || !p.alive) return;
  p.alive = false;
  p.energy = 0;
  p.inventory = {};
  p.poison = 0;
  p.zone = null;
  state.deathsThisPhase += 1;
}

/** KG-1.5 the winner once the match is over, else null. */
export function winnerOf(state: KG): string | null {
  const alive = state.players.filter((p) => p.alive);
  if (state.settings.mode === 'free-for-all') {
    if (alive.length > 1) return null;
    return alive[0]?.id ?? 'draw';
  }
  if (alive.length === 0) return 'draw';
  const team = alive[0]!.team;
  return alive.every((p) => p.team === team) ? (team ?? 'draw') : null;
}

/** KG-1.5 every possible outcome: a player in free-for-all, else a team or district; or `draw`. */
export function possibleWinners(state: KG): string[] {
  const ids =
    state.settings.mode === 'free-for-all'
      ? state.players.map((p) => p.id)
      : state.players.map((p) => p.team).filter((t): t is string => t !== null);
  return [...new Set(ids), 'draw'];
}

/** KG-1.6 the winners of an outcome: the winning team's members, dead included, or the player. */
export function winnersOf(state: KG, winner: string): string[] {
  if (winner === 'draw') return [];
  if (state.settings.mode === 'free-for-all') return state.players.some((p) => p.id === winner) ? [winner] : [];
  return state.players.filter((p) => p.team === winner).map((p) => p.id);
}

/** The state after a GM forces an outcome: no phase opens any more. */
export function forceEnd(state: KG, winner: string): KG {
  return { ...state, phase: null, regime: null, winner, winners: winnersOf(state, winner) };
}

/** T10/A11/KG-1.8: ends the match when KG-1.5 says so; returns true when it ended. */
export function endCheck(state: KG, events: GameEvent[]): boolean {
  const winner = winnerOf(state);
  if (winner === null) return false;
  const winners = winnersOf(state, winner);
  state.winner = winner;
  state.winners = winners;
  state.phase = null;
  state.regime = null;
  events.push(ev('match-ended', 'public', { winner, winners }));
  return true;
}

/** T11/A14 KG-12.1: after a phase with a death, few living players turn double damage on. */
export function doubleDamageCheck(state: KG, events: GameEvent[]): void {
  const threshold = state.settings['double-damage-players'];
  if (state.doubleDamage || threshold === 0 || state.deathsThisPhase === 0) return;
  const livingCount = state.players.filter((p) => p.alive).length;
  if (livingCount > threshold) return;
  state.doubleDamage = true;
  events.push(ev('double-damage', 'public', { living: livingCount }));
}
