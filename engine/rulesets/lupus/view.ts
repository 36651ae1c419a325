// The projections of the state: a player's (only what he knows), the public's, the GM's.
import { seatOf } from '../../core/seats.js';
import type { Viewer } from '../../core/types.js';
import { channels } from './channels.js';
import { ROLES } from './roles.js';
import type { Learned, LupusState } from './state.js';
import { findPlayer, isPack, phaseId } from './state.js';

function publicPlayers(state: LupusState) {
  // LUP-10.3: roles are published only when the match ends (LUP-11.5).
  return state.players.map((p) => ({ ...seatOf(p), ...(state.winner ? { role: p.role } : {}) }));
}

function board(state: LupusState) {
  return {
    table: state.table,
    difficulty: state.rules.difficulty,
    runoff: state.runoff,
    winner: state.winner,
    ...(state.winner ? { winners: state.winners } : {}),
  };
}

/** What the rules let this player know about the others. */
function known(state: LupusState, viewerId: string): Record<string, Learned> {
  const me = findPlayer(state, viewerId)!;
  const out: Record<string, Learned> = {};
  for (const [id, what] of Object.entries(me.learned)) out[id] = { ...what };
  // LUP-4.6: the pack knows itself.
  if (isPack(me)) {
    for (const p of state.players) {
      if (p.id !== me.id && isPack(p)) out[p.id] = { ...out[p.id], role: p.role, faction: 'pack' };
    }
  }
  return out;
}

export function view(state: LupusState, viewer: Viewer): unknown {
  const phase = phaseId(state);
  if (viewer.as === 'gm') return { phase, state };
  if (viewer.as === 'public') return { phase, players: publicPlayers(state), board: board(state) };
  const me = findPlayer(state, viewer.id);
  if (!me) return { phase, players: publicPlayers(state), board: board(state) };
  return {
    phase,
    me: {
      ...seatOf(me),
      // LUP-4.5: the told role and its faction, never the hidden pumpkin.
      role: me.told,
      faction: ROLES[me.told].faction,
      abstentions: me.abstentions,
      channels: channels(state)
        .filter((c) => c.readers.includes(me.id))
        .map((c) => c.id),
    },
    players: publicPlayers(state),
    known: known(state, me.id),
    board: board(state),
  };
}
