// The match state (plain JSON) and the small helpers every part of the ruleset reads it with.
import { copyJson } from '../../core/copy.js';
import { indexCatalog, starterCatalog } from './catalog.js';
import type { Catalog, CatalogIndex, StatEffect, TriggerEffect } from './catalog.js';
import type { PlayerStatus, Specialization, Specialty, StatBlock, StatId, Team } from './ids.js';
import type { RuleSettings } from './settings.js';

export type PhaseKind = 'day' | 'night';
export interface PhaseRef {
  kind: PhaseKind;
  n: number;
}

/** One copy of an item in a bag. Charges, reload and points follow the copy (MAF-8.5, 8.7, 9.20). */
export interface ItemCopy {
  uid: number;
  item: string;
  /** A starting bandit item (MAF-1.4): kept in jail, ignored by the tie-break. */
  starting: boolean;
  charges: number | null;
  recharges: number;
  /** Phase number (of the item's kind) of the last carried-out use. */
  lastUse: number | null;
  enchant: { bonus: string; stat: StatId; value: number } | null;
  /** Night in which it was stolen (MAF-4.17). */
  stolenNight: number | null;
  points: number;
  /** Players this copy keeps transformed (MAF-9.12). */
  bearers: string[];
}

/** A stat change from an effect: held until lost, or for one day/night (phase number `n`). */
export interface Mod {
  stat: StatId;
  op: 'add' | 'set';
  value: number;
  kind: 'held' | 'day' | 'night';
  n: number;
}

export interface Mark {
  mark: string;
  item: string;
  uid: number;
  marker: string;
  passive: boolean;
  grants: StatEffect[];
}

export interface Trap {
  setter: string;
  item: string;
  onTrigger: TriggerEffect[];
}

export interface Transformation {
  form: string;
  item: string;
  uid: number;
  grants: StatEffect[];
}

/** Effects on a player (MAF-9); all annulled when he dies or is jailed (MAF-1.12). */
export interface Effects {
  curse: number;
  /** Luck given by effects (lost for good when a curse lands, MAF-9.5). */
  luck: number;
  blessing: number;
  /** The night he was poisoned; antidote nights are the two after it (MAF-9.3). */
  poison: { night: number } | null;
  paralysis: boolean;
  prepared: { search: boolean; theft: boolean };
  /** Day number on which his day actions do not count (MAF-9.16). */
  dayBlock: number | null;
  mods: Mod[];
  transformation: Transformation | null;
  marks: Mark[];
  traps: Trap[];
  /**
   * D47: the item copies (uids) whose fortune bonus is in effect, per effect; the same copy never
   * adds again while its first bonus lasts. Absent in states stored before D47.
   */
  fortuneFrom?: { luck: number[]; curse: number[] };
}

export interface PlayerState {
  id: string;
  name: string;
  team: Team;
  specialization: Specialization | null;
  specialty: Specialty;
  status: PlayerStatus;
  items: ItemCopy[];
  maps: string[];
  /** Items he openly found (MAF-3.13 fakes). */
  found: string[];
  fx: Effects;
  /** Once-per-game abilities spent (`copy-map`, `guard-boost`). */
  spent: string[];
  lastSmelt: number | null;
  lastEnchant: number | null;
  lastThingSearch: number | null;
  /** Archaeologist: consecutive failed night item searches (MAF-7.2). */
  searchFails: number;
  /** Night of the last use of each set's active bonus. */
  setUses: Record<string, number>;
  /** The set whose active bonus he uses (MAF-6.5). */
  activeSet: string | null;
  /** Phase index through which his specialty is suspended (MAF-7.14). */
  suspendedThrough: number | null;
}

export interface VoteRecord {
  day: number;
  tally: Record<string, number>;
  leaders: string[];
  jailed: string | null;
  decidedBy: string;
}

export interface MafiaState {
  phase: PhaseRef | null;
  winner: string | null;
  settings: RuleSettings;
  /** A GM-loaded catalog; null = the starter catalog. */
  catalog: Catalog | null;
  /** Seat order (MAF-0.2). */
  players: PlayerState[];
  /** n: players dealt in at the start (MAF-1.2). */
  dealt: number;
  destroyed: string[];
  destroyUsed: boolean;
  switchBandit: string | null;
  switchOpen: boolean;
  lastWords: { player: string; night: number } | null;
  nextUid: number;
  /** Stats as last reported to each player (for `stats-changed`). */
  reported: Record<string, StatBlock>;
  lastVote: VoteRecord | null;
}

