// Issue 44: forms keep what the player is doing. A refresh (here: the same seat's ballot changed
// from another device) redraws the page, but never overwrites the choice the player has touched
// and not sent; the page sends what the player sees and then shows what was stored (LUP-8.2).
// In Italian, on a 390×844 phone.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { axeViolations } from './axe.js';
import { eventually, pageStack, person, shot, waitPhase } from './browser.js';

describe('issue 44: a field edited during a refresh keeps its value (it)', { timeout: 240_000 }, () => {
  const env = pageStack('forms-keep');

  it('LUP-8.2: Carla picks Anna while her stored ballot changes elsewhere; Cambia sends Anna', async () => {
    const m = await startSeven(env.api, {}, 'forms-keep');
    const base = `/api/matches/${m.matchId}`;
    expect((await env.api.post(`${base}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    const carla = await person(env.session, 'carla-it', { phone: true, locale: 'it-IT' });
    await carla.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.carla}`);
    await waitPhase(carla.page, 'day-1');
    const form = carla.page.locator('form.action[data-type=vote]');
    const select = form.locator('select').first();
    await select.selectOption('fabio');
    await form.locator('button[type=submit]').tap();
    await carla.page.locator('form.action.has-submitted[data-type=vote]').waitFor();
    // A quick change of mind, not sent yet.
    await carla.page.locator('form.action[data-type=vote] select').first().selectOption('anna');
    // Meanwhile her other device stores Gina, and the GM moves the deadline: a change of the match itself,
    // which every open page reads again (the pushed change of a ballot alone is shown without a read).
    expect((await env.api.post(`${base}/me/actions`, { type: 'vote', target: 'gina' }, m.tokens.carla)).status).toBe(201);
    expect((await env.api.post(`${base}/extend`, { minutes: 5 }, m.gm)).status).toBe(200);
    await eventually(() => carla.page.locator('[data-testid=submitted]').innerText(), 40_000).toContain('Gina');
    // The touched field still shows her choice.
    expect(await carla.page.locator('form.action[data-type=vote] select').first().inputValue()).toBe('anna');
    await shot(carla.page, 'forms-it-kept-during-refresh');
    await carla.page.locator('form.action[data-type=vote] button[type=submit]').tap();
    await eventually(
      async () => (await env.api.get(`${base}/gm`, m.gm)).body.pending.find((p: any) => p.player === 'carla')?.action.target,
    ).toBe('anna');
    // What was stored is what the page shows.
    await eventually(() => carla.page.locator('[data-testid=submitted]').innerText(), 40_000).toContain('Anna');
    expect(await carla.page.locator('form.action[data-type=vote] select').first().inputValue()).toBe('anna');
    expect(await axeViolations(carla.page)).toEqual([]);
    await carla.context.close();
  });
});
