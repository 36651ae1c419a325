// Issue 45: the page's Telegram controls on a 390×844 phone. The GM asks the console for the group's
// `/bind <code>` and copies it; a player asks his card for the deep link and opens it with the bot; a
// wolf asks the pack's tab for the code of the pack's own group; with no bot on the server none shows. axe-core finds no violation. One locale per test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { fakeTelegram, type FakeTelegram } from '../support/fake-telegram.js';
import { say, sentTo, tgUser } from '../telegram/helpers.js';
import { axeViolations } from './axe.js';
import { eventually, pageStack, person, shot, waitPhase } from './browser.js';

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await fakeTelegram();
});
afterAll(async () => {
  await telegram?.close();
});

const VOID = /sconosciuto|неизвестен|unknown/i;

describe('issue 45: Telegram from the page, with a bot', { timeout: 300_000 }, () => {
  const env = pageStack('telegram-buttons', {
    telegram: () => ({ token: telegram.token, baseUrl: telegram.baseUrl, mode: 'poll', pollSeconds: 1, perChatMs: 20 }),
  });

  it('the GM gets the group’s /bind code, copies it, and the group is bound with it (it)', async () => {
    const m = await startSeven(env.api, {}, 'tg-page-gm');
    const gm = await person(env.session, 'gm-it', { phone: true, locale: 'it-IT' });
    await gm.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
    await gm.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.gm}`);
    await waitPhase(gm.page, 'night-1');
    const box = gm.page.locator('[data-testid=gm-telegram]');
    await box.locator('summary').tap();
    expect(await box.locator('summary').innerText()).toBe('Gruppo Telegram');
    await box.locator('[data-testid=gm-telegram-code]').tap();
    const field = box.locator('[data-testid=telegram-command]');
    await field.waitFor();
    const command = await field.inputValue();
    expect(command).toMatch(/^\/bind [A-Za-z0-9_-]{16,64}$/);
    expect(await box.locator('[data-testid=telegram-bot]').getAttribute('href')).toBe('https://t.me/dusk_test_bot');
    // The copy button puts the command on the clipboard, ready to paste in the group.
    await box.getByRole('button', { name: 'Copia' }).tap();
    await eventually(() => gm.page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    const box390 = await box.boundingBox();
    expect(box390!.x + box390!.width).toBeLessThanOrEqual(390);
    await shot(gm.page, 'telegram-buttons-it-gm-code');
    expect(await axeViolations(gm.page)).toEqual([]);

    // Pasted in the group, the code binds it: the group hears the match's name.
    await say(telegram, tgUser(700, 'Gianni'), command, -1700);
    await sentTo(telegram, -1700, (t) => t.includes('Seven at the village'));
    expect(telegram.sent(-1700).some((s) => VOID.test(s.text))).toBe(false);
    await gm.context.close();
  });

  it('a player opens his deep link from his card and the bot binds his seat (ru)', async () => {
    const m = await startSeven(env.api, {}, 'tg-page-player');
    const anna = await person(env.session, 'anna-ru', { phone: true, locale: 'ru-RU' });
    await anna.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.anna}`);
    await waitPhase(anna.page, 'night-1');
    const play = anna.page.locator('#card [data-testid=telegram-play]');
    expect(await play.innerText()).toBe('Играть из Telegram');
    await play.tap();
    const link = anna.page.locator('#card [data-testid=telegram-link]');
    await link.waitFor();
    expect(await link.innerText()).toBe('Открыть Telegram');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/t\.me\/dusk_test_bot\?start=[A-Za-z0-9_-]{16,64}$/);
    expect(await link.getAttribute('target')).toBe('_blank');
    await shot(anna.page, 'telegram-buttons-ru-player-link');
    expect(await axeViolations(anna.page)).toEqual([]);

    // Opening the link in Telegram sends `/start <code>`: the bot binds the seat and sends her card.
    const user = tgUser(701, 'Anna', 'ru');
    await say(telegram, user, `/start ${new URL(href).searchParams.get('start')}`);
    await sentTo(telegram, user.id, (t) => t.includes('Seven at the village'));
    expect(telegram.sent(user.id).some((s) => VOID.test(s.text))).toBe(false);
    // Her card follows, privately, in her language.
    await sentTo(telegram, user.id, (t) => t.startsWith('<b>Ваша карта</b>'));
    await anna.context.close();
  });

  it('a wolf gets the /bind code for the pack’s group from the pack’s tab; the public tab offers none (en, LUP-4.6)', async () => {
    const m = await startSeven(env.api, {}, 'tg-page-pack');
    const bruno = await person(env.session, 'bruno-en', { phone: true, locale: 'en-US' });
    await bruno.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.bruno}`);
    await waitPhase(bruno.page, 'night-1');
    const channels = bruno.page.locator('#channels');
    await channels.locator('[role=tab][data-channel=public]').waitFor();
    expect(await channels.locator('[data-testid=channel-telegram]').count()).toBe(0);
    await channels.locator('[role=tab][data-channel=pack]').tap();
    const box = channels.locator('[data-testid=channel-telegram]');
    await box.locator('summary').tap();
    expect(await box.locator('summary').innerText()).toBe('Telegram group of this channel');
    await box.locator('[data-testid=channel-telegram-code]').tap();
    const field = box.locator('[data-testid=telegram-command]');
    await field.waitFor();
    const command = await field.inputValue();
    expect(command).toMatch(/^\/bind [A-Za-z0-9_-]{16,64}$/);
    const box390 = await box.boundingBox();
    expect(box390!.x + box390!.width).toBeLessThanOrEqual(390);
    await shot(bruno.page, 'telegram-buttons-en-pack-code');
    expect(await axeViolations(bruno.page)).toEqual([]);

    // Sent in a new group of him and the bot by Bruno, bound to his seat, the code mirrors the pack there.
    const user = tgUser(702, 'Bruno', 'en');
    const link = await env.api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.bruno);
    await say(telegram, user, `/start ${new URL(link.body.link).searchParams.get('start')}`);
    await sentTo(telegram, user.id, (t) => t.includes('Seven at the village'));
    telegram.addMember(-1702, user.id);
    await say(telegram, user, command, -1702);
    await sentTo(telegram, -1702, (t) => t.startsWith('This group now mirrors the channel'));
    await bruno.context.close();
  });
});

describe('issue 45: no Telegram controls without a bot', { timeout: 300_000 }, () => {
  const env = pageStack('telegram-buttons-off');

  it('neither the GM nor the player is offered Telegram, and the routes refuse telegram-off (en)', async () => {
    const m = await startSeven(env.api, {}, 'tg-page-off');
    expect((await env.api.get(`/api/matches/${m.matchId}`)).body.telegram).toBe(false);
    const gm = await person(env.session, 'gm-en', { phone: true, locale: 'en-US' });
    await gm.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.gm}`);
    await waitPhase(gm.page, 'night-1');
    await gm.page.locator('[data-testid=gm-link]').waitFor();
    expect(await gm.page.locator('[data-testid=gm-telegram]').count()).toBe(0);
    expect(await axeViolations(gm.page)).toEqual([]);

    const anna = await person(env.session, 'anna-en', { phone: true, locale: 'en-US' });
    await anna.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.anna}`);
    await waitPhase(anna.page, 'night-1');
    await anna.page.locator('#card [data-testid=card]').waitFor();
    expect(await anna.page.locator('[data-testid=telegram-play]').count()).toBe(0);
    expect(await axeViolations(anna.page)).toEqual([]);

    const refused = await env.api.post(`/api/matches/${m.matchId}/telegram-link`, {}, m.tokens.anna);
    expect([refused.status, refused.body.error.code]).toEqual([404, 'telegram-off']);
    await gm.context.close();
    await anna.context.close();
  });
});
