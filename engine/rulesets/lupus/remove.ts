// LUP-10.6 (D-38): a GM removal after the start is an immediate death that reveals nothing.
import type { GameEvent, PendingAction } from '../../core/types.js';
import { kill } from './deaths.js';
import type { LupusState } from './state.js';
import { cloneState, findPlayer, inSeatOrder } from './state.js';
import { checkVictory } from './victory.js';

const PLAYER_FIELDS = ['target', 'owl', 'mauler', 'backup'];

export function remove(
  current: LupusState,
  playerId: string,
  pending: PendingAction[],
): { state: LupusState; events: GameEvent[]; withdrawn: Array<{ owner: string; slot: string }> } {
  const state = cloneState(current);
  const player = findPlayer(state, playerId);
  if (!player || !player.alive || !state.phase) return { state, events: [], withdrawn: [] };

  const events: GameEvent[] = [kill(state, player, 'removed')!];
  // His own slots (and a pack maul he filled last) are the platform's to drop; withdraw what names him.
  const naming = pending.filter(
    (a) => a.owner !== playerId && a.player !== playerId && PLAYER_FIELDS.some((f) => a.action[f] === playerId),
  );
  const withdrawn = naming.map((a) => ({ owner: a.owner, slot: a.slot }));
  if (state.phase.kind === 'day') {
    const voters = naming.filter((a) => a.slot === 'ballot').map((a) => a.owner);
    for (const voter of inSeatOrder(state, voters)) events.push({ kind: 'vote-withdrawn', to: 'public', voter });
  }
  if (state.runoff) state.runoff = state.runoff.filter((id) => id !== playerId);
  events.push(...checkVictory(state));
  return { state, events, withdrawn };
}
