// The GM's side of a match: create, settings, join, start, pause, resume, extend, resolve now, remove.
import * as z from 'zod';
import { findRuleset } from '../../engine/index.js';
import { withReaders, type EventOrigin } from '../../engine/core/events.js';
import { pendingAfterRemoval, quorumShortfall, startMatch } from '../../engine/core/match.js';
import type { DiceMode } from '../../engine/core/rng.js';
import { deadlineFor, isValidTimezone } from '../../engine/core/timing.js';
import { RulesetError, type Ruleset } from '../../engine/core/types.js';
import { ConditionFailed } from '../store-errors.js';
import type { Ports } from '../ports.js';
import { seatedIn, type MatchMeta, type PlayerRecord } from '../records.js';
import { heldByOther } from './claim.js';
import { loadMeta, loadState } from './context.js';
import { notFound, refusal } from './errors.js';
import { finishResolution } from './finish.js';
import { publishCommitted } from './publish.js';
import { emptyLobbyLifetime, lobbyExpired } from './listing.js';
import { checkInvite, inviteOf } from './invites.js';
import { acceptMatchName, acceptPlayerName } from './names.js';
import { isReservedPlayerId } from './player-ids.js';
import { settlePhase, type ResolveOutcome } from './resolve.js';
import { hashToken, newGmToken, newMatchId, newPlayerToken, newSeed } from './tokens.js';
import { PLATFORM_LIVE_SETTINGS, rulesetSettings, splitSettings } from './platform-settings.js';
import { RETRY, retry } from '../retry.js';

const MAX_SEATS = 2000;

/**
 * Join options as the ruleset declares them, with an unknown key refused (never dropped: a PATCH /me
 * that dropped it would store options without the ones the player had, a Mafia specialty among them).
 */
function parseOptions(ruleset: Ruleset, raw: Record<string, unknown>) {
  const schema = ruleset.options instanceof z.ZodObject ? ruleset.options.strict() : ruleset.options;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issue = parsed.error.issues[0];
  const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.join('.');
  throw refusal('invalid-options', zodMessage(parsed.error), field ? { field } : undefined);
}

