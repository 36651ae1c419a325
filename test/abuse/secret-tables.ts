// One started match per ruleset whose players hold secrets, for the abuse and side-channel suites
// (issue 13: they run for all three rulesets). Each table names what is secret in its ruleset
// (LUP roles and the pack; MAF roles, specialties, items and the bandits; KG teams, zones and
// inventory, KG-16.3) and one player with a secret action to send.
import type { client } from '../setup/stack.js';

export type Api = ReturnType<typeof client>;
export type RulesetId = 'lupus' | 'mafia' | 'killgame';

export interface Seat {
  id: string;
  /** Hidden facts given at the start (role, team): what the deal would otherwise decide. */
  fixed: Record<string, unknown>;
  /** Join options (Mafia's secret specialty). */
  options?: Record<string, unknown>;
}

export interface Table {
  matchId: string;
  gm: string;
  tokens: Record<string, string>;
}

export interface SecretTable {
  ruleset: RulesetId;
  /** The public table of the match (sorted where it lists roles, so that it says nothing about seats). */
  settings: Record<string, unknown>;
  seats: Seat[];
  /** The same seats with the hidden facts moved to other seats; everything public stays the same. */
  swapped: Seat[];
  /** Players who share their secrets (the pack, the bandits, a team): each group knows its members. */
  allies: string[][];
  /** The private channel and its members, or null when the ruleset has none (Kill Game). */
  channel: { id: string; members: string[] } | null;
  /** Phases to close (nobody acting) before the holder's secret action is open. */
  openPhases: number;
  /** How long the phase after the holder's (a fixed length, not a time of day), in minutes. */
  nextPhaseMinutes: number | null;
  /** The player with a secret action and the slot it fills. */
  holder: string;
  slot: string;
  /** Secret actions for that slot; each replaces the one before, the last one is kept. */
  acts: object[];
  /** A secret action of the holder in a later phase (the next one he acts in). */
  later: object;
  /** Players who hold no part of anyone's secret in `seats` nor in `swapped`. */
  onlookers: string[];
  /** An action an onlooker tries on what is not his (the pack's kill, a bandit's gun), refused. */
  intrusion: object | null;
  /** Event kinds that only a player or a channel ever receives. */
  privateKinds: string[];
  /** What a hidden fact looks like in JSON: never in the public record. */
  secretMarks: RegExp[];
}

const LUPUS: Seat[] = [
  { id: 'anna', fixed: { role: 'veggente-gufato' } },
  { id: 'bruno', fixed: { role: 'lupo-mannaro' } },
  { id: 'carla', fixed: { role: 'zucca-semplice' } },
  { id: 'dario', fixed: { role: 'bambina' } },
  { id: 'elena', fixed: { role: 'lupo-segugio' } },
  { id: 'fabio', fixed: { role: 'zucca-semplice' } },
  { id: 'gina', fixed: { role: 'zucca-semplice' } },
];

const MAFIA: Seat[] = [
  { id: 'p1', fixed: { role: 'boss' }, options: { specialty: 'mage' } },
  { id: 'p2', fixed: { role: 'bandit' }, options: { specialty: 'archaeologist' } },
  { id: 'p3', fixed: { role: 'townsperson' }, options: { specialty: 'archaeologist' } },
  { id: 'p4', fixed: { role: 'townsperson' }, options: { specialty: 'blacksmith' } },
  { id: 'p5', fixed: { role: 'townsperson' }, options: { specialty: 'mage' } },
  { id: 'p6', fixed: { role: 'townsperson' }, options: { specialty: 'archaeologist' } },
  { id: 'p7', fixed: { role: 'townsperson' }, options: { specialty: 'blacksmith' } },
  { id: 'p8', fixed: { role: 'townsperson' }, options: { specialty: 'mage' } },
];

const KILLGAME: Seat[] = [
  { id: 'p1', fixed: { team: 'team-1' } },
  { id: 'p2', fixed: { team: 'team-2' } },
  { id: 'p3', fixed: { team: 'team-1' } },
  { id: 'p4', fixed: { team: 'team-2' } },
];

/** Seats with the hidden facts (and options) of seats i and j exchanged. */
function swap(seats: Seat[], pairs: Array<[number, number]>): Seat[] {
  const out = seats.map((s) => ({ ...s }));
  for (const [i, j] of pairs) {
    [out[i]!.fixed, out[j]!.fixed] = [out[j]!.fixed, out[i]!.fixed];
    [out[i]!.options, out[j]!.options] = [out[j]!.options, out[i]!.options];
  }
  return out;
}

