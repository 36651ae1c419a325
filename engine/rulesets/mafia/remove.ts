// MAF-1.19: a removal by the GM after the start (a modkill): he leaves the town for good.
import type { GameEvent, PendingAction } from '../../core/types.js';
import { BANDITS, PUBLIC } from './ids.js';
import { dropMarksOf, leaveTown } from './loss.js';
import { winner } from './report.js';
import { clone, findPlayer } from './state.js';
import type { MafiaState } from './state.js';

export function removePlayer(
  before: MafiaState,
  player: string,
  pending: PendingAction[],
): { state: MafiaState; events: GameEvent[]; withdrawn: Array<{ owner: string; slot: string }> } {
  const state = clone(before);
  const p = findPlayer(state, player);
  if (!p || p.status === 'removed') return { state, events: [], withdrawn: [] };
  // MAF-1.10: nothing but the fact and the cause is public.
  const events: GameEvent[] = [{ kind: 'left-town', to: PUBLIC, player, cause: 'removed' }];
  const privates: GameEvent[] = [];
  leaveTown(state, p, 'removed', (e) => privates.push(e));
  dropMarksOf(state, player);
  if (state.lastWords?.player === player) state.lastWords = null;
  if (state.switchBandit === player) state.switchOpen = false;
  const withdrawn: Array<{ owner: string; slot: string }> = [];
  for (const a of pending) {
    // His team Destruction goes with his own actions (the platform drops those by player).
    if (a.player === player) {
      if (a.owner === BANDITS) withdrawn.push({ owner: a.owner, slot: a.slot });
      continue;
    }
    if (a.action.target !== player) continue;
    withdrawn.push({ owner: a.owner, slot: a.slot });
    if (a.action.type === 'vote') events.push({ kind: 'vote-withdrawn', to: PUBLIC, voter: a.player });
  }
  events.push(...privates);
  // MAF-1.13: the win check runs at once.
  const w = winner(state);
  if (w) {
    state.winner = w;
    state.phase = null;
    events.push({ kind: 'match-ended', to: PUBLIC, winner: w });
  }
  return { state, events, withdrawn };
}
