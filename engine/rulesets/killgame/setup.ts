// Setup (§2, KG-1.2, KG-8.3 opening, §18 scenario keys): players, teams, monsters, first phase.
import type { Rng } from '../../core/rng.js';
import { RulesetError, type GameEvent, type SetupInput } from '../../core/types.js';
import { ENERGY_CAP, ITEM_IDS, ROSTER } from './catalog.js';
import { closingTurn, indexMap, type MapIndex } from './map.js';
import { drawRegime } from './market.js';
import { placeMonsters } from './monsters.js';
import { defaultLoadout } from './projection.js';
import { settingsSchema, type KillGameSettings } from './settings.js';
import { ev, mapDefOf, phaseId, type KG, type PlayerState } from './state.js';

const PLAYER_KEYS = ['team', 'zone', 'inventory', 'energy', 'tokens', 'approval', 'persuasion', 'poison', 'reloading'];
const SETUP_KEYS = ['startTurn', 'monsters', 'doubleDamage'];
const MONSTER_KEYS = ['id', 'species', 'zone', 'energy'];

const bad = (message: string) => new RulesetError('invalid-scenario-value', message);

function intIn(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw bad(`${what} must be a whole number in ${min}–${max}.`);
  }
  return value;
}

function parseSettings(raw: unknown): KillGameSettings {
  const parsed = settingsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const code = (issue as { params?: { code?: string } }).params?.code ?? 'invalid-settings';
    throw new RulesetError(code, `${issue.path.join('.') || 'settings'}: ${issue.message}`);
  }
  return parsed.data;
}

export function setupMatch(input: SetupInput<KillGameSettings>): { state: KG; events: GameEvent[] } {
  const settings = parseSettings(input.settings);
  const map = indexMap(mapDefOf(settings));
  const rng = input.rng;
  const fixedSetup = input.setup ?? {};
  for (const key of Object.keys(fixedSetup)) {
    if (!SETUP_KEYS.includes(key)) throw new RulesetError('unknown-scenario-key', `Unknown setup key "${key}".`);
  }
  const startTurn = fixedSetup.startTurn === undefined ? 1 : intIn(fixedSetup.startTurn, 1, 1000, 'setup.startTurn');
  if (fixedSetup.doubleDamage !== undefined && typeof fixedSetup.doubleDamage !== 'boolean') {
    throw bad('setup.doubleDamage must be a boolean.');
  }
  checkPlayerCount(settings, input.players.length);

  const fixed = input.players.map((sp) => sp.fixed ?? {});
  const players: PlayerState[] = input.players.map((sp, i) => fixedPlayer(settings, map, sp.id, sp.name, fixed[i]!, startTurn));
  if (new Set(players.map((p) => p.id)).size !== players.length) throw bad('Player ids must be distinct.');

  const state: KG = {
    settings,
    players,
    monsters: [],
    monstersCreated: 0,
    phase: { kind: 'tactic', turn: startTurn },
    openingPhase: phaseId({ kind: 'tactic', turn: startTurn }),
    // KG-18.2 zones whose closing turn is before the opening turn are already closed.
    closed: map.def.zones
      .filter((z) => {
        const t = closingTurn(z, settings['first-closing-turn']);
        return t !== null && t < startTurn;
      })
      .map((z) => z.id),
    smokeEnd: {},
    gasEnd: {},
    doubleDamage: fixedSetup.doubleDamage === true,
    regime: null,
    deathsThisPhase: 0,
    winner: null,
    winners: [],
  };
  // KG-18.2 with a later start there is no shop: default loadout unless the backpack is fixed.
  if (startTurn > 1) {
    for (const [i, p] of players.entries()) {
      if (p.inventoryFixed) continue;
      const gear = defaultLoadout(state, { ...p, tokens: settings.budget });
      p.inventory = gear.inventory;
      if (fixed[i]!.tokens === undefined) p.tokens = gear.tokens;
    }
  }

  const events: GameEvent[] = [];
  dealTeams(state, fixed, rng);
  // KG-1.3 team knowledge.
  if (settings.mode !== 'free-for-all') {
    const teams = [...new Set(players.map((p) => p.team!))];
    for (const team of teams) {
      const members = players.filter((p) => p.team === team).map((p) => p.id);
      for (const id of members) events.push(ev('team-revealed', id, { team, members }));
    }
  }

  // KG-11.3 monsters, or the scenario's (KG-18.2).
  if (fixedSetup.monsters !== undefined) fixedMonsters(state, map, fixedSetup.monsters, events);
  else placeMonsters(state, map, settings.monsters, rng, events);

  // KG-8.3 a tactic phase of turn ≥ 2 opens with a market regime.
  if (startTurn >= 2) {
    state.regime = drawRegime(rng);
    events.push(ev('market-open', 'public', { turn: startTurn, regime: state.regime }));
  }
  return { state, events };
}

/** KG-2.1 player count. */
function checkPlayerCount(s: KillGameSettings, n: number): void {
  if (n < s['min-players'] || n > s['max-players']) {
    throw new RulesetError('player-count', `A match needs ${s['min-players']}–${s['max-players']} players; there are ${n}.`);
  }
  if (s.mode === 'teams' && n < s.teams) throw new RulesetError('player-count', `Teams mode needs at least ${s.teams} players.`);
  if (s.mode === 'districts' && n < 3) throw new RulesetError('player-count', 'Districts mode needs at least 3 players.');
}

