// Views (KG-16.3): what a player, the public and the GM may see; facts for scenario assertions.
import { seatOf } from '../../core/seats.js';
import type { Facts, Viewer } from '../../core/types.js';
import { ITEM_IDS } from './catalog.js';
import { buyPrice, forSale, sellPrice } from './market.js';
import { closingTurn } from './map.js';
import { findPlayer, mapOf, phaseId, type KG } from './state.js';
import { describeZone } from './vision.js';

function board(state: KG) {
  const map = mapOf(state);
  const s = state.settings;
  return {
    map: {
      name: map.def.name,
      initialZone: map.initial,
      centralZone: map.central,
      finalZones: map.def.finalZones,
      zones: map.def.zones.map((z) => ({
        id: z.id,
        name: z.name,
        x: z.x,
        y: z.y,
        closes: z.closes,
        start: z.start,
        neighbours: map.neighbours[z.id],
      })),
    },
    turn: state.phase?.turn ?? null,
    closed: [...state.closed],
    // KG-9.3: the zones that close at the end of this turn (step A12).
    closing: state.phase
      ? map.def.zones
          .filter((z) => {
            const t = closingTurn(z, s['first-closing-turn']);
            return t !== null && t <= state.phase!.turn && !state.closed.includes(z.id);
          })
          .map((z) => z.id)
      : [],
    doubleDamage: state.doubleDamage,
    market:
      state.regime === null
        ? null
        : {
            regime: state.regime,
            buy: Object.fromEntries(ITEM_IDS.filter((i) => forSale(s, i)).map((i) => [i, buyPrice(s, state.regime!, i)])),
            sell: Object.fromEntries(ITEM_IDS.filter((i) => forSale(s, i)).map((i) => [i, sellPrice(s, i)])),
          },
    // Public knowledge from the public events (spawns and deaths), never positions.
    monsters: state.monsters.map((m) => ({ id: m.id, species: m.species, alive: m.alive })),
    winner: state.winner,
  };
}

const publicPlayers = (state: KG) => state.players.map(seatOf);

export function view(state: KG, viewer: Viewer): unknown {
  const phase = state.phase ? phaseId(state.phase) : null;
  if (viewer.as === 'gm') return { phase, state };
  if (viewer.as === 'public') return { phase, players: publicPlayers(state), board: board(state) };
  const me = findPlayer(state, viewer.id);
  if (!me) return { phase, players: publicPlayers(state), board: board(state) };
  const known: Record<string, { faction: string }> = {};
  // KG-1.3 a player knows his own team's members, nobody else's.
  if (me.team !== null) {
    for (const p of state.players) if (p.id !== me.id && p.team === me.team) known[p.id] = { faction: me.team };
  }
  const turn = state.phase?.turn ?? 0;
  const map = mapOf(state);
  const here =
    me.alive && me.zone !== null && state.phase !== null
      ? describeZone(
          state,
          map,
          me.zone,
          turn,
          me.id,
          state.players.filter((p) => p.alive && p.zone === me.zone),
        )
      : null;
  return {
    phase,
    me: {
      ...seatOf(me),
      ...(me.team !== null ? { team: me.team, faction: me.team } : {}),
      zone: me.zone,
      stats: { energy: me.energy, approval: me.approval, persuasion: me.persuasion, tokens: me.tokens, poison: me.poison },
      inventory: { ...me.inventory },
      statuses: {
        reloading: state.phase?.kind === 'action' && me.firedTurn !== null && me.firedTurn === turn - 1,
        poisoned: me.poison > 0,
      },
    },
    players: publicPlayers(state),
    known,
    board: { ...board(state), here },
  };
}

export function facts(state: KG): Facts {
  const stats: Record<string, Record<string, number>> = {};
  const zone: Record<string, string> = {};
  const inventory: Record<string, Record<string, number>> = {};
  const faction: Record<string, string> = {};
  for (const p of state.players) {
    stats[p.id] = { energy: p.energy, approval: p.approval, persuasion: p.persuasion, tokens: p.tokens, poison: p.poison };
    if (p.zone !== null) zone[p.id] = p.zone;
    inventory[p.id] = Object.fromEntries(ITEM_IDS.map((i) => [i, p.inventory[i] ?? 0]));
    if (p.team !== null) faction[p.id] = p.team;
  }
  for (const m of state.monsters) {
    stats[m.id] = { energy: Math.max(0, m.energy) };
    if (m.alive) zone[m.id] = m.zone;
  }
  const result: Facts = {
    alive: state.players.filter((p) => p.alive).map((p) => p.id),
    dead: state.players.filter((p) => !p.alive).map((p) => p.id),
    stats,
    zone,
    inventory,
  };
  if (Object.keys(faction).length > 0) result.faction = faction;
  return result;
}
