// The ruleset contract: what every ruleset exports and what the platform may rely on.
import type * as z from 'zod';
import type { Rng } from './rng.js';
import type { Lang } from '../../texts/langs.js';

export type PlayerId = string;
/** `public`, a player id, or a channel id. */
export type Audience = string;

/** An event is data: `{ kind, to, ...fields }`. Text is rendered by the page, never stored. */
export interface GameEvent {
  kind: string;
  to: Audience;
  /**
   * The same event for each of these players, in this order (`to` is the first): what many players
   * see at once (a shot witnessed by a zone) is produced once instead of once per reader. It reads,
   * orders and stores exactly as that many one-addressee copies would (events.ts `withReaders`).
   */
  audience?: PlayerId[];
  [field: string]: unknown;
}

/**
 * A rejection: a kebab-case reason id (the API error's `code`) and a human message. `R` is the union of
 * reasons its giver declares (a ruleset's `reasons`, the platform's PLATFORM_REASONS).
 */
export interface Rejection<R extends string = string> {
  ok: false;
  reason: R;
  message: string;
}

/** The reasons the platform's own rules refuse with, before or around a ruleset's (engine/core/match.ts). */
export const PLATFORM_REASONS = [
  'match-over',
  'match-paused',
  'phase-closed',
  'unknown-action',
  'already-checked',
  'nothing-to-withdraw',
  'check-disabled',
] as const;
export type PlatformReason = (typeof PLATFORM_REASONS)[number];

/** An action as a player sends it: `{ type, ...fields }`. */
export interface ActionInput {
  type: string;
  [field: string]: unknown;
}

/** An accepted action waiting for its phase to close. */
export interface PendingAction {
  /** The player who submitted it last. */
  player: PlayerId;
  /** Who owns the slot: the player, or a group id (the Lupus pack, the Mafia bandits). */
  owner: string;
  slot: string;
  action: ActionInput;
  /** Monotonic submission counter inside the phase; never reaches the public. */
  seq: number;
  /** Set when the platform filled the slot for a no-show (the ruleset's `defaultAction`), never by a player. */
  auto?: boolean;
}

/**
 * When a submission is made and when its phase closes as it stands then (epoch ms, null when none),
 * handed in as plain values so a rule that depends on them (Mafia MAF-3.12) stays pure.
 */
export interface SubmissionContext {
  now: number;
  deadline: number | null;
}

export interface Accepted {
  ok: true;
  /** Slot the action occupies; a later action for the same owner and slot replaces it. */
  slot: string;
  /** Slot owner: the player's id, or a group id for group slots. */
  owner: string;
  /** The action as it will be resolved (normalised: defaults filled in). */
  action: ActionInput;
  /** Events emitted at once (a public vote-cast, a thief's item list). */
  events?: GameEvent[];
  /** Other slots of the same owner that change with this one (actions it withdrew). */
  changes?: SlotChange[];
}

/** A slot of the same owner the platform overwrites with `action`, or empties when it is null. */
export interface SlotChange {
  slot: string;
  action: ActionInput | null;
}

export interface Withdrawn {
  ok: true;
  events?: GameEvent[];
  /**
   * Slots that change with the withdrawal (actions that no longer pass); a change of the withdrawn
   * slot itself stores that action instead of emptying it (a mark that keeps the slot's number).
   */
  changes?: SlotChange[];
}

export interface Posted {
  ok: true;
  events: GameEvent[];
}

/** One field of an available action, enough for the page to build a form. */
export type FieldSpec =
  | { kind: 'player'; options: PlayerId[]; required: boolean }
  | { kind: 'players'; options: PlayerId[]; min: number; max: number }
  | { kind: 'choice'; options: string[]; required: boolean }
  | { kind: 'zone'; options: string[]; required: boolean }
  | { kind: 'counts'; options: Record<string, number>; budget?: number }
  | { kind: 'number'; min: number; max: number; required: boolean }
  | { kind: 'boolean'; required: boolean }
  | { kind: 'text'; maxLength: number; required: boolean };

export interface AvailableAction {
  type: string;
  slot: string;
  fields: Record<string, FieldSpec>;
  /** What this player (or his group) has stored in that slot now, if anything. */
  submitted?: ActionInput;
}

export interface ChannelInfo {
  id: string;
  readers: PlayerId[];
  writers: PlayerId[];
}

/** One seat of the public roster: a player, and whether the public knows him alive. */
export interface RosterEntry {
  id: PlayerId;
  alive: boolean;
}

export type Viewer = { as: 'player'; id: PlayerId } | { as: 'public' } | { as: 'gm' };

/** How long the open phase lasts, from the moment it opens (the platform computes the deadline). */
export type PhaseTiming =
  | { minutes: number }
  /**
   * A fixed local time of day (`HH:MM`) in an IANA zone: the next such moment after opening,
   * or after `atLeastMinutes` from the opening when given.
   */
  | { daily: string; timezone: string; atLeastMinutes?: number };

