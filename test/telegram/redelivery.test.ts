// An update whose handling fails is not lost (issue 45): the webhook answers 500 and gives the update's id
// back, so Telegram's redelivery is handled, once; a replay of the handled update still changes nothing;
// long polling keeps its offset on the failed update and handles it on the next getUpdates. The fault is
// real: the fake Bot API answers one call with Telegram's 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { client, testStack } from '../setup/stack.js';
import { fakeTelegram, type FakeTelegram } from '../support/fake-telegram.js';
import { startSeven } from '../integration/lupus-table.js';
import { codeOf, lastKeyboard, pressLabel, say, sentTo, tgUser, type TgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

const SECRET = 'webhook-secret-of-this-bot_redelivery_42';
const bot = botStack({ webhookSecret: SECRET });
const { telegram, stack, api, submitted } = bot;

const button = async (user: TgUser, label: string) => {
  await expect.poll(() => lastKeyboard(telegram, user.id).some((b) => b.text === label), { timeout: 60_000 }).toBe(true);
  return lastKeyboard(telegram, user.id).find((b) => b.text === label)!;
};
/** The seer's step after "Indagare": a keyboard naming her targets (other messages to her chat may cross it). */
const stepTo = (user: TgUser) => (p: Record<string, unknown>) =>
  Number(p.chat_id) === user.id && JSON.stringify(p.reply_markup ?? null).includes('Bruno');
/** The steps sent to her chat (the keyboards naming her targets). */
const steps = (fake: FakeTelegram, user: TgUser) =>
  fake.sent(user.id).filter((m) => JSON.stringify(m.reply_markup ?? null).includes('Bruno'));
const answers = (id: string) => telegram.calls.filter((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === id);

async function seer(matchName: string, user: TgUser) {
  const m = await startSeven(api, {}, matchName);
  const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.anna);
  await say(telegram, user, `/start ${codeOf(link.body.link)}`);
  await sentTo(telegram, user.id, (t) => t.startsWith('Collegato'));
  return m;
}

describe('a failed handling is retried, not lost (issue 45)', { timeout: 300_000 }, () => {
  it('the seer’s last press, whose answer Telegram refused 500, is handled when Telegram sends it again, exactly once (LUP-7.14)', async () => {
    const anna = tgUser(41, 'Anna');
    const m = await seer('tg-redelivered-press', anna);
    await pressLabel(telegram, anna, 'Indagare');
    await pressLabel(telegram, anna, 'Bruno');
    const skip = await button(anna, 'Salta');
    telegram.failOn('answerCallbackQuery', 1, (p) => p.callback_query_id === 'press-once');
    const update = { update_id: 9_300, callback_query: { id: 'press-once', from: { ...anna, is_bot: false }, data: skip.callback_data } };
    // The first delivery fails on Telegram's side: the webhook says so, and Telegram will send it again.
    expect(await telegram.deliver(update)).toBe(500);
    expect(await telegram.deliver(update)).toBe(200);
    const annas = () => submitted(m.matchId, m.tokens.anna);
    expect(await annas()).toEqual([expect.objectContaining({ type: 'investigate', target: 'bruno' })]);
    // Answered once as done (the refused call, then the one that went).
    expect(answers('press-once').map((c) => c.params.text)).toEqual(['Fatto.', 'Fatto.']);
    // Handled now: a replay changes nothing, even after the page withdrew the action.
    expect((await api.del(`/api/matches/${m.matchId}/me/actions/investigate`, m.tokens.anna)).status).toBe(200);
    expect(await telegram.deliver(update)).toBe(200);
    expect(await annas()).toEqual([]);
    expect(answers('press-once')).toHaveLength(2);
  });

  it('a press whose next step could not be sent (500) gets that step when Telegram sends it again', async () => {
    const anna = tgUser(42, 'Anna');
    await seer('tg-redelivered-step', anna);
    const investigate = await button(anna, 'Indagare');
    telegram.failOn('sendMessage', 1, stepTo(anna));
    const update = {
      update_id: 9_301,
      callback_query: { id: 'step-once', from: { ...anna, is_bot: false }, data: investigate.callback_data },
    };
    expect(await telegram.deliver(update)).toBe(500);
    // Nothing reached her: the step's message was refused.
    expect(steps(telegram, anna)).toHaveLength(0);
    expect(await telegram.deliver(update)).toBe(200);
    expect(steps(telegram, anna)).toHaveLength(1);
    // Sent once: a replay of the handled update sends nothing more.
    expect(await telegram.deliver(update)).toBe(200);
    expect(steps(telegram, anna)).toHaveLength(1);
  });
});

describe('a failed binding is retried, not lost (issue 45)', { timeout: 300_000 }, () => {
  it('a /start whose answer Telegram refused 500 binds the seat when sent again; the code stays refused to anyone else', async () => {
    const m = await startSeven(api, {}, 'tg-redelivered-start');
    const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.carla);
    const carla = tgUser(45, 'Carla');
    telegram.failOn('sendMessage', 1, (p) => Number(p.chat_id) === carla.id);
    const update = {
      update_id: 9_350,
      message: {
        message_id: 1,
        chat: { id: carla.id, type: 'private' as const },
        from: { ...carla, is_bot: false },
        date: 0,
        text: `/start ${codeOf(link.body.link)}`,
      },
    };
    expect(await telegram.deliver(update)).toBe(500);
    expect(await telegram.deliver(update)).toBe(200);
    await sentTo(telegram, carla.id, (t) => t.startsWith('Collegato'));
    expect(telegram.sent(carla.id).some((x) => x.text.startsWith('Questo codice'))).toBe(false);
    expect((await stack.ports.store.telegram!.seats(m.matchId)).map((s) => s.userId)).toEqual([carla.id]);
    // Someone else with the same link is refused as before.
    const mallory = tgUser(46, 'Mallory');
    await say(telegram, mallory, `/start ${codeOf(link.body.link)}`);
    await sentTo(telegram, mallory.id, (t) => t.startsWith('Questo codice'));
    expect((await stack.ports.store.telegram!.seats(m.matchId)).map((s) => s.userId)).toEqual([carla.id]);
  });
});

