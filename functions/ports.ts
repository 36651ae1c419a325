// The ports every handler talks through; AWS and local adapters implement them.
import type { DiceMode } from '../engine/core/rng.js';
import type { StoredEvent } from '../engine/core/events.js';
import type { MatchStatus } from '../engine/core/match.js';
import type { PendingAction } from '../engine/core/types.js';

export interface MatchMeta {
  id: string;
  name: string;
  ruleset: string;
  sandbox: boolean;
  status: MatchStatus;
  settings: Record<string, unknown>;
  /** The open phase, null before the start and after the end. */
  phase: string | null;
  /** `open` while the phase takes actions, `resolving` while a resolver holds the lease. */
  phaseStatus: 'open' | 'resolving';
  openedAt: number | null;
  deadline: number | null;
  /** Remaining time of the open phase while paused. */
  remainingMs: number | null;
  /** Set when the phase must close before its deadline (all checked, resolve now): when it was asked. */
  closeRequestedAt: number | null;
  leaseUntil: number | null;
  /** The phase whose results still wait to be published and the next trigger scheduled. */
  needsPublish: string | null;
  seed: string | null;
  dice: DiceMode;
  winner: string | null;
  version: number;
  nextSeat: number;
  createdAt: number;
  gmTokenHash: string;
  /** Phases resolved so far, in order. */
  history: string[];
}

export interface PlayerRecord {
  id: string;
  name: string;
  seat: number;
  tokenHash: string;
  options: Record<string, unknown>;
  /** The phase in which the player last checked. */
  checkedPhase: string | null;
}

/** Thrown by the store when a condition fails (the phase closed, someone else moved META...). */
export class ConditionFailed extends Error {
  override readonly name = 'ConditionFailed';
}

export interface SlotKey {
  phase: string;
  owner: string;
  slot: string;
}

/**
 * The match store. META moves by optimistic concurrency: every write of it names the version it
 * read and stores version + 1, so two writers never both succeed (claims, commits, lifecycle).
 */
export interface Store {
  ping(): Promise<void>;
  createMatch(meta: MatchMeta): Promise<void>;
  getMeta(matchId: string): Promise<MatchMeta | null>;
  /** Writes META if its stored version is still `expectVersion` (`meta.version` must be the next). */
  putMeta(meta: MatchMeta, expectVersion: number): Promise<void>;
  listMatches(status: MatchStatus, limit: number): Promise<MatchMeta[]>;
  /** Running matches whose deadline is at or before `now`, and matches with results still to publish. */
  dueMatches(now: number, limit: number): Promise<MatchMeta[]>;

  addPlayer(player: PlayerRecord, meta: MatchMeta, expectVersion: number): Promise<void>;
  getPlayer(matchId: string, playerId: string): Promise<PlayerRecord | null>;
  listPlayers(matchId: string): Promise<PlayerRecord[]>;
  putPlayer(matchId: string, player: PlayerRecord): Promise<void>;
  deletePlayer(matchId: string, playerId: string, meta: MatchMeta, expectVersion: number): Promise<void>;

  getState(matchId: string, key: string): Promise<unknown | null>;
  /**
   * One atomic write of a new state with its events and META: the start, a removal, a resolution.
   * `drop` lists pending slots to delete in the same write.
   */
  commit(write: {
    meta: MatchMeta;
    expectVersion: number;
    stateKey: string;
    state: unknown;
    events: StoredEvent[];
    eventKey: string;
    drop?: SlotKey[];
  }): Promise<void>;

  listPending(matchId: string, phase: string): Promise<PendingAction[]>;
  /** Stores an action while the phase is open, before its deadline, and the player has not checked. */
  putAction(matchId: string, phase: string, action: PendingAction, events: StoredEvent[], now: number): Promise<void>;
  deleteAction(matchId: string, phase: string, owner: string, slot: string, player: string, events: StoredEvent[], now: number): Promise<void>;
  /** Marks the player as checked in the open phase (same conditions as putAction). */
  markChecked(matchId: string, phase: string, playerId: string, now: number): Promise<void>;
  /** Appends events of the open phase (channel posts) while the match has not ended. */
  appendEvents(matchId: string, events: StoredEvent[]): Promise<void>;
  /** A match's events, in phase order of `phases`, each phase in its own order. */
  listEvents(matchId: string, phases: string[]): Promise<StoredEvent[]>;
}

export interface Scheduler {
  /** Makes sure the resolver is triggered for `phase` at `at` (epoch ms); replaces an earlier trigger. */
  schedule(matchId: string, phase: string, at: number): Promise<void>;
  cancel(matchId: string, phase: string): Promise<void>;
}

export interface Publisher {
  put(key: string, body: string): Promise<void>;
}

export interface Clock {
  now(): number;
}

/** Everything a handler needs. */
export interface Ports {
  store: Store;
  scheduler: Scheduler;
  publisher: Publisher;
  clock: Clock;
  /** When set, every phase lasts this many seconds (the local watch-a-whole-match mode). */
  phaseSeconds?: number;
}
