// What a player may do now, with the legal choices, for the page's forms. Every choice offered
// is one the real checks (validate.ts) accept against the player's projection.
import type { AvailableAction, FieldSpec, PendingAction } from '../../core/types.js';
import { ITEM_IDS, itemClass } from './catalog.js';
import type { MapIndex } from './map.js';
import { basePrice, forSale } from './market.js';
import { ownActions, type Projection } from './projection.js';
import { weaponStats } from './settings.js';
import { findPlayer, isSmoked, mapOf, presencesIn, type KG, type PlayerState } from './state.js';
import { attackWeapon, checkAction, freshSlot, replayOwn, singleSlot } from './validate.js';

interface Offers {
  state: KG;
  map: MapIndex;
  me: PlayerState;
  turn: number;
  own: PendingAction[];
  pending: PendingAction[];
  out: AvailableAction[];
}

/** The projection a new action of `type` is validated against (its own slot left out). */
function projectionFor(o: Offers, type: string): Projection {
  const slot = singleSlot(type);
  return replayOwn(
    o.state,
    o.me,
    o.own.filter((p) => slot === null || p.slot !== slot),
  ).proj;
}

function passes(o: Offers, proj: Projection, action: { type: string } & Record<string, unknown>): boolean {
  return checkAction({ state: o.state, map: o.map, me: o.me, proj, turn: o.turn }, action).ok;
}

/** Adds one offer, with what the player has stored in its slot. */
function offer(o: Offers, type: string, fields: Record<string, FieldSpec>): void {
  const slot = singleSlot(type);
  const entry: AvailableAction = { type, slot: slot ?? freshSlot(type, o.pending, o.me.id), fields };
  const stored = slot === null ? undefined : o.own.find((p) => p.slot === slot);
  if (stored) entry.submitted = stored.action;
  o.out.push(entry);
}

/** Offers a field-less action when it passes. */
function offerPlain(o: Offers, type: string): void {
  if (passes(o, projectionFor(o, type), { type })) offer(o, type, {});
}

/** Offers a zone action with the zones that pass. */
function offerZones(o: Offers, type: string): void {
  const proj = projectionFor(o, type);
  const zones = o.map.zones.filter((zone) => passes(o, proj, { type, zone }));
  if (zones.length > 0) offer(o, type, { zone: { kind: 'zone', options: zones, required: true } });
}

function tacticOffers(o: Offers): void {
  const s = o.state.settings;
  if (o.turn === 1) {
    offerZones(o, 'start');
    if (passes(o, projectionFor(o, 'shop'), { type: 'shop', items: {} })) {
      const prices: Record<string, number> = {};
      for (const id of ITEM_IDS) if (id !== 'k-ration' || s['k-rations']) prices[id] = basePrice(s, id);
      offer(o, 'shop', { items: { kind: 'counts', options: prices, budget: o.me.tokens } });
    }
  } else {
    offerZones(o, 'move');
    offerPlain(o, 'stay');
    offerZones(o, 'smoke');
    offerZones(o, 'gas');
    const now = projectionFor(o, 'buy');
    const buyable = ITEM_IDS.filter((item) => itemClass(item) !== 'option' && passes(o, now, { type: 'buy', item, count: 1 }));
    if (buyable.length > 0) {
      offer(o, 'buy', {
        item: { kind: 'choice', options: buyable, required: true },
        count: { kind: 'number', min: 1, max: s['market-trades'], required: false },
      });
    }
    const sellable = Object.keys(now.inventory).filter((item) => forSale(s, item));
    if (sellable.length > 0) {
      offer(o, 'sell', {
        item: { kind: 'choice', options: sellable, required: true },
        count: { kind: 'number', min: 1, max: 100, required: false },
      });
    }
  }
  const now = projectionFor(o, 'medikit');
  const healable = o.state.players.filter((p) => p.alive && passes(o, now, { type: 'medikit', target: p.id })).map((p) => p.id);
  if (healable.length > 0) offer(o, 'medikit', { target: { kind: 'player', options: healable, required: false } });
  offerPlain(o, 'antidote');
}

function actionOffers(o: Offers): void {
  const zone = o.me.zone ?? '';
  const smoked = isSmoked(o.state, zone, o.turn);
  const present = presencesIn(o.state, zone, o.me.id);
  const proj = projectionFor(o, 'shoot');
  if (present.length > 0) {
    for (const type of ['shoot', 'stab', 'punch']) {
      const weapon = attackWeapon({ proj, turn: o.turn }, type);
      if (typeof weapon !== 'string') continue;
      // KG-4.7: in smoke only `presence` entries; the flamethrower takes each target once.
      const max = weapon === 'flamethrower' ? present.length : weaponStats(o.state.settings, weapon).shots;
      offer(o, type, { targets: { kind: 'players', options: smoked ? ['presence'] : present, min: 1, max } });
    }
  }
  offerZones(o, 'grenade');
  offerZones(o, 'c4');
  for (const type of ['vest', 'gas-mask', 'amulet', 'shout']) offerPlain(o, type);
}

export function available(state: KG, player: string, pending: PendingAction[]): AvailableAction[] {
  const me = findPlayer(state, player);
  if (!me || !me.alive || state.phase === null) return [];
  const o: Offers = { state, map: mapOf(state), me, turn: state.phase.turn, own: ownActions(pending, player), pending, out: [] };
  if (state.phase.kind === 'tactic') tacticOffers(o);
  else actionOffers(o);
  return o.out;
}
