// What each reader may see (MAF-7.1 specialties are secret, MAF-10.5, 12.8), channels and posts (MAF-2.12).
import { rosterOf } from '../../core/seats.js';
import type { MafiaRejection } from './reasons.js';
import type { ChannelInfo, Posted, Viewer } from '../../core/types.js';
import { BANDITS, PUBLIC } from './ids.js';
import { activeCopies } from './inventory.js';
import { catalogOf, findPlayer, inTown, phaseId, roleOf, specialtyActive } from './state.js';
import type { MafiaState, PlayerState } from './state.js';
import { statsOf } from './stats.js';
import { reject } from './validate-common.js';

/** Public per-player facts: name and whether he is in town, jailed, away, dead or removed. */
const publicPlayer = (p: PlayerState) => ({
  id: p.id,
  name: p.name,
  alive: p.status === 'in-town' || p.status === 'away',
  state: p.status,
});

/** The public roster: the public view's players, seat by seat. */
export const rosterOfTown = (state: MafiaState) => rosterOf(state.players.map(publicPlayer));

const board = (state: MafiaState) => ({ lastVote: state.lastVote });

function myItems(state: MafiaState, p: PlayerState) {
  const cat = catalogOf(state);
  const acting = new Set(activeCopies(state, p).map((c) => c.uid));
  return p.items.map((c) => {
    const def = cat.item.get(c.item);
    return {
      item: c.item,
      rarity: def?.rarity ?? null,
      active: acting.has(c.uid),
      starting: c.starting,
      ...(c.charges !== null ? { charges: c.charges } : {}),
      ...(c.lastUse !== null ? { lastUse: c.lastUse } : {}),
      ...(c.enchant ? { enchant: { bonus: c.enchant.bonus, value: c.enchant.value } } : {}),
      ...(c.points ? { points: c.points } : {}),
    };
  });
}

/** What he knows of his own effects: the ones he was told of, and the traps he set. */
function myStatuses(state: MafiaState, p: PlayerState) {
  const at = state.phase ?? { kind: 'day' as const, n: 0 };
  return {
    cursed: p.fx.curse > 0,
    poisoned: p.fx.poison !== null,
    paralysed: p.fx.paralysis,
    prepared: p.fx.prepared,
    transformation: p.fx.transformation?.form ?? null,
    marks: p.fx.marks.map((m) => m.mark),
    trapsSet: state.players.filter((q) => q.fx.traps.some((t) => t.setter === p.id)).map((q) => q.id),
    specialtySuspended: !specialtyActive(p, at),
    spent: p.spent,
    maySwitchSpecialty: state.switchOpen && state.switchBandit === p.id,
    mayLastWords: state.lastWords?.player === p.id && p.status === 'jailed',
  };
}

export function viewOf(state: MafiaState, viewer: Viewer): unknown {
  const phase = state.phase ? phaseId(state.phase) : null;
  if (viewer.as === 'gm') return { phase, state };
  const players = state.players.map(publicPlayer);
  if (viewer.as === 'public') return { phase, players, board: board(state) };
  const me = findPlayer(state, viewer.id);
  if (!me) return { phase, players, board: board(state) };
  // MAF-1.7: bandits know each other (and their specializations); nobody learns a specialty.
  const known: Record<string, { role: string; faction: string }> = {};
  if (me.team === 'bandits')
    for (const p of state.players) if (p.team === 'bandits' && p.id !== me.id) known[p.id] = { role: roleOf(p), faction: p.team };
  return {
    phase,
    me: {
      ...publicPlayer(me),
      team: me.team,
      faction: me.team,
      role: roleOf(me),
      specialization: me.specialization,
      specialty: me.specialty,
      stats: statsOf(state, me, state.phase ?? { kind: 'day', n: 0 }),
      inventory: myItems(state, me),
      maps: me.maps,
      found: me.found,
      statuses: myStatuses(state, me),
    },
    players,
    known,
    board: board(state),
  };
}

export function channelsOf(state: MafiaState): ChannelInfo[] {
  const inTownIds = state.players.filter(inTown).map((p) => p.id);
  const bandits = state.players.filter((p) => inTown(p) && p.team === 'bandits').map((p) => p.id);
  return [
    { id: PUBLIC, readers: state.players.map((p) => p.id), writers: inTownIds },
    { id: BANDITS, readers: bandits, writers: bandits },
  ];
}

export function postMessage(state: MafiaState, player: string, channel: string, text: string): Posted | MafiaRejection {
  const info = channelsOf(state).find((c) => c.id === channel);
  if (!info || !info.writers.includes(player)) return reject('channel-forbidden');
  if (typeof text !== 'string' || text.length === 0) return reject('field-missing', 'The message is empty.');
  return { ok: true, events: [{ kind: 'message', to: channel, from: player, text }] };
}
