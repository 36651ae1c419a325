// The bot's side of an update from Telegram: `/start <code>` in private binds a seat and sends its card
// and actions; `/bind <code>` in a group binds the group (to the match, or to a private channel: joins and
// texts in such a group are channel-groups.ts's); a button press submits, withdraws or checks
// through the same service the API uses, as the bound seat. Every refusal changes nothing, and an
// unknown, used, lapsed or misplaced code gets the same answer whichever it was.
import { Refusal, type Viewer } from '../../engine/core/types.js';
import { format, isLang, type Lang } from '../../texts/index.js';
import type { PlayerRecord, TelegramMessageJob, TelegramSeat } from '../records.js';
import type { Ports, TelegramBot, TelegramStore } from '../ports.js';
import { platformRefusal } from '../../engine/core/match.js';
import { gateFor, hasChecked, loadMeta, loadState, type Loaded } from '../service/context.js';
import { DomainError } from '../service/errors.js';
import { telemetryOf } from '../service/telemetry.js';
import { availableActions, check, submit, withdraw } from '../service/play.js';
import type { Update, CallbackQuery, TelegramMessage } from './bot-api.js';
import { heldSeat, holds } from './binding.js';
import { groupMoved } from './migrate.js';
import { claimOnce } from './once.js';
import { postFromChat } from './channel-posts.js';
import { bindChannelGroup, joined, joinRequest, saidInChannelGroup, sendInvite } from './channel-groups.js';
import { escapeHtml } from './html.js';
import { decode, digestOf, menu, step, type Pressed, type Wording } from './keyboards.js';
import { cardText, langOfUser, refusalText } from './words.js';

interface Bot {
  ports: Ports;
  store: TelegramStore;
  bot: TelegramBot;
}

/** The language of a match's public posts: its `lang` setting, else its ruleset's home. */
export const matchLang = (loaded: Loaded): Lang =>
  isLang(loaded.meta.settings.lang) ? loaded.meta.settings.lang : loaded.ruleset.homeLang;

const names = async (ports: Ports, matchId: string) =>
  Object.fromEntries((await ports.store.listPlayers(matchId)).map((p) => [p.id, p.name]));

/** Handles one update; what it sends goes through the paced bot. Throws only when the store fails. */
export async function handleUpdate(ports: Ports, update: Update): Promise<void> {
  const store = ports.store.telegram;
  const bot = ports.telegram;
  if (!store || !bot) return;
  const b: Bot = { ports, store, bot };
  if (update.callback_query) return pressed(b, update.callback_query);
  if (update.chat_join_request) return joinRequest(b, update.chat_join_request);
  if (update.chat_member) {
    const { old_chat_member: before, new_chat_member: now, chat } = update.chat_member;
    if (IN_CHAT.has(now.status) && !IN_CHAT.has(before.status)) return joined(b, chat.id, [now.user]);
    return;
  }
  if (update.message?.migrate_to_chat_id !== undefined) return groupMoved(ports, update.message.chat.id, update.message.migrate_to_chat_id);
  if (update.message?.new_chat_members?.length) return joined(b, update.message.chat.id, update.message.new_chat_members);
  if (update.message?.text) return said(b, update.message);
}

/** The standings of someone in a chat (the others: he left, or was removed). */
const IN_CHAT = new Set(['creator', 'administrator', 'member', 'restricted']);

const COMMAND = /^\/(start|bind|actions)(?:@\w+)?(?:\s+(\S+))?\s*$/;

async function said(b: Bot, message: TelegramMessage): Promise<void> {
  const command = COMMAND.exec(message.text ?? '');
  const from = message.from;
  if (!from || from.is_bot) return;
  const privately = message.chat.type === 'private';
  // Plain text in private goes to his private channel (the pack, the bandits), in a channel's group to that
  // channel; any other text is not the bot's.
  if (!command) {
    if (message.text?.startsWith('/')) return;
    if (privately) return postFromChat(b.ports, message);
    await saidInChannelGroup(b, message);
    return;
  }
  const [, name, code] = command;
  const lang = langOfUser(from.language_code, 'en');
  if (name === 'start' && privately)
    return code ? bindSeat(b, message, code) : b.bot.send(message.chat.id, escapeHtml(format(lang, 'tg-help')));
  if (name === 'bind' && !privately) return bindGroup(b, message, code);
  if (name === 'actions' && privately) {
    const seats = await b.store.seatsOfUser(from.id);
    if (seats.length === 0) return b.bot.send(message.chat.id, escapeHtml(format(lang, 'tg-help')));
    for (const seat of seats) await sendMenu(b.ports, b.bot, seat);
  }
}

