// End to end, in real headless Chromium: "copy the forum post" on a closed phase of the record and on the open
// day's tally puts the API's post on the clipboard, in the page's language and the chosen markup.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SevenMatch } from '../integration/lupus-table.js';
import { dayOneWithoutCarla, shortcuts } from '../toolkit/helpers.js';
import { eventually, pageStack, person, shot, waitPhase, type Viewer } from './browser.js';

describe('copy the forum post (issue 19)', { timeout: 180_000 }, () => {
  const env = pageStack('forum-post');
  let m: SevenMatch;

  beforeAll(async () => {
    const day = await dayOneWithoutCarla(env.api, 'forum-post-e2e');
    m = day.m;
    const s = day.s;
    await s.act('anna', { type: 'vote', target: 'bruno' });
  });

  /** A spectator, or a player by his personal link (the live tally is on a seat's and the GM's page). */
  async function watcher(label: string, locale: string, token?: string): Promise<Viewer> {
    const v = await person(env.session, label, { locale });
    await v.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
    await v.page.goto(`${env.url}/#/m/${m.matchId}${token ? `/key/${token}` : ''}`);
    await waitPhase(v.page, 'day-1');
    return v;
  }
  const clipboard = (v: Viewer) => v.page.evaluate(() => navigator.clipboard.readText());
  const route = async (path: string) => (await fetch(`${env.url}/api/matches/${m.matchId}${path}`)).text();

  it('a spectator copies night 1’s post for the match’s forum (phpBB BBCode): the API’s post, in English (LUP-10.2: the death and its cause)', async () => {
    const v = await watcher('spectator-en', 'en-US');
    const box = v.page.locator('[data-testid=copy-post-night-1]');
    // No forum chosen by the GM: the match's own forum is phpBB, the API's default.
    await box.locator('button[data-format=forum]').click();
    await eventually(() => box.locator('[role=status]').innerText()).toBe('Copied.');
    const text = await clipboard(v);
    expect(text).toBe(await route('/phases/night-1/post?format=bbcode&lang=en'));
    expect(text).toContain('[b][color=#c0392b]Carla died: removed by the GM.[/color][/b]');
    await shot(v.page, 'forum-post-copied');
    await v.context.close();
  });

  it('a player in Italian copies the open day’s count for Discourse (Markdown); copied again, it marks what changed since (LUP-8.2)', async () => {
    const v = await watcher('dario-it', 'it-IT', m.tokens.dario);
    const box = v.page.locator('[data-testid=copy-votes-post]');
    await box.locator('select').selectOption('discourse');
    await box.locator('button[data-format=forum]').click();
    await eventually(() => box.locator('[role=status]').innerText()).toBe('Copiato.');
    const first = await clipboard(v);
    expect(first).toContain(
      '**Conta dei voti — Giorno 1**\n\n**Bruno (1)**: Anna — *al rogo con questi voti*\nNon votanti (5): Bruno, Dario, Elena, Fabio, Gina',
    );
    expect(first).toContain('Un voto a testa; chi ha più voti alla chiusura va al rogo, meno un voto che un Parroco può togliere.');

    await shortcuts(env.api, m).act('gina', { type: 'vote', target: 'bruno' });
    await v.page.reload();
    await waitPhase(v.page, 'day-1');
    await eventually(async () => (await v.page.locator('[data-testid=tally]').innerText()).includes('Gina')).toBe(true);
    // The browser remembers the forum it picked.
    await v.page.locator('[data-testid=copy-votes-post] button[data-format=forum]').click();
    await eventually(async () => (await clipboard(v)) !== first).toBe(true);
    expect(await clipboard(v)).toContain('**Bruno (2)**: Anna, **Gina** — *al rogo con questi voti*');
    await v.context.close();
  });
});
