// Fields of several picks from Telegram (issue 45): a Kill Game player fills his first-turn basket by taps
// and shoots two players with one burst by toggles, each submitted whole through the page's own service.
import { describe, expect, it } from 'vitest';
import { decode, encode } from '../../functions/telegram/keyboards.js';
import { closePhase, SECRET_TABLES, startSecret } from '../abuse/secret-tables.js';
import { buttonsOf, press, pressLabel, sentTo, tgUser, type TgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

const bot = botStack();
const { telegram, api, bind, submitted } = bot;

/**
 * A step of several picks, as the bot draws it anew after each tap: the first message after `after` whose
 * text starts with `question`. Gives it and how many messages the chat had then (for the next step's `after`).
 */
async function stepAfter(user: TgUser, question: string, after: number) {
  const message = await sentTo(telegram, user.id, (t) => t.startsWith(question), after);
  return { message, seen: telegram.sent(user.id).length };
}

/** Taps `label` on a step; gives the bot's notice and the chat's length before the tap. */
async function tap(user: TgUser, message: { reply_markup?: unknown }, label: string) {
  const button = buttonsOf(message).find((b) => b.text === label);
  if (!button) throw new Error(`no button ${label} in ${JSON.stringify(buttonsOf(message).map((b) => b.text))}`);
  const before = telegram.sent(user.id).length;
  return { notice: await press(telegram, user, button.callback_data), before, data: button.callback_data };
}

describe('several picks from Telegram (issue 45)', { timeout: 300_000 }, () => {
  it('KG-2.3 and KG-4.7: a basket of two items by taps, then one burst at two players by toggles', async () => {
    const table = SECRET_TABLES.killgame;
    const t = await startSecret(api, table, { seed: 'tg-multi-pick' });
    const player = tgUser(451, 'P1');
    await bind(t.matchId, t.tokens.p1, player);
    const tactic = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
    expect(tactic).toBe('tactic-1');

    // KG-2.3: the shop, item by item, the total against his 1000 tokens.
    await pressLabel(telegram, player, 'Acquisti (turno 1)', tactic);
    const shop = 'Acquisti (turno 1): Oggetti?';
    let at = await stepAfter(player, shop, 0);
    expect(at.message.text).toContain('Totale: 0 su 1000');
    // Where the medikit sits in the basket's data: its button on the empty basket adds one of it alone.
    const kitAlone = decode(buttonsOf(at.message).find((b) => b.text.startsWith('+ ') && b.text.endsWith('(70)'))!.callback_data)!;
    const medikit = kitAlone.press.op === 'pick' ? (kitAlone.press.picks[0] as { counts: number[] }).counts.indexOf(1) : -1;
    expect(medikit).toBeGreaterThanOrEqual(0);
    let tapped = await tap(player, at.message, '+ Mitragliatore (250)');
    expect(tapped.notice).toBeUndefined();
    at = await stepAfter(player, shop, tapped.before);
    expect(at.message.text).toContain('Totale: 250 su 1000');
    tapped = await tap(player, at.message, '+ Kit Medico (70)');
    at = await stepAfter(player, shop, tapped.before);
    expect(at.message.text).toContain('Totale: 320 su 1000');

    // KG-2.3 over-budget: a basket the keyboard never draws (fifteen medikits, 1050 tokens) is the engine's to refuse.
    const done = buttonsOf(at.message).find((b) => b.text === 'Fatto (2)')!;
    const pressed = decode(done.callback_data)!;
    if (pressed.press.op !== 'pick') throw new Error('not a pick');
    const forged = encode({
      ...pressed,
      press: { ...pressed.press, picks: [{ counts: Array.from({ length: medikit + 1 }, (_, k) => (k === medikit ? 15 : 0)), done: true }] },
    });
    expect(await press(telegram, player, forged)).toBe('Costa più gettoni di quelli che hai.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([]);

    expect((await tap(player, at.message, 'Fatto (2)')).notice).toBe('Fatto.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([
      expect.objectContaining({ type: 'shop', items: { 'machine-gun': 1, medikit: 1 } }),
    ]);

    // KG-4.7: in action-1 everyone stands in the default start zone; the machine gun's two shots, two targets.
    await closePhase(api, t);
    const action = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
    expect(action).toBe('action-1');
    const before = telegram.sent(player.id).length;
    await pressLabel(telegram, player, 'Sparare', action, before);
    const shoot = 'Sparare: Bersagli? (1–2)';
    at = await stepAfter(player, shoot, before);
    expect(buttonsOf(at.message).map((b) => b.text)).toEqual(['P2', 'P3', 'P4', '↩']);
    tapped = await tap(player, at.message, 'P2');
    at = await stepAfter(player, shoot, tapped.before);
    tapped = await tap(player, at.message, 'P4');
    at = await stepAfter(player, shoot, tapped.before);
    expect(buttonsOf(at.message).map((b) => b.text)).toEqual(['✓ P2', 'P3', '✓ P4', 'Fatto (2)', '↩']);
    // A third target is one past the machine gun's shots: refused with a notice, nothing stored.
    expect((await tap(player, at.message, 'P3')).notice).toBe('Al massimo 2: prima togline uno.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([]);
    // A set drawn from other options (another digest) is stale: refused, nothing stored.
    const shot = decode(buttonsOf(at.message).find((b) => b.text === 'Fatto (2)')!.callback_data)!;
    if (shot.press.op !== 'pick') throw new Error('not a pick');
    const stale = encode({ ...shot, press: { ...shot.press, digest: shot.press.digest === 'AAAAA' ? 'BBBBB' : 'AAAAA' } });
    expect(await press(telegram, player, stale)).toBe('Niente da fare ora.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([]);
    expect((await tap(player, at.message, 'Fatto (2)')).notice).toBe('Fatto.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([expect.objectContaining({ type: 'shoot', targets: ['p2', 'p4'] })]);

    // The phase's guard (decision 6): the shop's Done pressed again after tactic-1 closed changes nothing.
    expect(await press(telegram, player, done.callback_data)).not.toBe('Fatto.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([expect.objectContaining({ type: 'shoot', targets: ['p2', 'p4'] })]);
  });
});
