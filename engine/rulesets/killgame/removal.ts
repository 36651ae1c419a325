// KG-1.8 removal after the start (modkill): a death with cause `removed`, nothing revealed.
import type { GameEvent, PendingAction } from '../../core/types.js';
import { endCheck, killPlayer } from './ending.js';
import { clone, ev, type KG } from './state.js';

export function remove(
  state: KG,
  player: string,
  pending: PendingAction[],
): { state: KG; events: GameEvent[]; withdrawn: Array<{ owner: string; slot: string }> } {
  const next = clone(state);
  const events: GameEvent[] = [];
  const target = next.players.find((p) => p.id === player);
  if (!target || !target.alive || next.phase === null) return { state: next, events, withdrawn: [] };
  killPlayer(next, player);
  events.push(ev('player-died', 'public', { player, cause: 'removed' }));
  // Every other player's pending action that names him is withdrawn.
  const withdrawn = pending
    .filter((p) => p.owner !== player)
    .filter((p) => {
      const a = p.action;
      return a.target === player || (Array.isArray(a.targets) && a.targets.includes(player));
    })
    .map((p) => ({ owner: p.owner, slot: p.slot }));
  endCheck(next, events);
  return { state: next, events, withdrawn };
}
