// The bot the flow sends with (the TelegramBot port): the Bot API client behind the pacer, HTML messages
// clipped to Telegram's 4096 characters, link previews off. The token may be read lazily (Secrets Manager).
import type { TelegramBot } from '../ports.js';
import { BotApi, TelegramError, type InlineKeyboard } from './bot-api.js';
import { Pacer, type PacerOptions } from './pacer.js';

/** Telegram's bound on a message's text. */
export const MESSAGE_MAX = 4096;

export interface PacedBotOptions {
  username: string;
  /** The bot's token, or how to read it once (then kept). */
  token: string | (() => Promise<string>);
  baseUrl?: string;
  pacer?: Partial<PacerOptions>;
}

/** Cuts a message to Telegram's bound without leaving half an HTML entity or tag behind. */
export function clip(text: string): string {
  if (text.length <= MESSAGE_MAX) return text;
  const cut = text.slice(0, MESSAGE_MAX - 1);
  const lastLine = cut.lastIndexOf('\n');
  return `${lastLine > MESSAGE_MAX / 2 ? cut.slice(0, lastLine) : cut.replace(/<[^>]*$|&[a-z#0-9]*$/i, '')}\n…`;
}

export class PacedBot implements TelegramBot {
  readonly username: string;
  private api: Promise<BotApi> | null = null;
  private readonly pacer: Pacer;

  constructor(private readonly options: PacedBotOptions) {
    this.username = options.username;
    this.pacer = new Pacer({ now: () => Date.now(), sleep: (ms) => new Promise((done) => setTimeout(done, ms)), ...options.pacer });
  }

  /** The Bot API client, made once the token is known. */
  client(): Promise<BotApi> {
    const { token, baseUrl } = this.options;
    this.api ??= (typeof token === 'string' ? Promise.resolve(token) : token()).then(
      (t) => new BotApi({ token: t, ...(baseUrl ? { baseUrl } : {}) }),
    );
    return this.api;
  }

  async send(chatId: number, text: string, keyboard?: InlineKeyboard): Promise<void> {
    const api = await this.client();
    await this.pacer.send(chatId, () =>
      api.call('sendMessage', {
        chat_id: chatId,
        text: clip(text),
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(keyboard ? { reply_markup: keyboard } : {}),
      }),
    );
  }

  async answer(callbackQueryId: string, text?: string): Promise<void> {
    const api = await this.client();
    try {
      await api.call('answerCallbackQuery', { callback_query_id: callbackQueryId, ...(text ? { text: text.slice(0, 200) } : {}) });
    } catch (error) {
      // A press answered already (a redelivered update whose first handling failed later on) or too old is
      // refused 400 for good: only its notice is lost. Anything else fails the update, to be handled again.
      if (!(error instanceof TelegramError) || error.code !== 400) throw error;
    }
  }

  async invite(chatId: number): Promise<string> {
    const api = await this.client();
    const link = await api.call('createChatInviteLink', { chat_id: chatId, name: 'dusk', creates_join_request: true });
    return link.invite_link;
  }

  async admit(chatId: number, userId: number, yes: boolean): Promise<void> {
    const api = await this.client();
    await api.call(yes ? 'approveChatJoinRequest' : 'declineChatJoinRequest', { chat_id: chatId, user_id: userId });
  }

  async remove(chatId: number, userId: number): Promise<void> {
    const api = await this.client();
    // Banned, then unbanned at once: out of the group, not kept banned (the Bot API's way to remove a member).
    await api.call('banChatMember', { chat_id: chatId, user_id: userId });
    await api.call('unbanChatMember', { chat_id: chatId, user_id: userId, only_if_banned: true });
  }

  async memberCount(chatId: number): Promise<number> {
    const api = await this.client();
    return api.call('getChatMemberCount', { chat_id: chatId });
  }
}
