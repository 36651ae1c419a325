// A local server speaking the Telegram Bot API's JSON (POST /bot<token>/<method>) for the methods dusk
// uses, on 127.0.0.1: it keeps what the bot sent, answers 401 to a wrong token, 429 with retry_after
// or a 500 where a test asks for it, serves getUpdates (with its long poll) or posts each update to the
// webhook with the secret header, as Telegram does. It keeps each group's members (the bot apart), which
// join requests approved add and bans remove.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BotMethod, ChatInviteLink, TelegramMessage, Update } from '../../functions/telegram/bot-api.js';

export interface SentCall {
  method: BotMethod;
  params: Record<string, unknown>;
  /** ms since the server started, by its own clock. */
  at: number;
  /** Refused by a fault or a flood the test asked for: it reached nobody. */
  refused?: true;
}

export interface FakeTelegram {
  baseUrl: string;
  token: string;
  calls: SentCall[];
  /** Messages the bot sent, by chat (those refused left out). */
  sent(chatId: number): Array<{ text: string; reply_markup?: unknown }>;
  /** The next `times` sendMessage calls to `chatId` are refused 429 with this retry_after (seconds). */
  floodOn(chatId: number, times: number, retryAfter: number): void;
  /** The next `times` calls of `method` (those `match` accepts) are refused with Telegram's 500. */
  failOn(method: BotMethod, times: number, match?: (params: Record<string, unknown>) => boolean): void;
  /** A group's members as the fake sees them (the bot not counted). */
  members(chatId: number): number[];
  /** `user` is in the group already (no update is sent); its `owner` cannot be removed, as on Telegram. */
  addMember(chatId: number, userId: number, owner?: boolean): void;
  /** An update from a user: to the webhook when one is set, else queued for getUpdates. */
  deliver(update: Omit<Update, 'update_id'> & { update_id?: number }): Promise<number | undefined>;
  webhook(): { url: string; secret: string } | undefined;
  close(): Promise<void>;
}

const read = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body ? (JSON.parse(body) as Record<string, unknown>) : {};
};

