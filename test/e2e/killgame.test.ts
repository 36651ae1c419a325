// End to end, in real headless Chromium: a Kill Game match created on the page, three players pick
// their start zones on the map (one by mouse, one by keyboard) and shop, then one turn later a move
// is made by clicking the map; each player sees his own zone, card and diary, and not the others'.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, pageStack, person, shot, waitPhase, type Viewer } from './browser.js';

describe('Kill Game through the page', { timeout: 180_000 }, () => {
  const env = pageStack('killgame');
  let gm: Viewer;
  const players: Array<Viewer & { name: string; id: string }> = [];
  let matchId = '';
  let gmToken = '';
  const zoneOf = (page: Page) => page.getAttribute('[data-testid=zone]', 'data-zone');

  it('creates the match and lets three players join', async () => {
    gm = await person(env.session, 'gm');
    await gm.page.goto(`${env.url}/#/new/killgame`);
    await gm.page.fill('[data-testid=match-name]', 'Isola e2e');
    // Nested settings (prices, weapons) are groups of their own, defaults filled in.
    expect(await gm.page.inputValue('[data-path="prices"] [data-path="prices.shotgun"] input')).toBe('250');
    expect(await gm.page.inputValue('[data-path="tactic-start"] input')).toBe('13:00');
    await gm.page.click('[data-testid=create-submit]');
    await gm.page.locator('[data-testid=join-link]').waitFor();
    matchId = decodeURIComponent(/#\/m\/([^/]+)/.exec(gm.page.url())![1]!);
    gmToken = JSON.parse((await gm.page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}')[matchId].gm;
    const joinLink = await gm.page.inputValue('[data-testid=join-link]');
    for (const name of ['Ada', 'Bea', 'Cid']) {
      const v = await person(env.session, name);
      await v.page.goto(joinLink);
      await v.page.fill('[data-testid=join-name]', name);
      await v.page.click('[data-testid=join-submit]');
      await v.page.locator('#lobby').waitFor();
      const keys = JSON.parse((await v.page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}');
      players.push({ ...v, name, id: keys[matchId].player.id });
    }
    await eventually(() => gm.page.locator('#gm tr[data-player]').count()).toBe(3);
    await gm.page.click('[data-testid=gm-start]');
    for (const p of players) await waitPhase(p.page, 'tactic-1');
  });

  it('turn 1: start zones chosen on the map, by mouse and by keyboard; the shop', async () => {
    const [ada, bea] = players as [(typeof players)[0], (typeof players)[0]];
    // The map offers exactly the legal start zones of the `start` action as click targets.
    const legal = await ada.page
      .locator('form.action[data-type=start] select option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const targets = await ada.page.locator('svg.kg-map g.zone.target').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-zone')));
    expect(targets.sort()).toEqual([...legal].sort());
    expect(targets).not.toContain('paese'); // the central zone is no start zone: the API says so, the map shows it
    // Ada clicks Campi on the map, then sends.
    await ada.page.click('svg.kg-map g.zone[data-zone=campi]');
    expect(await ada.page.inputValue('form.action[data-type=start] select')).toBe('campi');
    await ada.page.click('form.action[data-type=start] button[type=submit]');
    await ada.page.locator('form.action.has-submitted[data-type=start]').waitFor();
    // Ada shops: a knife and two medikits, within the budget the form shows.
    const shop = ada.page.locator('form.action[data-type=shop]');
    await shop.locator('input[data-item=knife]').fill('1');
    await shop.locator('input[data-item=medikit]').fill('2');
    expect(await shop.locator('output.total').innerText()).toContain('170');
    await shop.locator('button[type=submit]').click();
    await ada.page.locator('form.action.has-submitted[data-type=shop]').waitFor();
    await shot(ada.page, 'killgame-01-turn1-start-and-shop');
    // Bea uses only the keyboard: focus a zone of the map, Enter picks it, Enter sends.
    await bea.page.focus('svg.kg-map g.zone[data-zone=ruderi]');
    await bea.page.keyboard.press('Enter');
    expect(await bea.page.inputValue('form.action[data-type=start] select')).toBe('ruderi');
    await bea.page.keyboard.press('Enter');
    await bea.page.locator('form.action.has-submitted[data-type=start]').waitFor();
    // Cid does nothing: the initial zone and the default loadout.
    await gm.page.click('[data-testid=gm-resolve]');
    // Issue 44: resolving now asks once, naming the phase.
    await gm.page.click('[data-testid=gm-resolve][data-armed]');
    for (const p of players) await waitPhase(p.page, 'action-1');
  });

  it("shows each player his own zone, card and diary, and nobody else's", async () => {
    const [ada, bea, cid] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
    await eventually(() => zoneOf(ada.page)).toBe('campi');
    await eventually(() => zoneOf(bea.page)).toBe('ruderi');
    await eventually(() => zoneOf(cid.page)).toBe('ingresso');
    // Ada's backpack is what she bought, plus the free K rations.
    const items = await ada.page.locator('[data-testid=inventory] li').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-item')));
    expect(items.sort()).toEqual(['k-ration', 'knife', 'medikit']);
    expect(await ada.page.innerText('[data-testid=inventory] li[data-item=medikit]')).toContain('×2');
    expect(await cid.page.locator('[data-testid=inventory] li[data-item=sniper-rifle]').count()).toBe(1);
    expect(await cid.page.innerText('[data-testid=private]')).toContain('default loadout');
    expect(await ada.page.innerText('[data-testid=private]')).toContain('You start in Campi');
    // Energy and approval as faces.
    expect(await ada.page.locator('[data-stat=energy] svg.face').count()).toBe(1);
    expect(await ada.page.locator('[data-stat=approval] svg.face').count()).toBe(1);
    // Each map marks only its own player's zone; nobody learns where the others are.
    for (const [p, zone] of [
      [ada, 'campi'],
      [bea, 'ruderi'],
      [cid, 'ingresso'],
    ] as const) {
      const mine = await p.page.locator('svg.kg-map g.zone.mine').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-zone')));
      expect(mine).toEqual([zone]);
      for (const other of players) if (other !== p) expect(await p.page.innerText('.here')).not.toContain(other.name);
      expect(await p.page.locator('#gm').count()).toBe(0);
    }
    // The truth agrees.
    const facts = (await env.api.get(`/api/matches/${matchId}/gm`, gmToken)).body.facts;
    expect(facts.zone[ada.id]).toBe('campi');
    await shot(cid.page, 'killgame-02-action1-card');
    await gm.page.click('[data-testid=gm-resolve]');
    // Issue 44: resolving now asks once, naming the phase.
    await gm.page.click('[data-testid=gm-resolve][data-armed]');
    for (const p of players) await waitPhase(p.page, 'tactic-2');
  });

  it('turn 2: the market, and a move made by clicking the map', async () => {
    const ada = players[0]!;
    await ada.page.locator('.market').waitFor();
    await eventually(() => ada.page.innerText('[data-testid=record]')).toContain('the market opens');
    // Moving: the targets are the legal `move` zones, the neighbours still open.
    await eventually(() => ada.page.inputValue('#map-action')).toBe('move');
    const legal = await ada.page
      .locator('form.action[data-type=move] select option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const targets = await ada.page.locator('svg.kg-map g.zone.target').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-zone')));
    expect(targets.sort()).toEqual([...legal].sort());
    expect(targets).toContain('ponte-ovest');
    expect(targets).not.toContain('landa-del-sud'); // closed at the end of turn 1
    expect(await ada.page.locator('svg.kg-map g.zone.closed[data-zone=landa-del-sud]').count()).toBe(1);
    await ada.page.click('svg.kg-map g.zone.target[data-zone=ponte-ovest]');
    await ada.page.click('form.action[data-type=move] button[type=submit]');
    await eventually(() => ada.page.innerText('[data-testid=submitted]')).toContain('Ponte Ovest');
    await shot(ada.page, 'killgame-03-turn2-move-on-map');
    await gm.page.click('[data-testid=gm-resolve]');
    // Issue 44: resolving now asks once, naming the phase.
    await gm.page.click('[data-testid=gm-resolve][data-armed]');
    await waitPhase(ada.page, 'action-2');
    await eventually(() => zoneOf(ada.page)).toBe('ponte-ovest');
    expect(await ada.page.locator('svg.kg-map g.zone.mine').getAttribute('data-zone')).toBe('ponte-ovest');
    // Phone-sized, the map still fits the screen.
    await ada.page.setViewportSize({ width: 390, height: 844 });
    await eventually(() => ada.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(ada.page, 'killgame-04-phone-map');
    await shot(gm.page, 'killgame-05-gm');
  });

  it('lets the GM pause, extend, resume and remove a player', async () => {
    const [ada, , cid] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
    await gm.page.click('[data-testid=gm-pause]');
    await eventually(() => ada.page.getAttribute('[data-testid=status]', 'class')).toContain('status-paused');
    await eventually(() => ada.page.innerText('[data-testid=countdown]')).toMatch(/^Paused — /);
    expect(await ada.page.innerText('#actions')).toContain('paused');
    const before = (await env.api.get(`/api/matches/${matchId}`)).body.remainingMs as number;
    await gm.page.fill('.gm-buttons .extend input', '30');
    await gm.page.click('[data-testid=gm-extend]');
    await eventually(async () => (await env.api.get(`/api/matches/${matchId}`)).body.remainingMs).toBeGreaterThanOrEqual(
      before + 30 * 60_000,
    );
    await gm.page.click('[data-testid=gm-resume]');
    await eventually(() => ada.page.getAttribute('[data-testid=status]', 'class')).toContain('status-running');
    // Removing takes two clicks: a modkill is announced, and the player is out. The table redrawn by a
    // live update between the clicks (here: another extend) still asks to confirm.
    const remove = gm.page.locator(`#gm tr[data-player="${cid.id}"] button[data-remove]`);
    await remove.click();
    await remove.evaluate((b) => b.setAttribute('data-drawn-before', '1'));
    const extended = await env.api.post(`/api/matches/${matchId}/extend`, { minutes: 5 }, gmToken);
    expect(extended.status).toBe(200);
    await gm.page.locator(`#gm tr[data-player="${cid.id}"] button[data-remove]:not([data-drawn-before])`).waitFor();
    expect(await remove.getAttribute('data-armed')).toBe('1');
    await remove.click();
    await cid.page.locator('[data-testid=dead]').waitFor({ timeout: 15_000 });
    await eventually(() => ada.page.innerText('[data-testid=record]')).toContain(`${cid.name} died (removed by the GM)`);
  });

  it('made no console error and no page error anywhere', () => {
    expect(env.session.errors).toEqual([]);
  });
});
