// Abuse of the bot's webhook (issue 45): an update without Telegram's secret header or with a wrong one is
// refused unread; a replayed update_id changes nothing; a flooder's excess is dropped; a 429 from Telegram
// is waited out (retry_after) and the message still arrives.
import { describe, expect, it } from 'vitest';
import { telegramRemindDue } from '../../functions/telegram/reminders.js';
import { UPDATES_PER_USER_PER_MINUTE } from '../../functions/telegram/webhook.js';
import { handClock } from '../setup/clock.js';
import { startSeven } from '../integration/lupus-table.js';
import { codeOf, lastKeyboard, press, pressLabel, say, sentTo, tgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

const SECRET = 'webhook-secret-of-this-bot_0123456789';
/** Held inside one minute, so the flood test's per-minute limit has one window (time does not move here). */
const clock = handClock(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
const bot = botStack({ webhookSecret: SECRET, clock });
const { telegram, stack, api, submitted } = bot;

const forge = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the webhook refuses what Telegram did not send (issue 45)', { timeout: 300_000 }, () => {
  it('a forged update (no secret header, or a wrong one) is refused 401 and binds nothing; the genuine one then does', async () => {
    const m = await startSeven(api, {}, 'tg-forged');
    const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.carla);
    const carla = tgUser(31, 'Carla');
    const update = {
      update_id: 9_001,
      message: {
        message_id: 1,
        chat: { id: carla.id, type: 'private' },
        from: { ...carla, is_bot: false },
        date: 0,
        text: `/start ${codeOf(link.body.link)}`,
      },
    };
    expect((await forge(update)).status).toBe(401);
    expect((await forge(update, { 'x-telegram-bot-api-secret-token': `${SECRET}x` })).status).toBe(401);
    expect((await forge(update, { 'x-telegram-bot-api-secret-token': '' })).status).toBe(401);
    expect(await stack.ports.store.telegram!.seats(m.matchId)).toEqual([]);
    expect(telegram.sent(carla.id)).toEqual([]);
    // The code was not spent by the forgeries: Telegram's own delivery binds the seat.
    expect(await say(telegram, carla, `/start ${codeOf(link.body.link)}`)).toBe(200);
    await sentTo(telegram, carla.id, (t) => t.startsWith('Collegato'));
    expect((await stack.ports.store.telegram!.seats(m.matchId)).map((s) => s.userId)).toEqual([carla.id]);
  });

  it('a replayed update_id changes nothing: a press withdrawn on the page is not submitted again', async () => {
    const m = await startSeven(api, {}, 'tg-replay');
    const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.anna);
    const anna = tgUser(32, 'Anna');
    await say(telegram, anna, `/start ${codeOf(link.body.link)}`);
    await pressLabel(telegram, anna, 'Indagare');
    await pressLabel(telegram, anna, 'Bruno');
    const skip = await expect
      .poll(() => lastKeyboard(telegram, anna.id).find((b) => b.text === 'Salta'), { timeout: 60_000 })
      .toBeDefined()
      .then(() => lastKeyboard(telegram, anna.id).find((b) => b.text === 'Salta')!);
    const replayed = {
      update_id: 9_100,
      callback_query: { id: 'replayed-press', from: { ...anna, is_bot: false }, data: skip.callback_data },
    };
    expect(await telegram.deliver(replayed)).toBe(200);
    const annas = () => submitted(m.matchId, m.tokens.anna);
    expect(await annas()).toEqual([expect.objectContaining({ type: 'investigate', target: 'bruno' })]);
    expect((await api.del(`/api/matches/${m.matchId}/me/actions/investigate`, m.tokens.anna)).status).toBe(200);
    // Telegram (or an attacker who saw it) sends the same update again: answered 200, nothing submitted.
    expect(await telegram.deliver(replayed)).toBe(200);
    expect(await telegram.deliver({ ...replayed })).toBe(200);
    expect(await annas()).toEqual([]);
    expect(
      telegram.calls.filter((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === 'replayed-press'),
    ).toHaveLength(1);
  });

  it('a flooder gets his first updates answered and the rest dropped, and his presses change nothing', async () => {
    const m = await startSeven(api, {}, 'tg-flood');
    const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.anna);
    const anna = tgUser(33, 'Anna');
    await say(telegram, anna, `/start ${codeOf(link.body.link)}`);
    await pressLabel(telegram, anna, 'Indagare');
    const target = await expect
      .poll(() => lastKeyboard(telegram, anna.id).some((b) => b.text === 'Bruno'), { timeout: 60_000 })
      .toBe(true)
      .then(() => lastKeyboard(telegram, anna.id).find((b) => b.text === 'Bruno')!);
    const flooder = tgUser(34, 'Flooder');
    const sent = UPDATES_PER_USER_PER_MINUTE + 20;
    for (let i = 0; i < sent; i++) {
      expect(
        await telegram.deliver({ callback_query: { id: `flood-${i}`, from: { ...flooder, is_bot: false }, data: target.callback_data } }),
      ).toBe(200);
    }
    const answered = telegram.calls.filter(
      (c) => c.method === 'answerCallbackQuery' && String(c.params.callback_query_id).startsWith('flood-'),
    );
    expect(answered.length).toBeLessThanOrEqual(UPDATES_PER_USER_PER_MINUTE);
    expect(answered.every((c) => c.params.text === 'Questi pulsanti non sono tuoi.')).toBe(true);
    expect((await api.get(`/api/matches/${m.matchId}/me`, m.tokens.anna)).body.submitted).toEqual([]);
    // Anna herself is not slowed by him.
    await press(telegram, anna, target.callback_data);
  });

  it('the group is reminded once before the deadline, in the match’s language', async () => {
    const m = await startSeven(api, {}, 'tg-remind');
    const gm = await api.post(`/api/matches/${m.matchId}/gm/telegram-code`, {}, m.gm);
    await say(telegram, tgUser(36, 'Gm'), gm.body.command, -3001);
    await sentTo(telegram, -3001, (t) => t.includes('Questo gruppo ora segue'));
    const { deadline } = (await api.get(`/api/matches/${m.matchId}`)).body;
    // The sweep runs on its own every half second (the stack's loop); the clock is moved into the lead.
    clock.t = deadline - 60_000;
    await sentTo(telegram, -3001, (t) => t.startsWith('Notte 1 chiude'));
    // Later sweeps do not repeat it: it was claimed once for this phase and deadline.
    expect(await telegramRemindDue(stack.ports)).toBe(0);
    expect(await telegramRemindDue(stack.ports)).toBe(0);
    expect(telegram.sent(-3001).filter((x) => x.text.startsWith('Notte 1 chiude'))).toHaveLength(1);
  });

  it('a 429 from Telegram is waited out for its retry_after, and the message is sent again until it goes', async () => {
    const dario = tgUser(35, 'Dario');
    telegram.floodOn(dario.id, 2, 1);
    await say(telegram, dario, '/start');
    await sentTo(telegram, dario.id, (t) => t.startsWith('Apri il link Telegram'));
    const tries = telegram.calls.filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === dario.id);
    expect(tries).toHaveLength(3);
    expect(tries[2]!.at - tries[0]!.at).toBeGreaterThanOrEqual(2_000);
  });
});
