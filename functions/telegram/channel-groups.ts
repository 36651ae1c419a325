// A private channel (the pack, the bandits) mirrored into a Telegram group of its own: a reader of the
// channel binds a new group with a code from his page, the bot makes a join-by-request invite link and
// sends it privately to the channel's bound readers, lets in only them (a held seat that reads the channel
// now, the page's own test) and sees anyone else out. The channel's messages reach the group as delivery
// jobs; a reader's plain text in the group is posted to the channel as his seat.
import { format, termText } from '../../texts/index.js';
import type { Ports, TelegramBot, TelegramStore } from '../ports.js';
import type { TelegramChannelGroup, TelegramCode, TelegramSeat } from '../records.js';
import { loadMeta, loadState } from '../service/context.js';
import { readsChannel } from '../service/play.js';
import { telemetryOf } from '../service/telemetry.js';
import { sameStoredHash } from '../service/tokens.js';
import { TelegramError, type ChatJoinRequest, type TelegramMessage, type TelegramUser } from './bot-api.js';
import { heldSeat } from './binding.js';
import { postAs } from './channel-posts.js';
import { escapeHtml } from './html.js';
import { langOfUser } from './words.js';

interface Bot {
  ports: Ports;
  store: TelegramStore;
  bot: TelegramBot;
}

/** Only a group of its binder and the bot may mirror a channel: nobody else is in it unchecked. */
const NEW_GROUP_MEMBERS = 2;

/** The reader's seat through which a Telegram user may be in the channel's group, or null. */
export async function channelReader(ports: Ports, group: Pick<TelegramChannelGroup, 'matchId' | 'channel'>, userId: number) {
  const seats = ((await ports.store.telegram?.seatsOfUser(userId)) ?? []).filter((s) => s.matchId === group.matchId);
  for (const seat of seats) {
    const player = await heldSeat(ports, seat);
    if (!player) continue;
    const loaded = await loadMeta(ports, seat.matchId);
    if (loaded.meta.status === 'lobby') continue;
    const state = await loadState(ports, loaded.meta);
    if (readsChannel(loaded.ruleset, state, player.id, group.channel)) return { seat, player, loaded };
  }
  return null;
}

const channelName = (lang: Parameters<typeof termText>[0], channel: string) => termText(lang, channel) ?? channel;

/** `/bind <channel code>` in a group: sent by the reader who asked for it, in a group of him and the bot only. */
export async function bindChannelGroup(b: Bot, message: TelegramMessage, taken: TelegramCode): Promise<void> {
  const from = message.from!;
  const chatId = message.chat.id;
  const channel = taken.channel ?? '';
  const reader = await channelReader(b.ports, { matchId: taken.matchId, channel }, from.id);
  const lang = reader?.seat.lang ?? langOfUser(from.language_code, 'en');
  // The code is his only while he holds the seat that asked for it (a substitute's code voids).
  if (!reader || reader.player.id !== taken.playerId || !sameStoredHash(taken.tokenHash ?? '', reader.player.tokenHash))
    return b.bot.send(chatId, escapeHtml(format(lang, 'tg-code-void')));
  // Never the match's public group, never a group with anyone the bot has not checked in it.
  if ((await b.store.matchOfGroup(chatId)) !== null || (await b.bot.memberCount(chatId)) > NEW_GROUP_MEMBERS)
    return b.bot.send(chatId, escapeHtml(format(lang, 'tg-group-not-new')));
  let invite: string;
  try {
    invite = await b.bot.invite(chatId);
  } catch (error) {
    if (!(error instanceof TelegramError) || error.code !== 400) throw error;
    return b.bot.send(chatId, escapeHtml(format(lang, 'tg-channel-group-admin')));
  }
  const group: TelegramChannelGroup = { matchId: taken.matchId, channel, chatId, invite };
  await b.store.addGroupMember(chatId, from.id);
  await b.store.bindChannelGroup(group);
  const { meta } = reader.loaded;
  await b.bot.send(chatId, escapeHtml(format(lang, 'tg-channel-group-bound', { channel: channelName(lang, channel), match: meta.name })));
  // Each other reader bound to Telegram gets the link privately.
  for (const seat of await b.store.seats(taken.matchId)) {
    if (seat.userId === from.id) continue;
    await sendInvite(b.ports, group, seat);
  }
}

