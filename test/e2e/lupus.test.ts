// End to end, in real headless Chromium: a GM creates a Lupus match on the page, seven players join
// in separate browser contexts, a night and a day are played through the page, and each player sees
// what the rules let him see and nothing more.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, pageStack, person, shot, waitPhase, type Viewer } from './browser.js';

// Seven seats: four villagers (the Strega is told "Zucca Semplice"), two wolves, the Negromante.
const TABLE = ['veggente-gufato', 'strega', 'bambina', 'parroco', 'lupo-dell-incubo', 'lupo-segugio', 'negromante'];
// Player-chosen names are text, never markup: two of them try.
const NAMES = ['Anna', 'Bruno', '<img src=x onerror=alert(1)>', 'Dario', 'Elena', 'Fabio <b>F</b>', 'Giulia'];

describe('Lupus through the page', { timeout: 180_000 }, () => {
  const env = pageStack('lupus');
  let gm: Viewer;
  const players: Array<Viewer & { name: string; id: string; role: string; told: string }> = [];
  let matchId = '';
  let gmToken = '';
  const by = (role: string) => {
    const p = players.find((x) => x.role === role);
    if (!p) throw new Error(`nobody is ${role}`);
    return p;
  };

  const pageOf = (p: { page: Page }) => p.page;
  const allPages = () => [gm.page, ...players.map(pageOf)];

  async function submit(page: Page, type: string, fields: Record<string, string>) {
    const form = page.locator(`form.action[data-type="${type}"]`);
    const selects = form.locator('select');
    for (const [index, value] of Object.values(fields).entries()) await selects.nth(index).selectOption(value);
    await form.locator('button[type=submit]').click();
    await page.locator(`form.action.has-submitted[data-type="${type}"]`).waitFor();
  }

  it('lets a GM create the match from the generated settings form', async () => {
    gm = await person(env.session, 'gm');
    const page = gm.page;
    await page.goto(`${env.url}/`);
    await page.click('[data-testid=create-link]');
    await page.selectOption('[data-testid=ruleset]', 'lupus');
    await page.fill('[data-testid=match-name]', 'Villaggio e2e');
    // Defaults are filled in from the schema.
    expect(await page.inputValue('[data-path="player-count"] input')).toBe('13');
    expect(await page.locator('[data-path="roles"] li').count()).toBe(13);
    // An invalid value is explained next to its field, before anything is sent.
    await page.fill('[data-path="player-count"] input', '70');
    await page.click('[data-testid=create-submit]');
    await eventually(() => page.locator('[data-path="player-count"] .field-error').innerText()).toContain('20');
    await page.fill('[data-path="player-count"] input', '7');
    const rows = page.locator('[data-path="roles"] li');
    while ((await rows.count()) > TABLE.length) await rows.last().locator('button').click();
    for (const [i, role] of TABLE.entries()) await rows.nth(i).locator('select').selectOption(role);
    await page.check('[data-path="check-mode"] input');
    await shot(page, 'lupus-01-create-settings-form');
    await page.click('[data-testid=create-submit]');
    await page.locator('[data-testid=join-link]').waitFor();
    matchId = decodeURIComponent(/#\/m\/([^/]+)/.exec(page.url())![1]!);
    const keys = JSON.parse((await page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}');
    gmToken = keys[matchId].gm;
    expect(gmToken).toMatch(/^gm\./);
    const settings = (await env.api.get(`/api/matches/${matchId}`)).body.settings;
    expect(settings['player-count']).toBe(7);
    expect(settings.roles).toEqual(TABLE);
    expect(settings['check-mode']).toBe(true);
  });

  it('lets seven players join with the join link, each in his own browser', async () => {
    const joinLink = await gm.page.inputValue('[data-testid=join-link]');
    expect(joinLink).toBe(`${env.url}/#/m/${matchId}`);
    // One after the other, as people do (simultaneous joins: see the report on POST /players).
    const contexts = await Promise.all(NAMES.map((_, i) => person(env.session, `player ${i + 1}`)));
    await Promise.all(contexts.map((v) => v.page.goto(joinLink)));
    for (const [i, v] of contexts.entries()) {
      const name = NAMES[i]!;
      await v.page.fill('[data-testid=join-name]', name);
      await v.page.click('[data-testid=join-submit]');
      await v.page.locator('#lobby').waitFor();
      const keys = JSON.parse((await v.page.evaluate(() => localStorage.getItem('dusk.keys'))) ?? '{}');
      players.push({ ...v, name, id: keys[matchId].player.id as string, role: '', told: '' });
    }
    // The GM sees them arrive without reloading.
    await eventually(() => gm.page.locator('#gm tr[data-player]').count()).toBe(7);
    await shot(gm.page, 'lupus-02-gm-lobby');
    // Names are shown as text: no markup from a player ever becomes an element.
    for (const page of allPages()) expect(await page.locator('main img').count()).toBe(0);
    await eventually(() => gm.page.locator('#gm').innerText()).toContain('<img src=x onerror=alert(1)>');
  });

  it('starts, and shows each player his own card and only what the rules tell him', async () => {
    await gm.page.click('[data-testid=gm-start]');
    await waitPhase(gm.page, 'night-1');
    const truth = (await env.api.get(`/api/matches/${matchId}/gm`, gmToken)).body.view.state.players as Array<{
      id: string;
      role: string;
      told: string;
    }>;
    for (const p of players) {
      const t = truth.find((x) => x.id === p.id)!;
      p.role = t.role;
      p.told = t.told;
    }
    expect(players.map((p) => p.role).sort()).toEqual([...TABLE].sort());
    for (const p of players) {
      await waitPhase(p.page, 'night-1');
      // The card shows the told role: the Strega is told she is a Zucca Semplice.
      await eventually(() => p.page.getAttribute('[data-testid=role]', 'data-role')).toBe(p.told);
      expect(await p.page.locator('#gm').count()).toBe(0);
      const isWolf = p.role.startsWith('lupo-');
      // Only the pack knows the pack: its channel and each other's roles.
      expect(await p.page.locator('button[data-channel=pack]').count()).toBe(isWolf ? 1 : 0);
      const known = await p.page.locator('[data-known]').evaluateAll((els) => els.map((e) => e.getAttribute('data-known')));
      expect(known.sort()).toEqual(
        isWolf
          ? players
              .filter((o) => o.role.startsWith('lupo-') && o.id !== p.id)
              .map((o) => o.id)
              .sort()
          : [],
      );
    }
    expect(by('strega').told).toBe('zucca-semplice');
    expect(await by('strega').page.innerText('[data-testid=role]')).toContain('Zucca Semplice');
    expect(await by('strega').page.innerText('#card')).not.toContain('Strega');
  });

  it('plays the night: forms from the available actions, change and withdraw, pack chat', async () => {
    const seer = by('veggente-gufato');
    const nightmare = by('lupo-dell-incubo');
    const tracker = by('lupo-segugio');
    const necro = by('negromante');
    const girl = by('bambina');
    // The seer investigates the wrong wolf, then changes his mind.
    await submit(seer.page, 'investigate', { target: tracker.id });
    await submit(seer.page, 'investigate', { target: nightmare.id });
    await eventually(() => seer.page.innerText('[data-testid=submitted]')).toContain(nightmare.name);
    // The Negromante contacts someone, withdraws, and contacts the Bambina instead.
    await submit(necro.page, 'contact', { target: seer.id });
    await necro.page.click('form.action[data-type=contact] [data-withdraw]');
    await eventually(() => necro.page.locator('[data-testid=submitted]').count()).toBe(0);
    await submit(necro.page, 'contact', { target: girl.id });
    // Forms exist only for what the rules allow: no maul on night 1, no vote at night.
    for (const p of players) {
      expect(await p.page.locator('form.action[data-type=maul]').count()).toBe(0);
      expect(await p.page.locator('form.action[data-type=vote]').count()).toBe(0);
    }
    expect(await seer.page.locator('form.action[data-type=investigate] select').first().locator('option').count()).toBe(7); // six targets + "choose"
    // The pack talks in its channel; the text is shown as text.
    await nightmare.page.click('button[data-channel=pack]');
    await nightmare.page.fill('form.composer[data-channel=pack] textarea', 'Stanotte <b>niente</b>');
    await nightmare.page.click('form.composer[data-channel=pack] button[type=submit]');
    await tracker.page.click('button[data-channel=pack]');
    await eventually(() => tracker.page.innerText('[data-testid=channel-pack]')).toContain('Stanotte <b>niente</b>');
    expect(await tracker.page.locator('[data-testid=channel-pack] b:not(.pl)').count()).toBe(0);
    await shot(seer.page, 'lupus-03-seer-night');
    await shot(tracker.page, 'lupus-04-pack-chat');
    await gm.page.click('[data-testid=gm-resolve]');
    // Issue 44: resolving now asks once, naming the phase.
    await gm.page.click('[data-testid=gm-resolve][data-armed]');
    for (const p of players) await waitPhase(p.page, 'day-1');
  });

  it('tells each player his own night results and nobody else', async () => {
    const seer = by('veggente-gufato');
    const necro = by('negromante');
    const girl = by('bambina');
    const nightmare = by('lupo-dell-incubo');
    await eventually(() => seer.page.innerText('[data-testid=private]')).toContain(`${nightmare.name} is shady`);
    for (const p of players) {
      if (p !== seer) expect(await p.page.locator('[data-testid=private] [data-kind=investigation-result]').count()).toBe(0);
      const spirit = p === necro || p === girl ? 1 : 0;
      await eventually(() => p.page.locator(`button[data-channel="spirit-${girl.id}"]`).count()).toBe(spirit);
    }
    expect(await girl.page.innerText('[data-testid=private]')).toContain('A spirit contacts you');
    expect(await girl.page.innerText('[data-testid=private]')).not.toContain(necro.name);
    // The Negromante speaks in the spirit channel as "a spirit", never by name.
    await necro.page.click(`button[data-channel="spirit-${girl.id}"]`);
    await necro.page.fill(`form.composer[data-channel="spirit-${girl.id}"] textarea`, 'Chi sei?');
    await necro.page.click(`form.composer[data-channel="spirit-${girl.id}"] button[type=submit]`);
    await girl.page.click(`button[data-channel="spirit-${girl.id}"]`);
    await eventually(() => girl.page.innerText(`[data-testid="channel-spirit-${girl.id}"]`)).toContain('Chi sei?');
    expect(await girl.page.getAttribute(`[data-testid="channel-spirit-${girl.id}"] .msg`, 'data-from')).toBe('spirit');
    expect(await girl.page.innerText(`[data-testid="channel-spirit-${girl.id}"]`)).not.toContain(necro.name);
  });

  it('plays the day: public votes with a live tally, the check button, the stake', async () => {
    const nightmare = by('lupo-dell-incubo');
    const seer = by('veggente-gufato');
    for (const p of players) await submit(p.page, 'vote', { target: p === nightmare ? seer.id : nightmare.id });
    // Every vote is public at once: everyone's record shows the tally so far.
    for (const p of players) {
      await eventually(() => p.page.locator('[data-testid=record] li[data-kind=vote-cast]').count()).toBe(7);
    }
    await eventually(() => by('parroco').page.innerText('[data-testid=tally]')).toContain(nightmare.name);
    await shot(by('parroco').page, 'lupus-05-day-vote-tally');
    // Check mode: the day closes as soon as every living player is done.
    for (const p of players) {
      await p.page.click('[data-testid=check]');
      await p.page.locator('[data-testid=checked]').or(p.page.locator('[data-testid=phase][data-phase="night-2"]')).first().waitFor();
    }
    for (const p of players) await waitPhase(p.page, 'night-2');
    for (const p of players) {
      await eventually(() => p.page.innerText('[data-testid=record]')).toContain(`${nightmare.name} died: burnt at the stake`);
    }
    // The dead wolf: out of the game, in the cemetery, out of the pack.
    await nightmare.page.locator('[data-testid=dead]').waitFor();
    expect(await nightmare.page.locator('button[data-channel=cemetery]').count()).toBe(1);
    expect(await nightmare.page.getAttribute('button[data-channel=pack]', 'data-archived')).toBe('true');
    await nightmare.page.click('button[data-channel=pack]');
    expect(await nightmare.page.locator('form.composer[data-channel=pack]').count()).toBe(0);
    expect(await nightmare.page.innerText('[data-testid=channel-pack]')).toContain('Stanotte'); // what he read stays
    expect(await nightmare.page.locator('form.action').count()).toBe(0);
    for (const p of players) if (p !== nightmare) expect(await p.page.locator('button[data-channel=cemetery]').count()).toBe(0);
    // No role is announced at death.
    expect(await seer.page.innerText('[data-testid=record] details[data-phase="day-1"]')).not.toContain("Lupo dell'Incubo");
    // Night 2 brings the maul to the pack's survivor.
    await by('lupo-segugio').page.locator('form.action[data-type=maul]').waitFor();
    expect(await seer.page.locator('form.action[data-type=maul]').count()).toBe(0);
    await shot(gm.page, 'lupus-06-gm-view');
  });

  it('switches language, and comes back on another device (a phone) with the personal link', async () => {
    const seer = by('veggente-gufato');
    await seer.page.selectOption('#lang', 'it');
    await eventually(() => seer.page.innerText('[data-testid=phase]')).toBe('Notte 2');
    await eventually(() => seer.page.innerText('[data-testid=record]')).toContain('Causa: rogo.');
    await shot(seer.page, 'lupus-07-italian');
    await seer.page.selectOption('#lang', 'ru');
    await eventually(() => seer.page.innerText('[data-testid=phase]')).toBe('Ночь 2');
    await eventually(() => seer.page.innerText('[data-testid=record]')).toContain('Причина: костёр.');
    await shot(seer.page, 'lupus-08-russian');
    await seer.page.selectOption('#lang', 'en');

    const girl = by('bambina');
    await girl.page.click('#card details.link summary');
    const link = await girl.page.inputValue('[data-testid=personal-link]');
    const phone = await person(env.session, 'phone', { phone: true, locale: 'it-IT' });
    await phone.page.goto(link);
    await waitPhase(phone.page, 'night-2');
    expect(phone.page.url()).toBe(`${env.url}/#/m/${matchId}`);
    await eventually(() => phone.page.getAttribute('[data-testid=role]', 'data-role')).toBe('bambina');
    expect(await phone.page.innerText('[data-testid=phase]')).toBe('Notte 2'); // the phone speaks Italian
    // Phone-sized: nothing wider than the screen.
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone.page, 'lupus-09-phone');
    await phone.context.close();
  });

  it('made no console error and no page error anywhere', () => {
    expect(env.session.errors).toEqual([]);
  });
});
