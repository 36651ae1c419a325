// Issue 42: the GM picks the forum his group posts to, in the console, at any time; from then on the
// posts the page copies (and the API gives without a format) are in that software's own markup. In Italian.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { eventually, pageStack, person, shot, waitPhase } from './browser.js';

describe('issue 42: the forum a match posts to (it)', { timeout: 300_000 }, () => {
  const env = pageStack('gm-forum');

  it('the GM picks XenForo and saves it: the match keeps it, and its posts use XenForo’s tags', async () => {
    const m = await startSeven(env.api, {}, 'gm-forum');
    const gm = await person(env.session, 'gm-it', { phone: true, locale: 'it-IT' });
    await gm.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.gm}`);
    await waitPhase(gm.page, 'night-1');
    const settings = gm.page.locator('[data-testid=gm-settings]');
    if ((await settings.getAttribute('open')) === null) await settings.locator('summary').tap();
    const picker = gm.page.locator('[data-testid=gm-forum]');
    expect(await picker.inputValue()).toBe('phpbb');
    expect(await picker.locator('option').allInnerTexts()).toContain('XenForo');
    await picker.selectOption('xenforo');
    await gm.page.locator('[data-testid=gm-forum-save]').tap();
    // Every save confirms (issue 44).
    await gm.page.locator('.toasts .toast.ok', { hasText: 'Impostazioni salvate.' }).first().waitFor();
    await eventually(async () => (await env.api.get(`/api/matches/${m.matchId}`)).body.settings?.forum).toBe('xenforo');
    await shot(gm.page, 'gm-forum-it-saved');
    expect(await gm.page.locator('[data-testid=gm-forum]').inputValue()).toBe('xenforo');
    await env.api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    const post = await fetch(`${env.url}/api/matches/${m.matchId}/phases/night-1/post?lang=it`);
    const text = await post.text();
    // XenForo's heading size is 1–7, never phpBB's percentage.
    expect(text).toMatch(/\[size=[1-7]\]/);
    expect(text).not.toMatch(/\[size=1\d\d\]/);
  });
});
