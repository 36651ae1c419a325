// Issue 15's stoppers through the real page on a 390×844 phone, in Russian, Italian and English:
// the Mafia join without a specialty (MAF-1.9) and the quorum of dealt players (D33), settings
// checked by the API before creating and edited in the lobby (LUP-4.2, LUP-15.1), and the
// headline card with the tab title at the top of each phase.
import { describe, expect, it } from 'vitest';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { eventually, pageStack, person, shot, waitPhase, type Viewer } from './browser.js';

describe('issue 15 stoppers on a phone', { timeout: 240_000 }, () => {
  const env = pageStack('stoppers');

  const keysOf = async (v: Viewer) => JSON.parse((await v.page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}');

  it('MAF-1.9, D33 (ru): joining without a specialty says plainly one only watches; the lobby shows who is not dealt in; a start below the quorum is refused in Russian', async () => {
    const created = await env.api.post('/api/matches', { ruleset: 'mafia', name: 'Город', settings: { quorum: 4 } });
    const { matchId, gmToken } = created.body;
    for (const [name, specialty] of [
      ['Ира', 'mage'],
      ['Лёва', 'guard'],
      ['Маша', 'blacksmith'],
    ] as const) {
      expect((await env.api.post(`/api/matches/${matchId}/players`, { name, options: { specialty } })).status).toBe(201);
    }
    const nina = await person(env.session, 'nina', { phone: true, locale: 'ru-RU' });
    await nina.page.goto(`${env.url}/#/m/${matchId}`);
    await nina.page.fill('[data-testid=join-name]', 'Нина');
    await expect.poll(() => nina.page.locator('[data-testid=join-watch-hint]').innerText()).toContain('будете только наблюдать');
    await nina.page.click('[data-testid=join-submit]');
    // The first press without a specialty joins nobody: it asks to confirm watching only.
    await eventually(() => nina.page.locator('[data-testid=join-submit]').innerText()).toBe('Войти только зрителем');
    expect((await env.api.get(`/api/matches/${matchId}`)).body.players.length).toBe(3);
    await shot(nina.page, 'stopper1-ru-join-without-specialty');
    await nina.page.click('[data-testid=join-submit]');
    await nina.page.locator('[data-testid=not-dealt-me]').waitFor();
    expect(await nina.page.locator('[data-testid=not-dealt-me]').innerText()).toContain('только наблюдать');
    await eventually(() => nina.page.locator('[data-testid=dealt-count]').innerText()).toContain('3 из 4');
    await shot(nina.page, 'stopper1-ru-lobby-not-dealt');

    const gm = await person(env.session, 'gm-ru', { phone: true, locale: 'ru-RU' });
    await gm.page.goto(`${env.url}/#/m/${matchId}/key/${gmToken}`);
    await gm.page.locator('[data-not-dealt]').first().waitFor();
    // The GM's table: nobody is "done" in the lobby.
    expect(await gm.page.locator('td[data-col=checked]').allInnerTexts()).toEqual(['', '', '', '']);
    await gm.page.click('[data-testid=gm-start]');
    const toast = gm.page.locator('.toast.error');
    await eventually(() => toast.first().innerText()).toContain('3 из 4');
    expect(await toast.first().innerText()).toContain('нужно 4');
    expect(await toast.first().innerText()).not.toMatch(/[A-Za-z]{4,}/);
    await shot(gm.page, 'stopper1-ru-start-refused');
    expect((await env.api.get(`/api/matches/${matchId}`)).body.status).toBe('lobby');
    await nina.context.close();
    await gm.context.close();
  });

  it('LUP-4.2, LUP-15.1 (it): the create form checks the settings with the API first; the GM edits the settings in the lobby', async () => {
    const gm = await person(env.session, 'gm-it', { phone: true, locale: 'it-IT' });
    await gm.page.goto(`${env.url}/#/new/lupus`);
    await gm.page.fill('[data-testid=match-name]', 'Venerdì');
    await gm.page.fill('[data-path="player-count"] input', '7');
    await gm.page.click('[data-testid=create-submit]');
    // The walkthrough's mistake (7 players, the default 13-role table) is caught before creating.
    const issues = gm.page.locator('[data-testid=settings-issues]');
    await eventually(() => issues.innerText()).toContain('Il tavolo ha 13 ruoli ma il numero di giocatori è 7');
    await shot(gm.page, 'stopper2-it-create-checked');
    expect(gm.page.url()).toContain('#/new');
    await gm.page.fill('[data-path="player-count"] input', '13');
    await gm.page.click('[data-testid=create-submit]');
    await gm.page.locator('[data-testid=gm-settings]').waitFor();
    const matchId = decodeURIComponent(/#\/m\/([^/]+)/.exec(gm.page.url())![1]!);
    // In the lobby every setting is editable; a bad one is refused with the same words, a good one saved.
    await gm.page.locator('[data-testid=gm-settings] [data-path="player-count"] input').fill('8');
    await gm.page.click('[data-testid=gm-settings-save]');
    await eventually(() => gm.page.locator('[data-testid=gm-settings] [data-testid=settings-issues]').innerText()).toContain(
      'Il tavolo ha 13 ruoli',
    );
    await gm.page.locator('[data-testid=gm-settings] [data-path="day-minutes"] input').fill('600');
    await gm.page.locator('[data-testid=gm-settings] [data-path="player-count"] input').fill('13');
    await gm.page.click('[data-testid=gm-settings-save]');
    await eventually(async () => (await env.api.get(`/api/matches/${matchId}`)).body.settings['day-minutes']).toBe(600);
    await shot(gm.page, 'stopper2-it-lobby-settings');
    await gm.context.close();
  });

  for (const locale of ['it-IT', 'en-US'] as const) {
    it(`headline card (${locale}): "nobody died" at dawn, then the death with its cause and the vote outcome, what to do and by when; the tab title shows the phase and an unread mark`, async () => {
      const m = await startSeven(env.api, {}, `headline-${locale}`);
      const carla = await person(env.session, `carla-${locale}`, { phone: true, locale });
      await carla.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.carla}`);
      await waitPhase(carla.page, 'night-1');
      await carla.page.locator('[data-testid=headline]').waitFor();
      await eventually(() => carla.page.title()).toMatch(locale === 'it-IT' ? /^Notte 1 · / : /^Night 1 · /);
      // The tab is in the background when the phase changes: the title gets the unread mark.
      await carla.page.evaluate(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect((await env.api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
      await carla.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await eventually(() => carla.page.title(), 40_000).toMatch(/^● /);
      await carla.page.evaluate(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitPhase(carla.page, 'day-1', 40_000);
      await eventually(() => carla.page.title()).not.toMatch(/^● /);
      const card = carla.page.locator('[data-testid=headline]');
      await eventually(() => card.getAttribute('data-phase')).toBe('day-1');
      expect(await card.locator('[data-testid=nobody-died]').innerText()).toBe(locale === 'it-IT' ? 'Nessun morto.' : 'Nobody died.');
      expect(await card.locator('[data-testid=headline-todo]').innerText()).toMatch(
        locale === 'it-IT' ? /Ora puoi: .*Scadenza/ : /Now you can: .*Deadline/,
      );
      // The card is at the top of the phone's screen, not 1,600 px down.
      expect((await card.boundingBox())!.y).toBeLessThan(400);
      await shot(carla.page, `stopper3-${locale}-dawn-nobody-died`);
      for (const p of SEVEN)
        if (p.id !== 'carla')
          expect(
            (
              await env.api.post(
                `/api/matches/${m.matchId}/me/actions`,
                { type: 'vote', target: p.id === 'fabio' ? 'anna' : 'fabio' },
                m.tokens[p.id],
              )
            ).status,
          ).toBe(201);
      expect((await env.api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'day-1' }, m.gm)).status).toBe(200);
      await waitPhase(carla.page, 'night-2', 40_000);
      await eventually(() => card.getAttribute('data-phase')).toBe('night-2');
      const deaths = card.locator('[data-testid=headline-deaths]');
      await eventually(() => deaths.innerText()).toContain('Fabio');
      expect(await card.locator('[data-testid=headline-outcome]').count()).toBe(1);
      await shot(carla.page, `stopper3-${locale}-death-and-vote`);
      await carla.context.close();
    });
  }

  it('a bad pasted link says so and is kept in the field (en)', async () => {
    const created = await env.api.post('/api/matches', { ruleset: 'killgame', name: 'Paste' });
    const v = await person(env.session, 'paste', { phone: true });
    await v.page.goto(`${env.url}/#/m/${created.body.matchId}`);
    await v.page.fill('[data-testid=restore-link]', 'https://example.org/#/m/x/key/nope');
    await v.page.press('[data-testid=restore-link]', 'Enter');
    await eventually(() => v.page.locator('[data-testid=restore-status]').innerText()).toBe('That is not a personal link.');
    expect(await v.page.inputValue('[data-testid=restore-link]')).toBe('https://example.org/#/m/x/key/nope');
    expect(Object.keys(await keysOf(v)).filter((k) => (k as string) !== created.body.matchId)).toEqual([]);
    await v.context.close();
  });
});
