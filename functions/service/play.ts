// The players' side: submit, withdraw, check, post, and what each one may see.
import { inviteCode } from './invites.js';
import { withReaders } from '../../engine/core/events.js';
import { checkRefusal, everyoneChecked, postMessage } from '../../engine/core/match.js';
import type { ActionInput, Viewer } from '../../engine/core/types.js';
import { ConditionFailed } from '../store-errors.js';
import type { Ports } from '../ports.js';
import type { Caller } from './callers.js';
import { submissionSeq, submittedBy, whyRefused, wrongPhase } from './submission.js';
import { gateFor, hasChecked, loadMeta, loadState, type Loaded } from './context.js';
import { DomainError, notFound, refusal } from './errors.js';
import { eventPage, type PageQuery } from './event-pages.js';
import { notifyCommitted } from './live.js';
import { requestClose } from './lifecycle.js';
import { publicSummary } from './publish.js';
import { observersOf } from './observers.js';

/**
 * The phase guard (decision 6): a request made for `guard` never lands in another phase. Checked
 * first, against the META the request read; the store's write conditions name the same phase.
 */
async function openPhase(ports: Ports, caller: Caller, guard?: string) {
  const { meta } = caller.loaded;
  if (guard !== undefined && guard !== meta.phase) throw wrongPhase(meta.phase, guard);
  const now = ports.clock.now();
  const gate = gateFor(meta, now, hasChecked(meta, caller.player));
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  return { ...caller.loaded, now, gate, state, matchId: meta.id, playerId: caller.player.id };
}

export { submit, withdraw } from './submission.js';

