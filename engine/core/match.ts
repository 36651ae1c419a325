// The platform's semantics, shared by every ruleset, as pure functions: refusals, slots, check, close.
// The API applies them to what the store holds; the in-process runner applies them in memory.
import { createRng, type DiceMode } from './rng.js';
import type {
  ActionInput,
  GameEvent,
  PendingAction,
  PlatformReason,
  PlayerId,
  Rejection,
  Ruleset,
  SetupPlayer,
  SlotChange,
  SubmissionContext,
} from './types.js';

/** Declared once, in a match's life order (the public list pages through them in it). */
export const MATCH_STATUSES = ['lobby', 'running', 'paused', 'ended'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export function reject(reason: PlatformReason, message: string): Rejection<PlatformReason> {
  return { ok: false, reason, message };
}

/** What the platform knows about the open phase when a player acts. */
export interface Gate {
  status: MatchStatus;
  /** True while the phase takes actions: running, before its deadline, not being resolved. */
  open: boolean;
  /** Whether this player has already checked in the open phase. */
  checked: boolean;
}

/** The shared refusals, in the order ARCHITECTURE.md fixes. */
export function platformRefusal(rs: Ruleset, gate: Gate, type: string): Rejection<PlatformReason> | null {
  if (gate.status === 'ended') return reject('match-over', 'The match has ended.');
  if (type === 'post') return null;
  if (gate.status === 'paused') return reject('match-paused', 'The match is paused.');
  if (gate.status !== 'running' || !gate.open) return reject('phase-closed', 'No phase takes actions now.');
  if (type !== 'check' && type !== 'withdraw' && !rs.actions.includes(type)) {
    return reject('unknown-action', `There is no action "${type}" in ${rs.id}.`);
  }
  if (gate.checked) return reject('already-checked', 'You have checked: you are done for this phase.');
  return null;
}

export interface Submitted {
  ok: true;
  stored: PendingAction;
  events: GameEvent[];
  /** Other slots of the same owner to overwrite (or empty) with it, as the ruleset said. */
  changes: PendingChange[];
}

/** A slot to overwrite with `stored`, or to empty when `stored` is null. */
export interface PendingChange {
  owner: string;
  slot: string;
  stored: PendingAction | null;
}

function pendingChanges(changes: SlotChange[] | undefined, player: PlayerId, owner: string, seq: number): PendingChange[] {
  return (changes ?? []).map((c) => ({
    owner,
    slot: c.slot,
    stored: c.action === null ? null : { player, owner, slot: c.slot, action: c.action, seq },
  }));
}

/** The owners whose slots a player's submission reads and writes: himself first, then his groups. */
export function slotOwners(rs: Ruleset, state: unknown, player: PlayerId): string[] {
  const groups = rs.groups ? rs.groups(state, player) : [];
  return [player, ...groups.filter((g, i) => g !== player && groups.indexOf(g) === i)];
}

/** The part of the phase's pending actions a player's submission may read (see `Ruleset.groups`). */
export function ownPending(rs: Ruleset, state: unknown, player: PlayerId, pending: readonly PendingAction[]): PendingAction[] {
  const owners = new Set(slotOwners(rs, state, player));
  return pending.filter((p) => owners.has(p.owner));
}

/** Applies a submission's or withdrawal's slot changes to an in-memory pending list. */
export function applyChanges(pending: PendingAction[], changes: PendingChange[]): PendingAction[] {
  let out = pending;
  for (const c of changes) {
    out = out.filter((p) => !(p.owner === c.owner && p.slot === c.slot));
    if (c.stored) out = [...out, c.stored];
  }
  return out;
}

/** Validates an action and returns what to store: a later action in the same slot replaces it. */
export function submitAction(
  rs: Ruleset,
  gate: Gate,
  state: unknown,
  pending: PendingAction[],
  player: PlayerId,
  action: ActionInput,
  seq: number,
  context?: SubmissionContext,
): Submitted | Rejection {
  const refusal = platformRefusal(rs, gate, String(action.type));
  if (refusal) return refusal;
  const verdict = rs.validate(state, player, action, ownPending(rs, state, player, pending), context);
  if (!verdict.ok) return verdict;
  return {
    ok: true,
    stored: { player, owner: verdict.owner, slot: verdict.slot, action: verdict.action, seq },
    events: verdict.events ?? [],
    changes: pendingChanges(verdict.changes, player, verdict.owner, seq),
  };
}

export interface WithdrawnSlot {
  ok: true;
  owner: string;
  slot: string;
  events: GameEvent[];
  /** Every slot that changes, the withdrawn one first (emptied, or kept as the ruleset's mark). */
  changes: PendingChange[];
}

export function withdrawAction(
  rs: Ruleset,
  gate: Gate,
  state: unknown,
  pending: PendingAction[],
  player: PlayerId,
  slot: string,
): WithdrawnSlot | Rejection {
  const refusal = platformRefusal(rs, gate, 'withdraw');
  if (refusal) return refusal;
  const barred = rs.mayWithdraw ? rs.mayWithdraw(state, player) : null;
  if (barred) return barred;
  const owner = rs.slotOwner ? rs.slotOwner(state, player, slot) : player;
  const own = ownPending(rs, state, player, pending);
  const stored = own.find((p) => p.owner === owner && p.slot === slot);
  if (!stored) return reject('nothing-to-withdraw', `Nothing is stored in slot "${slot}".`);
  const verdict = rs.withdraw ? rs.withdraw(state, player, stored, own) : { ok: true as const };
  if (!verdict.ok) return verdict;
  const changes = pendingChanges(verdict.changes, player, owner, stored.seq);
  const emptied = changes.find((c) => c.slot === slot) ?? { owner, slot, stored: null };
  return { ok: true, owner, slot, events: verdict.events ?? [], changes: [emptied, ...changes.filter((c) => c !== emptied)] };
}

export function checkRefusal(
  rs: Ruleset,
  gate: Gate,
  settings: Record<string, unknown>,
  state: unknown,
  player: PlayerId,
): Rejection | null {
  const refusal = platformRefusal(rs, gate, 'check');
  if (refusal) return refusal;
  if (settings['check-mode'] !== true) return reject('check-disabled', 'Check mode is off in this match.');
  return rs.mayCheck(state, player);
}

/** Whether every player who counts has checked (the phase then closes early). */
export function everyoneChecked(rs: Ruleset, state: unknown, checked: Iterable<PlayerId>): boolean {
  const done = new Set(checked);
  const counted = rs.checkers(state);
  return counted.length > 0 && counted.every((p) => done.has(p));
}

export function postMessage(
  rs: Ruleset,
  gate: Gate,
  state: unknown,
  player: PlayerId,
  channel: string,
  text: string,
): { ok: true; events: GameEvent[] } | Rejection {
  const refusal = platformRefusal(rs, gate, 'post');
  if (refusal) return refusal;
  return rs.post(state, player, channel, text);
}

/** Canonical order for resolution: by owner, then slot. Never the order of submission. */
export function canonicalOrder(pending: PendingAction[]): PendingAction[] {
  return [...pending].sort((a, b) => (a.owner === b.owner ? (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0) : a.owner < b.owner ? -1 : 1));
}

export interface Closed {
  state: unknown;
  events: GameEvent[];
  /** Events of the next phase's opening (they belong to that phase). */
  opening: GameEvent[];
  /** The phase now open, or null when the match ended. */
  next: string | null;
  winner: string | null;
}

/** Resolves the open phase: same state, actions and seed give the same bytes. */
export function closePhase(rs: Ruleset, state: unknown, pending: PendingAction[], seed: string, dice: DiceMode): Closed {
  const phase = rs.phase(state);
  if (phase === null) throw new Error('closePhase on an ended match');
  const rng = createRng(seed, dice, phase);
  const result = rs.resolve(state, canonicalOrder(pending), rng);
  return {
    state: result.state,
    events: result.events,
    opening: result.opening ?? [],
    next: rs.phase(result.state),
    winner: rs.outcome(result.state),
  };
}

export interface StartInput {
  players: SetupPlayer[];
  settings: Record<string, unknown>;
  seed: string;
  dice: DiceMode;
  setup: Record<string, unknown>;
}

/** The joined players a start would deal in, in seat order (the ruleset's `dealtIn`, else all). */
export function dealtPlayers(rs: Ruleset, players: ReadonlyArray<{ id: PlayerId; options: Record<string, unknown> }>): PlayerId[] {
  return rs.dealtIn ? rs.dealtIn(players) : players.map((p) => p.id);
}

/**
 * D33, MAF-1.9: why a real match cannot start yet: fewer dealt players than the ruleset's quorum.
 * Null when it may start (sandbox matches are exempt: the caller does not ask).
 */
export function quorumShortfall(
  rs: Ruleset,
  settings: Record<string, unknown>,
  players: ReadonlyArray<{ id: PlayerId; options: Record<string, unknown> }>,
): { code: 'quorum-not-reached'; joined: number; dealt: number; quorum: number; message: string } | null {
  const quorum = rs.seats?.(settings).min;
  if (quorum === undefined) return null;
  const dealt = dealtPlayers(rs, players).length;
  if (dealt >= quorum) return null;
  const message = `Quorum not reached: ${dealt} of the ${players.length} joined players would be dealt in; ${quorum} are needed to start.`;
  return { code: 'quorum-not-reached', joined: players.length, dealt, quorum, message };
}

export function startMatch(rs: Ruleset, input: StartInput): { state: unknown; events: GameEvent[]; phase: string | null } {
  const rng = createRng(input.seed, input.dice, 'setup');
  const { state, events } = rs.setup({
    players: input.players,
    settings: input.settings,
    rng,
    setup: input.setup,
  });
  return { state, events, phase: rs.phase(state) };
}

/** Drops the removed player's own pending actions and the slots the ruleset withdrew. */
export function pendingAfterRemoval(
  pending: PendingAction[],
  player: PlayerId,
  withdrawn: Array<{ owner: string; slot: string }>,
): PendingAction[] {
  const gone = new Set(withdrawn.map((w) => `${w.owner}\u0000${w.slot}`));
  return pending.filter((p) => p.player !== player && p.owner !== player && !gone.has(`${p.owner}\u0000${p.slot}`));
}