describe('a try that died mid-way (issue 45)', { timeout: 300_000 }, () => {
  it('holds the update while its lease runs (Telegram is told 503, to come back), and lets it go once the lease lapses', async () => {
    const anna = tgUser(44, 'Anna');
    const m = await seer('tg-lease', anna);
    const store = stack.ports.store.telegram!;
    const data = (await button(anna, 'Indagare')).callback_data;
    const press = (updateId: number, id: string) => ({
      update_id: updateId,
      callback_query: { id, from: { ...anna, is_bot: false }, data },
    });
    // Another try holds update 9400 (a webhook function still at work): its redelivery is asked to come back.
    await store.leaseUpdate('update#9400', Date.now() + 60_000, Date.now() + 86_400_000, Date.now());
    expect(await telegram.deliver(press(9_400, 'held'))).toBe(503);
    expect(answers('held')).toHaveLength(0);
    // A try that died (its function timed out): once its lease has lapsed, the redelivery is handled, once.
    await store.leaseUpdate('update#9401', Date.now() - 1, Date.now() + 86_400_000, Date.now() - 60_000);
    expect(await telegram.deliver(press(9_401, 'lapsed'))).toBe(200);
    expect(answers('lapsed')).toHaveLength(1);
    expect(await telegram.deliver(press(9_401, 'lapsed'))).toBe(200);
    expect(answers('lapsed')).toHaveLength(1);
    expect((await api.get(`/api/matches/${m.matchId}/me`, m.tokens.anna)).status).toBe(200);
  });
});

describe('a failed handling is retried by the poller (issue 45)', { timeout: 300_000 }, () => {
  let polled: FakeTelegram;
  let pollStack: LocalStack;
  beforeAll(async () => {
    polled = await fakeTelegram();
    pollStack = await testStack({
      telegram: { token: polled.token, baseUrl: polled.baseUrl, mode: 'poll', pollSeconds: 1, perChatMs: 20 },
    });
  });
  afterAll(async () => {
    await pollStack?.stop();
    await polled?.close();
  });

  it('a press whose next step could not be sent (500) is read again and its step arrives, once', async () => {
    const papi = client(pollStack.url);
    const m = await startSeven(papi, {}, 'tg-polled-step');
    const anna = tgUser(43, 'Anna');
    const link = await papi.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.anna);
    await say(polled, anna, `/start ${codeOf(link.body.link)}`);
    await sentTo(polled, anna.id, (t) => t.startsWith('Collegato'));
    await expect.poll(() => lastKeyboard(polled, anna.id).some((b) => b.text === 'Indagare'), { timeout: 60_000 }).toBe(true);
    const investigate = lastKeyboard(polled, anna.id).find((b) => b.text === 'Indagare')!;
    polled.failOn('sendMessage', 1, stepTo(anna));
    await polled.deliver({ callback_query: { id: 'polled-step', from: { ...anna, is_bot: false }, data: investigate.callback_data } });
    await expect.poll(() => steps(polled, anna).length, { timeout: 60_000 }).toBe(1);
    // Tried twice (the refused send, then the one that went), delivered once.
    const tries = polled.calls.filter((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === 'polled-step');
    expect(tries).toHaveLength(2);
    expect(polled.calls.filter((c) => c.method === 'sendMessage' && stepTo(anna)(c.params))).toHaveLength(2);
  });
});
