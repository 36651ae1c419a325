// A2 attacks (§5, §7, KG-8.2): weapon hits, explosives, smoke picks; all simultaneous.
import type { Rng } from '../../core/rng.js';
import type { GameEvent, PendingAction } from '../../core/types.js';
import { FIREARMS, isFirearm, isKnife, KNIVES, RELOADING_WEAPONS } from './catalog.js';
import { weaponStats } from './settings.js';
import { addItem, count, ev, held, isSmoked, teammates, type KG, type MonsterState, type PlayerState } from './state.js';
import type { Sounds } from './vision.js';

/** What A2 leaves for the later steps. */
export interface CombatOutcome {
  /** Players who hit an opponent with a weapon or threw an explosive (KG-14.1 +1). */
  aggressive: Set<string>;
  /** Players hit by at least one crossbow bolt (KG-5.6). */
  bolted: Set<string>;
}

export interface Worn {
  vest: Set<string>;
  mask: Set<string>;
  amulet: Set<string>;
}

/** KG-5.8 the damage of one weapon hit on a player. */
export function hitDamage(weapon: string, base: number, double: boolean, vest: boolean, reinforced: boolean): number {
  const d = double ? base * 2 : base;
  if (!vest) return d;
  if (isKnife(weapon) || weapon === 'fists') return 0;
  if (weapon === 'flamethrower' || weapon === 'crossbow') return d;
  return reinforced ? 0 : Math.trunc(d / 2);
}

type Victim = { player: PlayerState } | { monster: MonsterState };

export function resolveAttacks(
  state: KG,
  attacks: PendingAction[],
  byZone: Map<string, PlayerState[]>,
  worn: Worn,
  rng: Rng,
  sounds: Sounds,
  events: GameEvent[],
): CombatOutcome {
  const turn = state.phase!.turn;
  const out: CombatOutcome = { aggressive: new Set(), bolted: new Set() };
  const players = new Map(state.players.map((p) => [p.id, p]));
  const monstersIn = new Map<string, MonsterState[]>();
  for (const m of state.monsters) {
    if (!m.alive) continue;
    const list = monstersIn.get(m.zone);
    if (list) list.push(m);
    else monstersIn.set(m.zone, [m]);
  }
  const monsterById = new Map(state.monsters.map((m) => [m.id, m]));

  // Weapon attacks, attackers in match order (smoke picks are drawn in that order).
  const byOwner = new Map(attacks.map((a) => [a.owner, a]));
  for (const attacker of state.players) {
    const a = byOwner.get(attacker.id);
    if (!a || !['shoot', 'stab', 'punch'].includes(a.action.type)) continue;
    weaponAttack(attacker, a.action.targets as string[], a.action.type);
  }

  // KG-7.3 explosives: per target zone the first two by submission time take effect.
  const explosives = attacks.filter((a) => a.action.type === 'grenade' || a.action.type === 'c4').sort((x, y) => x.seq - y.seq);
  const perZone = new Map<string, number>();
  for (const a of explosives) {
    const thrower = players.get(a.owner)!;
    const item = a.action.type;
    const zone = a.action.zone as string;
    addItem(thrower.inventory, item, -1);
    out.aggressive.add(thrower.id);
    const n = (perZone.get(zone) ?? 0) + 1;
    perZone.set(zone, n);
    if (n > 2) {
      events.push(ev('explosive-wasted', thrower.id, { item, zone }));
      continue;
    }
    explode(thrower, item, zone);
  }
  return out;

  function weaponAttack(attacker: PlayerState, targets: string[], type: string): void {
    const weapon = type === 'shoot' ? held(attacker.inventory, FIREARMS)! : type === 'stab' ? held(attacker.inventory, KNIVES)! : 'fists';
    const zone = attacker.zone!;
    const smoked = isSmoked(state, zone, turn);
    const base = weaponStats(state.settings, weapon).damage;
    let victims: Victim[];
    if (smoked) {
      // KG-16.4 presences: other living players in match order, then monsters.
      const presences: Victim[] = [
        ...(byZone.get(zone) ?? []).filter((p) => p.id !== attacker.id).map((player) => ({ player })),
        ...(monstersIn.get(zone) ?? []).map((monster) => ({ monster })),
      ];
      victims = weapon === 'flamethrower' ? rng.shuffle(presences).slice(0, targets.length) : targets.map(() => rng.pick(presences));
    } else {
      victims = targets.map((t) => {
        const p = players.get(t);
        return p ? { player: p } : { monster: monsterById.get(t)! };
      });
    }
    const seen = new Set<string>();
    for (const v of victims) {
      const victimId = 'player' in v ? v.player.id : v.monster.id;
      let damage: number;
      if ('player' in v) {
        const reinforced = count(v.player.inventory, 'reinforced-vests') > 0;
        damage = hitDamage(weapon, base, state.doubleDamage, worn.vest.has(victimId), reinforced);
        v.player.energy -= damage;
        if (!teammates(attacker, v.player)) out.aggressive.add(attacker.id);
        if (weapon === 'crossbow') out.bolted.add(victimId);
        events.push(ev('hit', victimId, smoked ? { source: 'unknown', damage } : { source: weapon, by: attacker.id, damage }));
      } else {
        // KG-5.10: monsters are hit like players, vests irrelevant.
        damage = state.doubleDamage ? base * 2 : base;
        v.monster.energy -= damage;
        out.aggressive.add(attacker.id);
      }
      events.push(ev('attack-result', attacker.id, smoked ? { weapon, target: 'presence' } : { weapon, target: victimId, damage }));
      if (!smoked && !seen.has(victimId)) {
        seen.add(victimId);
        // KG-16.2 one witnessed event per bystander, produced once with its audience.
        const witnesses: string[] = [];
        for (const w of byZone.get(zone) ?? []) if (w.id !== attacker.id && w.id !== victimId) witnesses.push(w.id);
        if (witnesses.length > 0)
          events.push({ kind: 'witnessed', to: witnesses[0]!, by: attacker.id, target: victimId, weapon, audience: witnesses });
      }
    }
    if (isFirearm(weapon) && !smoked) sounds.add(zone, 'gunfire');
    // KG-5.4 a fired machine gun or shotgun reloads next action phase.
    if (RELOADING_WEAPONS.includes(weapon)) attacker.firedTurn = turn;
  }

  function explode(thrower: PlayerState, item: string, zone: string): void {
    const smoked = isSmoked(state, zone, turn);
    const base = item === 'grenade' ? state.settings['grenade-damage'] : state.settings['c4-damage'];
    const damage = state.doubleDamage ? base * 2 : base;
    for (const p of byZone.get(zone) ?? []) {
      p.energy -= damage;
      events.push(ev('hit', p.id, { source: smoked ? 'unknown' : item, damage }));
      events.push(
        ev('attack-result', thrower.id, smoked ? { weapon: item, target: 'presence', zone } : { weapon: item, target: p.id, damage, zone }),
      );
    }
    for (const m of monstersIn.get(zone) ?? []) {
      m.energy -= damage;
      events.push(
        ev('attack-result', thrower.id, smoked ? { weapon: item, target: 'presence', zone } : { weapon: item, target: m.id, damage, zone }),
      );
    }
    if (!smoked) sounds.add(zone, 'explosion');
  }
}
