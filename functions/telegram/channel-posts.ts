// A plain text in a player's private chat with the bot goes to his private channel (the pack, the
// bandits), through the same service as POST /api/matches/{id}/channels/{channel}/messages, while he
// holds exactly one such channel in an open phase; anything else is answered in his language and posts
// nothing. The match's group never sees it: a channel's messages reach its members' private chats, and the
// channel's own group if it has one (channel-groups.ts).
import { Refusal } from '../../engine/core/types.js';
import { errorText, format } from '../../texts/index.js';
import { postBody } from '../api/schemas.js';
import type { Ports } from '../ports.js';
import { loadMeta, loadState, type Loaded } from '../service/context.js';
import { post } from '../service/play.js';
import type { PlayerRecord, TelegramSeat } from '../records.js';
import type { TelegramMessage } from './bot-api.js';
import { heldSeat } from './binding.js';
import { escapeHtml } from './html.js';
import { langOfUser, refusalText } from './words.js';

export interface Writable {
  seat: TelegramSeat;
  player: PlayerRecord;
  loaded: Loaded;
  channel: string;
}

/** The private channels (never `public`, the page's) the user may write in, across the seats he holds in matches under way. */
async function writableChannels(ports: Ports, userId: number): Promise<{ seats: TelegramSeat[]; writable: Writable[] }> {
  const seats = (await ports.store.telegram?.seatsOfUser(userId)) ?? [];
  const writable: Writable[] = [];
  for (const seat of seats) {
    const player = await heldSeat(ports, seat);
    if (!player) continue;
    const loaded = await loadMeta(ports, seat.matchId);
    // A paused match counts: the service refuses the post with its reason, which he is told.
    if ((loaded.meta.status !== 'running' && loaded.meta.status !== 'paused') || !loaded.meta.phase) continue;
    const state = await loadState(ports, loaded.meta);
    for (const c of loaded.ruleset.channels(state))
      if (c.id !== 'public' && c.writers.includes(player.id)) writable.push({ seat, player, loaded, channel: c.id });
  }
  return { seats, writable };
}

export async function postFromChat(ports: Ports, message: TelegramMessage): Promise<void> {
  const bot = ports.telegram;
  const from = message.from;
  if (!bot || !from) return;
  const { seats, writable } = await writableChannels(ports, from.id);
  const lang = seats[0]?.lang ?? langOfUser(from.language_code, 'en');
  const say = (text: string) => bot.send(message.chat.id, escapeHtml(text));
  if (seats.length === 0) return say(format(lang, 'tg-help'));
  const only = writable.length === 1 ? writable[0]! : null;
  if (!only) return say(format(lang, 'tg-no-channel'));
  await postAs(ports, only, message.text ?? '', say);
}

/** Posts `text` to a channel as the seat, through the same service as the API; a refusal is said in his language. */
export async function postAs(ports: Ports, to: Writable, text: string, say: (text: string) => Promise<void>): Promise<void> {
  // The API's own check of a message's text (length, something visible).
  const body = postBody.safeParse({ text });
  if (!body.success) return say(errorText(to.seat.lang, 'invalid-body') ?? 'invalid-body');
  try {
    await post(ports, { loaded: to.loaded, player: to.player }, to.channel, body.data.text, to.loaded.meta.phase ?? undefined);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await say(refusalText(to.seat.lang, error));
  }
}
