// Issue 45: a private channel (the pack) from Telegram. A wolf's plain text in his private chat with
// the bot is posted to the pack through the same service as the API (LUP-12.1, LUP-12.2): his packmate
// gets it in Telegram, the page's channel shows it; a non-member's text posts nothing anywhere and is
// answered in his language; a refusal (a text too long) comes back as the reason's text in the
// wolf's language; the group never sees any of it.
import { describe, expect, it } from 'vitest';
import { effectsSettled } from '../setup/stack.js';
import { startSeven } from '../integration/lupus-table.js';
import { channelMessages, codeOf, say, sentTo, tgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

const bot = botStack();
const { telegram, stack, api } = bot;

const GROUP = -1900;
const channel = (matchId: string, name: string, token: string | undefined) => channelMessages(api, matchId, name, token);
const heard = (chatId: number, text: string) => telegram.sent(chatId).some((m) => m.text.includes(text));

describe('the pack writes from Telegram (issue 45, LUP-12.1)', { timeout: 300_000 }, () => {
  it('a wolf’s text reaches his packmate and the page’s pack channel; a villager’s text posts nothing; the group hears neither', async () => {
    const m = await startSeven(api, {}, 'tg-pack');
    const bruno = tgUser(901, 'Bruno', 'it');
    const elena = tgUser(905, 'Elena', 'ru');
    const anna = tgUser(902, 'Anna', 'en');
    for (const [id, user] of [
      ['bruno', bruno],
      ['elena', elena],
      ['anna', anna],
    ] as const) {
      const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens[id]);
      await say(telegram, user, `/start ${codeOf(link.body.link)}`);
      await sentTo(telegram, user.id, (t) => t.includes('Seven at the village'));
    }
    const gm = await api.post(`/api/matches/${m.matchId}/gm/telegram-code`, {}, m.gm);
    await say(telegram, tgUser(990, 'Gianni'), gm.body.command, GROUP);
    await sentTo(telegram, GROUP, (t) => t.includes('Seven at the village'));

    // Night 1: Bruno writes to the pack from his private chat.
    const plan = 'Stanotte Dario, poi vediamo';
    await say(telegram, bruno, plan);
    await sentTo(telegram, elena.id, (t) => t.includes(plan));
    expect(await channel(m.matchId, 'pack', m.tokens.elena)).toContainEqual({ from: 'bruno', text: plan });

    // Anna holds no private channel: her text is answered in English and posted nowhere.
    const bluff = 'I am a wolf too, let me in';
    const before = telegram.sent(anna.id).length;
    await say(telegram, anna, bluff);
    const answer = await sentTo(telegram, anna.id, (t) => t.startsWith('Nothing was posted'), before);
    expect(answer.text).toContain('private channel');
    await effectsSettled(stack);
    expect((await channel(m.matchId, 'pack', m.tokens.bruno)).map((x) => x.text)).not.toContain(bluff);
    expect((await channel(m.matchId, 'public', m.tokens.anna)).map((x) => x.text)).not.toContain(bluff);
    for (const chat of [bruno.id, elena.id, GROUP]) expect(heard(chat, bluff), String(chat)).toBe(false);

    // The pack's talk stays with the pack: not in the group, not with Anna.
    for (const chat of [GROUP, anna.id]) expect(heard(chat, plan), String(chat)).toBe(false);
    expect((await channel(m.matchId, 'public', m.tokens.anna)).map((x) => x.text)).not.toContain(plan);
    expect((await api.get(`/api/matches/${m.matchId}/channels/pack/messages`, m.tokens.anna)).body.error.code).toBe('channel-forbidden');
  });

  it('a message the API would refuse comes back as the reason in the wolf’s language, and nothing is posted', async () => {
    const m = await startSeven(api, {}, 'tg-pack-refused');
    const elena = tgUser(915, 'Elena', 'ru');
    const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.elena);
    await say(telegram, elena, `/start ${codeOf(link.body.link)}`);
    await sentTo(telegram, elena.id, (t) => t.includes('Seven at the village'));
    // Longer than the API's 2000 characters: refused as the route refuses it.
    const long = 'Кто '.repeat(501);
    expect((await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: long }, m.tokens.elena)).body.error.code).toBe(
      'invalid-body',
    );
    const before = telegram.sent(elena.id).length;
    await say(telegram, elena, long);
    await sentTo(telegram, elena.id, (t) => t === 'Какое-то значение некорректно.', before);
    expect(await channel(m.matchId, 'pack', m.tokens.bruno)).toEqual([]);
  });
});
