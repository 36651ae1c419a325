// Fake Telegram users for the bot's tests: a private chat per user, a group, the messages and buttons the
// bot sent them (read from test/support/fake-telegram.ts), and presses and commands sent as updates.
import { expect } from 'vitest';
import type { InlineButton, InlineKeyboard, Update } from '../../functions/telegram/bot-api.js';
import type { FakeTelegram } from '../support/fake-telegram.js';
import type { Api } from '../integration/lupus-table.js';

export interface TgUser {
  id: number;
  first_name: string;
  language_code: string;
}

let nextMessage = 1;
let nextQuery = 1;

/** The one-time code of a deep link `https://t.me/<bot>?start=<code>`. */
export const codeOf = (link: string) => new URL(link).searchParams.get('start')!;

/** A channel's messages as the page reads them (who wrote, what). */
export async function channelMessages(api: Api, matchId: string, name: string, token: string | undefined) {
  const read = await api.get(`/api/matches/${matchId}/channels/${name}/messages`, token);
  expect(read.status).toBe(200);
  return (read.body.messages as Array<{ from: string; text: string }>).map((m) => ({ from: m.from, text: m.text }));
}

export const tgUser = (id: number, name: string, lang = 'it'): TgUser => ({ id, first_name: name, language_code: lang });

/** A text message from `user` in `chatId` (his own private chat when not given). */
export function say(telegram: FakeTelegram, user: TgUser, text: string, chatId = user.id, updateId?: number): Promise<number | undefined> {
  const chat =
    chatId === user.id ? { id: chatId, type: 'private' as const } : { id: chatId, type: 'supergroup' as const, title: 'Villaggio' };
  const update: Omit<Update, 'update_id'> & { update_id?: number } = {
    message: { message_id: nextMessage++, chat, from: { ...user, is_bot: false }, date: 0, text },
    ...(updateId !== undefined ? { update_id: updateId } : {}),
  };
  return telegram.deliver(update);
}

/** Messages the bot sent to a chat. */
export const texts = (telegram: FakeTelegram, chatId: number) => telegram.sent(chatId).map((m) => m.text);

/** Waits until the bot sent `chatId` a message that `match` accepts; gives it. */
export async function sentTo(
  telegram: FakeTelegram,
  chatId: number,
  match: (text: string) => boolean,
  after = 0,
): Promise<{ text: string; reply_markup?: unknown }> {
  await expect
    .poll(
      () =>
        telegram
          .sent(chatId)
          .slice(after)
          .some((m) => match(m.text)),
      { timeout: 60_000, interval: 50 },
    )
    .toBe(true);
  return telegram
    .sent(chatId)
    .slice(after)
    .filter((m) => match(m.text))
    .at(-1)!;
}

export const buttonsOf = (message: { reply_markup?: unknown }): InlineButton[] =>
  ((message.reply_markup as InlineKeyboard | undefined)?.inline_keyboard ?? []).flat();

/** Presses a button as `user`; waits for the bot's answer to the press and gives its notice text. */
export async function press(telegram: FakeTelegram, user: TgUser, data: string): Promise<string | undefined> {
  const id = `q${nextQuery++}`;
  await telegram.deliver({ callback_query: { id, from: { ...user, is_bot: false }, data } });
  await expect
    .poll(() => telegram.calls.some((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === id), {
      timeout: 60_000,
      interval: 50,
    })
    .toBe(true);
  const answer = telegram.calls.find((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === id)!;
  return typeof answer.params.text === 'string' ? answer.params.text : undefined;
}

/** The last keyboard the bot sent to a user's chat, and its buttons. */
export function lastKeyboard(telegram: FakeTelegram, chatId: number): InlineButton[] {
  const withButtons = telegram.sent(chatId).filter((m) => m.reply_markup);
  return withButtons.length ? buttonsOf(withButtons.at(-1)!) : [];
}

/**
 * Presses the button labelled `label` on the last keyboard of the user's chat (waiting for one to show it);
 * with `phase`, on the last keyboard drawn for that phase (an older one would be refused wrong-phase).
 * Two steps that show the same label (two optional fields' "skip") need `after`.
 */
export async function pressLabel(
  telegram: FakeTelegram,
  user: TgUser,
  label: string | RegExp,
  phase?: string,
  after = 0,
): Promise<string | undefined> {
  const keyboard = () => {
    if (!phase) return lastKeyboard(telegram, user.id);
    // `after`: only keyboards sent after that many messages (the one a previous press asked for).
    const drawn = telegram
      .sent(user.id)
      .slice(after)
      .filter((m) => buttonsOf(m).some((b) => b.callback_data.split('|')[2] === phase));
    return drawn.length ? buttonsOf(drawn.at(-1)!) : [];
  };
  const find = () => keyboard().find((b) => (typeof label === 'string' ? b.text === label : label.test(b.text)));
  await expect.poll(() => find() !== undefined, { timeout: 60_000, interval: 50 }).toBe(true);
  return press(telegram, user, find()!.callback_data);
}

/** Presses `label` on the last message whose text starts with `text` (a step's own question), waiting for it. */
export async function pressIn(telegram: FakeTelegram, user: TgUser, text: string, label: string): Promise<string | undefined> {
  const message = await sentTo(telegram, user.id, (t) => t.startsWith(text));
  const button = buttonsOf(message).find((b) => b.text === label);
  if (!button) throw new Error(`no button ${label} under "${text}"`);
  return press(telegram, user, button.callback_data);
}