/** One player at the opening, with the scenario's fixed keys (KG-18.1). */
function fixedPlayer(
  s: KillGameSettings,
  map: MapIndex,
  id: string,
  name: string,
  fixed: Record<string, unknown>,
  startTurn: number,
): PlayerState {
  for (const key of Object.keys(fixed)) {
    if (!PLAYER_KEYS.includes(key)) throw new RulesetError('unknown-scenario-key', `Unknown player key "${key}" (player ${id}).`);
  }
  const p: PlayerState = {
    id,
    name,
    alive: true,
    team: null,
    zone: null,
    lastActionZone: null,
    lastActionSmoked: false,
    energy: ENERGY_CAP,
    approval: 0,
    persuasion: 40,
    tokens: s.budget,
    poison: 0,
    inventory: {},
    firedTurn: null,
    zoneFixed: false,
    inventoryFixed: false,
  };
  if (fixed.zone !== undefined) {
    if (typeof fixed.zone !== 'string' || map.zone[fixed.zone] === undefined) {
      throw new RulesetError('unknown-id', `Unknown zone "${String(fixed.zone)}" (player ${id}).`);
    }
    p.zone = fixed.zone;
    p.zoneFixed = true;
    if (startTurn > 1) p.lastActionZone = fixed.zone;
  } else if (startTurn > 1) {
    throw bad(`With startTurn > 1 every player needs a fixed zone (player ${id}).`);
  }
  if (fixed.inventory !== undefined) {
    const inv = fixed.inventory;
    if (inv === null || typeof inv !== 'object' || Array.isArray(inv)) throw bad(`inventory of ${id} must be an object.`);
    for (const [item, n] of Object.entries(inv as Record<string, unknown>)) {
      if (!ITEM_IDS.includes(item)) throw new RulesetError('unknown-id', `Unknown item "${item}" (player ${id}).`);
      const k = intIn(n, 0, 100000, `inventory.${item} of ${id}`);
      if (k > 0) p.inventory[item] = k;
    }
    p.inventoryFixed = true;
    p.tokens = 0;
  }
  if (fixed.team !== undefined) {
    const pattern = s.mode === 'teams' ? /^team-[1-9]\d*$/ : s.mode === 'districts' ? /^district-[1-9]\d*$/ : null;
    if (typeof fixed.team !== 'string' || pattern === null || !pattern.test(fixed.team)) {
      throw new RulesetError('unknown-id', `Unknown team "${String(fixed.team)}" in mode ${s.mode} (player ${id}).`);
    }
    p.team = fixed.team;
  }
  if (fixed.energy !== undefined) p.energy = intIn(fixed.energy, 1, ENERGY_CAP, `energy of ${id}`);
  if (fixed.tokens !== undefined) p.tokens = intIn(fixed.tokens, 0, 10_000_000, `tokens of ${id}`);
  if (fixed.approval !== undefined) p.approval = intIn(fixed.approval, -1000, 1000, `approval of ${id}`);
  if (fixed.persuasion !== undefined) p.persuasion = intIn(fixed.persuasion, 0, 100, `persuasion of ${id}`);
  if (fixed.poison !== undefined) p.poison = intIn(fixed.poison, 0, s.weapons.crossbow['poison-turns'], `poison of ${id}`);
  if (fixed.reloading !== undefined) {
    if (typeof fixed.reloading !== 'boolean') throw bad(`reloading of ${id} must be a boolean.`);
    if (fixed.reloading) p.firedTurn = startTurn - 1;
  }
  return p;
}

/** KG-1.2 shuffled round-robin teams, or consecutive pairs for districts; fixed teams stay. */
function dealTeams(state: KG, fixed: Array<Record<string, unknown>>, rng: Rng): void {
  const mode = state.settings.mode;
  if (mode === 'free-for-all') return;
  const free = state.players.filter((_, i) => fixed[i]!.team === undefined);
  const order = rng.shuffle(free);
  order.forEach((p, i) => {
    p.team = mode === 'teams' ? `team-${(i % state.settings.teams) + 1}` : `district-${Math.floor(i / 2) + 1}`;
  });
}

/** KG-18.2 the scenario's monsters replace the placement. */
function fixedMonsters(state: KG, map: MapIndex, raw: unknown, events: GameEvent[]): void {
  if (!Array.isArray(raw)) throw bad('setup.monsters must be a list.');
  const zones = new Set<string>();
  raw.forEach((entry: unknown, i) => {
    if (entry === null || typeof entry !== 'object') throw bad('setup.monsters entries must be objects.');
    const m = entry as Record<string, unknown>;
    for (const key of Object.keys(m)) {
      if (!MONSTER_KEYS.includes(key)) throw new RulesetError('unknown-scenario-key', `Unknown monster key "${key}".`);
    }
    if (m.id !== `m${i + 1}`) throw new RulesetError('unknown-id', `Monster ${i + 1} must have id "m${i + 1}", not "${String(m.id)}".`);
    const roster = ROSTER.find((r) => r.species === m.species);
    if (!roster) throw new RulesetError('unknown-id', `Unknown monster species "${String(m.species)}".`);
    if (typeof m.zone !== 'string' || map.zone[m.zone] === undefined) {
      throw new RulesetError('unknown-id', `Unknown zone "${String(m.zone)}" for monster ${String(m.id)}.`);
    }
    if (zones.has(m.zone)) throw bad(`Two monsters in zone "${m.zone}".`);
    zones.add(m.zone);
    const energy = m.energy === undefined ? roster.damage : intIn(m.energy, 1, 1000, `energy of ${String(m.id)}`);
    state.monsters.push({ id: m.id as string, species: roster.species, zone: m.zone, energy, alive: true });
    events.push(ev('monster-spawned', 'public', { monster: m.id, species: roster.species }));
  });
  state.monstersCreated = raw.length;
}