export const SECRET_TABLES: Record<RulesetId, SecretTable> = {
  lupus: {
    ruleset: 'lupus',
    settings: { 'player-count': 7, roles: LUPUS.map((s) => s.fixed.role as string).sort(), 'tie-rule': 'no-lynch' },
    seats: LUPUS,
    // The wolves move to other seats (carla and gina); the table of roles stays the same.
    swapped: swap(LUPUS, [
      [1, 2],
      [4, 6],
    ]),
    allies: [['bruno', 'elena']],
    channel: { id: 'pack', members: ['bruno', 'elena'] },
    openPhases: 0,
    nextPhaseMinutes: 2880,
    holder: 'anna',
    slot: 'investigate',
    acts: ['carla', 'dario', 'fabio', 'elena', 'bruno'].map((target) => ({ type: 'investigate', target })),
    later: { type: 'investigate', target: 'elena' },
    onlookers: ['dario', 'fabio'],
    intrusion: { type: 'maul', target: 'anna' },
    privateKinds: ['investigation-result', 'maul-result', 'role-assigned', 'pack-roster'],
    // The table of roles is public (settings); who holds which is not.
    secretMarks: [/"role":/],
  },
  mafia: {
    ruleset: 'mafia',
    settings: {},
    seats: MAFIA,
    // The boss and his bandit move to p3 and p5, with their specialties.
    swapped: swap(MAFIA, [
      [0, 2],
      [1, 4],
    ]),
    allies: [['p1', 'p2']],
    channel: { id: 'bandits', members: ['p1', 'p2'] },
    // Night 1: a preparation leaves no public trace (MAF-4.19).
    openPhases: 1,
    nextPhaseMinutes: 1440,
    holder: 'p1',
    slot: 'basic',
    acts: [{ type: 'prepare-theft' }, { type: 'prepare-search' }, { type: 'prepare-theft' }, { type: 'prepare-search' }],
    later: { type: 'prepare-theft' },
    onlookers: ['p4', 'p6', 'p7', 'p8'],
    intrusion: { type: 'use-item', item: 'revolver', target: 'p1' },
    privateKinds: ['role-assigned', 'bandit-team', 'action-succeeded', 'action-failed'],
    secretMarks: [/"role":/, /"specialty"/, /"specialization"/, /"team":"bandits"/, /"boss"/, /revolver/],
  },
  killgame: {
    ruleset: 'killgame',
    settings: { map: 'classica', monsters: 0, mode: 'teams', teams: 2 },
    seats: KILLGAME,
    swapped: swap(KILLGAME, [[1, 2]]),
    allies: [
      ['p1', 'p3'],
      ['p2', 'p4'],
    ],
    channel: null,
    openPhases: 0,
    // KG-3.2: phases open at times of day.
    nextPhaseMinutes: null,
    holder: 'p1',
    slot: 'shop',
    acts: [{ knife: 1 }, { medikit: 2 }, { shotgun: 1 }, { shotgun: 1, medikit: 1 }].map((items) => ({ type: 'shop', items })),
    // Action 1: everyone stands at the default start zone (KG-2.4), so a punch can reach.
    later: { type: 'punch', targets: ['p2'] },
    onlookers: ['p4'],
    intrusion: null,
    privateKinds: ['team-revealed', 'placed', 'loadout', 'zone-view', 'purchase'],
    secretMarks: [/"team":"team-/, /"inventory"/, /"shotgun":1/, /"members":/],
  },
};

export const RULESETS = Object.values(SECRET_TABLES);

const capital = (id: string) => id[0]!.toUpperCase() + id.slice(1);

/** A sandbox match of the table (its seats or the swapped ones), joined and started. */
export async function startSecret(
  api: Api,
  table: SecretTable,
  options: { seed: string; swapped?: boolean; settings?: Record<string, unknown>; name?: string },
): Promise<Table> {
  const must = (r: { status: number; body: any }, what: string) => {
    if (r.status >= 300) throw new Error(`${table.ruleset} ${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const seats = options.swapped ? table.swapped : table.seats;
  const created = must(
    await api.post('/api/matches', {
      ruleset: table.ruleset,
      name: options.name ?? `Secrets ${table.ruleset}`,
      sandbox: true,
      settings: { ...table.settings, ...options.settings },
    }),
    'create',
  );
  const tokens: Record<string, string> = {};
  for (const s of seats) {
    const joined = must(
      await api.post(`/api/matches/${created.matchId}/players`, {
        name: capital(s.id),
        playerId: s.id,
        ...(s.options ? { options: s.options } : {}),
      }),
      'join',
    );
    tokens[s.id] = joined.token;
  }
  const players = Object.fromEntries(seats.map((s) => [s.id, s.fixed]));
  must(await api.post(`/api/matches/${created.matchId}/start`, { seed: options.seed, dice: 'natural', players }, created.gmToken), 'start');
  return { matchId: created.matchId, gm: created.gmToken, tokens };
}

/** Closes the phases before the holder's secret action, with nobody acting. */
export async function openSecretPhase(api: Api, table: SecretTable, t: Table): Promise<void> {
  for (let i = 0; i < table.openPhases; i++) {
    const phase = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
    const r = await api.post(`/api/matches/${t.matchId}/resolve`, { phase }, t.gm);
    if (r.status !== 200) throw new Error(`${table.ruleset} resolve ${phase}: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/** Closes the open phase (whatever it is called in the ruleset). */
export async function closePhase(api: Api, t: Table): Promise<string> {
  const phase = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
  const r = await api.post(`/api/matches/${t.matchId}/resolve`, { phase }, t.gm);
  if (r.status !== 200) throw new Error(`resolve ${phase}: ${r.status} ${JSON.stringify(r.body)}`);
  return phase;
}
