// Section 12: who reads and writes which channel, and posting.
import type { LupusRejection } from './reasons.js';
import type { ChannelInfo, Posted } from '../../core/types.js';
import { no } from './actions.js';
import type { LupusState } from './state.js';
import { inSeatOrder, isPack } from './state.js';

export function channels(state: LupusState): ChannelInfo[] {
  const everyone = state.players.map((p) => p.id);
  const alive = state.players.filter((p) => p.alive).map((p) => p.id);
  // LUP-12.2 (D-31): the Lupo Spirito keeps the pack channel after death.
  const pack = state.players.filter((p) => isPack(p) && (p.alive || p.role === 'lupo-spirito')).map((p) => p.id);
  const list: ChannelInfo[] = [
    { id: 'public', readers: everyone, writers: alive },
    { id: 'pack', readers: pack, writers: pack },
  ];
  // LUP-12.3
  if (state.rules.cemetery) {
    const dead = state.players.filter((p) => !p.alive).map((p) => p.id);
    list.push({ id: 'cemetery', readers: dead, writers: dead });
  }
  // LUP-12.4: one channel per contacted player, his Negromante(s) and him, alive or dead.
  const spiritIds = [...new Set(state.spirits.map((s) => s.id))];
  for (const id of spiritIds) {
    const members = state.spirits.filter((s) => s.id === id).flatMap((s) => [s.necromancer, s.target]);
    const seated = inSeatOrder(state, members);
    list.push({ id, readers: seated, writers: seated });
  }
  return list;
}

/** LUP-12.1, LUP-12.4: the message, from "spirit" when the Negromante speaks in a spirit channel. */
export function post(state: LupusState, player: string, channel: string, text: string): Posted | LupusRejection {
  const info = typeof channel === 'string' ? channels(state).find((c) => c.id === channel) : undefined;
  if (!info || !info.writers.includes(player)) return no('channel-forbidden', 'you cannot write in this channel now');
  const anonymous = state.spirits.some((s) => s.id === channel && s.necromancer === player);
  return {
    ok: true,
    events: [{ kind: 'message', to: channel, from: anonymous ? 'spirit' : player, text: typeof text === 'string' ? text : '' }],
  };
}
