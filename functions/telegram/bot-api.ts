// The Telegram Bot API over HTTPS with plain fetch: one typed call per method dusk uses, the API's
// own errors kept whole (error_code, description, retry_after) so the sender can honour a 429.
// The base URL is a setting (DUSK_TELEGRAM_API) so an operator may run his own Bot API server.

export const TELEGRAM_API = 'https://api.telegram.org';

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
  language_code?: string;
}

export interface TelegramChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
}

export interface TelegramMessage {
  message_id: number;
  chat: TelegramChat;
  from?: TelegramUser;
  date: number;
  text?: string;
  /** A service message: these users joined (added by a member, or by a link). */
  new_chat_members?: TelegramUser[];
  /** A service message in a group upgraded to a supergroup: the new chat's id. */
  migrate_to_chat_id?: number;
}

export interface InlineButton {
  text: string;
  callback_data: string;
}

export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

export interface CallbackQuery {
  id: string;
  from: TelegramUser;
  message?: TelegramMessage;
  data?: string;
}

export interface ChatJoinRequest {
  chat: TelegramChat;
  from: TelegramUser;
  /** The private chat with the user the bot may write to for 5 minutes (or until the request is handled). */
  user_chat_id?: number;
  date: number;
  invite_link?: { invite_link: string };
}

/** One member's standing in a chat (the Bot API's ChatMember, only the fields dusk reads). */
export interface ChatMember {
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  user: TelegramUser;
}

/** A change in a chat member's standing (sent only when allowed_updates names chat_member; the bot must be an admin). */
export interface ChatMemberUpdated {
  chat: TelegramChat;
  from: TelegramUser;
  date: number;
  old_chat_member: ChatMember;
  new_chat_member: ChatMember;
  invite_link?: { invite_link: string };
}

export interface Update {
  update_id: number;
  message?: TelegramMessage;
  callback_query?: CallbackQuery;
  chat_join_request?: ChatJoinRequest;
  chat_member?: ChatMemberUpdated;
}

/**
 * The updates the bot asks for (getUpdates, setWebhook): chat_member is not sent unless asked for, and it is
 * how the bot sees someone join a channel's group other than by a join request.
 */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'chat_join_request', 'chat_member'];

export interface ChatInviteLink {
  invite_link: string;
  creates_join_request: boolean;
  name?: string;
}

/** The parameters of each method dusk calls, and what it answers. */
export interface BotMethods {
  getMe: { params: Record<string, never>; result: TelegramUser };
  setWebhook: { params: { url: string; secret_token: string; allowed_updates?: string[]; drop_pending_updates?: boolean }; result: true };
  deleteWebhook: { params: { drop_pending_updates?: boolean }; result: true };
  getUpdates: { params: { offset?: number; timeout?: number; limit?: number; allowed_updates?: string[] }; result: Update[] };
  sendMessage: {
    params: {
      chat_id: number;
      text: string;
      parse_mode?: 'HTML';
      reply_markup?: InlineKeyboard;
      link_preview_options?: { is_disabled: boolean };
    };
    result: TelegramMessage;
  };
  editMessageText: {
    params: { chat_id: number; message_id: number; text: string; parse_mode?: 'HTML'; reply_markup?: InlineKeyboard };
    result: TelegramMessage | true;
  };
  answerCallbackQuery: { params: { callback_query_id: string; text?: string; show_alert?: boolean }; result: true };
  createChatInviteLink: {
    params: { chat_id: number; name?: string; creates_join_request?: boolean; member_limit?: number };
    result: ChatInviteLink;
  };
  approveChatJoinRequest: { params: { chat_id: number; user_id: number }; result: true };
  declineChatJoinRequest: { params: { chat_id: number; user_id: number }; result: true };
  getChatMemberCount: { params: { chat_id: number }; result: number };
  banChatMember: { params: { chat_id: number; user_id: number; until_date?: number; revoke_messages?: boolean }; result: true };
  unbanChatMember: { params: { chat_id: number; user_id: number; only_if_banned?: boolean }; result: true };
}
export type BotMethod = keyof BotMethods;

/** A refusal from the Bot API (`ok: false`), or an answer that was not the API's JSON. */
export class TelegramError extends Error {
  override readonly name = 'TelegramError';
  constructor(
    readonly method: BotMethod,
    readonly code: number,
    readonly description: string,
    /** Seconds to wait before the next request, when the API said so (429). */
    readonly retryAfter?: number,
  ) {
    super(`${method}: ${code} ${description}`);
  }
}

export interface BotApiOptions {
  token: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Milliseconds one call may take; a long poll's own timeout is added to it. */
  timeoutMs?: number;
}

interface ApiAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export class BotApi {
  private readonly base: string;
  private readonly send: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: BotApiOptions) {
    this.base = `${(options.baseUrl ?? TELEGRAM_API).replace(/\/+$/, '')}/bot${options.token}`;
    this.send = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async call<M extends BotMethod>(method: M, params: BotMethods[M]['params']): Promise<BotMethods[M]['result']> {
    const wait = this.timeoutMs + ('timeout' in params && typeof params.timeout === 'number' ? params.timeout * 1000 : 0);
    let response: Response;
    try {
      response = await this.send(`${this.base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(wait),
      });
    } catch (error) {
      throw new TelegramError(method, 0, `network: ${(error as Error).message}`);
    }
    let answer: ApiAnswer<BotMethods[M]['result']>;
    try {
      answer = (await response.json()) as ApiAnswer<BotMethods[M]['result']>;
    } catch {
      throw new TelegramError(method, response.status, 'not the Bot API’s JSON');
    }
    if (!answer.ok || answer.result === undefined) {
      throw new TelegramError(
        method,
        answer.error_code ?? response.status,
        answer.description ?? 'refused',
        answer.parameters?.retry_after,
      );
    }
    return answer.result;
  }
}
