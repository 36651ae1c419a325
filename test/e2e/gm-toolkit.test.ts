// End to end, in real headless Chromium: the GM toolkit on the match page. A small Lupus match is set
// up through the API; the GM substitutes a player, exports the record, looks at the match as one
// player, sets a webhook and rolls back the last resolution, all from the page's GM console.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, pageStack, person, shot, waitPhase, type Viewer } from './browser.js';

const ROLES = ['veggente-gufato', 'lupo-mannaro', 'zucca-semplice'];
const NAMES = ['Anna', 'Bruno', 'Carla'];

describe('the GM toolkit through the page', { timeout: 180_000 }, () => {
  const env = pageStack('gm-toolkit');
  let gm: Viewer;
  let matchId = '';
  let gmToken = '';
  const seats: Array<{ name: string; id: string; token: string }> = [];
  let newToken = '';
  const open = async (tool: string) => {
    const details = gm.page.locator(`details[data-testid=${tool}]`);
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  };

  beforeAll(async () => {
    const created = await env.api.post('/api/matches', {
      ruleset: 'lupus',
      name: 'Toolkit e2e',
      settings: { 'player-count': 3, roles: ROLES },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    matchId = created.body.matchId;
    gmToken = created.body.gmToken;
    for (const name of NAMES) {
      const joined = await env.api.post(`/api/matches/${matchId}/players`, { name });
      expect(joined.status).toBe(201);
      seats.push({ name, id: joined.body.playerId, token: joined.body.token });
    }
    expect((await env.api.post(`/api/matches/${matchId}/start`, {}, gmToken)).status).toBe(200);
    const resolved = await env.api.post(`/api/matches/${matchId}/resolve`, { phase: 'night-1' }, gmToken);
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect((await env.api.get(`/api/matches/${matchId}`)).body.phase).toBe('day-1');
  });

  it('opens the GM console with the toolkit', async () => {
    gm = await person(env.session, 'gm');
    await gm.page.goto(`${env.url}/#/m/${matchId}/key/${gmToken}`);
    await waitPhase(gm.page, 'day-1');
    await gm.page.locator('[data-testid=gm-toolkit]').waitFor();
    expect(await gm.page.locator('#gm tr[data-player]').count()).toBe(3);
  });

  it('substitutes a player: the old token stops working, the new link opens the seat', async () => {
    const anna = seats[0]!;
    const roleBefore = (await env.api.get(`/api/matches/${matchId}/me`, anna.token)).body.view.me.role;
    await open('gm-substitute');
    await gm.page.selectOption('[data-testid=sub-seat]', anna.id);
    await gm.page.fill('[data-testid=sub-name]', 'Zoe <i>Z</i>');
    await gm.page.click('[data-testid=sub-submit]');
    // Issue 44: the first press only asks, naming the seat's player and the newcomer.
    await eventually(() => gm.page.locator('[data-testid=sub-submit][data-armed]').innerText()).toBe(
      `Give ${anna.name}’s seat to Zoe <i>Z</i>? Tap again`,
    );
    await gm.page.click('[data-testid=sub-submit]');
    const link = await gm.page.locator('[data-testid=sub-link]').inputValue();
    expect(link).toMatch(new RegExp(`^${env.url}/#/m/${matchId}/key/${anna.id}\\.`));
    newToken = decodeURIComponent(/\/key\/([^/]+)$/.exec(link)![1]!);
    await eventually(() => gm.page.locator(`#gm tr[data-player="${anna.id}"]`).innerText()).toContain('Zoe <i>Z</i>');
    expect(await gm.page.locator(`#gm tr[data-player="${anna.id}"] i`).count()).toBe(0); // the name is text, never markup
    await shot(gm.page, 'gm-toolkit-01-substituted');

    expect((await env.api.get(`/api/matches/${matchId}/me`, anna.token)).status).toBe(401);
    const fresh = await env.api.get(`/api/matches/${matchId}/me`, newToken);
    expect(fresh.status).toBe(200);
    expect(fresh.body.name).toBe('Zoe <i>Z</i>');

    const zoe = await person(env.session, 'zoe');
    await zoe.page.goto(link);
    await waitPhase(zoe.page, 'day-1');
    expect(zoe.page.url()).toBe(`${env.url}/#/m/${matchId}`);
    await eventually(() => zoe.page.innerText('.you-are')).toContain('Zoe <i>Z</i>');
    await eventually(() => zoe.page.getAttribute('[data-testid=role]', 'data-role')).toBe(roleBefore);
    await zoe.page.locator('form.action[data-type=vote]').waitFor();
    await zoe.context.close();
  });

  it('exports the record as a JSON download without any token', async () => {
    await open('gm-export');
    const [download] = await Promise.all([gm.page.waitForEvent('download'), gm.page.click('[data-testid=export]')]);
    expect(download.suggestedFilename()).toBe(`dusk-${matchId}.json`);
    const text = await readFile((await download.path())!, 'utf8');
    const record = JSON.parse(text);
    expect(typeof record).toBe('object');
    expect(text).toContain(seats[1]!.id);
    for (const token of [gmToken, newToken, ...seats.map((s) => s.token)]) expect(text).not.toContain(token.split('.').pop()!);
    expect(text).not.toMatch(/token/i);
    await eventually(() => gm.page.innerText('[data-testid=export-status]')).not.toBe('');
  });

  it('shows the match as one player sees it, read-only', async () => {
    const bruno = seats[1]!;
    const truth = (await env.api.get(`/api/matches/${matchId}/as/${bruno.id}`, gmToken)).body;
    await open('gm-as');
    await gm.page.selectOption('[data-testid=as-seat]', bruno.id);
    await gm.page.click('[data-testid=as-submit]');
    await gm.page.locator(`[data-testid=as-view][data-player="${bruno.id}"]`).waitFor();
    expect(await gm.page.getAttribute('[data-testid=as-view] [data-testid=role]', 'data-role')).toBe(truth.view.me.role);
    expect(await gm.page.locator('[data-testid=as-view] form').count()).toBe(0);
  });

  it('saves webhooks and shows their status', async () => {
    await open('gm-webhooks');
    await eventually(() => gm.page.innerText('[data-testid=webhook-current]')).toContain('No webhook.');
    await gm.page.fill('[data-testid=webhook-urls]', `${env.url}/hook-a\n${env.url}/hook-b`);
    await gm.page.fill('[data-testid=webhook-remind]', '30');
    await gm.page.click('[data-testid=webhook-save]');
    await eventually(() => gm.page.innerText('[data-testid=webhook-current]')).toContain('/hook-b');
    const saved = (await env.api.get(`/api/matches/${matchId}/webhooks`, gmToken)).body;
    expect(saved.remindBeforeMinutes).toBe(30);
    expect(saved.urls.map((u: any) => u.url)).toEqual([`${env.url}/hook-a`, `${env.url}/hook-b`]);
    // Too many URLs are refused next to the form, before anything is sent.
    await gm.page.fill('[data-testid=webhook-urls]', [1, 2, 3, 4, 5, 6].map((i) => `${env.url}/h${i}`).join('\n'));
    await gm.page.click('[data-testid=webhook-save]');
    await eventually(() => gm.page.innerText('[data-testid=webhook-status]')).toContain('5');
    // Removed again, so nothing is sent during the rest of the test.
    await gm.page.fill('[data-testid=webhook-urls]', '');
    await gm.page.click('[data-testid=webhook-save]');
    await eventually(async () => (await env.api.get(`/api/matches/${matchId}/webhooks`, gmToken)).body.urls.length).toBe(0);
  });

  it('rolls back the last resolved phase after a confirm step', async () => {
    await open('gm-rollback');
    const button = gm.page.locator('[data-testid=rollback]');
    expect(await button.innerText()).toContain('Night 1');
    await button.click();
    // The first click only asks.
    expect(await button.getAttribute('data-armed')).toBe('1');
    expect((await env.api.get(`/api/matches/${matchId}`)).body.phase).toBe('day-1');
    await button.click();
    await waitPhase(gm.page, 'night-1');
    const summary = (await env.api.get(`/api/matches/${matchId}`)).body;
    expect(summary).toMatchObject({ status: 'running', phase: 'night-1', phases: ['night-1'] });
    // Nothing before the first night: nothing left to roll back.
    await open('gm-rollback');
    await eventually(() => gm.page.innerText('[data-testid=gm-rollback]')).toContain('No phase has been resolved yet.');
    await shot(gm.page, 'gm-toolkit-02-rolled-back');
  });

  it('made no console error and no page error anywhere', () => {
    expect(env.session.errors).toEqual([]);
  });
});
