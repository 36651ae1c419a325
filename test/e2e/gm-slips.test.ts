// Issue 44: a GM on a 390×844 phone cannot slip. Every irreversible or everyone-affecting action
// asks once with its target on the button (remove, resolve now, force an outcome); arming a removal
// on one row disarms every other; the name stays beside its control; the outcome is picked from the
// ruleset's own winners (LUP-11.1); axe-core finds no violation on the GM's page. In Russian.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { axeViolations } from './axe.js';
import { eventually, pageStack, person, shot, waitPhase } from './browser.js';

describe('issue 44: a GM who cannot slip (ru)', { timeout: 300_000 }, () => {
  const env = pageStack('gm-slips');

  it('LUP-10.6, LUP-11.1: remove, resolve now and force an outcome each name their target before acting', async () => {
    const m = await startSeven(env.api, {}, 'gm-slips');
    const gm = await person(env.session, 'gm-ru', { phone: true, locale: 'ru-RU' });
    await gm.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.gm}`);
    await waitPhase(gm.page, 'night-1');
    const row = (id: string) => gm.page.locator(`#gm tr[data-player="${id}"]`);

    // Remove: the name and its button share one cell, visible together on the phone.
    const bruno = row('bruno').locator('button[data-remove]');
    await bruno.scrollIntoViewIfNeeded();
    const cell = row('bruno').locator('td.gm-name');
    expect(await cell.innerText()).toContain('Bruno');
    const [cellBox, buttonBox] = [await cell.boundingBox(), await bruno.boundingBox()];
    expect(buttonBox!.x).toBeGreaterThanOrEqual(cellBox!.x);
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(390);
    await bruno.tap();
    expect(await bruno.innerText()).toBe('Убрать игрока Bruno насовсем? Нажмите ещё раз');
    // Arming another row disarms Bruno's: the second tap cannot land on the wrong player.
    const carla = row('carla').locator('button[data-remove]');
    await carla.tap();
    expect(await carla.innerText()).toBe('Убрать игрока Carla насовсем? Нажмите ещё раз');
    expect(await bruno.getAttribute('data-armed')).toBeNull();
    expect(await bruno.innerText()).toBe('Убрать');
    await shot(gm.page, 'gm-slips-ru-remove-armed');
    await carla.tap();
    await eventually(
      async () => (await env.api.get(`/api/matches/${m.matchId}`)).body.players.find((p: any) => p.id === 'carla').alive,
    ).toBe(false);
    expect((await env.api.get(`/api/matches/${m.matchId}`)).body.players.find((p: any) => p.id === 'bruno').alive).toBe(true);

    // Resolve now: Pause comes first; the close asks once, naming the phase.
    const buttons = await gm.page.locator('.gm-buttons button').allInnerTexts();
    expect(buttons.indexOf('Пауза')).toBeLessThan(buttons.findIndex((b) => b.startsWith('Разрешить') || b.includes('фаз')));
    const resolve = gm.page.locator('[data-testid=gm-resolve]');
    await resolve.tap();
    expect(await resolve.innerText()).toBe('Закрыть фазу «Ночь 1» сейчас для всех? Нажмите ещё раз');
    expect((await env.api.get(`/api/matches/${m.matchId}`)).body.phase).toBe('night-1');
    await shot(gm.page, 'gm-slips-ru-resolve-armed');
    await resolve.tap();
    await waitPhase(gm.page, 'day-1', 60_000);

    // Force an outcome: a list of the ruleset's winners, never a typed id.
    const end = gm.page.locator('[data-testid=gm-end]');
    if ((await end.getAttribute('open')) === null) await end.locator('summary').tap();
    const options = await gm.page.locator('[data-testid=end-winner] option').allInnerTexts();
    expect(options).toEqual(['— выберите —', 'Villaggio', 'Branco', 'Congrega', 'ничья']);
    await gm.page.selectOption('[data-testid=end-winner]', 'pack');
    const endButton = gm.page.locator('[data-testid=end]');
    await endButton.tap();
    expect(await endButton.innerText()).toBe('Завершить игру победой: Branco? Нажмите ещё раз');
    expect((await env.api.get(`/api/matches/${m.matchId}`)).body.status).toBe('running');
    await shot(gm.page, 'gm-slips-ru-end-armed');
    expect(await axeViolations(gm.page)).toEqual([]);
    await endButton.tap();
    await eventually(async () => (await env.api.get(`/api/matches/${m.matchId}`)).body).toMatchObject({ status: 'ended', winner: 'pack' });
    await gm.context.close();
  });

  it('LUP-11.1: the API accepts only the ruleset’s own winners (no player id, no word in another language)', async () => {
    const m = await startSeven(env.api, {}, 'gm-slips-api');
    for (const winner of ['villaggio', 'anna', 'lone']) {
      const refused = await env.api.post(`/api/matches/${m.matchId}/end`, { winner }, m.gm);
      expect(refused.body.error.code, winner).toBe('unknown-winner');
    }
    expect((await env.api.get(`/api/matches/${m.matchId}/gm`, m.gm)).body.winners).toEqual(['village', 'pack', 'coven', 'draw']);
    expect((await env.api.post(`/api/matches/${m.matchId}/end`, { winner: 'coven' }, m.gm)).status).toBe(200);
  });
});
