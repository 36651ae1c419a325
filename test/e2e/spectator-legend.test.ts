// Issue 44, smaller items, in Italian on a 390×844 phone: a spectator's Kill Game map legend says
// neither "sei qui" nor "puoi sceglierla" (he has no zone, KG-9); the GM's scroll areas can be
// reached by keyboard (axe-core `scrollable-region-focusable`).
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { pageStack, person, shot, waitPhase } from './browser.js';

describe('issue 44: the spectator legend and the GM scroll areas (it)', { timeout: 240_000 }, () => {
  const env = pageStack('spectator-legend');

  it('KG-9: the spectator sees the map without "sei qui"; the GM page passes axe with its state open', async () => {
    const created = await env.api.post('/api/matches', { ruleset: 'killgame', name: 'Isola pubblica' });
    const { matchId, gmToken } = created.body;
    const tokens: string[] = [];
    for (const name of ['Ada', 'Bea', 'Cid']) tokens.push((await env.api.post(`/api/matches/${matchId}/players`, { name })).body.token);
    expect((await env.api.post(`/api/matches/${matchId}/start`, {}, gmToken)).status).toBe(200);

    const spectator = await person(env.session, 'spettatore', { phone: true, locale: 'it-IT' });
    await spectator.page.goto(`${env.url}/#/m/${matchId}`);
    await waitPhase(spectator.page, 'tactic-1');
    const legend = spectator.page.locator('.map-wrap .legend');
    await legend.waitFor();
    expect(await legend.innerText()).not.toContain('sei qui');
    expect(await legend.innerText()).not.toContain('puoi sceglierla');
    expect(await legend.innerText()).toContain('zona centrale');
    await shot(spectator.page, 'legend-it-spectator');
    // A player still has his own marks in the legend.
    const ada = await person(env.session, 'ada-it', { phone: true, locale: 'it-IT' });
    await ada.page.goto(`${env.url}/#/m/${matchId}/key/${tokens[0]}`);
    await waitPhase(ada.page, 'tactic-1');
    expect(await ada.page.locator('.map-wrap .legend').innerText()).toContain('sei qui');

    const gm = await person(env.session, 'gm-it', { phone: true, locale: 'it-IT' });
    await gm.page.goto(`${env.url}/#/m/${matchId}/key/${gmToken}`);
    await waitPhase(gm.page, 'tactic-1');
    await gm.page.locator('#gm details[data-keep=gm-state] summary').tap();
    expect(await gm.page.locator('#gm .table-wrap').getAttribute('tabindex')).toBe('0');
    expect(await gm.page.locator('[data-testid=gm-state]').getAttribute('tabindex')).toBe('0');
    expect((await axeViolations(gm.page)).filter((v) => v.startsWith('scrollable-region-focusable'))).toEqual([]);
    await shot(gm.page, 'legend-it-gm-state-open');
    // The headline of the next phase tells the monsters that appeared (KG-11.3) among the public news.
    expect((await env.api.post(`/api/matches/${matchId}/resolve`, { phase: 'tactic-1' }, gmToken)).status).toBe(200);
    await waitPhase(spectator.page, 'action-1', 60_000);
    const news = spectator.page.locator('[data-testid=headline] [data-testid=headline-news]');
    await news.waitFor();
    expect(await news.innerText()).toContain('Appare un mostro');
    await shot(spectator.page, 'headline-it-spectator-news');
    await spectator.context.close();
    await ada.context.close();
    await gm.context.close();
  });
});