/** Sends a seat the group's invite link when it reads the channel now; a seat bound later gets it at its binding. */
export async function sendInvite(ports: Ports, group: TelegramChannelGroup, seat: TelegramSeat): Promise<void> {
  const bot = ports.telegram;
  if (!bot || !group.invite || !(await channelReader(ports, group, seat.userId))) return;
  const { meta } = await loadMeta(ports, group.matchId);
  const text = format(seat.lang, 'tg-channel-invite', { channel: channelName(seat.lang, group.channel), match: meta.name });
  await bot.send(seat.chatId, `${escapeHtml(text)}\n${escapeHtml(group.invite)}`);
}

/** A request to join a channel's group: approved for a reader, declined for anyone else; other groups' are not the bot's. */
export async function joinRequest(b: Bot, request: ChatJoinRequest): Promise<void> {
  const group = await b.store.channelOfGroup(request.chat.id);
  if (!group) return;
  const reader = await channelReader(b.ports, group, request.from.id);
  if (reader) await b.store.addGroupMember(group.chatId, request.from.id);
  await b.bot.admit(group.chatId, request.from.id, reader !== null);
}

/** Someone is in a channel's group (added, or joined): kept if he reads the channel, seen out otherwise. */
export async function joined(b: Bot, chatId: number, users: TelegramUser[]): Promise<void> {
  const group = await b.store.channelOfGroup(chatId);
  if (!group) return;
  for (const user of users) {
    if (user.is_bot) continue;
    if (await channelReader(b.ports, group, user.id)) await b.store.addGroupMember(chatId, user.id);
    else await b.bot.remove(chatId, user.id);
  }
}

/**
 * A plain text in a group: posted to the channel the group mirrors, as the writer's seat, through the same
 * service as the page (a refusal is answered there, in his language). Anyone else's text posts nothing and
 * he is seen out. False when the group mirrors no channel (the text is not the bot's).
 */
export async function saidInChannelGroup(b: Bot, message: TelegramMessage): Promise<boolean> {
  const group = await b.store.channelOfGroup(message.chat.id);
  if (!group) return false;
  const from = message.from!;
  const reader = await channelReader(b.ports, group, from.id);
  if (!reader) {
    await b.bot.remove(group.chatId, from.id);
    return true;
  }
  await postAs(b.ports, { ...reader, channel: group.channel }, message.text ?? '', (text) => b.bot.send(group.chatId, escapeHtml(text)));
  return true;
}

/**
 * Before anything goes to a channel's group: whoever the bot let in and no longer reads the channel (his
 * seat substituted, or the ruleset's readers changed) is seen out first, so he gets nothing more there.
 * False when nothing may go to the group: it no longer mirrors that channel, or someone who no longer reads
 * it cannot be removed (the group's owner): the group then stays silent, and a new group may be bound.
 */
export async function clearStrangers(ports: Ports, matchId: string, channel: string, chatId: number): Promise<boolean> {
  const store = ports.store.telegram;
  const bot = ports.telegram;
  if (!store || !bot) return false;
  const group = await store.channelOfGroup(chatId);
  if (!group || group.matchId !== matchId || group.channel !== channel) return false;
  let clear = true;
  for (const userId of await store.groupMembers(chatId)) {
    if (await channelReader(ports, group, userId)) continue;
    try {
      await bot.remove(chatId, userId);
      await store.dropGroupMember(chatId, userId);
    } catch (error) {
      // Refused for good (400: the group's owner, an admin): nothing more goes there. Anything else fails the
      // job, to be tried again.
      if (!(error instanceof TelegramError) || error.code !== 400) throw error;
      telemetryOf(ports).log('warn', 'telegram channel group silenced: a former reader cannot be removed', { matchId, channel });
      clear = false;
    }
  }
  return clear;
}
