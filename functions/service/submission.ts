// The write path of a player's slots: submit and withdraw. A warm request (this process served the
// player before) validates on what it kept (warm-reads.ts) and makes one round trip, a transaction
// that also checks META's version, the player's token and his slots' versions. A refusal or a failed
// condition is never answered from kept reads: the request reads afresh, validates again, and only
// then answers, so refusals and their order are exactly those of fresh reads.
import { randomBytes } from 'node:crypto';
import { withReaders, type StoredEvent } from '../../engine/core/events.js';
import { seqPrefix, type EventOrigin } from '../../engine/core/origin.js';
import { slotOwners, submitAction, withdrawAction, type Gate, type PendingChange } from '../../engine/core/match.js';
import type { ActionInput, PendingAction, Rejection, Ruleset } from '../../engine/core/types.js';
import { rulesets } from '../../engine/index.js';
import { ConditionFailed } from '../store-errors.js';
import type { Ports } from '../ports.js';
import type { OwnSlots, PlayerRecord } from '../records.js';
import { slotsAfter } from '../slots.js';
import { badToken, findPlayerCaller } from './callers.js';
import { cachedState, gateFor, hasChecked, loadMeta, loadState, type Loaded } from './context.js';
import { DomainError, refusal } from './errors.js';
import { notifyCommitted } from './live.js';
import { observersOf } from './observers.js';
import { hasPublicBallot, voteCount } from './toolkit/votes.js';
import { hashToken, readToken, sameHash, sameStoredHash } from './tokens.js';
import { keptReads } from './warm-reads.js';
import { inTurn } from '../turns.js';
import { RETRY, sleepOf } from '../retry.js';

const realSleep = sleepOf();

/**
 * A player's request to change his slots: the match, and the bearer token he sent, or a seat's proof kept
 * by a front end that bound the seat with that token (the Telegram bot: the seat and the token's hash).
 * Either way the write lands only while the seat's record still carries that hash (a substitute voids it).
 */
export type SlotRequest = { matchId: string; token: string } | { matchId: string; seat: SeatProof };

export interface SeatProof {
  playerId: string;
  tokenHash: string;
}

const proofOf = (request: SlotRequest): SeatProof | null => {
  if ('seat' in request) return request.seat;
  const claim = readToken(request.token);
  return claim?.kind === 'player' ? { playerId: claim.playerId, tokenHash: hashToken(request.token) } : null;
};

const provenBy = (request: SlotRequest, storedHash: string): boolean =>
  'seat' in request ? sameStoredHash(request.seat.tokenHash, storedHash) : sameHash(request.token, storedHash);

/** The caller a seat's proof names: found like a token's, with the same answer for "no such seat" and "not yours". */
export async function findSeatCaller(ports: Ports, matchId: string, seat: SeatProof) {
  const [loaded, player] = await Promise.all([loadMeta(ports, matchId), ports.store.getPlayer(matchId, seat.playerId)]);
  if (player && sameStoredHash(seat.tokenHash, player.tokenHash)) return { loaded, player };
  throw badToken();
}

/** Everything a submission validates on. */
interface Reads {
  loaded: Loaded;
  player: PlayerRecord;
  state: unknown;
  slots: OwnSlots[];
}

/** What a validated request writes, and what it answers. */
interface Planned<A> {
  ok: true;
  changes: Array<PendingChange & { order?: string }>;
  events: StoredEvent[];
  answer: A;
}

/** What a player's view lists as his submissions (`submitted` of GET /me): his own slots' and what he put in shared ones. */
export function submittedBy(pending: readonly PendingAction[], playerId: string): Array<{ slot: string } & ActionInput> {
  return pending.filter((p) => p.player === playerId || p.owner === playerId).map((p) => ({ slot: p.slot, ...p.action }));
}

type Plan<A> = (reads: Reads, gate: Gate, now: number) => Planned<A> | Rejection;

/**
 * A submission's origin and sequence: the origin's seq prefix orders its events and is stored with its
 * action (the store's order of ballots, decision 8); `seq` follows the same order (never against it) for
 * rulesets that read it.
 */
export function submissionSeq(now: number): { seq: number; origin: EventOrigin; prefix: string } {
  const salt = randomBytes(3).readUIntBE(0, 3);
  const origin: EventOrigin = { kind: 'submission', at: now, salt: salt.toString(16).padStart(6, '0') };
  return { seq: now * 1000 + Math.floor((salt * 1000) / 0x1000000), origin, prefix: seqPrefix(origin) };
}

export function wrongPhase(open: string | null, guard: string): DomainError {
  return refusal('wrong-phase', open === null ? `No phase is open, not ${guard}.` : `The open phase is ${open}, not ${guard}.`);
}

