// Issue 44 through the real page on a 390×844 phone, one language per test: a newcomer taps his
// role and reads its card, then the rules page a GM links from the forum; the Mafia catalog and
// the Kill Game shop explain their items; axe-core finds no violation on these screens.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { axeViolations } from './axe.js';
import { eventually, pageStack, person, shot, waitPhase } from './browser.js';

describe('issue 44: role, specialty and item cards on a phone', { timeout: 240_000 }, () => {
  const env = pageStack('cards');

  it('LUP-3, LUP-7.14 (it): Anna taps her role on her card and reads what the Veggente Gufato does; the card links to the rules page', async () => {
    const m = await startSeven(env.api, {}, 'cards-it');
    const anna = await person(env.session, 'anna-it', { phone: true, locale: 'it-IT' });
    await anna.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.anna}`);
    await waitPhase(anna.page, 'night-1');
    // A tap, not a hover: the role's name is a button.
    await anna.page.locator('[data-testid=role] button.card-link[data-card=veggente-gufato]').tap();
    const dialog = anna.page.locator('dialog[data-testid=card-dialog][open]');
    await dialog.waitFor();
    expect(await dialog.locator('h2').innerText()).toContain('Veggente Gufato');
    const text = await dialog.innerText();
    expect(text).toContain('Cosa fa');
    expect(text).toContain('innocente o sotto sospetto');
    expect(text).toContain('Ogni notte, dalla notte 1.');
    expect(text).toContain('Il Villaggio vince quando tutti i lupi, Dracula e il Negromante sono morti.');
    await shot(anna.page, 'cards-it-own-role');
    expect(await axeViolations(anna.page)).toEqual([]);
    await dialog.locator('[data-testid=card-close]').tap();
    await eventually(() => anna.page.locator('dialog[open]').count()).toBe(0);

    // The role table of the match (a public event) opens cards too: the Bambina's.
    await anna.page.locator('button.card-link[data-card=bambina]').first().tap();
    await eventually(() => dialog.innerText()).toContain('Spia un giocatore in vita');
    await dialog.locator('a[href^="#/rules/lupus"]').tap();
    await anna.page.locator('[data-testid=rules-intro]').waitFor();
    expect(await anna.page.locator('h1').innerText()).toBe('Regole: Lupus');
    expect(await anna.page.locator('[data-testid=rules-intro]').innerText()).toContain('di giorno tutti votano');
    // Every role of the ruleset, grouped by faction (LUP-2).
    expect(await anna.page.locator('article.rule-card').count()).toBe(16);
    expect(await anna.page.locator('h2.panel-title').allInnerTexts()).toEqual(['Villaggio', 'Branco', 'Congrega', 'Solitario']);
    await shot(anna.page, 'cards-it-rules-lupus');
    expect(await axeViolations(anna.page)).toEqual([]);
    await anna.context.close();
  });

  it('MAF-7, MAF-8 (ru): the forum link #/rules/mafia?lang=ru opens the rules in Russian on an English phone; the catalog says what each item does', async () => {
    const v = await person(env.session, 'reader-ru', { phone: true, locale: 'en-US' });
    await v.page.goto(`${env.url}/#/rules/mafia?lang=ru`);
    await v.page.locator('[data-testid=rules-intro]').waitFor();
    expect(await v.page.locator('h1').innerText()).toBe('Правила: Мафия');
    expect(await v.page.locator('html').getAttribute('lang')).toBe('ru');
    const guard = v.page.locator('article.rule-card[data-card=guard]');
    expect(await guard.innerText()).toContain('30 ШИС и голос силой 2');
    expect(await v.page.locator('article.rule-card').count()).toBe(7 + 4 + 34);
    await shot(v.page, 'cards-ru-rules-mafia');
    expect(await axeViolations(v.page)).toEqual([]);
    // The catalog: the item's data and the item in words.
    await v.page.goto(`${env.url}/#/mafia/catalog`);
    const loupe = v.page.locator('article.item-card[data-item=detective-loupe]');
    await eventually(() => loupe.innerText()).toContain('Проверяет команду другого игрока');
    await loupe.scrollIntoViewIfNeeded();
    await shot(v.page, 'cards-ru-catalog');
    expect(await axeViolations(v.page)).toEqual([]);
    await v.context.close();
  });

  it('KG-2.3, KG-5.3 (en): in the first-turn shop a tap on ? tells what the crossbow does; the dialog closes back to the form', async () => {
    const created = await env.api.post('/api/matches', { ruleset: 'killgame', name: 'Island cards' });
    const { matchId, gmToken } = created.body;
    const tokens: string[] = [];
    for (const name of ['Ada', 'Bea', 'Cid']) tokens.push((await env.api.post(`/api/matches/${matchId}/players`, { name })).body.token);
    expect((await env.api.post(`/api/matches/${matchId}/start`, {}, gmToken)).status).toBe(200);
    const ada = await person(env.session, 'ada-en', { phone: true, locale: 'en-US' });
    await ada.page.goto(`${env.url}/#/m/${matchId}/key/${tokens[0]}`);
    await waitPhase(ada.page, 'tactic-1');
    const shop = ada.page.locator('form.action[data-type=shop]');
    await shop.locator('button.card-info[data-card=crossbow]').tap();
    const dialog = ada.page.locator('dialog[data-testid=card-dialog][open]');
    await eventually(() => dialog.innerText()).toContain('One bolt of 2 damage that poisons');
    expect(await dialog.innerText()).toContain('Vests do nothing against it.');
    await shot(ada.page, 'cards-en-shop-crossbow');
    expect(await axeViolations(ada.page)).toEqual([]);
    await ada.page.keyboard.press('Escape');
    await eventually(() => ada.page.locator('dialog[open]').count()).toBe(0);
    // Focus returns to the button that opened the card.
    expect(await ada.page.evaluate(() => document.activeElement?.getAttribute('data-card'))).toBe('crossbow');
    await ada.context.close();
  });
});