async function bindSeat(b: Bot, message: TelegramMessage, code: string): Promise<void> {
  const from = message.from!;
  const now = b.ports.clock.now();
  const taken = await b.store.redeemCode(code, 'seat', now, `${from.id}#${message.chat.id}`);
  const player = taken?.playerId ? await b.ports.store.getPlayer(taken.matchId, taken.playerId) : null;
  if (!taken || !taken.tokenHash || !holds({ tokenHash: taken.tokenHash }, player)) {
    return b.bot.send(message.chat.id, escapeHtml(format(langOfUser(from.language_code, 'en'), 'tg-code-void')));
  }
  const loaded = await loadMeta(b.ports, taken.matchId);
  const seat: TelegramSeat = {
    matchId: taken.matchId,
    playerId: player.id,
    userId: from.id,
    chatId: message.chat.id,
    tokenHash: taken.tokenHash,
    lang: langOfUser(from.language_code, matchLang(loaded)),
  };
  // A keyboard that cannot be drawn (an action with more fields than a button's data holds) is left to the page.
  const menu = await menuMessage(b.ports, seat).catch((error: unknown) => {
    telemetryOf(b.ports).log('warn', 'telegram keyboard not drawn', { matchId: seat.matchId, error: String(error) });
    return null;
  });
  const drawn = [await cardMessage(b.ports, seat), menu].filter((m): m is TelegramMessageJob => m !== null);
  // Claimed before the seat is bound, so that a delivery that finds the seat bound (the opening's, read late)
  // skips them; asked for, so sent here even when claimed before (a seat bound again, a redelivered /start).
  for (const m of drawn) if (m.once) await claimOnce(b.ports, seat.matchId, seat.chatId, m.once);
  await b.store.bindSeat(seat);
  await b.bot.send(seat.chatId, escapeHtml(format(seat.lang, 'tg-seat-bound', { name: player.name, match: loaded.meta.name })));
  for (const m of drawn) await b.bot.send(seat.chatId, m.text, m.keyboard);
  // The invite to each channel group he may join (the readers bound before got it when it was made).
  for (const group of await b.store.channelGroups(seat.matchId)) await sendInvite(b.ports, group, seat);
}

async function bindGroup(b: Bot, message: TelegramMessage, code: string | undefined): Promise<void> {
  const lang = langOfUser(message.from?.language_code, 'en');
  // A channel's group stays its channel's: no code binds it to anything else (its members know what it is).
  if (await b.store.channelOfGroup(message.chat.id)) return b.bot.send(message.chat.id, escapeHtml(format(lang, 'tg-group-not-new')));
  const now = b.ports.clock.now();
  // The GM's code for the match's group, or a reader's for his channel's group: one command, one answer for a void code.
  const by = `${message.from?.id}#${message.chat.id}`;
  const taken = code ? ((await b.store.redeemCode(code, 'group', now, by)) ?? (await b.store.redeemCode(code, 'channel', now, by))) : null;
  if (!taken) return b.bot.send(message.chat.id, escapeHtml(format(lang, 'tg-code-void')));
  if (taken.kind === 'channel') return bindChannelGroup(b, message, taken);
  const loaded = await loadMeta(b.ports, taken.matchId);
  await b.store.bindGroup({ matchId: taken.matchId, chatId: message.chat.id });
  await b.bot.send(message.chat.id, escapeHtml(format(matchLang(loaded), 'tg-group-bound', { match: loaded.meta.name })));
}

/** The seat's card (his own view), once the match has started and while he holds the seat. */
export async function cardMessage(ports: Ports, seat: TelegramSeat): Promise<TelegramMessageJob | null> {
  const loaded = await loadMeta(ports, seat.matchId);
  if (loaded.meta.status === 'lobby' || !(await heldSeat(ports, seat))) return null;
  const state = await loadState(ports, loaded.meta);
  const viewer: Viewer = { as: 'player', id: seat.playerId };
  return {
    text: cardText(seat.lang, loaded.meta.ruleset, loaded.ruleset.view(state, viewer), await names(ports, seat.matchId)),
    once: 'card',
  };
}