/** The truth about a match, for scenario assertions and the GM; never shown to players. */
export interface Facts {
  alive: PlayerId[];
  dead: PlayerId[];
  jailed?: PlayerId[];
  role?: Record<string, string>;
  /** Faction or team per player, for `hidden` checks. */
  faction?: Record<string, string>;
  stats?: Record<string, Record<string, number>>;
  zone?: Record<string, string>;
  inventory?: Record<string, Record<string, number>>;
}

export interface SetupPlayer {
  id: PlayerId;
  name: string;
  /** Join options the player chose (Mafia's `specialty`). */
  options: Record<string, unknown>;
  /** A scenario's fixed keys for this player (`role`, `team`, `zone`, ...), without id and name. */
  fixed: Record<string, unknown>;
}

export interface SetupInput<Settings> {
  players: SetupPlayer[];
  settings: Settings;
  rng: Rng;
  /** A scenario's `setup` object (may name a later opening phase); `{}` for a real match. */
  setup: Record<string, unknown>;
}

export interface Outcome {
  state: unknown;
  events: GameEvent[];
}

/**
 * A refusal thrown rather than returned: a kebab-case reason id (the API error's `code`), a message,
 * and the numbers the message names, so a page can say it in the reader's language.
 */
export class Refusal<R extends string = string> extends Error {
  constructor(
    readonly reason: R,
    message: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** Thrown by `setup` (and settings checks) when a match cannot start as asked. */
export class RulesetError extends Refusal {
  override readonly name = 'RulesetError';
  /** The reason id, by the name the API error gives it. */
  get code(): string {
    return this.reason;
  }
}

/** One current ballot of the open phase's public vote, in the order the close reads them. */
export interface TallyBallot {
  voter: PlayerId;
  /** Whom he votes for; null for an abstention. */
  target: PlayerId | null;
}

/** One line of a vote board: a player voted for, in the ruleset's unit, and what the close would do to him. */
export interface TallyLine {
  target: PlayerId;
  /** Votes for him in the ruleset's unit (`Tally.unit`). */
  count: number;
  /** Who votes for him, in ballot order. */
  voters: PlayerId[];
  /**
   * What the close does to him on the ballots as they stand, in the ruleset's own ids (Mafia `jailed`,
   * `tie-break`, `spared`, `safe`; Lupus `stake`, `runoff`, `lot`, `spared`, `safe`).
   */
  outcome: string;
  /**
   * True only when no ballot not yet cast and no action the public cannot rule out (a removal, a blocked
   * ballot, a vote-changing item) could change `outcome`, while the ballots cast stand. Decided from public
   * facts only, so that what is left uncertain reveals nothing hidden.
   */
  certain: boolean;
}

/** A ruleset's count of its open public vote (`Ruleset.tally`). */
export interface Tally {
  /** What `count` counts: `heads` (one per voter) or `units` (Mafia's vote strength, MAF-3.2). */
  unit: 'heads' | 'units';
  /** In the ruleset's order (most first, then seat order). */
  lines: TallyLine[];
  /** Who may vote, in seat order. */
  voters: PlayerId[];
  /** Who may not vote though alive, where the public knows it (Mafia: players away), in seat order. */
  barred: PlayerId[];
  /** Voters abstaining, in ballot order. */
  abstain: PlayerId[];
  /** Voters with no ballot yet, in seat order. */
  waiting: PlayerId[];
  /** Waiting voters the close would count as voting for themselves (Lupus LUP-8.3). */
  forced: PlayerId[];
  /** What the close decides on these ballots, in the ruleset's ids (`jailed`, `stake`, `runoff`, `tie-break`, `lot`, `nobody`). */
  decision: string;
  /** Whether `decision` is certain, in the sense of `TallyLine.certain`. */
  certain: boolean;
}

/**
 * One ruleset. `S` is its state (plain JSON), `Settings` its parsed settings, `R` the reasons it refuses with.
 * Every function is pure: same input, same output; nothing here reads a clock or does I/O.
 * The registry checks each against this contract when it loads (engine/core/check.ts).
 */
export interface Ruleset<S = any, Settings extends Record<string, unknown> = any, R extends string = string> {
  id: string;
  /** Every GM setting with its default (the spec's settings table). */
  settings: z.ZodType<Settings>;
  /**
   * How many seats a real match has: joins past `max` are refused, a start below `min` too
   * (sandbox matches, which replay scenarios, are exempt from `min`).
   */
  seats?(settings: Settings): { min?: number; max?: number };
  /**
   * Which of the joined players a start deals in (default: all of them). The quorum of `seats`
   * counts these (Mafia, MAF-1.9: a player without a specialty only watches).
   */
  dealtIn?(players: ReadonlyArray<{ id: PlayerId; options: Record<string, unknown> }>): PlayerId[];
  /** Settings the GM may change while the match runs (from the next phase that opens). */
  liveSettings: readonly string[];
  /** Join options a player chooses when joining (empty object schema when none). */
  options: z.ZodType<Record<string, unknown>>;
  /**
   * Every reason id its refusals give (`validate`, `withdraw`, `post`, `mayCheck`), declared once: the
   * page has a text for each in every language.
   */
  reasons: readonly R[];
  /** The language of the community its rules come from: what its forum posts speak unless the GM says otherwise. */
  homeLang: Lang;
  /** The action types it takes (the platform's `check`, `withdraw` and `post` aside); `available` describes their fields. */
  actions: readonly string[];
  /**
   * Each action type's fields, `type` aside (issue 41): a submitted body with any other key is refused
   * `unknown-field`, naming it. Keys are exactly `actions`.
   */
  actionFields: Readonly<Record<string, readonly string[]>>;

  setup(input: SetupInput<Settings>): { state: S; events: GameEvent[] };
  /** The open phase id (`night-1`, `tactic-3`) or null once the match has ended. */
  phase(state: S): string | null;
  /** How long the open phase lasts under the current settings. */
  timing(state: S, settings: Settings): PhaseTiming;

  available(state: S, player: PlayerId, pending: PendingAction[]): AvailableAction[];
  /** `context`: the submission's time and deadline, when the caller has them (rulesets that need none ignore it). */
  validate(state: S, player: PlayerId, action: ActionInput, pending: PendingAction[], context?: SubmissionContext): Accepted | Rejection<R>;
  /** Who owns `slot` for this player: his own id (the default) or his group's id (the pack's `maul`). */
  slotOwner?(state: S, player: PlayerId, slot: string): string;
  /**
   * The groups whose shared slots this player acts for (the pack for a wolf, the bandits for a
   * bandit); none by default. `validate` and `withdraw` read only his own slots and these groups':
   * the platform hands them no one else's, so a submission can be checked against the slots it read.
   */
  groups?(state: S, player: PlayerId): string[];
  /**
   * Empties a stored slot (the platform has already found it and refused an empty one).
   * When absent every stored slot may be withdrawn silently.
   */
  withdraw?(state: S, player: PlayerId, stored: PendingAction, all: PendingAction[]): Withdrawn | Rejection<R>;
  /**
   * Whether this player may withdraw at all (null = yes), asked before his slot is looked up: a dead
   * player's withdrawal is refused `not-alive` like his submissions, not `nothing-to-withdraw`.
   */
  mayWithdraw?(state: S, player: PlayerId): Rejection<R> | null;
  post(state: S, player: PlayerId, channel: string, text: string): Posted | Rejection<R>;
  /** Whether this player may press check now (null = yes); who counts for the early close. */
  mayCheck(state: S, player: PlayerId): Rejection<R> | null;
  checkers(state: S): PlayerId[];

  /**
   * Closes the open phase: the stored final actions (canonical order) → new state and events.
   * `events` belong to the phase that closed; `opening`, if any, to the phase that opens next.
   */
  resolve(state: S, actions: PendingAction[], rng: Rng): { state: S; events: GameEvent[]; opening?: GameEvent[] };
  /** A modkill after the start: the player leaves as the spec says; `withdrawn` lists other players' slots that named him. */
  remove(
    state: S,
    player: PlayerId,
    pending: PendingAction[],
  ): { state: S; events: GameEvent[]; withdrawn: Array<{ owner: string; slot: string }> };

  /** The only way state leaves the engine: what one reader may see. */
  view(state: S, viewer: Viewer): unknown;
  /**
   * The public roster: every dealt player in seat order and whether the public knows him alive (the
   * public view's players); what the vote count and the match summary read, never the view's shape.
   */
  roster(state: S): RosterEntry[];
  channels(state: S): ChannelInfo[];
  /**
   * Every id this ruleset may use beside player ids, as patterns: channel ids, group audiences and slot
   * owners, speaker pseudonyms; `{player}` stands for a player id (`spirit-{player}`). No player id may
   * equal, match or kebab-prefix-collide with one (engine/core/ids.ts).
   */
  channelPatterns: readonly string[];
  /** The winner (faction, team, player id or `draw`), or null while the match goes on. */
  outcome(state: S): string | null;
  facts(state: S): Facts;
  /**
   * The open phase's public vote counted by the ruleset's own rule (decision 13): its current ballots,
   * one per voter, in the order the close reads them → the board; null when the phase has no public vote.
   * It shares its counting with `resolve`, so the board and the close cannot disagree.
   */
  tally(state: S, ballots: readonly TallyBallot[]): Tally | null;

  // Optional hooks of the GM toolkit; a ruleset without them gets the platform's default behaviour.
  /**
   * A no-show's action when the match's `no-show` policy is `default`: what the seat does when its
   * player sent nothing (validated like a submission). Null, or no hook: the seat stays silent and the
   * spec's own rule for silence applies (Lupus: an abstention, LUP-8.3).
   */
  defaultAction?(state: S, player: PlayerId, pending: PendingAction[]): ActionInput | null;
  /** Whether the open phase's votes are public as cast (`vote-cast`), so vote counts are published for it. */
  publicVotes?(state: S): boolean;
  /** The state after the GM forces an outcome (so views show an ended match, e.g. roles revealed). */
  forceEnd?(state: S, winner: string): S;
  /** Every outcome this match may end with (the ruleset's own winners and `draw`): what a GM may force. */
  possibleWinners?(state: S): string[];
}