export const catalogOf = (state: MafiaState): CatalogIndex => indexCatalog(state.catalog ?? starterCatalog());

export const phaseIndex = (p: PhaseRef): number => (p.kind === 'day' ? 2 * p.n - 1 : 2 * p.n);
export const phaseId = (p: PhaseRef): string => `${p.kind}-${p.n}`;
export const nextPhase = (p: PhaseRef): PhaseRef => (p.kind === 'day' ? { kind: 'night', n: p.n } : { kind: 'day', n: p.n + 1 });

export function parsePhaseId(id: unknown): PhaseRef | null {
  if (typeof id !== 'string') return null;
  const m = /^(day|night)-([1-9][0-9]*)$/.exec(id);
  return m ? { kind: m[1] as PhaseKind, n: Number(m[2]) } : null;
}

/** Seat of each id, per players array: a hint checked on every use, rebuilt when stale. */
const seatIndex = new WeakMap<PlayerState[], Map<string, number>>();

function indexSeats(players: PlayerState[]): Map<string, number> {
  const seats = new Map<string, number>();
  players.forEach((p, i) => {
    if (!seats.has(p.id)) seats.set(p.id, i);
  });
  seatIndex.set(players, seats);
  return seats;
}

/** The first seat holding `id`, as `findIndex` would give it, without scanning the table each time. */
export function seatOf(state: MafiaState, id: string): number {
  const players = state.players;
  const hinted = seatIndex.get(players)?.get(id);
  if (hinted !== undefined && players[hinted]?.id === id) return hinted;
  const seat = indexSeats(players).get(id);
  if (seat !== undefined) return seat;
  return players.findIndex((p) => p.id === id);
}

export function findPlayer(state: MafiaState, id: unknown): PlayerState | undefined {
  if (typeof id !== 'string') return undefined;
  const seat = seatOf(state, id);
  return seat < 0 ? undefined : state.players[seat];
}

/** MAF-2.2: a member of the bandit team, who acts for its shared slots. */
export const isBandit = (state: MafiaState, player: string): boolean => findPlayer(state, player)?.team === 'bandits';

export function getPlayer(state: MafiaState, id: string): PlayerState {
  const p = findPlayer(state, id);
  if (!p) throw new Error(`mafia: unknown player ${id}`);
  return p;
}

export const inTown = (p: PlayerState): boolean => p.status === 'in-town';
export const townsfolk = (state: MafiaState): PlayerState[] => state.players.filter(inTown);

export function freshEffects(): Effects {
  return {
    curse: 0,
    luck: 0,
    blessing: 0,
    poison: null,
    paralysis: false,
    prepared: { search: false, theft: false },
    dayBlock: null,
    mods: [],
    transformation: null,
    marks: [],
    traps: [],
  };
}

/** MAF-1.6 */
export const roleOf = (p: PlayerState): string => (p.team === 'town' ? 'townsperson' : (p.specialization ?? 'bandit'));

/** MAF-9.13, 1.5: what a check reads — the team, never the role; the invisible bandit reads as town. */
export const teamAnswer = (target: PlayerState): 'town' | 'bandit' =>
  target.team === 'bandits' && target.specialization !== 'invisible' ? 'bandit' : 'town';

/** A specialty acts unless suspended after a resurrection (MAF-7.14). */
export const specialtyActive = (p: PlayerState, at: PhaseRef): boolean =>
  p.suspendedThrough === null || phaseIndex(at) > p.suspendedThrough;

export const hasSpecialty = (p: PlayerState, specialty: Specialty, at: PhaseRef): boolean =>
  p.specialty === specialty && specialtyActive(p, at);

export function newCopy(state: MafiaState, item: string, starting = false): ItemCopy {
  const def = catalogOf(state).item.get(item);
  return {
    uid: state.nextUid++,
    item,
    starting,
    charges: def?.uses === 'multi-use' ? (def.charges ?? 1) : null,
    recharges: 0,
    lastUse: null,
    enchant: null,
    stolenNight: null,
    points: 0,
    bearers: [],
  };
}

/** A deep copy of plain JSON state. */
export const clone = <T>(value: T): T => copyJson(value);