/** A refused write re-reads META to say why: the phase closed or moved on, or the player checked meanwhile. */
export async function whyRefused(ports: Ports, matchId: string, phase: string, playerId: string, guard?: string): Promise<DomainError> {
  const { meta } = await loadMeta(ports, matchId);
  if (guard !== undefined && meta.phase !== guard) return wrongPhase(meta.phase, guard);
  if (meta.status === 'ended') return refusal('match-over', 'The match has ended.');
  if (meta.status === 'paused') return refusal('match-paused', 'The match is paused.');
  const player = await ports.store.getPlayer(matchId, playerId);
  if (meta.phase === phase && player?.checkedPhase === phase) {
    return refusal('already-checked', 'You have checked: you are done for this phase.');
  }
  return refusal('phase-closed', 'The phase has closed.');
}

/** The kept reads, when this process has all of them for this token: no round trip. */
function warmReads(ports: Ports, request: SlotRequest): Reads | null {
  const proof = proofOf(request);
  if (!proof) return null;
  const kept = keptReads(ports.store).of(request.matchId, proof.playerId);
  if (!kept || !provenBy(request, kept.player.tokenHash)) return null;
  const ruleset = rulesets.loaded(kept.meta.ruleset);
  const state = kept.meta.status === 'lobby' ? null : cachedState(kept.meta);
  if (!ruleset || state === undefined || state === null) return null;
  const slots = kept.slotsOf(slotOwners(ruleset, state, kept.player.id));
  return slots ? { loaded: { meta: kept.meta, ruleset }, player: kept.player, state, slots } : null;
}

async function freshReads(ports: Ports, request: SlotRequest): Promise<Reads> {
  const { loaded, player } =
    'seat' in request
      ? await findSeatCaller(ports, request.matchId, request.seat)
      : await findPlayerCaller(ports, request.matchId, request.token);
  const { meta, ruleset } = loaded;
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  const slots =
    state !== null && meta.phase !== null
      ? await ports.store.readOwnSlots(meta.id, meta.phase, slotOwners(ruleset, state, player.id), meta.version)
      : [];
  keptReads(ports.store).remember(meta, player, slots);
  return { loaded, player, state, slots };
}

const pause = (attempt: number) => realSleep(RETRY.slotRace.wait(attempt + 1, Math.random()));

/** Validates and writes, on kept reads first when there are any (see the top of this file). */
type Written<A> = Planned<A> & { submitted: Array<Record<string, unknown>> };

/**
 * One player's writes in this process run one after another: his parallel requests (two tabs, a
 * double click, a script) then meet warm reads instead of each other's slot versions.
 */
function changeSlots<A>(ports: Ports, request: SlotRequest, guard: string | undefined, plan: Plan<A>): Promise<Written<A>> {
  return inTurn(ports.store, `seat\u0000${request.matchId}\u0000${playerOf(request)}`, () => writeOnce(ports, request, guard, plan));
}

async function writeOnce<A>(ports: Ports, request: SlotRequest, guard: string | undefined, plan: Plan<A>): Promise<Written<A>> {
  let next = warmReads(ports, request);
  let warm = next !== null;
  for (let attempt = 0; ; attempt++) {
    const reads = next ?? (await freshReads(ports, request));
    next = null;
    const { meta } = reads.loaded;
    if (guard !== undefined && guard !== meta.phase) {
      if (warm) {
        warm = false;
        continue;
      }
      throw wrongPhase(meta.phase, guard);
    }
    const now = ports.clock.now();
    const gate = gateFor(meta, now, hasChecked(meta, reads.player));
    const planned = plan(reads, gate, now);
    if (!planned.ok) {
      if (warm) {
        warm = false;
        continue;
      }
      throw refusal(planned.reason, planned.message);
    }
    const phase = meta.phase!;
    try {
      await ports.store.writeSlots({
        matchId: meta.id,
        phase,
        player: reads.player.id,
        now,
        read: { metaVersion: meta.version, tokenHash: proofOf(request)?.tokenHash ?? '', slots: reads.slots },
        changes: planned.changes,
        events: planned.events,
      });
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      keptReads(ports.store).forget(meta.id, reads.player.id);
      if (warm) {
        warm = false;
        continue;
      }
      // Another process wrote the same owner's slots first (a packmate, another device): read them
      // again, keeping META and the seat, which the failed write found as read.
      if (error.on === 'slots' && attempt < RETRY.slotRace.tries - 1) {
        await pause(attempt);
        const slots = await ports.store.readOwnSlots(
          meta.id,
          phase,
          reads.slots.map((s) => s.owner),
          meta.version,
        );
        next = { ...reads, slots };
        continue;
      }
      // META moved (a pause, an extend, the close) or the seat did: the fresh reads say what now.
      if (error.on === 'match' && attempt < RETRY.matchMoved.tries - 1) continue;
      throw await whyRefused(ports, meta.id, phase, reads.player.id, guard);
    }
    const after = slotsAfter(reads.slots, planned.changes);
    keptReads(ports.store).remember(meta, reads.player, after);
    // In the store's order of the phase's actions (by owner, then slot), as GET /me lists them.
    const held = after.flatMap((s) => s.actions).sort((x, y) => (`${x.owner}#${x.slot}` < `${y.owner}#${y.slot}` ? -1 : 1));
    return { ...planned, submitted: submittedBy(held, reads.player.id) };
  }
}

