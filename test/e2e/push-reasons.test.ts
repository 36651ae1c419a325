// Issue 44: notifications tell the truth. A window without a push service (a private window) says
// so in the player's language, instead of "something went wrong". In Russian, on a 390×844 phone.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { pageStack, person, shot } from './browser.js';

describe('issue 44: why notifications are unavailable (ru)', { timeout: 240_000 }, () => {
  const env = pageStack('push-reasons');

  it('a window with no Push API names the private window as the cause; a normal one offers the button', async () => {
    const m = await startSeven(env.api, {}, 'push-reasons');
    const priv = await person(env.session, 'private-ru', { phone: true, locale: 'ru-RU' });
    // What a private window of some browsers looks like to the page: no PushManager.
    await priv.context.addInitScript(() => {
      delete (window as any).PushManager;
    });
    await priv.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.anna}`);
    const why = priv.page.locator('#card [data-testid=push-unsupported]');
    await why.waitFor();
    expect(await why.getAttribute('data-reason')).toBe('push-no-api');
    expect(await why.innerText()).toContain('в приватных окнах');
    await shot(priv.page, 'push-ru-private-window');
    const normal = await person(env.session, 'normal-ru', { phone: true, locale: 'ru-RU' });
    await normal.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.carla}`);
    await normal.page.locator('#card [data-testid=push-on]').waitFor();
    await priv.context.close();
    await normal.context.close();
  });
});
