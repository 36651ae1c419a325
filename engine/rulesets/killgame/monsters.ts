// Monsters (§11): roster, placement, random movement, attacks, replacement.
import type { Rng } from '../../core/rng.js';
import type { GameEvent } from '../../core/types.js';
import { MONSTER_STOP_LIVING, ROSTER, speciesDamage } from './catalog.js';
import type { MapIndex } from './map.js';
import { ev, isClosed, isSmoked, type KG, type MonsterState, type PlayerState } from './state.js';
import type { Sounds } from './vision.js';

/** KG-11.2 the k-th monster created: id `m<k>`, species at roster position (k − 1) mod 6. */
export function createMonster(state: KG, zone: string): MonsterState {
  state.monstersCreated += 1;
  const k = state.monstersCreated;
  const r = ROSTER[(k - 1) % ROSTER.length]!;
  const monster: MonsterState = { id: `m${k}`, species: r.species, zone, energy: r.damage, alive: true };
  state.monsters.push(monster);
  return monster;
}

/** Active zones a monster may be placed in (never the central zone while rations are on). */
function placeable(state: KG, map: MapIndex): string[] {
  const taken = new Set(state.monsters.filter((m) => m.alive).map((m) => m.zone));
  return map.zones.filter((z) => !isClosed(state, z) && !taken.has(z) && !(state.settings['k-rations'] && z === map.central));
}

/** KG-11.3 placement when the match opens: random active zones holding no monster. */
export function placeMonsters(state: KG, map: MapIndex, n: number, rng: Rng, events: GameEvent[]): void {
  for (let i = 0; i < n; i++) {
    const zones = placeable(state, map);
    if (zones.length === 0) return;
    const m = createMonster(state, rng.pick(zones));
    events.push(ev('monster-spawned', 'public', { monster: m.id, species: m.species }));
  }
}

/** KG-11.4 T8: in creation order, each monster steps to a random adjacent active zone with no monster. */
export function moveMonsters(state: KG, map: MapIndex, rng: Rng): void {
  for (const m of state.monsters) {
    if (!m.alive) continue;
    const taken = new Set(state.monsters.filter((o) => o.alive).map((o) => o.zone));
    const options = (map.neighbours[m.zone] ?? []).filter((z) => !isClosed(state, z) && !taken.has(z));
    if (options.length > 0) m.zone = rng.pick(options);
  }
}

/** KG-11.7 A5: each surviving monster hits ⌈E/2⌉ random eligible players in its zone. */
export function monsterAttacks(
  state: KG,
  byZone: Map<string, PlayerState[]>,
  amulets: Set<string>,
  turn: number,
  rng: Rng,
  sounds: Sounds,
  events: GameEvent[],
): void {
  for (const m of state.monsters) {
    if (!m.alive) continue;
    const here = (byZone.get(m.zone) ?? []).filter((p) => p.energy > 0);
    const eligible = here.filter((p) => !amulets.has(p.id));
    if (eligible.length === 0) continue;
    const victims = rng.shuffle(eligible).slice(0, Math.ceil(eligible.length / 2));
    // Hits in match order, whatever order the draw gave.
    const chosen = new Set(victims.map((v) => v.id));
    const smoked = isSmoked(state, m.zone, turn);
    const damage = speciesDamage(m.species);
    for (const v of eligible) {
      if (!chosen.has(v.id)) continue;
      v.energy -= damage;
      if (smoked) {
        events.push(ev('hit', v.id, { source: 'unknown', damage }));
        continue;
      }
      events.push(ev('hit', v.id, { source: 'monster', by: m.id, damage }));
      const witnesses = here.filter((w) => w.id !== v.id).map((w) => w.id);
      if (witnesses.length > 0)
        events.push({ ...ev('witnessed', witnesses[0]!, { by: m.id, target: v.id, weapon: 'monster' }), audience: witnesses });
    }
    if (!smoked) sounds.add(m.zone, 'monster');
  }
}

/** KG-11.8 A13: a new monster per monster dead this phase while more than 4 players live. */
export function replaceMonsters(state: KG, map: MapIndex, died: number, rng: Rng, events: GameEvent[]): void {
  for (let i = 0; i < died; i++) {
    const livingPlayers = state.players.filter((p) => p.alive);
    if (livingPlayers.length <= MONSTER_STOP_LIVING) return;
    const zones = placeable(state, map);
    if (zones.length === 0) return;
    const occupied = new Set(livingPlayers.map((p) => p.zone));
    const empty = zones.filter((z) => !occupied.has(z));
    const m = createMonster(state, rng.pick(empty.length > 0 ? empty : zones));
    events.push(ev('monster-spawned', 'public', { monster: m.id, species: m.species }));
  }
}
