// Mafia and Kill Game from Telegram (issue 45): a bandit's theft at night and a move on the map by zone
// buttons, each through the same service as the page, with the result in the player's private chat.
import { describe, expect, it } from 'vitest';
import { closePhase, openSecretPhase, SECRET_TABLES, startSecret } from '../abuse/secret-tables.js';
import { menuMessage } from '../../functions/telegram/updates.js';
import { sendTelegramJob } from '../../functions/telegram/outbound.js';
import { buttonsOf, pressIn, pressLabel, say, sentTo, tgUser } from './helpers.js';
import { botStack } from './bot-stack.js';

const bot = botStack();
const { telegram, stack, api, bind, submitted } = bot;

describe('the other games from Telegram (issue 45)', { timeout: 300_000 }, () => {
  it('MAF-4.10: the boss steals from P3 by buttons at night; the theft resolves and he hears of it privately', async () => {
    const table = SECRET_TABLES.mafia;
    const t = await startSecret(api, table, { seed: 'tg-mafia' });
    await openSecretPhase(api, table, t);
    const boss = tgUser(401, 'Boss');
    await bind(t.matchId, t.tokens.p1, boss);
    const phase = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
    await pressLabel(telegram, boss, 'Rubare', phase);
    await pressLabel(telegram, boss, 'P3', phase);
    expect(await pressLabel(telegram, boss, 'Salta', phase)).toBe('Fatto.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([expect.objectContaining({ type: 'steal', target: 'p3' })]);
    const before = telegram.sent(boss.id).length;
    await closePhase(api, t);
    // What his theft did comes to his private chat with the close.
    await expect
      .poll(
        () =>
          telegram
            .sent(boss.id)
            .slice(before)
            .some((m) => !m.reply_markup),
        { timeout: 60_000 },
      )
      .toBe(true);
  });

  it('KG: a player picks his start zone and then moves on the map by zone buttons', async () => {
    const table = SECRET_TABLES.killgame;
    const t = await startSecret(api, table, { seed: 'tg-kg' });
    const player = tgUser(402, 'P1');
    await bind(t.matchId, t.tokens.p1, player);
    const first = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
    await pressLabel(telegram, player, 'Zona di partenza', first);
    const zones = buttonsOf(await sentTo(telegram, player.id, (text) => text.startsWith('Zona di partenza:'))).filter(
      (b) => b.text !== '↩',
    );
    const zone = zones[0]!.text;
    expect(await pressIn(telegram, player, 'Zona di partenza:', zone)).toBe('Fatto.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([expect.objectContaining({ type: 'start', zone })]);
    // The turn's action phase passes; the next turn's tactic phase offers the move.
    await closePhase(api, t);
    await sentTo(telegram, player.id, (text) => text.includes('landa') || text.includes(zone));
    await closePhase(api, t);
    const second = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
    expect(second).toBe('tactic-2');
    await pressLabel(telegram, player, 'Muoversi', second);
    const zonesNow = buttonsOf(await sentTo(telegram, player.id, (text) => text.startsWith('Muoversi:')));
    const to = zonesNow.find((b) => b.text !== '↩')!.text;
    expect(await pressIn(telegram, player, 'Muoversi:', to)).toBe('Fatto.');
    expect(await submitted(t.matchId, t.tokens.p1)).toEqual([expect.objectContaining({ type: 'move', zone: to })]);
  });

  it("a seat bound while the opening is delivered gets its card and the phase's keyboard once; two closes in a row draw it once", async () => {
    const table = SECRET_TABLES.mafia;
    const t = await startSecret(api, table, { seed: 'tg-menu-once' });
    await openSecretPhase(api, table, t);
    const player = tgUser(403, 'P2');
    // Bound before the start's and the opening's changes are read: their deliveries find his seat too.
    const link = await api.post(`/api/matches/${t.matchId}/telegram-link`, {}, t.tokens.p2);
    await say(telegram, player, `/start ${new URL(link.body.link).searchParams.get('start')}`);
    await sentTo(telegram, player.id, (text) => text.startsWith('<b>La tua carta</b>'));
    await stack.effects!.caughtUp();
    await stack.deliveries.drain();
    const phase = (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
    const keyboards = () => telegram.sent(player.id).filter((m) => buttonsOf(m).some((b) => b.callback_data.split('|')[2] === phase));
    const cards = () => telegram.sent(player.id).filter((m) => m.text.startsWith('<b>La tua carta</b>'));
    expect(cards()).toHaveLength(1);
    expect(keyboards()).toHaveLength(1);
    // The first close's batch read after the second close committed draws the same phase's keyboard again,
    // under another change's key: it does not go again.
    const seat = (await stack.ports.store.telegram!.seats(t.matchId)).find((s) => s.chatId === player.id)!;
    const drawn = (await menuMessage(stack.ports, seat))!;
    for (const key of ['first-close', 'second-close']) {
      await sendTelegramJob(stack.ports, { kind: 'telegram', matchId: t.matchId, key, chatId: player.id, messages: [drawn] });
    }
    expect(keyboards()).toHaveLength(1);
    // Asked for again (/actions), it comes.
    await say(telegram, player, '/actions');
    await expect.poll(() => keyboards().length, { timeout: 60_000 }).toBe(2);
  });
});
