// MAF-1.2–1.9, MAF-12.2–12.4: the deal, starting items, and the scenario's fixed keys.
import { RulesetError } from '../../core/types.js';
import type { GameEvent, SetupInput } from '../../core/types.js';
import { parseCatalog } from './catalog.js';
import { BANDITS, isOneOf, PUBLIC, ROLES, SPECIALIZATIONS, SPECIALTIES, TEAMS } from './ids.js';
import type { PlayerStatus, Specialization, Specialty, Team } from './ids.js';
import type { MafiaSettings } from './settings.js';
import { catalogOf, freshEffects, newCopy, parsePhaseId, roleOf } from './state.js';
import type { MafiaState, PhaseRef, PlayerState } from './state.js';
import { statsOf } from './stats.js';

const PLAYER_KEYS = ['role', 'team', 'specialization', 'specialty', 'inventory', 'maps', 'effects', 'state'];
const SETUP_KEYS = ['startPhase', 'switchBandit', 'destroyed'];
const STATES: PlayerStatus[] = ['in-town', 'jailed', 'dead', 'away'];

/** MAF-1.2 */
export function banditCount(n: number): number {
  if (n <= 10) return 2;
  if (n <= 14) return 3;
  if (n <= 19) return 4;
  return 5;
}

const unknownKey = (msg: string) => new RulesetError('unknown-scenario-key', msg);
const unknownId = (msg: string) => new RulesetError('unknown-id', msg);

interface Seat {
  id: string;
  name: string;
  specialty: Specialty;
  fixed: Record<string, unknown>;
  team: Team | null;
  specialization: Specialization | null;
  /** A fixed role `bandit` or fixed specialization: no specialization is dealt. */
  specFixed: boolean;
}

function readSeat(id: string, name: string, fixed: Record<string, unknown>, options: Record<string, unknown>): Seat | null {
  for (const key of Object.keys(fixed)) if (!PLAYER_KEYS.includes(key)) throw unknownKey(`unknown player key "${key}" (player ${id})`);
  const rawSpecialty = fixed.specialty ?? options.specialty;
  // MAF-1.9: a player without a specialty is left out of the match.
  if (rawSpecialty === undefined || rawSpecialty === null || rawSpecialty === '') return null;
  if (!isOneOf(SPECIALTIES, rawSpecialty)) throw unknownId(`unknown specialty "${String(rawSpecialty)}" (player ${id})`);
  const seat: Seat = { id, name, specialty: rawSpecialty, fixed, team: null, specialization: null, specFixed: false };
  if (fixed.role !== undefined) {
    if (!isOneOf(ROLES, fixed.role)) throw unknownId(`unknown role "${String(fixed.role)}" (player ${id})`);
    seat.team = fixed.role === 'townsperson' ? 'town' : 'bandits';
    seat.specFixed = seat.team === 'bandits';
    seat.specialization = isOneOf(SPECIALIZATIONS, fixed.role) ? fixed.role : null;
  } else if (fixed.team !== undefined) {
    if (!isOneOf(TEAMS, fixed.team)) throw unknownId(`unknown team "${String(fixed.team)}" (player ${id})`);
    seat.team = fixed.team;
  }
  if (fixed.specialization !== undefined) {
    if (seat.team !== 'bandits' || fixed.role !== undefined)
      throw unknownKey(`"specialization" goes only with team "bandits" (player ${id})`);
    if (!isOneOf(SPECIALIZATIONS, fixed.specialization))
      throw unknownId(`unknown specialization "${String(fixed.specialization)}" (player ${id})`);
    seat.specialization = fixed.specialization;
    seat.specFixed = true;
  }
  return seat;
}