async function announce(ports: Ports, matchId: string, playerId: string, events: StoredEvent[], submitted: Array<Record<string, unknown>>) {
  await observersOf(ports).afterBallot(ports, matchId, events);
  // A public ballot changed the count: the open pages get it with the change (decision 12). With the
  // stream's effects on, the consumer sends the count it publishes, and the request reads nothing more.
  const inline = ports.effects !== 'stream' && ports.live && hasPublicBallot(events);
  const votes = inline ? await voteCount(ports, await loadMeta(ports, matchId)).catch(() => undefined) : undefined;
  await notifyCommitted(ports, matchId, { events, actor: playerId, submitted, ...(votes !== undefined ? { votes } : {}) });
}

const playerOf = (request: SlotRequest) => proofOf(request)?.playerId ?? '';

/**
 * Issue 41: an action's body is strict. A key its type's declared fields do not have is refused,
 * named, before anything is read of the game (the fields are public, per ruleset); an unknown type is
 * left to the platform's `unknown-action`.
 */
function unknownField(ruleset: Ruleset, action: ActionInput): DomainError | null {
  if (!Object.hasOwn(ruleset.actionFields, action.type)) return null;
  const fields = ruleset.actionFields[action.type]!;
  const extra = Object.keys(action).find((key) => key !== 'type' && !fields.includes(key));
  if (extra === undefined) return null;
  return refusal('unknown-field', `The action "${action.type}" has no field "${extra}" (its fields: ${fields.join(', ') || 'none'}).`, {
    field: extra,
    action: action.type,
  });
}

export async function submit(ports: Ports, request: SlotRequest, action: ActionInput, guard?: string) {
  const done = await changeSlots(ports, request, guard, (reads, gate, now) => {
    const { ruleset } = reads.loaded;
    const strict = unknownField(ruleset, action);
    if (strict) throw strict;
    const pending = reads.slots.flatMap((s) => s.actions);
    const { seq, origin, prefix } = submissionSeq(now);
    const result = submitAction(ruleset, gate, reads.state, pending, reads.player.id, action, seq, {
      now,
      deadline: reads.loaded.meta.deadline,
    });
    if (!result.ok) return result;
    const phase = reads.loaded.meta.phase!;
    const { stored } = result;
    return {
      ok: true,
      changes: [{ owner: stored.owner, slot: stored.slot, stored, order: prefix }, ...result.changes],
      events: withReaders(result.events, ruleset.channels(reads.state), phase, origin),
      // The player's other actions this one withdrew (KG-4.2, decision 42): said in the answer too, so a
      // client that only reads answers still knows what his slots hold.
      answer: {
        actionId: `${phase}.${stored.owner}.${stored.slot}.${seq}`,
        slot: stored.slot,
        alsoWithdrawn: result.changes.map((c) => c.slot),
      },
    };
  });
  await announce(ports, request.matchId, playerOf(request), done.events, done.submitted);
  return done.answer;
}

export async function withdraw(ports: Ports, request: SlotRequest, slot: string, guard?: string) {
  const done = await changeSlots(ports, request, guard, (reads, gate, now) => {
    const { ruleset } = reads.loaded;
    const pending = reads.slots.flatMap((s) => s.actions);
    const result = withdrawAction(ruleset, gate, reads.state, pending, reads.player.id, slot);
    if (!result.ok) return result;
    const { origin } = submissionSeq(now);
    return {
      ok: true,
      changes: result.changes,
      events: withReaders(result.events, ruleset.channels(reads.state), reads.loaded.meta.phase!, origin),
      answer: { withdrawn: result.slot, alsoWithdrawn: result.changes.filter((c) => c.slot !== result.slot).map((c) => c.slot) },
    };
  });
  await announce(ports, request.matchId, playerOf(request), done.events, done.submitted);
  return done.answer;
}
