// Section 11: the victory check and the end of the match.
import type { GameEvent } from '../../core/types.js';
import type { LupusState } from './state.js';
import { countsAs, factionOf, getPlayer, living } from './state.js';

/** LUP-2.2: H, W, V over living players (a praised player adds one human, LUP-7.4). */
export function counts(state: LupusState): { H: number; W: number; V: number } {
  let H = 0;
  let W = 0;
  let V = 0;
  for (const p of living(state)) {
    const kind = countsAs(p);
    if (kind === 'human') H++;
    if (kind === 'wolf') W++;
    if (kind === 'vampire') V++;
    if (p.praised) H++;
  }
  return { H, W, V };
}

/** LUP-11.1 (D-5): the first condition that holds decides. */
export function winnerNow(state: LupusState): string | null {
  const { H, W, V } = counts(state);
  const alive = living(state);
  const draculaLives = alive.some((p) => p.role === 'dracula');
  if (H + W + V === 0) return 'draw';
  if (W >= 1 && W >= H + V && !draculaLives) return 'pack';
  if (V >= 1 && V >= H + W) return 'coven';
  if (W === 0 && !draculaLives && !alive.some((p) => p.role === 'negromante')) return 'village';
  return null;
}

/** LUP-11.4: the newest contact whose current faction is not village. */
export function anchorOf(state: LupusState, necromancer: string): string | null {
  const contacts = getPlayer(state, necromancer).contacts;
  for (let i = contacts.length - 1; i >= 0; i--) {
    const c = getPlayer(state, contacts[i]!);
    if (factionOf(c) !== 'village') return c.id;
  }
  return null;
}

/** LUP-11.3: the current faction's players, dead included, plus an anchored Negromante. */
export function winnersOf(state: LupusState, winner: string): string[] {
  if (winner === 'draw') return [];
  return state.players
    .filter((p) => {
      if (factionOf(p) === winner) return true;
      if (p.role !== 'negromante') return false;
      const anchor = anchorOf(state, p.id);
      return anchor !== null && factionOf(getPlayer(state, anchor)) === winner;
    })
    .map((p) => p.id);
}

/** LUP-5.4 / LUP-11.5: checks victory once; on a win ends the match and returns `match-ended`. */
export function checkVictory(state: LupusState): GameEvent[] {
  const winner = winnerNow(state);
  if (!winner) return [];
  state.winner = winner;
  state.winners = winnersOf(state, winner);
  state.phase = null;
  state.runoff = null;
  return [
    {
      kind: 'match-ended',
      to: 'public',
      winner,
      winners: state.winners,
      roles: Object.fromEntries(state.players.map((p) => [p.id, p.role])),
    },
  ];
}