function applyFixed(state: MafiaState, p: PlayerState, fixed: Record<string, unknown>, firstNight: number): void {
  const cat = catalogOf(state);
  const known = (item: unknown, what: string): string => {
    if (typeof item !== 'string' || !cat.item.has(item)) throw unknownId(`unknown item "${String(item)}" in ${what} (player ${p.id})`);
    return item;
  };
  if (fixed.inventory !== undefined) {
    if (!fixed.inventory || typeof fixed.inventory !== 'object') throw unknownKey(`"inventory" must be an object (player ${p.id})`);
    for (const [item, count] of Object.entries(fixed.inventory as Record<string, unknown>)) {
      known(item, 'inventory');
      const k = Number(count);
      for (let i = 0; i < k; i++) p.items.push(newCopy(state, item));
      // MAF-12.2: these count as openly found (MAF-3.13).
      if (k > 0 && !p.found.includes(item)) p.found.push(item);
    }
  }
  if (fixed.maps !== undefined) {
    if (!Array.isArray(fixed.maps)) throw unknownKey(`"maps" must be a list (player ${p.id})`);
    for (const m of fixed.maps) if (!p.maps.includes(known(m, 'maps'))) p.maps.push(m as string);
  }
  if (fixed.effects !== undefined) {
    if (!Array.isArray(fixed.effects)) throw unknownKey(`"effects" must be a list (player ${p.id})`);
    for (const entry of fixed.effects as Array<Record<string, unknown>>) {
      const value = Number(entry?.value ?? 0);
      switch (entry?.effect) {
        case 'curse':
          p.fx.curse = value;
          break;
        case 'luck':
          p.fx.luck = value;
          break;
        case 'blessing':
          p.fx.blessing = value;
          break;
        case 'poison': {
          const left = Number(entry.nightsLeft ?? 2);
          if (left !== 1 && left !== 2) throw unknownId(`poison nightsLeft must be 1 or 2 (player ${p.id})`);
          p.fx.poison = { night: firstNight - (3 - left) };
          break;
        }
        case 'paralysis':
          p.fx.paralysis = true;
          break;
        case 'prepared-search':
          p.fx.prepared.search = true;
          break;
        case 'prepared-theft':
          p.fx.prepared.theft = true;
          break;
        default:
          throw unknownId(`unknown effect "${String(entry?.effect)}" (player ${p.id})`);
      }
    }
  }
  if (fixed.state !== undefined) {
    if (!isOneOf(STATES, fixed.state)) throw unknownId(`unknown player state "${String(fixed.state)}" (player ${p.id})`);
    p.status = fixed.state;
  }
}

