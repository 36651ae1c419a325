// Issue 15, the page outside the match panels, on a 390×844 phone in real Chromium: the home list
// tells same-named matches apart and keeps a pasted link across its refresh; a wrong personal link
// gives one toast; every page has its h1; axe-core finds nothing serious on the home, player and GM
// pages; and a Mafia match goes lobby → join with specialties → start → first night in Russian.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DICTS } from '../../texts/index.js';
import { axeViolations } from './axe.js';
import { eventually, pageStack, person, shot, waitPhase, type Viewer } from './browser.js';

const ru = DICTS.ru;

/** axe-core's serious and critical violations (the shared helper, test/e2e/axe.ts). */
const axeSerious = (page: Page, impacts = ['serious', 'critical']) => axeViolations(page, impacts);

const SEATS = [
  { name: 'Ира', specialty: 'archaeologist' },
  { name: 'Лёва', specialty: 'blacksmith' },
  { name: 'Маша', specialty: 'guard' },
  { name: 'Нина', specialty: 'mage' },
  // Five: the two bandits of MAF-1.2 are then below half the town (MAF-1.13), so the match goes on.
  { name: 'Оля', specialty: 'archaeologist' },
];

describe('issue 15: the page shell on a phone', { timeout: 300_000 }, () => {
  const env = pageStack('shell');

  const h1s = (v: Viewer) => v.page.locator('h1').allInnerTexts();

  it('issue 15 items 1, 3, 7 (ru): same-named matches show their date and player count; the 15 s refresh keeps the pasted link and its focus; a bad link says so in Russian; one h1; axe finds nothing serious', async () => {
    const first = (await env.api.post('/api/matches', { ruleset: 'mafia', name: 'Пятница' })).body;
    await env.api.post(`/api/matches/${first.matchId}/players`, { name: 'Ира', options: { specialty: 'mage' } });
    await env.api.post(`/api/matches/${first.matchId}/players`, { name: 'Лёва', options: { specialty: 'guard' } });
    const second = (await env.api.post('/api/matches', { ruleset: 'mafia', name: 'Пятница' })).body;
    const v = await person(env.session, 'home-ru', { phone: true, locale: 'ru-RU' });
    await v.page.clock.install({ time: Date.now() });
    await v.page.goto(`${env.url}/#/`);
    const rowOf = (id: string) => v.page.locator(`#open li[data-match="${id}"]`);
    await rowOf(second.matchId).waitFor();
    expect(await rowOf(first.matchId).locator('[data-testid=row-players]').innerText()).toBe('2 игрока');
    expect(await rowOf(second.matchId).locator('[data-testid=row-players]').innerText()).toBe('0 игроков');
    expect(await rowOf(first.matchId).locator('[data-testid=row-created]').innerText()).toMatch(/^создан \d{1,2} \S+ \d\d:\d\d$/);
    expect(await rowOf(second.matchId).locator('[data-testid=row-created]').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await h1s(v)).toEqual([ru.ui['home-title']]);
    await shot(v.page, 'shell-01-home-ru-same-names');

    const field = v.page.locator('[data-testid=home-restore-link]');
    await field.fill('https://example.org/#/m/x/key/nope');
    const third = (await env.api.post('/api/matches', { ruleset: 'lupus', name: 'Третья' })).body;
    // The list refreshes (the new match appears) while the half-pasted link stays, focused.
    await v.page.clock.runFor(16_000);
    await rowOf(third.matchId).waitFor();
    expect(await field.inputValue()).toBe('https://example.org/#/m/x/key/nope');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.press('Enter');
    await eventually(() => v.page.locator('[data-testid=home-restore-status]').innerText()).toBe(ru.ui['link-not-recognised']);
    expect(await field.inputValue()).toBe('https://example.org/#/m/x/key/nope');
    expect(v.page.url()).toMatch(/#\/$/);
    await shot(v.page, 'shell-02-home-ru-bad-link');
    // The home page is clean of moderate findings too (its headings go h1 → h2).
    expect(await axeSerious(v.page, ['moderate', 'serious', 'critical'])).toEqual([]);
    await v.context.close();
  });

  it('issue 15 item 2: a wrong personal link gives one clear toast and never replaces a key that works', async () => {
    const m = (await env.api.post('/api/matches', { ruleset: 'lupus', name: 'Chiavi' })).body;
    const joined = (await env.api.post(`/api/matches/${m.matchId}/players`, { name: 'Anna' })).body;
    const cases = [
      { token: 'nope', text: 'That is not a personal link.' },
      { token: `gm.${'x'.repeat(30)}`, text: 'Your link is not valid for this match.' },
      { token: `${joined.playerId}.${'y'.repeat(30)}`, text: 'Your link is not valid for this match.' },
    ];
    for (const c of cases) {
      const v = await person(env.session, `wrong-${c.token.slice(0, 4)}`, { phone: true });
      // This browser already plays Anna with her working link.
      await v.page.goto(`${env.url}/#/m/${m.matchId}/key/${joined.token}`);
      await v.page.locator('[data-testid=card], #lobby').first().waitFor();
      await v.page.goto(`${env.url}/#/m/${m.matchId}/key/${c.token}`);
      await eventually(() => v.page.locator('.toast').allInnerTexts()).toEqual([c.text]);
      await v.page.waitForTimeout(1500);
      expect(await v.page.locator('.toast').allInnerTexts()).toEqual([c.text]);
      const keys = JSON.parse((await v.page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}');
      expect(keys[m.matchId].player.token).toBe(joined.token);
      expect(keys[m.matchId].gm).toBeUndefined();
      if (c === cases[1]) await shot(v.page, 'shell-03-wrong-gm-link-one-toast');
      await v.context.close();
    }
  });

  it('issue 15 items 3, 7, 8 (ru): Mafia lobby → join with specialties → start → first night through the page; every player sees his card and the night form, one stores a night action; h1 and axe on the create, player and GM pages', async () => {
    const gm = await person(env.session, 'gm', { phone: true, locale: 'ru-RU' });
    await gm.page.goto(`${env.url}/#/new/mafia`);
    await gm.page.locator('[data-testid=match-name]').waitFor();
    expect(await h1s(gm)).toEqual([ru.ui['create-match']]);
    // Item 4: a refusal of the create itself (a name of zero-width marks only) reads as the page's
    // sentence for its reason id, never as the server's English message.
    const refusal = (await env.api.post('/api/matches', { ruleset: 'mafia', name: '\u200b\u200b' })).body.error;
    expect(ru.errors[refusal.code]).toBeDefined();
    await gm.page.fill('[data-testid=match-name]', '\u200b\u200b');
    await gm.page.click('[data-testid=create-submit]');
    const status = gm.page.locator('form.create .status');
    await eventually(() => status.innerText()).toBe(ru.errors[refusal.code]);
    expect(await gm.page.locator('form.create').innerText()).not.toContain(refusal.message);
    await shot(gm.page, 'shell-04a-create-refused-ru');
    await gm.page.fill('[data-testid=match-name]', 'Город');
    await gm.page.fill('[data-path="quorum"] input', '4');
    await gm.page.click('[data-testid=create-submit]');
    await gm.page.locator('[data-testid=join-link]').waitFor();
    const matchId = decodeURIComponent(/#\/m\/([^/]+)/.exec(gm.page.url())![1]!);
    const joinLink = await gm.page.inputValue('[data-testid=join-link]');
    const players: Array<Viewer & { name: string }> = [];
    for (const seat of SEATS) {
      const v = await person(env.session, seat.name, { phone: true, locale: 'ru-RU' });
      await v.page.goto(joinLink);
      await v.page.fill('[data-testid=join-name]', seat.name);
      await v.page.locator('[data-path="specialty"] select').selectOption(seat.specialty);
      await v.page.click('[data-testid=join-submit]');
      await v.page.locator('#lobby').waitFor();
      players.push({ ...v, name: seat.name });
    }
    await eventually(() => gm.page.locator('#gm tr[data-player]').count()).toBe(5);
    expect(await h1s(gm)).toEqual(['Город']);
    await shot(gm.page, 'shell-04-gm-lobby-ru');
    await gm.page.click('[data-testid=gm-start]');
    for (const p of players) await waitPhase(p.page, 'day-1');
    await waitPhase(gm.page, 'day-1');
    await gm.page.click('[data-testid=gm-resolve]');
    // Issue 44: resolving now asks once, naming the phase.
    await gm.page.click('[data-testid=gm-resolve][data-armed]');
    await eventually(() => gm.page.locator('.toast').allInnerTexts()).toContain(ru.ui['gm-resolved']);
    for (const p of players) await waitPhase(p.page, 'night-1');
    for (const p of players) {
      await eventually(() => p.page.innerText('[data-field=specialty]')).not.toBe('');
      await eventually(() => p.page.locator('form.action').count()).toBeGreaterThan(0);
      expect(await h1s(p)).toEqual(['Город']);
    }
    let searcher = players[0]!;
    for (const p of players) if (await p.page.locator('form.action[data-type=search-random]').count()) searcher = p;
    const form = searcher.page.locator('form.action[data-type=search-random]');
    await form.locator('select').selectOption('thing');
    await form.locator('button[type=submit]').click();
    await searcher.page.locator('form.action.has-submitted[data-type=search-random]').waitFor();
    await searcher.page.locator('[data-testid=submitted]').waitFor();
    // Stored: the server holds it, and the page shows it again after a reload.
    const stored = await env.api.get(
      `/api/matches/${matchId}/me/actions`,
      JSON.parse((await searcher.page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}')[matchId].player.token,
    );
    expect(stored.body.actions.map((a: { type: string }) => a.type)).toContain('search-random');
    await searcher.page.reload();
    await searcher.page.locator('form.action.has-submitted[data-type=search-random]').waitFor();
    await shot(searcher.page, 'shell-05-player-night-ru-stored');
    // No English from the server on the player's page.
    expect(await searcher.page.locator('.toast.error, .status.error').allInnerTexts()).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/[A-Za-z]{5,}/)]),
    );
    expect(await axeSerious(searcher.page)).toEqual([]);
    // Item 5: the forum post's words come from the dictionaries, in the page's language.
    await eventually(() => gm.page.locator('.copy-post').first().innerText()).toContain(ru.ui['post-copy']);
    await shot(gm.page, 'shell-06-gm-night-ru');
    expect(await axeSerious(gm.page)).toEqual([]);
  });

  it('made no console error and no page error anywhere (but the refusals the tests provoke)', () => {
    // The wrong links' 401s and the refused create's 400, which Chromium logs as failed loads.
    const provoked = /status of 401|WebSocket connection .* failed|status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/matches\)$/;
    expect(env.session.errors.filter((e) => !provoked.test(e))).toEqual([]);
  });
});
