// A test file's bot: a fake Telegram and a local stack running the bot against it, by long polling or by
// the webhook with its secret set as an operator sets it. Registers the file's hooks; the parts may be named
// at the file's top (`const { telegram, api } = botStack()`) and are usable from its beforeAll on.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../../functions/ports.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { BotApi } from '../../functions/telegram/bot-api.js';
import type { Api } from '../integration/lupus-table.js';
import { client, testStack } from '../setup/stack.js';
import { fakeTelegram, type FakeTelegram } from '../support/fake-telegram.js';
import { format, LANGS } from '../../texts/index.js';
import { codeOf, say, sentTo, type TgUser } from './helpers.js';

/** A card's heading in each language: the bot writes in the seat's. */
const CARD_HEADINGS = LANGS.map((l) => `<b>${format(l, 'tg-card')}</b>`);

export interface BotStack {
  telegram: FakeTelegram;
  stack: LocalStack;
  api: Api;
  /**
   * Binds `user` to the seat of `token` by the deep link and waits for his card (in whichever language). What was committed before
   * is delivered first: a late phase keyboard would otherwise land under the step he is answering.
   */
  bind(matchId: string, token: string | undefined, user: TgUser): Promise<void>;
  /** What the seat has submitted in the open phase, as GET /me says. */
  submitted(matchId: string, token: string | undefined): Promise<Array<Record<string, unknown>>>;
}

export interface BotStackOptions {
  /** Telegram posts each update to the webhook with this secret; without it the bot long-polls. */
  webhookSecret?: string;
  /** The pacer's least time between two messages to one chat (tests: 20 ms; Telegram's own: 1 s). */
  perChatMs?: number;
  clock?: Clock;
}

/** Stands for the object `of()` gives once it exists: a name at a file's top for a part made in beforeAll. */
const later = <T extends object>(of: () => T): T => new Proxy({} as T, { get: (_, key) => Reflect.get(of(), key) });

export function botStack(options: BotStackOptions = {}): BotStack {
  const parts = {} as BotStack;
  const made = {} as Pick<BotStack, 'telegram' | 'stack' | 'api'>;
  parts.bind = async (matchId, token, user) => {
    await parts.stack.effects!.caughtUp();
    await parts.stack.deliveries.drain();
    const link = await parts.api.post(`/api/matches/${matchId}/telegram-link`, {}, token);
    expect(link.status).toBe(201);
    await say(parts.telegram, user, `/start ${codeOf(link.body.link)}`);
    await sentTo(parts.telegram, user.id, (t) => CARD_HEADINGS.some((h) => t.startsWith(h)));
  };
  parts.submitted = async (matchId, token) => (await parts.api.get(`/api/matches/${matchId}/me`, token)).body.submitted;
  parts.telegram = later(() => made.telegram);
  parts.stack = later(() => made.stack);
  parts.api = later(() => made.api);
  beforeAll(async () => {
    made.telegram = await fakeTelegram();
    const { token, baseUrl } = made.telegram;
    const delivery = options.webhookSecret
      ? { mode: 'webhook' as const, webhookSecret: options.webhookSecret }
      : { mode: 'poll' as const, pollSeconds: 1 };
    made.stack = await testStack({
      ...(options.clock ? { clock: options.clock } : {}),
      telegram: { token, baseUrl, ...delivery, perChatMs: options.perChatMs ?? 20 },
    });
    made.api = client(made.stack.url);
    if (options.webhookSecret) {
      await new BotApi({ token, baseUrl }).call('setWebhook', {
        url: `${made.stack.url}/telegram/webhook`,
        secret_token: options.webhookSecret,
      });
    }
  });
  afterAll(async () => {
    await made.stack?.stop();
    await made.telegram?.close();
  });
  return parts;
}