export async function check(ports: Ports, caller: Caller, guard?: string) {
  const { meta, ruleset, now, gate, state, matchId, playerId } = await openPhase(ports, caller, guard);
  const refused = checkRefusal(ruleset, gate, meta.settings, state, playerId);
  if (refused) throw refusal(refused.reason, refused.message);
  const phase = meta.phase!;
  try {
    await ports.store.markChecked(matchId, phase, playerId, now);
  } catch (error) {
    if (error instanceof ConditionFailed) throw await whyRefused(ports, matchId, phase, playerId, guard);
    throw error;
  }
  await notifyCommitted(ports, matchId, { events: [], actor: playerId });
  // Each checker looks after its own mark, so the last of them always sees every mark.
  const players = await ports.store.listPlayers(matchId);
  const checked = players.filter((p) => p.checkedPhase === phase).map((p) => p.id);
  if (everyoneChecked(ruleset, state, checked)) {
    try {
      await requestClose(ports, matchId, phase);
    } catch (error) {
      // Another checker or the deadline closed it first.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return { checked: true, phase };
}

export async function post(ports: Ports, caller: Caller, channel: string, text: string, guard?: string) {
  const { meta, ruleset, now, gate, state, matchId, playerId } = await openPhase(ports, caller, guard);
  if (state === null) throw refusal('phase-closed', 'The match has not started.');
  const result = postMessage(ruleset, gate, state, playerId, channel, text);
  if (!result.ok) throw refusal(result.reason, result.message);
  const { origin } = submissionSeq(now);
  const events = withReaders(result.events, ruleset.channels(state), meta.phase!, origin);
  try {
    await ports.store.appendEvents(matchId, events, guard);
  } catch (error) {
    if (error instanceof ConditionFailed) {
      if (guard !== undefined) throw await whyRefused(ports, matchId, guard, playerId, guard);
      throw refusal('match-over', 'The match has ended.');
    }
    throw error;
  }
  await notifyCommitted(ports, matchId, { events, actor: playerId });
  return { posted: true };
}

/** The match exactly as one player sees it: his view, his events, what he has stored. */
export async function playerView(ports: Ports, loaded: Loaded, playerId: string, query: PageQuery = {}) {
  const { meta, ruleset } = loaded;
  const player = await ports.store.getPlayer(meta.id, playerId);
  if (!player) throw notFound('Player');
  const players = await ports.store.listPlayers(meta.id);
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  const viewer: Viewer = { as: 'player', id: playerId };
  const pending = meta.phase && state !== null ? await ports.store.listPending(meta.id, meta.phase) : [];
  const { events, cursor } = await eventPage(ports, meta.id, viewer, query);
  return {
    match: publicSummary(meta, ruleset, state, players),
    playerId,
    name: player.name,
    options: player.options,
    checked: hasChecked(meta, player),
    view: state === null ? null : ruleset.view(state, viewer),
    /** The channels he may write in now (the ruleset's writers), so the page offers no box the server refuses. */
    writable:
      state === null
        ? []
        : ruleset
            .channels(state)
            .filter((c) => c.writers.includes(playerId))
            .map((c) => c.id),
    submitted: submittedBy(pending, playerId),
    events,
    cursor,
  };
}

export async function availableActions(ports: Ports, caller: Caller) {
  const { meta, ruleset, gate, state, matchId, playerId } = await openPhase(ports, caller);
  if (state === null || !gate.open || meta.phase === null) return { phase: meta.phase, actions: [] };
  const pending = await ports.store.listPending(matchId, meta.phase);
  return { phase: meta.phase, checked: gate.checked, actions: ruleset.available(state, playerId, pending) };
}

export async function gmView(ports: Ports, loaded: Loaded, query: PageQuery = {}) {
  const { meta, ruleset } = loaded;
  const players = await ports.store.listPlayers(meta.id);
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  const pending = meta.phase && state !== null ? await ports.store.listPending(meta.id, meta.phase) : [];
  const { events, cursor } = await eventPage(ports, meta.id, { as: 'gm' }, query);
  return {
    match: publicSummary(meta, ruleset, state, players),
    seed: meta.seed,
    dice: meta.dice,
    players: players.map((p) => ({ id: p.id, name: p.name, seat: p.seat, options: p.options, checked: hasChecked(meta, p) })),
    view: state === null ? null : ruleset.view(state, { as: 'gm' }),
    facts: state === null ? null : ruleset.facts(state),
    /** What the GM may force as the outcome (issue 44): picked from this list, never typed. */
    winners: state === null ? [] : (ruleset.possibleWinners?.(state) ?? []),
    /** A private lobby's invitation code (issue 44): the GM shares the link that carries it. */
    ...(meta.unlisted ? { invite: await inviteCode(ports, meta.id) } : {}),
    pending,
    events,
    cursor,
  };
}

/** Whether a player may read a channel now: `public` always, another if the ruleset names him among its readers. */
export function readsChannel(ruleset: Loaded['ruleset'], state: unknown, playerId: string, channel: string): boolean {
  return (
    channel === 'public' ||
    Boolean(
      ruleset
        .channels(state)
        .find((c) => c.id === channel)
        ?.readers.includes(playerId),
    )
  );
}

export async function channelMessages(ports: Ports, matchId: string, playerId: string, channel: string, query: PageQuery = {}) {
  const loaded = await loadMeta(ports, matchId);
  const { meta, ruleset } = loaded;
  if (meta.status === 'lobby') throw refusal('channel-forbidden', 'No channel is open before the start.');
  const state = await loadState(ports, meta);
  if (!readsChannel(ruleset, state, playerId, channel)) throw refusal('channel-forbidden', `You cannot read channel "${channel}".`);
  const page = await eventPage(ports, meta.id, { as: 'player', id: playerId }, query, (e) => e.to === channel && e.kind === 'message');
  return { channel, messages: page.events, cursor: page.cursor };
}

export async function publicMatch(ports: Ports, matchId: string) {
  const { meta, ruleset } = await loadMeta(ports, matchId);
  const players = await ports.store.listPlayers(matchId);
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  return {
    ...publicSummary(meta, ruleset, state, players),
    board: state === null ? null : ruleset.view(state, { as: 'public' }),
    /** Whether this server runs a Telegram bot: the page offers its group code and deep link only then. */
    telegram: Boolean(ports.store.telegram && ports.telegram),
  };
}