export function setupMatch(input: SetupInput<MafiaSettings>): { state: MafiaState; events: GameEvent[] } {
  const { rng, settings } = input;
  const fixedSetup = input.setup ?? {};
  for (const key of Object.keys(fixedSetup)) if (!SETUP_KEYS.includes(key)) throw unknownKey(`unknown setup key "${key}"`);
  const { catalog: rawCatalog, ...rules } = settings;
  const catalog = rawCatalog === undefined || rawCatalog === null ? null : parseCatalog(rawCatalog);

  const start: PhaseRef =
    fixedSetup.startPhase === undefined ? { kind: 'day', n: 1 } : (parsePhaseId(fixedSetup.startPhase) ?? { kind: 'day', n: 0 });
  if (start.n < 1) throw unknownId(`unknown startPhase "${String(fixedSetup.startPhase)}"`);

  const seats = input.players.map((pl) => readSeat(pl.id, pl.name, pl.fixed ?? {}, pl.options ?? {})).filter((s): s is Seat => s !== null);
  const n = seats.length;

  // MAF-1.2: deal the missing bandits among unfixed players (forced dice: the first in seat order).
  const fixedBandits = seats.filter((s) => s.team === 'bandits').length;
  const unfixed = seats.filter((s) => s.team === null);
  const needed = Math.max(0, banditCount(n) - fixedBandits);
  const drawn = new Set(rng.shuffle(unfixed.map((s) => s.id)).slice(0, needed));
  for (const s of unfixed) s.team = drawn.has(s.id) ? 'bandits' : 'town';

  // MAF-1.3: with 3+ bandits, distinct specializations at random (forced: boss, blocker, ... in seat order).
  const bandits = seats.filter((s) => s.team === 'bandits');
  if (bandits.length >= 3) {
    const taken = new Set(bandits.map((s) => s.specialization).filter((x) => x !== null));
    const pool = rng.shuffle(SPECIALIZATIONS.filter((x) => !taken.has(x)));
    for (const s of bandits) if (!s.specFixed && s.specialization === null) s.specialization = pool.shift() ?? null;
  }

  const state: MafiaState = {
    phase: start,
    winner: null,
    settings: rules,
    catalog,
    players: [],
    dealt: n,
    destroyed: [],
    destroyUsed: false,
    switchBandit: null,
    switchOpen: false,
    lastWords: null,
    nextUid: 1,
    reported: {},
    lastVote: null,
  };
  const cat = catalogOf(state);

  // MAF-1.4: starting bandit items, flagged starting.
  const startCount = n >= rules['bandit-items-large-min-players'] ? rules['bandit-items-large'] : rules['bandit-items'];
  for (const s of seats) {
    const p: PlayerState = {
      id: s.id,
      name: s.name,
      team: s.team ?? 'town',
      specialization: s.team === 'bandits' ? s.specialization : null,
      specialty: s.specialty,
      status: 'in-town',
      items: [],
      maps: [],
      found: [],
      fx: freshEffects(),
      spent: [],
      lastSmelt: null,
      lastEnchant: null,
      lastThingSearch: null,
      searchFails: 0,
      setUses: {},
      activeSet: null,
      suspendedThrough: null,
    };
    const startingItem = p.specialization ? cat.catalog.startingItems[p.specialization] : null;
    if (startingItem) for (let i = 0; i < startCount; i++) p.items.push(newCopy(state, startingItem, true));
    state.players.push(p);
    applyFixed(state, p, s.fixed, start.n);
  }

  if (Array.isArray(fixedSetup.destroyed)) {
    for (const id of fixedSetup.destroyed) {
      if (typeof id !== 'string' || cat.item.get(id)?.rarity !== 'legendary')
        throw unknownId(`"${String(id)}" in destroyed is not a legendary item`);
      state.destroyed.push(id);
    }
  } else if (fixedSetup.destroyed !== undefined) throw unknownKey('"destroyed" must be a list of legendary ids');

  // MAF-1.8: one bandit may switch his specialty during day 1 (3+ bandits).
  const banditPlayers = state.players.filter((p) => p.team === 'bandits');
  if (fixedSetup.switchBandit !== undefined) {
    const id = fixedSetup.switchBandit;
    if (id !== null && !state.players.some((p) => p.id === id)) throw unknownId(`switchBandit "${String(id)}" is not a player`);
    state.switchBandit = id as string | null;
  } else if (banditPlayers.length >= 3) {
    state.switchBandit = rng.pick(banditPlayers.map((p) => p.id));
  }
  state.switchOpen = state.switchBandit !== null && start.kind === 'day' && start.n === 1;

  const events: GameEvent[] = [{ kind: 'match-started', to: PUBLIC, players: n, bandits: banditPlayers.length }];
  for (const p of state.players) {
    const items: Record<string, number> = {};
    for (const c of p.items) if (c.starting) items[c.item] = (items[c.item] ?? 0) + 1;
    events.push({ kind: 'role-assigned', to: p.id, team: p.team, role: roleOf(p), specialty: p.specialty, items });
  }
  events.push({
    kind: 'bandit-team',
    to: BANDITS,
    members: banditPlayers.map((p) => ({ player: p.id, specialization: p.specialization })),
  });
  if (state.switchOpen && state.switchBandit) events.push({ kind: 'may-switch-specialty', to: state.switchBandit });

  for (const p of state.players) state.reported[p.id] = statsOf(state, p, start);
  return { state, events };
}
