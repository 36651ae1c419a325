// What a player may do now, with legal choices, for the page's forms (built on the same checks).
import type { AvailableAction, FieldSpec, PendingAction } from '../../core/types.js';
import { ITEM_IDS, itemClass } from './catalog.js';
import { basePrice, forSale } from './market.js';
import { ownActions } from './projection.js';
import { findPlayer, isSmoked, mapOf, presencesIn, type KG } from './state.js';
import { attackWeapon, checkAction, freshSlot, replayOwn, singleSlot } from './validate.js';

export function available(state: KG, player: string, pending: PendingAction[]): AvailableAction[] {
  const me = findPlayer(state, player);
  if (!me || !me.alive || state.phase === null) return [];
  const map = mapOf(state);
  const turn = state.phase.turn;
  const out: AvailableAction[] = [];
  const own = ownActions(pending, player);

  /** Offers `type` when a probe with these fields passes the real checks (or passes but for its choice). */
  const offer = (type: string, fields: Record<string, FieldSpec>, probe: Record<string, unknown> | null) => {
    const slot = singleSlot(type);
    const others = own.filter((p) => slot === null || p.slot !== slot);
    const { proj } = replayOwn(state, me, others, type === 'shop');
    if (probe !== null) {
      const verdict = checkAction({ state, map, me, proj, turn }, { type, ...probe });
      if (!verdict.ok) return;
    }
    const entry: AvailableAction = { type, slot: slot ?? freshSlot(type, pending, player), fields };
    const stored = slot === null ? undefined : own.find((p) => p.slot === slot);
    if (stored) entry.submitted = stored.action;
    out.push(entry);
  };
  const zonesPassing = (type: string, extra: Record<string, unknown> = {}) => {
    const slot = singleSlot(type);
    const { proj } = replayOwn(state, me, own.filter((p) => slot === null || p.slot !== slot));
    return map.zones.filter((zone) => checkAction({ state, map, me, proj, turn }, { type, zone, ...extra }).ok);
  };

  if (state.phase.kind === 'tactic') {
    if (turn === 1) {
      const starts = zonesPassing('start');
      if (starts.length > 0) offer('start', { zone: { kind: 'zone', options: starts, required: true } }, null);
      const prices: Record<string, number> = {};
      for (const id of ITEM_IDS) if (id !== 'k-ration' || state.settings['k-rations']) prices[id] = basePrice(state.settings, id);
      offer('shop', { items: { kind: 'counts', options: prices, budget: me.tokens } }, { items: {} });
    } else {
      const moves = zonesPassing('move');
      if (moves.length > 0) offer('move', { zone: { kind: 'zone', options: moves, required: true } }, null);
      offer('stay', {}, {});
      const smoke = zonesPassing('smoke');
      if (smoke.length > 0) offer('smoke', { zone: { kind: 'zone', options: smoke, required: true } }, null);
      const gas = zonesPassing('gas');
      if (gas.length > 0) offer('gas', { zone: { kind: 'zone', options: gas, required: true } }, null);
      const buyable = ITEM_IDS.filter((id) => forSale(state.settings, id) && itemClass(id) !== 'option');
      const current = replayOwn(state, me, own).proj;
      const canBuy = buyable.filter((item) => checkAction({ state, map, me, proj: current, turn }, { type: 'buy', item, count: 1 }).ok);
      if (canBuy.length > 0) {
        offer('buy', { item: { kind: 'choice', options: canBuy, required: true }, count: { kind: 'number', min: 1, max: state.settings['market-trades'], required: false } }, null);
      }
      const sellable = Object.keys(current.inventory).filter((id) => forSale(state.settings, id));
      if (sellable.length > 0) {
        offer('sell', { item: { kind: 'choice', options: sellable, required: true }, count: { kind: 'number', min: 1, max: 100, required: false } }, null);
      }
    }
    const now = replayOwn(state, me, own).proj;
    const healable = state.players
      .filter((p) => p.alive && checkAction({ state, map, me, proj: now, turn }, { type: 'medikit', target: p.id }).ok)
      .map((p) => p.id);
    if (healable.length > 0) offer('medikit', { target: { kind: 'player', options: healable, required: false } }, null);
    offer('antidote', {}, {});
    return out;
  }

  // Action phase.
  const zone = me.zone ?? '';
  const smoked = isSmoked(state, zone, turn);
  const targets = smoked ? ['presence'] : presencesIn(state, zone, me.id);
  const { proj } = replayOwn(state, me, own.filter((p) => p.slot !== 'attack'));
  for (const type of ['shoot', 'stab', 'punch']) {
    const weapon = attackWeapon({ proj, turn }, type);
    if (typeof weapon !== 'string' || (!smoked && targets.length === 0)) continue;
    if (smoked && presencesIn(state, zone, me.id).length === 0) continue;
    const max = weapon === 'flamethrower' ? Math.max(1, smoked ? presencesIn(state, zone, me.id).length : targets.length) : (state.settings.weapons as Record<string, { shots: number }>)[weapon]!.shots;
    offer(type, { targets: { kind: 'players', options: targets, min: 1, max } }, null);
  }
  for (const type of ['grenade', 'c4']) {
    const zones = zonesPassing(type);
    if (zones.length > 0) offer(type, { zone: { kind: 'zone', options: zones, required: true } }, null);
  }
  offer('vest', {}, {});
  offer('gas-mask', {}, {});
  offer('amulet', {}, {});
  offer('shout', {}, {});
  return out;
}
