// The Bot API client and the pacer against a local server speaking the Bot API's JSON (issue 45):
// the API's refusals come back whole, a 429's retry_after is honoured, and no chat gets more than one
// message a second nor the bot more than 30 a second, whoever sends at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotApi, TelegramError } from '../../functions/telegram/bot-api.js';
import { escapeHtml } from '../../functions/telegram/html.js';
import { Pacer } from '../../functions/telegram/pacer.js';
import { fakeTelegram, type FakeTelegram } from '../support/fake-telegram.js';

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await fakeTelegram();
});
afterAll(() => telegram?.close());

/**
 * Virtual time for the pacer: a sleep wakes when the test's time reaches it, and time jumps to the
 * earliest sleeper once every send has gone as far as it can, so limits in seconds take no real time.
 */
function handTime() {
  const time = { t: 1_000_000 };
  const sleepers: Array<{ at: number; wake: () => void }> = [];
  const settle = () => new Promise<void>((done) => setImmediate(done));
  return {
    time,
    now: () => time.t,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ at: time.t + ms, wake })),
    /** Runs until `work` is done, moving time to each next sleeper (bounded). */
    async drive<T>(work: Promise<T>): Promise<T> {
      let finished = false;
      const result = work.finally(() => {
        finished = true;
      });
      // Its rejection is the caller's to see; until drive returns it, it must not count as unhandled.
      result.catch(() => undefined);
      for (let step = 0; step < 10_000 && !finished; step++) {
        await settle();
        if (finished || sleepers.length === 0) continue;
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers.shift()!;
        time.t = Math.max(time.t, next.at);
        next.wake();
      }
      return result;
    },
  };
}

describe('the Bot API client', { timeout: 300_000 }, () => {
  it('calls a method with its JSON parameters and returns the result', async () => {
    const bot = new BotApi({ token: telegram.token, baseUrl: telegram.baseUrl });
    expect((await bot.call('getMe', {})).username).toBe('dusk_test_bot');
    const sent = await bot.call('sendMessage', { chat_id: 42, text: '<b>Giorno 1</b>', parse_mode: 'HTML' });
    expect(sent.chat.id).toBe(42);
    expect(telegram.sent(42).at(-1)?.text).toBe('<b>Giorno 1</b>');
  });

  it('gives the API’s refusal whole: a wrong token is 401, a flood is 429 with its retry_after', async () => {
    const wrong = new BotApi({ token: '1:wrong', baseUrl: telegram.baseUrl });
    await expect(wrong.call('getMe', {})).rejects.toMatchObject({ code: 401, method: 'getMe' });
    telegram.floodOn(7, 1, 3);
    const bot = new BotApi({ token: telegram.token, baseUrl: telegram.baseUrl });
    const refused = await bot.call('sendMessage', { chat_id: 7, text: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TelegramError);
    expect(refused).toMatchObject({ code: 429, retryAfter: 3 });
  });
});

describe('the pacer', { timeout: 300_000 }, () => {
  it('waits the retry_after of a 429 before trying that chat again, and gives up after its attempts', async () => {
    const bot = new BotApi({ token: telegram.token, baseUrl: telegram.baseUrl });
    const clock = handTime();
    const pacer = new Pacer({ now: clock.now, sleep: clock.sleep, attempts: 3 });
    telegram.floodOn(8, 2, 5);
    const started = clock.time.t;
    await clock.drive(pacer.send(8, () => bot.call('sendMessage', { chat_id: 8, text: 'dopo la pioggia' })));
    expect(clock.time.t - started).toBeGreaterThanOrEqual(10_000);
    expect(telegram.sent(8).at(-1)?.text).toBe('dopo la pioggia');
    telegram.floodOn(9, 5, 1);
    await expect(clock.drive(pacer.send(9, () => bot.call('sendMessage', { chat_id: 9, text: 'x' })))).rejects.toMatchObject({ code: 429 });
  });

  it('sends one message a second to a chat and at most 30 a second in all, even when all are sent at once', async () => {
    const clock = handTime();
    const pacer = new Pacer({ now: clock.now, sleep: clock.sleep });
    const at: Array<{ chat: number; t: number }> = [];
    const sends = [];
    for (let i = 0; i < 5; i++) sends.push(pacer.send(1, async () => at.push({ chat: 1, t: clock.time.t })));
    for (let chat = 100; chat < 160; chat++) sends.push(pacer.send(chat, async () => at.push({ chat, t: clock.time.t })));
    await clock.drive(Promise.all(sends));
    const mine = at
      .filter((s) => s.chat === 1)
      .map((s) => s.t)
      .sort((a, b) => a - b);
    for (let i = 1; i < mine.length; i++) expect(mine[i]! - mine[i - 1]!).toBeGreaterThanOrEqual(1_000);
    const all = at.map((s) => s.t).sort((a, b) => a - b);
    for (const t of all) expect(all.filter((u) => u > t - 1_000 && u <= t).length).toBeLessThanOrEqual(30);
    expect(at).toHaveLength(65);
  });
});

describe('Telegram HTML', { timeout: 300_000 }, () => {
  it('escapes what HTML reads in a player’s name, so a name cannot open a tag', () => {
    expect(escapeHtml('<b>Anna & "Bo"</b>')).toBe('&lt;b&gt;Anna &amp; "Bo"&lt;/b&gt;');
  });
});
