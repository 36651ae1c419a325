// The local stack's Telegram bot: the paced bot on the Bot API's base URL (DUSK_TELEGRAM_API), its name
// from getMe, and the webhook's route when updates come that way instead of by long polling.
import type { Hono } from 'hono';
import type { Ports } from '../ports.js';
import { BotApi } from '../telegram/bot-api.js';
import { PacedBot } from '../telegram/bot.js';
import { SECRET_HEADER, webhook } from '../telegram/webhook.js';

export interface TelegramOptions {
  token: string;
  baseUrl?: string;
  mode: 'poll' | 'webhook';
  webhookSecret?: string;
  /** A long poll's own timeout (seconds). */
  pollSeconds?: number;
  /** The pacer's limits (tests shorten them). */
  perChatMs?: number;
}

export async function startBot(options: TelegramOptions): Promise<{ bot: PacedBot; api: BotApi }> {
  const base = { token: options.token, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) };
  const api = new BotApi(base);
  const me = await api.call('getMe', {});
  const bot = new PacedBot({
    ...base,
    username: me.username ?? 'dusk_bot',
    ...(options.perChatMs !== undefined ? { pacer: { perChatMs: options.perChatMs } } : {}),
  });
  return { bot, api };
}

export function mountWebhook(app: Hono, ports: Ports, secret: string): void {
  app.post('/telegram/webhook', async (c) => {
    const status = await webhook(ports, secret, c.req.header(SECRET_HEADER), await c.req.text());
    return c.body(null, status as 200);
  });
}
