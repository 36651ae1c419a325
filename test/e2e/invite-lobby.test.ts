// Issue 44 on a 390×844 phone: a GM creates a private lobby from the create form, his console shows
// the invitation link and no public join link, and the home list does not show the match (it); a
// stranger with the plain match link cannot join, a friend with the invitation link can (en); the
// create form's settings issues name each setting in words, never by its raw key (ru). axe-core finds
// no violation on these screens.
import { describe, expect, it } from 'vitest';
import { DICTS } from '../../texts/index.js';
import { axeViolations } from './axe.js';
import { eventually, pageStack, person, shot } from './browser.js';

describe('issue 44: private lobbies and the create summary', { timeout: 300_000 }, () => {
  const env = pageStack('invite-lobby');

  it('(it) the create form makes a private lobby: the GM console shows its invitation link, and the home list does not show it', async () => {
    const listed = (await env.api.post('/api/matches', { ruleset: 'lupus', name: 'Tavolo aperto' })).body.matchId as string;
    const gm = await person(env.session, 'gm-it', { phone: true, locale: 'it-IT' });
    await gm.page.goto(`${env.url}/#/new/lupus`);
    await gm.page.fill('[data-testid=match-name]', 'Tra amici');
    await gm.page.locator('[data-testid=create-private]').check();
    expect(await gm.page.locator('label[for]', { hasText: DICTS.it.ui['create-private']! }).count()).toBe(1);
    await gm.page.click('[data-testid=create-submit]');
    const link = gm.page.locator('[data-testid=invite-link]');
    await link.waitFor();
    const matchId = decodeURIComponent(/#\/m\/([^/?]+)/.exec(gm.page.url())![1]!);
    const invite = (await link.inputValue()) as string;
    expect(invite).toMatch(new RegExp(`#/m/${matchId}/invite/[A-Za-z0-9_-]{22}$`));
    expect(await gm.page.locator('[data-testid=join-link]').count()).toBe(0);
    expect(await gm.page.locator('label', { hasText: DICTS.it.ui['gm-invite-link']! }).count()).toBe(1);
    await shot(gm.page, 'invite-01-it-gm-console');
    expect(await axeViolations(gm.page)).toEqual([]);

    const home = await person(env.session, 'home-it', { phone: true, locale: 'it-IT' });
    await home.page.goto(`${env.url}/#/`);
    await home.page.locator(`#open li[data-match="${listed}"]`).waitFor();
    expect(await home.page.locator(`li[data-match="${matchId}"]`).count()).toBe(0);
    expect((await env.api.get('/api/matches')).body.matches.map((m: { id: string }) => m.id)).not.toContain(matchId);
    await gm.context.close();
    await home.context.close();
  });

  it('(en) a stranger with the plain match link cannot join; a friend with the invitation link can', async () => {
    const created = (await env.api.post('/api/matches', { ruleset: 'lupus', name: 'Friends only', listed: false })).body as {
      matchId: string;
      invite: string;
    };
    const stranger = await person(env.session, 'stranger-en', { phone: true, locale: 'en-US' });
    await stranger.page.goto(`${env.url}/#/m/${created.matchId}`);
    await stranger.page.fill('[data-testid=join-name]', 'Mallory');
    await stranger.page.click('[data-testid=join-submit]');
    await eventually(() => stranger.page.locator('#join form.join .status').innerText()).toBe(DICTS.en.ui['join-not-found']);
    await shot(stranger.page, 'invite-02-en-no-link');
    expect((await env.api.get(`/api/matches/${created.matchId}`)).body.players).toEqual([]);

    const friend = await person(env.session, 'friend-en', { phone: true, locale: 'en-US' });
    await friend.page.goto(`${env.url}/#/m/${created.matchId}/invite/${created.invite}`);
    // The code leaves the address bar; the join form sends it.
    await eventually(() => friend.page.url()).toMatch(new RegExp(`#/m/${created.matchId}$`));
    await friend.page.fill('[data-testid=join-name]', 'Anna');
    await friend.page.click('[data-testid=join-submit]');
    await eventually(async () =>
      (await env.api.get(`/api/matches/${created.matchId}`)).body.players.map((p: { name: string }) => p.name),
    ).toEqual(['Anna']);
    await friend.page.locator('[data-testid=personal-link]').waitFor();
    await shot(friend.page, 'invite-03-en-joined');
    expect(await axeViolations(friend.page)).toEqual([]);
    await stranger.context.close();
    await friend.context.close();
  });

  it('(ru) the create summary names each setting in words: no raw settings key reaches the GM', async () => {
    const info = (await env.api.get('/api/rulesets')).body.rulesets.find((r: { id: string }) => r.id === 'lupus') as {
      settings: { properties: Record<string, unknown> };
    };
    const keys = Object.keys(info.settings.properties);
    expect(keys).toContain('roles');
    const gm = await person(env.session, 'gm-ru', { phone: true, locale: 'ru-RU' });
    await gm.page.goto(`${env.url}/#/new/lupus`);
    await gm.page.fill('[data-testid=match-name]', 'Пятница');
    await gm.page.fill('[data-path="player-count"] input', '7');
    await gm.page.click('[data-testid=create-submit]');
    const issues = gm.page.locator('[data-testid=settings-issues] li');
    await issues.first().waitFor();
    const lines = await issues.allInnerTexts();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const named = line.split(': ')[0]!;
      expect(keys, line).not.toContain(named);
      expect(named, line).not.toMatch(/^[a-z][a-z0-9-]*$/);
    }
    // The table of roles is named as its field is (issue 44: the summary said "roles:").
    const rolesLabel = await gm.page.locator('[data-path="roles"] > label').first().innerText();
    expect(lines.some((line) => rolesLabel.startsWith(line.split(': ')[0]!))).toBe(true);
    await shot(gm.page, 'invite-04-ru-create-summary');
    expect(await axeViolations(gm.page)).toEqual([]);
    await gm.context.close();
  });
});