export async function fakeTelegram(token = '123456:TEST-token'): Promise<FakeTelegram> {
  const started = Date.now();
  const calls: SentCall[] = [];
  const queue: Update[] = [];
  const waiting: Array<() => void> = [];
  const floods = new Map<number, { times: number; retryAfter: number }>();
  const faults: Array<{ method: BotMethod; times: number; match: (params: Record<string, unknown>) => boolean }> = [];
  const groups = new Map<number, Set<number>>();
  const banned = new Map<number, Set<number>>();
  const owners = new Map<number, number>();
  const of = (map: Map<number, Set<number>>, chatId: number) => {
    if (!map.has(chatId)) map.set(chatId, new Set());
    return map.get(chatId)!;
  };
  let hook: { url: string; secret: string } | undefined;
  let nextUpdate = 1;
  let nextMessage = 1;
  let nextLink = 1;

  const answer = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const ok = (res: import('node:http').ServerResponse, result: unknown) => answer(res, 200, { ok: true, result });
  const fail = (res: import('node:http').ServerResponse, code: number, description: string, retryAfter?: number) =>
    answer(res, code, { ok: false, error_code: code, description, ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}) });

  const server: Server = createServer(async (req, res) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return fail(res, 404, 'Not Found');
    if (match[1] !== token) return fail(res, 401, 'Unauthorized');
    const method = match[2] as BotMethod;
    const params = await read(req);
    const call: SentCall = { method, params, at: Date.now() - started };
    calls.push(call);
    const fault = faults.find((f) => f.method === method && f.times > 0 && f.match(params));
    if (fault) {
      fault.times--;
      call.refused = true;
      return fail(res, 500, 'Internal Server Error');
    }
    const chat = Number(params.chat_id);
    const user = Number(params.user_id);
    switch (method) {
      case 'getMe':
        return ok(res, { id: 999, is_bot: true, first_name: 'dusk', username: 'dusk_test_bot' });
      case 'setWebhook':
        hook = { url: String(params.url), secret: String(params.secret_token ?? '') };
        return ok(res, true);
      case 'deleteWebhook':
        hook = undefined;
        return ok(res, true);
      case 'getUpdates': {
        if (hook) return fail(res, 409, "Conflict: can't use getUpdates method while webhook is active");
        const offset = Number(params.offset ?? 0);
        const pending = () => queue.filter((u) => u.update_id >= offset);
        if (pending().length === 0 && Number(params.timeout ?? 0) > 0) {
          await new Promise<void>((done) => {
            const timer = setTimeout(done, Math.min(Number(params.timeout) * 1000, 5_000));
            waiting.push(() => {
              clearTimeout(timer);
              done();
            });
          });
        }
        return ok(res, pending().slice(0, Number(params.limit ?? 100)));
      }
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        const flood = floods.get(chatId);
        if (flood && flood.times > 0) {
          flood.times--;
          call.refused = true;
          return fail(res, 429, `Too Many Requests: retry after ${flood.retryAfter}`, flood.retryAfter);
        }
        if (typeof params.text !== 'string' || params.text.length === 0) return fail(res, 400, 'Bad Request: message text is empty');
        const message: TelegramMessage = {
          message_id: nextMessage++,
          chat: { id: chatId, type: chatId < 0 ? 'supergroup' : 'private' },
          date: Math.floor(Date.now() / 1000),
          text: params.text,
        };
        return ok(res, message);
      }
      case 'editMessageText':
        return ok(res, {
          message_id: Number(params.message_id),
          chat: { id: Number(params.chat_id), type: 'private' },
          date: 0,
          text: String(params.text),
        });
      case 'answerCallbackQuery':
      case 'declineChatJoinRequest':
        return ok(res, true);
      case 'approveChatJoinRequest':
        if (of(banned, chat).has(user)) return fail(res, 400, 'Bad Request: USER_BANNED_IN_CHANNEL');
        of(groups, chat).add(user);
        return ok(res, true);
      case 'getChatMemberCount':
        return ok(res, of(groups, chat).size + 1);
      case 'banChatMember':
        if (owners.get(chat) === user) return fail(res, 400, "Bad Request: can't remove chat owner");
        of(groups, chat).delete(user);
        of(banned, chat).add(user);
        return ok(res, true);
      case 'unbanChatMember':
        if (params.only_if_banned !== true) of(groups, chat).delete(user);
        of(banned, chat).delete(user);
        return ok(res, true);
      case 'createChatInviteLink': {
        const link: ChatInviteLink = {
          invite_link: `https://t.me/+fake${nextLink++}`,
          creates_join_request: Boolean(params.creates_join_request),
          ...(params.name ? { name: String(params.name) } : {}),
        };
        return ok(res, link);
      }
      default:
        return fail(res, 404, 'Not Found: method not found');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    calls,
    sent: (chatId) =>
      calls
        .filter((c) => c.method === 'sendMessage' && !c.refused && Number(c.params.chat_id) === chatId)
        .map((c) => ({ text: String(c.params.text), ...(c.params.reply_markup ? { reply_markup: c.params.reply_markup } : {}) })),
    floodOn: (chatId, times, retryAfter) => floods.set(chatId, { times, retryAfter }),
    failOn: (method, times, match = () => true) => faults.push({ method, times, match }),
    members: (chatId) => [...of(groups, chatId)],
    addMember: (chatId, userId, owner = false) => {
      of(groups, chatId).add(userId);
      if (owner) owners.set(chatId, userId);
    },
    async deliver(update) {
      const full = { ...update, update_id: update.update_id ?? nextUpdate++ } as Update;
      // Someone who joins (added by a member, or by a link without a request) is in the group at once.
      const stays = full.chat_member && ['member', 'restricted', 'administrator'].includes(full.chat_member.new_chat_member.status);
      const joined = [...(full.message?.new_chat_members ?? []), ...(stays ? [full.chat_member!.new_chat_member.user] : [])];
      const where = full.message?.chat.id ?? full.chat_member?.chat.id;
      if (where !== undefined) for (const u of joined) if (!of(banned, where).has(u.id)) of(groups, where).add(u.id);
      if (!hook) {
        queue.push(full);
        waiting.splice(0).forEach((wake) => wake());
        return undefined;
      }
      const response = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret },
        body: JSON.stringify(full),
      });
      return response.status;
    },
    webhook: () => hook,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