async function menuOf(ports: Ports, seat: TelegramSeat, player: PlayerRecord) {
  const loaded = await loadMeta(ports, seat.matchId);
  const available = await availableActions(ports, { loaded, player });
  if (!available.phase) return null;
  const wording: Wording = { lang: seat.lang, names: await names(ports, seat.matchId), ruleset: loaded.meta.ruleset };
  const head = { matchId: seat.matchId, seat: player.seat, phase: available.phase };
  return { wording, head, available, drawn: menu(wording, head, available.actions, Boolean(available.checked)) };
}

/** The seat's available actions as a keyboard; null when no phase is open or there is nothing to do. */
export async function menuMessage(ports: Ports, seat: TelegramSeat): Promise<TelegramMessageJob | null> {
  const player = await heldSeat(ports, seat);
  if (!player) return null;
  const m = await menuOf(ports, seat, player);
  if (!m || m.available.actions.length + (m.available.checked === false ? 1 : 0) === 0) return null;
  return { text: m.drawn.text, keyboard: m.drawn.keyboard, once: `menu#${m.head.phase}` };
}

async function sendMenu(ports: Ports, bot: TelegramBot, seat: TelegramSeat): Promise<void> {
  const m = await menuMessage(ports, seat);
  if (m) await bot.send(seat.chatId, m.text, m.keyboard);
}

/** The seat the presser holds for the press's match and seat number; null when it is not his. */
async function presserSeat(b: Bot, query: CallbackQuery, p: Pressed) {
  const seats = await b.store.seatsOfUser(query.from.id);
  for (const seat of seats.filter((s) => s.matchId === p.matchId)) {
    const player = await heldSeat(b.ports, seat);
    if (player && player.seat === p.seat) return { seat, player };
  }
  return null;
}

async function pressed(b: Bot, query: CallbackQuery): Promise<void> {
  const p = decode(query.data);
  const fallback = langOfUser(query.from.language_code, 'en');
  const mine = p ? await presserSeat(b, query, p) : null;
  if (!p || !mine) return b.bot.answer(query.id, format(fallback, 'tg-not-yours'));
  const { seat, player } = mine;
  const { ports } = b;
  const request = { matchId: seat.matchId, seat: { playerId: seat.playerId, tokenHash: seat.tokenHash } };
  const redraw = async (notice?: string) => {
    await b.bot.answer(query.id, notice);
    await sendMenu(ports, b.bot, seat);
  };
  try {
    if (p.press.op === 'menu') return await redraw();
    if (p.press.op === 'check') {
      await check(ports, { loaded: await loadMeta(ports, seat.matchId), player }, p.phase);
      return await b.bot.answer(query.id, format(seat.lang, 'tg-done'));
    }
    const m = await menuOf(ports, seat, player);
    const action = m?.available.actions[p.press.action];
    if (!m || m.head.phase !== p.phase)
      return await b.bot.answer(query.id, refusalText(seat.lang, new DomainError('wrong-phase', 'The phase has changed.')));
    if (!action) {
      // No such action now: the reason the page would get (paused, checked, closed), else a fresh keyboard.
      const { meta, ruleset } = await loadMeta(ports, seat.matchId);
      const refused = platformRefusal(
        ruleset,
        gateFor(meta, ports.clock.now(), hasChecked(meta, player)),
        p.press.op === 'withdraw' ? 'withdraw' : (ruleset.actions[0] ?? ''),
      );
      return await redraw(
        refused ? refusalText(seat.lang, new DomainError(refused.reason, refused.message)) : format(seat.lang, 'tg-nothing'),
      );
    }
    if (digestOf(action) !== p.press.digest) return await redraw(format(seat.lang, 'tg-nothing'));
    if (p.press.op === 'withdraw') {
      await withdraw(ports, request, action.slot, p.phase);
      return await redraw(format(seat.lang, 'tg-done'));
    }
    const next = step(m.wording, m.head, p.press.action, action, p.press.picks);
    if ('invalid' in next) return await redraw(format(seat.lang, 'tg-nothing'));
    if ('notice' in next) return await b.bot.answer(query.id, next.notice);
    if (!next.done) {
      await b.bot.answer(query.id);
      return await b.bot.send(seat.chatId, next.text, next.keyboard);
    }
    await submit(ports, request, next.input, p.phase);
    await redraw(format(seat.lang, 'tg-done'));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await b.bot.answer(query.id, refusalText(seat.lang, error));
  }
}
