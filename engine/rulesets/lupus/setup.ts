// Section 4 and 16: the deal (or a scenario's fixed roles) and the setup events.
import type { GameEvent, SetupInput } from '../../core/types.js';
import { RulesetError } from '../../core/types.js';
import type { RoleId } from './roles.js';
import { ROLES, isRoleId } from './roles.js';
import type { LupusSettings } from './settings.js';
import { PLAYER_RANGE } from './settings.js';
import type { LupusPlayer, LupusState } from './state.js';
import { isPack } from './state.js';

const PLAYER_KEYS = ['role', 'abstentions'];

export function newPlayer(id: string, name: string, role: RoleId, abstentions = 0): LupusPlayer {
  return {
    id,
    name,
    role,
    told: ROLES[role].told,
    alive: true,
    abstentions,
    praised: false,
    cursed: false,
    jinxed: false,
    praiseUsed: false,
    blessUsed: false,
    revealUsed: false,
    removeVoteDay: null,
    deflectionSpent: false,
    resurrections: 0,
    lastDream: null,
    lastSpy: null,
    actedOn: [],
    contacts: [],
    dracula: null,
    learned: {},
  };
}

/** LUP-16.1 / LUP-16.2: the scenario keys, checked before anything else. */
function scenarioRoles(input: SetupInput<LupusSettings>): { roles: RoleId[] | null; abstentions: number[] } {
  for (const key of Object.keys(input.setup ?? {})) {
    throw new RulesetError('unknown-scenario-key', `lupus has no setup key "${key}"`);
  }
  const abstentions: number[] = [];
  const roles: RoleId[] = [];
  for (const p of input.players) {
    for (const key of Object.keys(p.fixed ?? {})) {
      if (!PLAYER_KEYS.includes(key)) {
        throw new RulesetError('unknown-scenario-key', `lupus has no player key "${key}" (player ${p.id})`);
      }
    }
    const role = p.fixed?.role;
    if (role !== undefined) {
      if (!isRoleId(role)) throw new RulesetError('unknown-id', `unknown role "${String(role)}" (player ${p.id})`);
      if (role === 'vampiro-progenie') {
        throw new RulesetError('unknown-id', `role "vampiro-progenie" cannot be dealt (player ${p.id})`);
      }
      roles.push(role);
    }
    const count = p.fixed?.abstentions ?? 0;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      throw new RulesetError('invalid-setup', `abstentions must be an integer >= 0 (player ${p.id})`);
    }
    abstentions.push(count);
  }
  if (roles.length !== 0 && roles.length !== input.players.length) {
    throw new RulesetError('invalid-setup', 'either every player has "role" or none has');
  }
  if (roles.length !== 0) fixedTableFits(roles);
  return { roles: roles.length ? roles : null, abstentions };
}

/** LUP-16.1: a fixed table obeys LUP-4.2 and the 3–20 player range like any other. */
function fixedTableFits(roles: RoleId[]) {
  const { min, max } = PLAYER_RANGE;
  if (roles.length < min || roles.length > max) {
    throw new RulesetError('invalid-setup', `a fixed table seats ${min} to ${max} players, not ${roles.length}`, {
      reason: 'table-player-range',
      players: roles.length,
      min,
      max,
    });
  }
  if (!roles.some((r) => ROLES[r].faction !== 'village')) {
    throw new RulesetError('invalid-setup', 'a fixed table needs a pack, coven or lone role', { reason: 'table-no-hostile' });
  }
}

/** LUP-4.3: shuffle the table with the seeded RNG (forced dice: no shuffle), seat by seat. */
function deal(input: SetupInput<LupusSettings>): RoleId[] {
  const { settings, players, rng } = input;
  if (players.length !== settings['player-count'] || settings.roles.length !== players.length) {
    const message = `the table has ${settings.roles.length} roles and player-count ${settings['player-count']}, but ${players.length} players joined`;
    if (settings.roles.length !== settings['player-count']) {
      throw new RulesetError('invalid-settings', message, {
        reason: 'table-size',
        roles: settings.roles.length,
        playerCount: settings['player-count'],
      });
    }
    // The settings are right; the players who joined are not as many as they say.
    throw new RulesetError('seats-mismatch', message, {
      reason: 'seats-mismatch',
      joined: players.length,
      playerCount: settings['player-count'],
    });
  }
  return rng.shuffle(settings.roles);
}

export function setup(input: SetupInput<LupusSettings>): { state: LupusState; events: GameEvent[] } {
  const fixed = scenarioRoles(input);
  const roles = fixed.roles ?? deal(input);
  const players = input.players.map((p, i) => newPlayer(p.id, p.name, roles[i]!, fixed.abstentions[i] ?? 0));
  const s = input.settings;
  const state: LupusState = {
    rules: {
      maxAbstentions: s['max-abstentions'],
      cemetery: s.cemetery,
      tieRule: s['tie-rule'],
      splatter: s.splatter,
      difficulty: s.difficulty,
    },
    table: [...roles].sort(),
    players,
    phase: { kind: 'night', n: 1 },
    runoff: null,
    day: null,
    stakeDeaths: [],
    spirits: [],
    winner: null,
    winners: [],
  };

  // LUP-4.4 – LUP-4.6: the public table, each told role, the pack roster.
  const events: GameEvent[] = [{ kind: 'match-started', to: 'public', players: players.map((p) => p.id), table: state.table }];
  for (const p of players) {
    events.push({ kind: 'role-assigned', to: p.id, role: p.told, faction: ROLES[p.told].faction });
  }
  const pack = players.filter(isPack);
  if (pack.length > 0) {
    events.push({
      kind: 'pack-roster',
      to: 'pack',
      members: pack.map((p) => p.id),
      roles: Object.fromEntries(pack.map((p) => [p.id, p.role])),
    });
  }
  return { state, events };
}
