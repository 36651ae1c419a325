// Telegram binding and the keyboard (issue 45): a GM's one-time group code, a player's one-time deep link,
// his card in private, his night action by buttons through the same service the API uses. Abuse: a code
// reused or guessed, another user's buttons, a substituted seat: each refused, nothing changed.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { codeOf, lastKeyboard, press, pressLabel, say, sentTo, tgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

const bot = botStack();
const { telegram, stack, api, submitted } = bot;

const VOID = 'Questo codice è sconosciuto, già usato o scaduto';

describe('binding a group and a seat (issue 45)', { timeout: 300_000 }, () => {
  it('a group code binds the group once: reused in another group it is refused like a guessed one, and the binding stays', async () => {
    const m = await startSeven(api, {}, 'tg-group');
    const gm = await api.post(`/api/matches/${m.matchId}/gm/telegram-code`, {}, m.gm);
    expect(gm.status).toBe(201);
    expect(gm.body.command).toMatch(/^\/bind [A-Za-z0-9_-]{16,64}$/);
    expect((await api.post(`/api/matches/${m.matchId}/gm/telegram-code`, {}, m.tokens.anna)).status).toBe(403);
    const gianni = tgUser(500, 'Gianni');
    await say(telegram, gianni, gm.body.command, -1001);
    await sentTo(telegram, -1001, (t) => t.includes('Questo gruppo ora segue «Seven at the village»'));
    await say(telegram, gianni, gm.body.command, -1002);
    await say(telegram, gianni, '/bind AAAAAAAAAAAAAAAAAAAAAAAA', -1003);
    await sentTo(telegram, -1002, (t) => t.startsWith(VOID));
    await sentTo(telegram, -1003, (t) => t.startsWith(VOID));
    expect(await stack.ports.store.telegram!.groupOf(m.matchId)).toEqual({ matchId: m.matchId, chatId: -1001 });
  });

  it('a deep link binds the seat: the card comes privately, the night action goes in by buttons; the link works once', async () => {
    const m = await startSeven(api, {}, 'tg-seat');
    const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.anna);
    expect(link.status).toBe(201);
    expect(link.body.link).toMatch(/^https:\/\/t\.me\/dusk_test_bot\?start=[A-Za-z0-9_-]{16,64}$/);
    const anna = tgUser(11, 'Anna');
    await say(telegram, anna, `/start ${codeOf(link.body.link)}`);
    const card = await sentTo(telegram, anna.id, (t) => t.startsWith('<b>La tua carta</b>'));
    expect(card.text).toContain('Veggente');
    expect(card.text).not.toContain('Lupo mannaro');

    // Someone else opens the same link: refused like a guessed code, and the seat stays Anna's.
    const mallory = tgUser(66, 'Mallory');
    await say(telegram, mallory, `/start ${codeOf(link.body.link)}`);
    await say(telegram, mallory, '/start ZZZZZZZZZZZZZZZZZZZZZZZZ');
    await expect.poll(() => telegram.sent(mallory.id).filter((s) => s.text.startsWith(VOID)).length, { timeout: 60_000 }).toBe(2);
    expect((await stack.ports.store.telegram!.seats(m.matchId)).map((s) => s.userId)).toEqual([anna.id]);

    // LUP-7.14: the seer investigates by buttons: the action, then the target.
    expect(await pressLabel(telegram, anna, 'Indagare')).toBeUndefined();
    expect(await pressLabel(telegram, anna, 'Bruno')).toBeUndefined();
    // The owl (the Gufo's optional field) is skipped.
    expect(await pressLabel(telegram, anna, 'Salta')).toBe('Fatto.');
    expect(await submitted(m.matchId, m.tokens.anna)).toEqual([expect.objectContaining({ type: 'investigate', target: 'bruno' })]);
    // Change: a second pick replaces the first, as on the page.
    await pressLabel(telegram, anna, 'Indagare');
    await pressLabel(telegram, anna, 'Elena');
    expect(await pressLabel(telegram, anna, 'Salta')).toBe('Fatto.');
    expect(await submitted(m.matchId, m.tokens.anna)).toEqual([expect.objectContaining({ type: 'investigate', target: 'elena' })]);

    // Mallory replays Anna's buttons: refused, nothing changed.
    for (const button of lastKeyboard(telegram, anna.id))
      expect(await press(telegram, mallory, button.callback_data)).toBe('Questi pulsanti non sono tuoi.');
    expect(await submitted(m.matchId, m.tokens.anna)).toEqual([expect.objectContaining({ type: 'investigate', target: 'elena' })]);

    // Withdraw by button.
    expect(await pressLabel(telegram, anna, /^Ritira/)).toBe('Fatto.');
    expect(await submitted(m.matchId, m.tokens.anna)).toEqual([]);

    // A substitute takes the seat: Anna's Telegram no longer acts for it.
    const buttons = lastKeyboard(telegram, anna.id);
    expect((await api.post(`/api/matches/${m.matchId}/players/anna/substitute`, { name: 'Zoe' }, m.gm)).status).toBe(200);
    const pick = buttons.find((b) => b.text === 'Indagare')!;
    expect(await press(telegram, anna, pick.callback_data)).toBe('Questi pulsanti non sono tuoi.');
  });

  it('a refusal comes back as the reason in the player’s language', async () => {
    const m = await startSeven(api, {}, 'tg-refusal');
    const link = await api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.anna);
    const anna = tgUser(12, 'Anna', 'en');
    await say(telegram, anna, `/start ${codeOf(link.body.link)}`);
    await pressLabel(telegram, anna, 'Investigate');
    await expect.poll(() => lastKeyboard(telegram, anna.id).some((b) => b.text === 'Bruno'), { timeout: 60_000 }).toBe(true);
    const bruno = lastKeyboard(telegram, anna.id).find((b) => b.text === 'Bruno')!;
    // The GM pauses the match: the press is refused with the reason's English text, and nothing is stored.
    expect((await api.post(`/api/matches/${m.matchId}/pause`, {}, m.gm)).status).toBe(200);
    expect(await press(telegram, anna, bruno.callback_data)).toBe('The match is paused.');
    expect(await submitted(m.matchId, m.tokens.anna)).toEqual([]);
  });
});