function zodMessage(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`)
    .join('; ');
}

export function parseSettings(ruleset: Ruleset, raw: Record<string, unknown>): Record<string, unknown> {
  // Platform settings (the no-show policy) are parsed apart, so a ruleset's schema never sees them.
  const { platform, rest } = splitSettings(raw);
  const parsed = ruleset.settings.safeParse(rest);
  if (!parsed.success) throw refusal('invalid-settings', zodMessage(parsed.error));
  const settings = parsed.data as Record<string, unknown>;
  if (typeof settings.timezone === 'string' && !isValidTimezone(settings.timezone)) {
    throw refusal('invalid-settings', `timezone: unknown time zone "${settings.timezone}"`);
  }
  return { ...settings, ...platform };
}

/** Runs a read-modify-write of META, retrying when someone else moved it in between. */
async function updateMeta(
  ports: Ports,
  matchId: string,
  change: (meta: MatchMeta, ruleset: Ruleset) => Promise<MatchMeta> | MatchMeta,
): Promise<MatchMeta> {
  const written = await retry(
    RETRY.metaRace,
    async (): Promise<MatchMeta | null> => {
      const { meta, ruleset } = await loadMeta(ports, matchId);
      const next = await change(meta, ruleset);
      try {
        await ports.store.putMeta({ ...next, version: meta.version + 1 }, meta.version);
        return { ...next, version: meta.version + 1 };
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        return null;
      }
    },
    { again: (outcome) => outcome.ok && outcome.value === null },
  );
  if (written) return written;
  throw refusal('busy', 'The match is busy; try again.');
}

export async function createMatch(
  ports: Ports,
  input: { ruleset: string; name: string; settings?: Record<string, unknown>; sandbox?: boolean; listed?: boolean },
  /** Who creates it (the caller's address): how many listed empty lobbies he already has (issue 41). */
  creator?: string,
) {
  const ruleset = await findRuleset(input.ruleset);
  if (!ruleset) throw refusal('unknown-ruleset', `There is no ruleset "${input.ruleset}".`);
  const name = acceptMatchName(input.name);
  const settings = parseSettings(ruleset, input.settings ?? {});
  const gmToken = newGmToken();
  const listed = input.listed !== false;
  const overflow = listed && creator !== undefined && !(await withinAllowance(ports, creator));
  const meta: MatchMeta = {
    id: newMatchId(),
    name,
    ruleset: ruleset.id,
    sandbox: input.sandbox === true,
    ...(listed ? {} : { unlisted: true as const }),
    ...(overflow ? { overflow: true as const } : {}),
    seated: 0,
    status: 'lobby',
    settings,
    phase: null,
    phaseStatus: 'open',
    openedAt: null,
    deadline: null,
    remainingMs: null,
    closeRequestedAt: null,
    leaseUntil: null,
    needsPublish: null,
    seed: null,
    dice: 'natural',
    winner: null,
    version: 1,
    nextSeat: 1,
    createdAt: ports.clock.now(),
    gmTokenHash: hashToken(gmToken),
    history: [],
  };
  await ports.store.createMatch(meta);
  await publishCommitted(ports, meta.id, []);
  const invite = await inviteOf(ports, meta);
  return { matchId: meta.id, gmToken, ...(invite ? { invite } : {}) };
}

/** Listed empty lobbies one creator may have high in the list; later ones are listed after every other lobby. */
export const EMPTY_LOBBIES_PER_CREATOR = 2;

/** Counts a listed lobby against its creator's allowance, over windows as long as an empty lobby lives. */
async function withinAllowance(ports: Ports, creator: string): Promise<boolean> {
  if (!ports.quota) return true;
  const span = emptyLobbyLifetime(ports);
  const windowEnd = (Math.floor(ports.clock.now() / span) + 1) * span;
  return ports.quota.take(`listed:${hashToken(creator)}`, EMPTY_LOBBIES_PER_CREATOR, windowEnd);
}

export async function changeSettings(ports: Ports, matchId: string, patch: Record<string, unknown>) {
  const meta = await updateMeta(ports, matchId, (meta, ruleset) => {
    if (meta.status === 'ended') throw refusal('match-over', 'The match has ended.');
    if (meta.status !== 'lobby') {
      const locked = Object.keys(patch).filter((k) => !ruleset.liveSettings.includes(k) && !PLATFORM_LIVE_SETTINGS.includes(k));
      if (locked.length > 0) {
        throw refusal('setting-locked', `Fixed once the match started: ${locked.join(', ')}.`);
      }
    }
    return { ...meta, settings: parseSettings(ruleset, { ...meta.settings, ...patch }) };
  });
  return { settings: meta.settings };
}

export async function joinMatch(
  ports: Ports,
  matchId: string,
  input: { name: string; options?: Record<string, unknown>; playerId?: string; invite?: string },
) {
  for (let attempt = 0; attempt < RETRY.lobbyJoin.tries; attempt++) {
    const { meta, ruleset } = await loadMeta(ports, matchId);
    await checkInvite(ports, meta, input.invite);
    if (meta.status !== 'lobby') throw refusal('not-in-lobby', 'Players join only before the start.');
    if (lobbyExpired(ports, meta)) throw refusal('lobby-expired', 'This lobby never started and has expired.');
    if (input.playerId !== undefined && !meta.sandbox) {
      throw refusal('sandbox-only', 'A player id can be chosen only in a sandbox match.');
    }
    if (input.playerId !== undefined && (await isReservedPlayerId(input.playerId))) {
      throw refusal('invalid-body', `"${input.playerId}" cannot be a player id.`);
    }
    const options = parseOptions(ruleset, input.options ?? {});
    const players = await ports.store.listPlayers(matchId);
    const seats = Math.min(MAX_SEATS, ruleset.seats?.(meta.settings).max ?? MAX_SEATS);
    if (players.length >= seats) throw refusal('match-full', `All ${seats} seats are taken.`);
    const name = await acceptPlayerName(
      input.name,
      players.map((p) => p.name),
    );
    const playerId = input.playerId ?? `p${meta.nextSeat}`;
    if (players.some((p) => p.id === playerId)) {
      // A generated id taken by a join that committed since we read META: read again.
      if (input.playerId === undefined) continue;
      throw refusal('player-exists', `Player ${playerId} has joined already.`);
    }
    const token = newPlayerToken(playerId);
    const player: PlayerRecord = {
      id: playerId,
      name,
      seat: meta.nextSeat,
      tokenHash: hashToken(token),
      options,
      checkedPhase: null,
    };
    try {
      await ports.store.addPlayer(
        player,
        { ...meta, nextSeat: meta.nextSeat + 1, seated: players.length + 1, version: meta.version + 1 },
        meta.version,
      );
    } catch (error) {
      if (error instanceof ConditionFailed) continue;
      throw error;
    }
    await publishCommitted(ports, matchId, []);
    return { playerId, token };
  }
  throw refusal('busy', 'The match is busy; try again.');
}

/**
 * Changes a player's join options in the lobby. The write is conditioned on META's version, with a
 * lobby status read in the same attempt, so it either lands before the start (which deals it) or is
 * refused `setting-locked` after it: never answered 200 and left out of the deal.
 */
export async function changeOptions(ports: Ports, matchId: string, playerId: string, options: Record<string, unknown>) {
  for (let attempt = 0; attempt < RETRY.metaRace.tries; attempt++) {
    const { meta, ruleset } = await loadMeta(ports, matchId);
    if (meta.status !== 'lobby') throw refusal('setting-locked', 'Join options are fixed once the match started.');
    const parsed = { data: parseOptions(ruleset, options) };
    const player = await ports.store.getPlayer(matchId, playerId);
    if (!player) throw notFound('Player');
    try {
      await ports.store.putPlayerWithMeta({ ...player, options: parsed.data }, { ...meta, version: meta.version + 1 }, meta.version);
    } catch (error) {
      if (error instanceof ConditionFailed) continue;
      throw error;
    }
    return { options: parsed.data };
  }
  throw refusal('busy', 'The match is busy; try again.');
}

export interface SandboxStart {
  seed?: string;
  dice?: DiceMode;
  players?: Record<string, Record<string, unknown>>;
  setup?: Record<string, unknown>;
}

/**
 * Starts the match with exactly the seats and options the record holds: the commit is conditioned on
 * the META version that was read with the players, and every lobby write (join, options, removal)
 * moves that version, so a start that raced one of them reads the lobby again and deals it anew.
 */
export async function start(ports: Ports, matchId: string, sandbox: SandboxStart) {
  for (let attempt = 0; attempt < RETRY.metaRace.tries; attempt++) {
    const started = await startOnce(ports, matchId, sandbox);
    if (started !== null) return started;
  }
  throw refusal('busy', 'The match is busy; try again.');
}

async function startOnce(ports: Ports, matchId: string, sandbox: SandboxStart) {
  const { meta, ruleset } = await loadMeta(ports, matchId);
  if (meta.status !== 'lobby') throw refusal('already-started', 'The match has started already.');
  if (lobbyExpired(ports, meta)) throw refusal('lobby-expired', 'This lobby never started and has expired.');
  const usesSandbox = Object.keys(sandbox).length > 0;
  if (usesSandbox && !meta.sandbox) {
    throw refusal('sandbox-only', 'Seed, dice and fixed assignments are accepted only in a sandbox match.');
  }
  const players = await ports.store.listPlayers(matchId);
  const short = meta.sandbox ? null : quorumShortfall(ruleset, meta.settings, players);
  if (short) throw refusal(short.code, short.message, { dealt: short.dealt, joined: short.joined, quorum: short.quorum });
  const seed = sandbox.seed ?? newSeed();
  const dice = sandbox.dice ?? 'natural';
  let opened;
  try {
    opened = startMatch(ruleset, {
      players: players.map((p) => ({ id: p.id, name: p.name, options: p.options, fixed: sandbox.players?.[p.id] ?? {} })),
      settings: rulesetSettings(meta.settings),
      seed,
      dice,
      setup: sandbox.setup ?? {},
    });
  } catch (error) {
    if (error instanceof RulesetError) throw refusal(error.code, error.message, error.params);
    throw error;
  }
  const now = ports.clock.now();
  const phase = opened.phase;
  const deadline = phase === null ? null : deadlineFor(ruleset.timing(opened.state, meta.settings), now, ports.phaseSeconds);
  const next: MatchMeta = {
    ...meta,
    status: phase === null ? 'ended' : 'running',
    phase,
    phaseStatus: 'open',
    openedAt: now,
    deadline,
    seed,
    dice,
    winner: ruleset.outcome(opened.state),
    history: phase === null ? [] : [phase],
    needsPublish: phase,
    // What setup received besides the seats, for export and replay.
    start: {
      settings: meta.settings,
      ...(usesSandbox ? { sandbox: JSON.stringify({ players: sandbox.players ?? {}, setup: sandbox.setup ?? {} }) } : {}),
    },
    version: meta.version + 1,
  };
  const eventPhase = phase ?? 'start';
  try {
    await ports.store.commit({
      meta: next,
      expectVersion: meta.version,
      stateKey: phase ?? 'final',
      state: opened.state,
      events: withReaders(opened.events, ruleset.channels(opened.state), eventPhase, { kind: 'start' }),
      step: { phase: eventPhase, origin: { kind: 'start' } },
    });
  } catch (error) {
    // The lobby moved since we read it (a join, an option, a removal, or another start): read again.
    if (error instanceof ConditionFailed) return null;
    throw error;
  }
  // Finished like any committed change: published, announced to open pages, scheduled, unmarked. A crash
  // here leaves the mark, and the sweeper finishes it.
  if (next.needsPublish === null) await publishCommitted(ports, matchId, []);
  else await finishResolution(ports, next);
  return { status: next.status, phase, deadline };
}

export async function pause(ports: Ports, matchId: string) {
  const meta = await updateMeta(ports, matchId, (meta) => {
    if (meta.status === 'paused') throw refusal('match-paused', 'The match is paused.');
    if (meta.status !== 'running') throw refusal('not-running', `The match is ${meta.status}.`);
    const now = ports.clock.now();
    if (heldByOther(meta, now)) throw refusal('phase-closed', 'The phase is being resolved; try again in a moment.');
    return { ...meta, status: 'paused', remainingMs: Math.max(0, (meta.deadline ?? now) - now) };
  });
  if (meta.phase) await ports.scheduler.cancel(matchId, meta.phase);
  await publishCommitted(ports, matchId, []);
  return { status: meta.status, remainingMs: meta.remainingMs };
}

export async function resume(ports: Ports, matchId: string) {
  const meta = await updateMeta(ports, matchId, (meta) => {
    if (meta.status !== 'paused') throw refusal('not-paused', `The match is ${meta.status}.`);
    const now = ports.clock.now();
    return { ...meta, status: 'running', deadline: now + (meta.remainingMs ?? 0), remainingMs: null };
  });
  if (meta.phase && meta.deadline !== null) await ports.scheduler.schedule(matchId, meta.phase, meta.deadline);
  await publishCommitted(ports, matchId, []);
  return { status: meta.status, deadline: meta.deadline };
}

export async function extend(ports: Ports, matchId: string, minutes: number) {
  const meta = await updateMeta(ports, matchId, (meta) => {
    if (meta.status === 'paused') return { ...meta, remainingMs: (meta.remainingMs ?? 0) + minutes * 60_000 };
    if (meta.status !== 'running' || meta.deadline === null) throw refusal('not-running', `The match is ${meta.status}.`);
    if (meta.closeRequestedAt !== null || meta.phaseStatus !== 'open') {
      throw refusal('phase-closed', 'The phase is already closing.');
    }
    return { ...meta, deadline: meta.deadline + minutes * 60_000 };
  });
  if (meta.status === 'running' && meta.phase && meta.deadline !== null) {
    await ports.scheduler.schedule(matchId, meta.phase, meta.deadline);
  }
  await publishCommitted(ports, matchId, []);
  return { deadline: meta.deadline, remainingMs: meta.remainingMs };
}

/**
 * Closes the open phase now (GM's resolve-now, or everyone checked) and resolves it at once. An
 * idempotent request for one resolution (decision 7): when a close was asked already or a resolution
 * is in progress it writes nothing, waits for that resolution and answers with its outcome. A request
 * for the phase resolved last (it crossed that resolution, or repeats it) is answered the same way;
 * any other phase that is not the open one is `wrong-phase`.
 */
export async function requestClose(ports: Ports, matchId: string, phase?: string, loaded?: MatchMeta) {
  const meta = loaded ?? (await loadMeta(ports, matchId)).meta;
  const answer = (resolved: string, outcome: ResolveOutcome, after: MatchMeta) => ({
    resolved,
    outcome,
    phase: after.phase,
    status: after.status,
  });
  if (phase !== undefined && phase !== meta.phase && meta.status !== 'ended' && meta.history.at(-2) === phase) {
    return answer(phase, 'resolved', meta);
  }
  if (meta.status === 'ended') throw refusal('match-over', 'The match has ended.');
  if (meta.status === 'paused') throw refusal('match-paused', 'The match is paused.');
  if (meta.status !== 'running' || meta.phase === null) throw refusal('phase-closed', 'No phase is open.');
  if (phase !== undefined && phase !== meta.phase) {
    throw refusal('wrong-phase', `The open phase is ${meta.phase}, not ${phase}.`);
  }
  const closing = meta.phase;
  const settled = await settlePhase(ports, matchId, closing, { close: true });
  const after = settled.meta ?? (await loadMeta(ports, matchId)).meta;
  return answer(closing, settled.outcome, after);
}

/** Frees a seat in the lobby; after the start a modkill as the ruleset says. */
export async function removePlayer(ports: Ports, matchId: string, playerId: string) {
  for (let attempt = 0; attempt < RETRY.metaRace.tries; attempt++) {
    const { meta, ruleset } = await loadMeta(ports, matchId);
    const player = await ports.store.getPlayer(matchId, playerId);
    if (!player) throw notFound('Player');
    if (meta.status === 'ended') throw refusal('match-over', 'The match has ended.');
    if (meta.status === 'lobby') {
      try {
        const seated = Math.max(0, seatedIn(meta) - 1);
        await ports.store.deletePlayer(matchId, playerId, { ...meta, seated, version: meta.version + 1 }, meta.version);
      } catch (error) {
        if (error instanceof ConditionFailed) continue;
        throw error;
      }
      await ports.store.telegram?.unbindSeat(matchId, playerId);
      await publishCommitted(ports, matchId, []);
      return { removed: playerId, status: meta.status };
    }
    if (meta.phaseStatus !== 'open' || meta.phase === null) {
      throw refusal('phase-closed', 'The phase is being resolved; try again in a moment.');
    }
    const state = await loadState(ports, meta);
    const pending = await ports.store.listPending(matchId, meta.phase);
    const removal = ruleset.remove(state, playerId, pending);
    const kept = pendingAfterRemoval(pending, playerId, removal.withdrawn);
    const keptKeys = new Set(kept.map((p) => `${p.owner}\u0000${p.slot}`));
    const drop = pending
      .filter((p) => !keptKeys.has(`${p.owner}\u0000${p.slot}`))
      .map((p) => ({ phase: meta.phase!, owner: p.owner, slot: p.slot }));
    const nextPhase = ruleset.phase(removal.state);
    const ended = nextPhase === null;
    const now = ports.clock.now();
    const next: MatchMeta = ended
      ? {
          ...meta,
          status: 'ended',
          phase: null,
          deadline: null,
          winner: ruleset.outcome(removal.state),
          needsPublish: meta.phase,
          version: meta.version + 1,
        }
      : { ...meta, version: meta.version + 1 };
    const origin: EventOrigin = { kind: 'removal', at: now, player: playerId };
    try {
      await ports.store.commit({
        meta: next,
        expectVersion: meta.version,
        stateKey: ended ? 'final' : meta.phase,
        state: removal.state,
        events: withReaders(removal.events, ruleset.channels(removal.state), meta.phase, origin),
        step: { phase: meta.phase, origin },
        drop,
      });
    } catch (error) {
      if (error instanceof ConditionFailed) continue;
      throw error;
    }
    // Telegram (issue 45): a removed seat gets no more private messages and its buttons act no more.
    await ports.store.telegram?.unbindSeat(matchId, playerId);
    if (ended) {
      await finishResolution(ports, next);
    } else {
      await publishCommitted(ports, matchId, []);
    }
    return { removed: playerId, status: next.status, winner: next.winner };
  }
  throw refusal('busy', 'The match is busy; try again.');
}
