// Issue 44: an ending people remember, on a 390×844 phone in English. After the last vote
// (LUP-11.1, LUP-11.5) each player's page says who won in words and whether he won, reveals every
// role, and offers no stale control: no action form, no "Your actions — —", no notifications.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { axeViolations } from './axe.js';
import { eventually, pageStack, person, shot } from './browser.js';

const VILLAGE = ['anna', 'carla', 'dario', 'fabio', 'gina'];

describe('issue 44: the end of a match (en)', { timeout: 300_000 }, () => {
  const env = pageStack('ending');

  it('LUP-11.1, LUP-11.3, LUP-11.5: the Village wins; Anna reads "You won!", Bruno "You lost.", both see every role', async () => {
    const m = await startSeven(env.api, {}, 'ending');
    const base = `/api/matches/${m.matchId}`;
    expect((await env.api.del(`${base}/players/elena`, m.gm)).status).toBe(200);
    expect((await env.api.post(`${base}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    for (const p of VILLAGE)
      expect((await env.api.post(`${base}/me/actions`, { type: 'vote', target: 'bruno' }, m.tokens[p])).status).toBe(201);
    const anna = await person(env.session, 'anna-en', { phone: true, locale: 'en-US' });
    const bruno = await person(env.session, 'bruno-en', { phone: true, locale: 'en-US' });
    await anna.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.anna}`);
    await bruno.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.bruno}`);
    await anna.page.locator('[data-testid=card]').waitFor();
    expect((await env.api.post(`${base}/resolve`, { phase: 'day-1' }, m.gm)).status).toBe(200);
    expect((await env.api.get(base)).body).toMatchObject({ status: 'ended', winner: 'village' });

    for (const [v, outcome, text] of [
      [anna, 'won', 'You won!'],
      [bruno, 'lost', 'You lost.'],
    ] as const) {
      const result = v.page.locator('#actions [data-testid=you-result]');
      await eventually(() => result.getAttribute('data-outcome'), 40_000).toBe(outcome);
      expect(await result.innerText()).toBe(text);
      expect(await v.page.locator('[data-testid=card-outcome]').innerText()).toBe(text);
      expect(await v.page.locator('[data-testid=end-winner-words]').innerText()).toBe('The winner: Villaggio');
      // The reveal: every dealt player with his role (LUP-11.5).
      const reveal = v.page.locator('[data-testid=reveal]');
      expect(await reveal.locator('li').count()).toBe(7);
      expect(await reveal.locator('li[data-player=bruno]').innerText()).toBe('Bruno: Lupo Mannaro');
      expect(await reveal.locator('li[data-player=elena]').innerText()).toBe('Elena: Lupo Segugio');
      // No stale controls.
      expect(await v.page.locator('#actions .panel-title').innerText()).toBe('The end');
      expect(await v.page.locator('#actions form').count()).toBe(0);
      expect(await v.page.locator('#card [data-testid=push], #card .push').count()).toBe(0);
      expect(await v.page.innerText('body')).not.toContain('Your actions');
      await shot(v.page, `ending-en-${v.label}`);
    }
    expect(await axeViolations(anna.page)).toEqual([]);
    await anna.context.close();
    await bruno.context.close();
  });
});
