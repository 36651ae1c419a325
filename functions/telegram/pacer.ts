// Paces what the bot sends to Telegram's limits: at most one message a chat per `perChatMs` and
// `perSecond` in all, reserved without waiting on anyone else's send; a 429 pushes that chat's next
// slot past the `retry_after` the API gave and the message is tried again (a bounded number of times).
import { TelegramError } from './bot-api.js';

export interface PacerOptions {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Least time between two messages to one chat (Telegram: about one a second). */
  perChatMs?: number;
  /** Most messages in any second, all chats together (Telegram: about 30). */
  perSecond?: number;
  /** Tries of one message before its error is thrown. */
  attempts?: number;
}

export class Pacer {
  private readonly nextForChat = new Map<number, number>();
  private reserved: number[] = [];
  private readonly perChatMs: number;
  private readonly perSecond: number;
  private readonly attempts: number;

  constructor(private readonly options: PacerOptions) {
    this.perChatMs = options.perChatMs ?? 1_000;
    this.perSecond = options.perSecond ?? 30;
    this.attempts = options.attempts ?? 5;
  }

  /** Runs `send` for `chatId` at the first instant both limits allow, again after each 429. */
  async send<T>(chatId: number, send: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const at = this.reserve(chatId);
      const wait = at - this.options.now();
      if (wait > 0) await this.options.sleep(wait);
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof TelegramError) || error.code !== 429 || attempt >= this.attempts) throw error;
        const until = this.options.now() + (error.retryAfter ?? 1) * 1000;
        this.nextForChat.set(chatId, Math.max(this.nextForChat.get(chatId) ?? 0, until));
      }
    }
  }

  /** The instant this chat's next message may go; taken at once, so concurrent sends never share it. */
  private reserve(chatId: number): number {
    const now = this.options.now();
    this.reserved = this.reserved.filter((t) => t > now - 1_000);
    let at = Math.max(now, this.nextForChat.get(chatId) ?? 0);
    for (;;) {
      const inWindow = this.reserved.filter((t) => t > at - 1_000 && t <= at);
      if (inWindow.length < this.perSecond) break;
      at = Math.min(...inWindow) + 1_000;
    }
    this.reserved.push(at);
    this.nextForChat.set(chatId, at + this.perChatMs);
    return at;
  }
}
