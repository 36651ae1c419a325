// KG-8.1 closing a tactic phase: gear, antidotes, medikits, smoke and gas, positions,
// eviction, closed zones, monsters, deaths, end check, double damage, zone views.
import type { Rng } from '../../core/rng.js';
import type { GameEvent, PendingAction } from '../../core/types.js';
import { EVICTION_DAMAGE, FIREARMS } from './catalog.js';
import { doubleDamageCheck, deathsStep, endCheck } from './ending.js';
import type { MapIndex } from './map.js';
import { buyPrice, sellPrice } from './market.js';
import { moveMonsters } from './monsters.js';
import { defaultLoadout, medikitHeal } from './projection.js';
import { addItem, ev, held, isClosed, phaseId, type KG, type PlayerState } from './state.js';
import { zoneViews } from './vision.js';

export function closeTactic(state: KG, map: MapIndex, valid: Map<string, PendingAction[]>, rng: Rng, events: GameEvent[]): void {
  const turn = state.phase!.turn;
  const s = state.settings;
  const players = new Map(state.players.map((p) => [p.id, p]));
  const all = [...valid.values()].flat().sort((a, b) => a.seq - b.seq);
  const ofType = (type: string) => all.filter((a) => a.action.type === type);
  const mine = (p: PlayerState) => valid.get(p.id) ?? [];

  // T1 gear.
  if (turn === 1) {
    for (const p of state.players) {
      if (!p.alive || p.inventoryFixed) continue;
      const shop = mine(p).find((a) => a.action.type === 'shop');
      if (shop) {
        const items = shop.action.items as Record<string, number>;
        let cost = 0;
        for (const [item, n] of Object.entries(items)) {
          addItem(p.inventory, item, n);
          cost += (s.prices as Record<string, number>)[item]! * n;
        }
        if (s['k-rations']) addItem(p.inventory, 'k-ration', s['free-k-rations']);
        p.tokens -= cost;
        events.push(ev('loadout', p.id, { default: false, tokens: p.tokens }));
      } else {
        // KG-2.5 default loadout, KG-2.4 free rations.
        const gear = defaultLoadout(state, p);
        for (const [item, n] of Object.entries(gear.inventory)) addItem(p.inventory, item, n);
        p.tokens = gear.tokens;
        events.push(ev('loadout', p.id, { default: true, tokens: p.tokens }));
      }
    }
  } else {
    for (const p of state.players) {
      for (const a of mine(p)) {
        if (a.action.type !== 'buy' && a.action.type !== 'sell') continue;
        const item = a.action.item as string;
        const n = a.action.count as number;
        if (a.action.type === 'buy') {
          const price = buyPrice(s, state.regime ?? 'unchanged', item) * n;
          p.tokens -= price;
          addItem(p.inventory, item, n);
          // KG-5.4 a newly bought firearm is ready.
          if ((FIREARMS as readonly string[]).includes(item)) p.firedTurn = null;
          events.push(ev('trade', p.id, { op: 'buy', item, count: n, price, tokens: p.tokens }));
        } else {
          const price = sellPrice(s, item) * n;
          p.tokens += price;
          addItem(p.inventory, item, -n);
          if (held(p.inventory, FIREARMS) === null) p.firedTurn = null;
          events.push(ev('trade', p.id, { op: 'sell', item, count: n, price, tokens: p.tokens }));
        }
      }
    }
  }

  // T2 antidotes.
  for (const a of ofType('antidote')) {
    const p = players.get(a.owner)!;
    addItem(p.inventory, 'antidote', -1);
    p.poison = 0;
    events.push(ev('antidote-taken', p.id));
  }

  // T3 medikits, in global submission order.
  for (const a of ofType('medikit')) {
    const user = players.get(a.owner)!;
    const target = players.get(a.action.target as string)!;
    addItem(user.inventory, 'medikit', -1);
    // ⌈missing·40 %⌉ never exceeds what is missing: the energy stays within the cap.
    const amount = medikitHeal(target.energy);
    target.energy += amount;
    events.push(ev('healed', target.id, { by: user.id, amount }));
  }

  // T4 smoke and gas land, before the moves.
  for (const a of all) {
    if (a.action.type !== 'smoke' && a.action.type !== 'gas') continue;
    const p = players.get(a.owner)!;
    const zone = a.action.zone as string;
    if (a.action.type === 'smoke') {
      addItem(p.inventory, 'smoke-grenade', -1);
      state.smokeEnd[zone] = Math.max(state.smokeEnd[zone] ?? 0, turn + s['smoke-turns'] - 1);
      events.push(ev('smoke-landed', p.id, { zone }));
    } else {
      addItem(p.inventory, 'gas-canister', -1);
      state.gasEnd[zone] = Math.max(state.gasEnd[zone] ?? 0, turn + s['gas-turns'] - 1);
      events.push(ev('gas-landed', p.id, { zone }));
    }
  }

  // T5 positions.
  for (const p of state.players) {
    if (!p.alive) continue;
    const pos = mine(p).find((a) => a.action.type === 'start' || a.action.type === 'move');
    if (turn === 1) {
      if (p.zoneFixed) {
        events.push(ev('placed', p.id, { zone: p.zone, default: false }));
        continue;
      }
      const chosen = pos?.action.type === 'start' ? (pos.action.zone as string) : null;
      p.zone = chosen ?? map.initial;
      events.push(ev('placed', p.id, { zone: p.zone, default: chosen === null }));
    } else if (pos?.action.type === 'move') {
      p.zone = pos.action.zone as string;
    }
  }

  // T6 KG-10.4 central stay limit.
  if (turn >= 2 && s['k-rations']) {
    for (const p of state.players) {
      if (!p.alive || p.zone !== map.central || p.lastActionZone !== map.central) continue;
      const exits = (map.neighbours[map.central] ?? []).filter((z) => !isClosed(state, z));
      p.energy -= EVICTION_DAMAGE;
      const zone = exits.length > 0 ? rng.pick(exits) : map.central;
      p.zone = zone;
      events.push(ev('evicted', p.id, { from: map.central, zone, damage: EVICTION_DAMAGE }));
    }
  }

  // T7 KG-9.4 closed-zone damage.
  const damage = s['closed-zone-damage'];
  for (const p of state.players) {
    if (!p.alive || p.zone === null || !isClosed(state, p.zone)) continue;
    p.energy -= damage;
    events.push(ev('closed-zone-damage', p.id, { zone: p.zone, damage }));
  }

  // T8 KG-11.4 monsters move, except at the close of the match's opening phase.
  if (phaseId(state.phase!) !== state.openingPhase) moveMonsters(state, map, rng);

  // T9–T12.
  deathsStep(state, events);
  if (endCheck(state, events)) return;
  doubleDamageCheck(state, events);
  zoneViews(state, map, turn, events);

  state.phase = { kind: 'action', turn };
  state.regime = null;
}
