// The match state (plain JSON) and the small queries every part of the ruleset shares.
import type { CountsAs, Faction, RoleId, SeenAs } from './roles.js';
import { ROLES } from './roles.js';

export type PhaseKind = 'night' | 'day' | 'runoff';
export type TieRule = 'runoff' | 'no-lynch' | 'random';

/** What a player has learned about another one (feeds `known` in his view). */
export interface Learned {
  role?: RoleId;
  faction?: Faction;
  seen?: SeenAs;
  wolf?: boolean;
}

export interface LupusPlayer {
  id: string;
  name: string;
  /** LUP-1.6: the true current role. */
  role: RoleId;
  /** LUP-1.6: the told role. */
  told: RoleId;
  alive: boolean;
  /** LUP-8.3 */
  abstentions: number;
  /** LUP-7.4 */
  praised: boolean;
  /** LUP-8.8 */
  cursed: boolean;
  /** LUP-7.25 */
  jinxed: boolean;
  /** LUP-7.2: a told pumpkin's one praise. */
  praiseUsed: boolean;
  blessUsed: boolean;
  revealUsed: boolean;
  /** LUP-8.4 / LUP-9.3: the day number whose voting used the removal. */
  removeVoteDay: number | null;
  /** LUP-7.7 */
  deflectionSpent: boolean;
  /** LUP-7.15 */
  resurrections: number;
  /** LUP-6.8: last night's final dream / spy target. */
  lastDream: string | null;
  lastSpy: string | null;
  /** LUP-7.27: players the Negromante acted on; LUP-7.29: his contact list (oldest first). */
  actedOn: string[];
  contacts: string[];
  /** LUP-7.19: the Dracula who converted this player. */
  dracula: string | null;
  learned: Record<string, Learned>;
}

export interface DayRecord {
  n: number;
  /** Final day ballot of every living voter: target, or null for an abstention; forced voters name themselves. */
  ballots: Record<string, string | null>;
  forced: string[];
}

export interface SpiritChannel {
  id: string;
  target: string;
  necromancer: string;
}

export interface LupusState {
  rules: {
    maxAbstentions: number;
    cemetery: boolean;
    tieRule: TieRule;
    splatter: boolean;
    difficulty: string;
  };
  /** LUP-4.4: the public table, alphabetical. */
  table: RoleId[];
  /** Seat order (LUP-1.2). */
  players: LupusPlayer[];
  phase: { kind: PhaseKind; n: number } | null;
  /** Candidates of the open run-off (seat order). */
  runoff: string[] | null;
  /** The last regular day vote (carry-over LUP-9.2, cat curse LUP-8.7). */
  day: DayRecord | null;
  /** LUP-7.12: stake deaths of the last day and its run-off. */
  stakeDeaths: Array<{ player: string; wolf: boolean }>;
  spirits: SpiritChannel[];
  winner: string | null;
  winners: string[];
}

export function phaseId(state: LupusState): string | null {
  return state.phase ? `${state.phase.kind}-${state.phase.n}` : null;
}

export function findPlayer(state: LupusState, id: unknown): LupusPlayer | undefined {
  return typeof id === 'string' ? state.players.find((p) => p.id === id) : undefined;
}

export function getPlayer(state: LupusState, id: string): LupusPlayer {
  const p = findPlayer(state, id);
  if (!p) throw new Error(`no player ${id}`);
  return p;
}

export const factionOf = (p: LupusPlayer): Faction => ROLES[p.role].faction;
export const countsAs = (p: LupusPlayer): CountsAs => ROLES[p.role].countsAs;
export const isPack = (p: LupusPlayer): boolean => factionOf(p) === 'pack';
export const isWolf = (p: LupusPlayer): boolean => countsAs(p) === 'wolf';
export const isVampire = (p: LupusPlayer): boolean => countsAs(p) === 'vampire';
export const isToldPumpkin = (p: LupusPlayer): boolean => p.told === 'zucca-semplice';

export function living(state: LupusState): LupusPlayer[] {
  return state.players.filter((p) => p.alive);
}

/** Orders ids by seat (LUP-1.2). */
export function inSeatOrder(state: LupusState, ids: Iterable<string>): string[] {
  const set = new Set(ids);
  return state.players.filter((p) => set.has(p.id)).map((p) => p.id);
}

export function learn(p: LupusPlayer, about: string, what: Learned): void {
  p.learned[about] = { ...p.learned[about], ...what };
}

export function cloneState(state: LupusState): LupusState {
  return structuredClone(state);
}
