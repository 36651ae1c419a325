// KG-8.2 closing an action phase: worn items, attacks, gas, monsters, poison, rations, shouts,
// approval, deaths, end check, zone closing, monster replacement, double damage, zone views.
import type { Rng } from '../../core/rng.js';
import type { GameEvent, PendingAction } from '../../core/types.js';
import { HUNGER_DAMAGE } from './catalog.js';
import { approvalStep, combatPart, shoutStep } from './audience.js';
import { resolveAttacks, type Worn } from './combat.js';
import { deathsStep, doubleDamageCheck, endCheck } from './ending.js';
import { closingTurn, type MapIndex } from './map.js';
import { drawRegime } from './market.js';
import { monsterAttacks, replaceMonsters } from './monsters.js';
import { addItem, count, ev, isGassed, isSmoked, type KG, type PlayerState } from './state.js';
import { playersByZone, Sounds, zoneViews } from './vision.js';

export function closeAction(state: KG, map: MapIndex, valid: Map<string, PendingAction[]>, rng: Rng, events: GameEvent[]): void {
  const turn = state.phase!.turn;
  const s = state.settings;
  const byZone = playersByZone(state);
  const zoneOf = new Map<string, string>();
  const monstersAtStart = new Map<string, number>();
  for (const m of state.monsters) if (m.alive) monstersAtStart.set(m.zone, (monstersAtStart.get(m.zone) ?? 0) + 1);
  for (const p of state.players) {
    if (!p.alive || p.zone === null) continue;
    zoneOf.set(p.id, p.zone);
    // Remembered for the next tactic phase: medikit partners (KG-6.1), stay limit (KG-10.4).
    p.lastActionZone = p.zone;
    p.lastActionSmoked = isSmoked(state, p.zone, turn);
  }
  const players = new Map(state.players.map((p) => [p.id, p]));
  const attacks: PendingAction[] = [];
  const shouters = new Set<string>();
  const worn: Worn = { vest: new Set(), mask: new Set(), amulet: new Set() };

  // A1 worn items are consumed and protect for this phase.
  for (const [owner, list] of valid) {
    const p = players.get(owner)!;
    for (const a of list) {
      const type = a.action.type;
      if (type === 'vest' || type === 'gas-mask' || type === 'amulet') {
        addItem(p.inventory, type, -1);
        (type === 'vest' ? worn.vest : type === 'gas-mask' ? worn.mask : worn.amulet).add(owner);
      } else if (type === 'shout') {
        shouters.add(owner);
      } else {
        attacks.push(a);
      }
    }
  }

  // A2 attacks.
  const sounds = new Sounds();
  const combat = resolveAttacks(state, attacks, byZone, worn, rng, sounds, events);
  sounds.emit(map, byZone, (p) => p.alive, events);

  const standing = (p: PlayerState) => p.alive && p.energy > 0;

  // A3 gas (KG-7.6): once per zone, never doubled.
  const gasDamage = s['gas-damage'];
  for (const [zone, here] of byZone) {
    if (!isGassed(state, zone, turn)) continue;
    for (const p of here) {
      if (!standing(p) || worn.mask.has(p.id)) continue;
      p.energy -= gasDamage;
      events.push(ev('gas-damage', p.id, { zone, damage: gasDamage }));
    }
  }
  for (const m of state.monsters) if (m.alive && isGassed(state, m.zone, turn)) m.energy -= gasDamage;

  // A4 monster deaths.
  let monstersDied = 0;
  for (const m of state.monsters) {
    if (!m.alive || m.energy > 0) continue;
    m.alive = false;
    m.energy = 0;
    monstersDied += 1;
    events.push(ev('monster-died', 'public', { monster: m.id }));
  }

  // A5 monster attacks.
  monsterAttacks(state, byZone, worn.amulet, turn, rng, sounds, events);
  sounds.emit(map, byZone, standing, events);

  // A6 poison: ticks, then new poisonings (KG-5.6).
  const poisonDamage = s.weapons.crossbow['poison-damage'];
  const poisonTurns = s.weapons.crossbow['poison-turns'];
  for (const p of state.players) {
    if (!standing(p) || p.poison <= 0) continue;
    p.energy -= poisonDamage;
    p.poison -= 1;
    events.push(ev('poison-damage', p.id, { damage: poisonDamage }));
  }
  for (const p of state.players) {
    if (!combat.bolted.has(p.id) || !standing(p)) continue;
    p.poison = poisonTurns;
    events.push(ev('poisoned', p.id, { turns: poisonTurns }));
  }

  // A7 K rations (KG-10.2, KG-10.3).
  if (s['k-rations']) {
    const found = s['central-k-rations'];
    for (const p of state.players) {
      if (!standing(p)) continue;
      if (p.zone === map.central && found > 0) {
        addItem(p.inventory, 'k-ration', found);
        events.push(ev('rations-found', p.id, { count: found }));
      }
      if (count(p.inventory, 'k-ration') > 0) {
        addItem(p.inventory, 'k-ration', -1);
      } else {
        p.energy -= HUNGER_DAMAGE;
        events.push(ev('hunger', p.id, { damage: HUNGER_DAMAGE }));
      }
    }
  }

  // A8 shouts (§15).
  const shouts = shoutStep(state, shouters, zoneOf, rng, events);

  // A9 approval, prizes and punishments (§14).
  approvalStep(
    state,
    (p) => {
      const mates = byZone.get(zoneOf.get(p.id) ?? '') ?? [];
      const combatChange = combatPart(state, p, combat.aggressive.has(p.id), mates, monstersAtStart.get(zoneOf.get(p.id) ?? '') ?? 0);
      const shout = shouts.get(p.id);
      return combatChange + (shout === undefined ? 0 : shout ? 2 : -2);
    },
    rng,
    events,
  );

  // A10–A11.
  deathsStep(state, events);
  if (endCheck(state, events)) return;

  // A12 zone closing (KG-9.3).
  for (const z of map.def.zones) {
    const t = closingTurn(z, s['first-closing-turn']);
    if (t === null || t > turn || state.closed.includes(z.id)) continue;
    state.closed.push(z.id);
    events.push(ev('zone-closed', 'public', { zone: z.id }));
  }

  // A13–A15.
  replaceMonsters(state, map, monstersDied, rng, events);
  doubleDamageCheck(state, events);
  zoneViews(state, map, turn + 1, events);

  // KG-8.3 the next tactic phase opens with a market regime.
  state.phase = { kind: 'tactic', turn: turn + 1 };
  state.regime = drawRegime(rng);
  events.push(ev('market-open', 'public', { turn: turn + 1, regime: state.regime }));
}
