// Issue 16 and 47, the page live and cheap: a vote shows in a second tab of the same player and on a
// spectator's vote board from the pushed change alone (no request; how fast is the bench's `publishLag`,
// not a clock in a test); what a page without a socket
// polls is asked with `since=` and If-None-Match (a 304 when nothing changed); a spectator never receives a secret.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { eventually, pageStack, person, shot, waitPhase } from './browser.js';

/** The API requests a page sends, with the tag it held, and the status each got. */
function recordReads(page: Page) {
  const reads: Array<{ path: string; since: boolean; tag: boolean; auth: boolean; status: () => number | null }> = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/') || request.method() !== 'GET') return;
    const headers = request.headers();
    let status: number | null = null;
    void request.response().then(
      (r) => (status = r?.status() ?? null),
      () => undefined,
    );
    reads.push({
      path: url.pathname,
      since: url.searchParams.has('since'),
      tag: Boolean(headers['if-none-match']),
      auth: Boolean(headers.authorization),
      status: () => status,
    });
  });
  return reads;
}

/** The count on a page's vote board for one target ('' when the line is not there). */
const countFor = (page: Page, target: string) =>
  page
    .locator(`[data-testid=vote-board] tr[data-target="${target}"] [data-testid=vote-n]`)
    .innerText({ timeout: 200 })
    .catch(() => '');

/** Waits for the page to show `n` votes against `target`; that it came by push is asserted by the reads. */
const shows = (page: Page, target: string, n: number, who: string) =>
  expect.poll(() => countFor(page, target), { timeout: 20_000, interval: 50, message: `${who}: ${n} against ${target}` }).toBe(String(n));

/** Whether the page's live socket was greeted by the server (it is registered and hears every change). */
function greeted(page: Page): () => boolean {
  let hello = false;
  page.on('websocket', (ws) => ws.on('framereceived', (f) => (hello ||= String(f.payload).includes('"hello"'))));
  return () => hello;
}

describe('issue 16: the match page reads only what is new', { timeout: 300_000 }, () => {
  const env = pageStack('live');

  it("a vote shows in the voter's second tab and on the spectator's board from the push alone; polls carry since= and If-None-Match; the spectator receives no secret", async () => {
    const m = await startSeven(env.api, {}, 'page-live');
    const base = `/api/matches/${m.matchId}`;
    // Night 1 (LUP-8.1): the pack talks; nothing of it is the spectator's to read.
    const secret = 'pack-only: we take Carla tomorrow';
    expect((await env.api.post(`${base}/channels/pack/messages`, { text: secret }, m.tokens.bruno)).status).toBe(201);
    expect((await env.api.post(`${base}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    await eventually(async () => (await env.api.get(base)).body.phase).toBe('day-1');

    const anna = await person(env.session, 'anna');
    const tab1 = anna.page;
    const tab1Live = greeted(tab1);
    await tab1.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.anna}`);
    await waitPhase(tab1, 'day-1');
    const tab2 = await anna.context.newPage();
    tab2.on('pageerror', (e) => env.session.errors.push(`[anna tab 2] pageerror: ${e.message}`));
    const tab2Reads = recordReads(tab2);
    const tab2Live = greeted(tab2);
    await tab2.goto(`${env.url}/#/m/${m.matchId}`);
    await waitPhase(tab2, 'day-1');

    const watcher = await person(env.session, 'watcher');
    const watcherReads = recordReads(watcher.page);
    const watcherLive = greeted(watcher.page);
    const received: string[] = [];
    watcher.page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/'))
        void r.text().then(
          (body) => received.push(body),
          () => undefined,
        );
    });
    watcher.page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
    await watcher.page.goto(`${env.url}/#/m/${m.matchId}`);
    await waitPhase(watcher.page, 'day-1');

    // Carla's page hears no notice (its socket is answered by nobody): it polls, with cursors and tags.
    const carla = await person(env.session, 'carla');
    await carla.page.routeWebSocket(/\/api\/live/, () => undefined);
    const carlaReads = recordReads(carla.page);
    await carla.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.carla}`);
    await waitPhase(carla.page, 'day-1');

    for (const page of [tab1, tab2, watcher.page, carla.page]) await page.locator('[data-testid=vote-board]').waitFor();
    // The pages are live (their sockets greeted, first reads done) before the vote.
    for (const live of [tab1Live, tab2Live, watcherLive]) await eventually(live).toBe(true);
    const firstReads = { tab2: tab2Reads.length, watcher: watcherReads.length, carla: carlaReads.length };

    // LUP-8.2: a vote cast through the API by another player.
    const voted = await env.api.post(`${base}/me/actions`, { type: 'vote', target: 'elena', phase: 'day-1' }, m.tokens.gina);
    expect(voted.status, JSON.stringify(voted.body)).toBe(201);
    await Promise.all([shows(tab2, 'elena', 1, 'tab 2'), shows(watcher.page, 'elena', 1, 'spectator'), shows(tab1, 'elena', 1, 'tab 1')]);

    // A vote cast in tab 1 shows in tab 2 and on the spectator's board.
    const form = tab1.locator('form.action[data-type="vote"]');
    await form.locator('select').first().selectOption('bruno');
    const answered = tab1.waitForResponse((r) => r.url().endsWith(`${base}/me/actions`) && r.request().method() === 'POST');
    await form.locator('button[type=submit]').click();
    expect((await answered).status()).toBe(201);
    await Promise.all([shows(tab2, 'bruno', 1, 'tab 2'), shows(watcher.page, 'bruno', 1, 'spectator')]);
    await eventually(() => tab2.locator('[data-testid=record] li[data-kind=vote-cast]').count()).toBe(2);
    await eventually(() => watcher.page.locator('[data-testid=record] li[data-kind=vote-cast]').count()).toBe(2);
    // The page that hears nothing shows both on its next polls.
    await eventually(() => countFor(carla.page, 'bruno'), 10_000).toBe('1');
    await eventually(() => countFor(carla.page, 'elena'), 10_000).toBe('1');
    // Each vote once in every record: nothing repeated when the new events were added to the held ones.
    for (const page of [tab2, watcher.page, carla.page])
      await eventually(() => page.locator('[data-testid=record] li[data-kind=vote-cast]').count()).toBe(2);
    await shot(tab2, 'page-live-tab2');
    await shot(watcher.page, 'page-live-spectator');

    // What the connected pages read after their first load (decision 12): nothing, the pushed change was
    // shown as it came; a read they make is only what is newer than their cursor, with the tag they hold.
    const later = (reads: typeof tab2Reads, from: number, path: string) => reads.slice(from).filter((r) => r.path === path);
    for (const path of [base, `${base}/votes`, `${base}/me`, `${base}/me/actions`])
      expect(later(tab2Reads, firstReads.tab2, path), path).toEqual([]);
    for (const path of [base, `${base}/votes`, `${base}/spectate`]) expect(later(watcherReads, firstReads.watcher, path), path).toEqual([]);
    // Without notices Carla polls every few seconds, each poll a conditional read after her cursor; unchanged views answer 304.
    await eventually(() => later(carlaReads, firstReads.carla, `${base}/me`).length, 10_000).toBeGreaterThanOrEqual(2);
    expect(later(carlaReads, firstReads.carla, `${base}/me`).every((r) => r.since && r.tag)).toBe(true);
    await eventually(() => carlaReads.filter((r) => r.status() === 304).length).toBeGreaterThan(0);

    // The spectator: no token sent, no card, no channel, and not one byte of the pack's talk or the roles.
    expect(watcherReads.every((r) => !r.auth)).toBe(true);
    expect(await watcher.page.locator('[data-testid=card], [data-channel=pack]').count()).toBe(0);
    expect(await watcher.page.locator('body').innerText()).not.toContain(secret);
    const heard = received.join('\n');
    expect(heard).not.toContain(secret);
    // The settings name the roles in play (public); nobody's own role is in what the spectator got.
    for (const p of SEVEN) expect(heard).not.toContain(`"role":"${p.role}"`);
    // Tab 2 is the same player's page: his card, as in tab 1.
    expect(await tab2.locator('[data-testid=role]').getAttribute('data-role')).toBe('veggente-gufato');
    expect(env.session.errors).toEqual([]);
  });

  it('a long record shows its newest page first and reads the pages before it on "Earlier events", each event once', async () => {
    const m = await startSeven(env.api, {}, 'page-older');
    const base = `/api/matches/${m.matchId}`;
    // LUP-8.1: Bruno, a wolf, writes more to his pack than one page holds, so the night's opening is on the page before.
    for (let batch = 0; batch < 210; batch += 15) {
      const sent = await Promise.all(
        Array.from({ length: 15 }, (_, i) => env.api.post(`${base}/channels/pack/messages`, { text: `howl ${batch + i}` }, m.tokens.bruno)),
      );
      expect(sent.map((r) => r.status)).toEqual(sent.map(() => 201));
    }
    const whole = (await env.api.get(`${base}/me?limit=500`, m.tokens.bruno)).body;
    expect(whole.cursor.before).toBeNull();
    const record = whole.events.filter((e: any) => e.to === 'public' && e.kind !== 'message').map((e: any) => e.kind);
    expect(record.length).toBeGreaterThan(0);

    const bruno = await person(env.session, 'bruno');
    await bruno.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.bruno}`);
    await waitPhase(bruno.page, 'night-1');
    const shown = () => bruno.page.locator('[data-testid=record] li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-kind')));
    const earlier = bruno.page.locator('[data-testid=record-earlier]');
    await earlier.waitFor();
    expect((await shown()).length).toBeLessThan(record.length);
    await earlier.click();
    // The beginning is reached: the button goes, and the record is the whole one, nothing twice.
    await earlier.waitFor({ state: 'detached' });
    expect((await shown()).sort()).toEqual([...record].sort());
    // The texts are the page's language's (the button too, in Italian).
    const italian = await person(env.session, 'bruno-it', { locale: 'it-IT' });
    await italian.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.bruno}`);
    await italian.page.locator('[data-testid=record-earlier]').waitFor();
    expect(await italian.page.innerText('[data-testid=record-earlier]')).toBe('Eventi precedenti');
    expect(env.session.errors).toEqual([]);
  });

  it("on AWS the socket is API Gateway's, which cannot greet: an open one counts as connected, and its notices are read at once", async () => {
    const m = await startSeven(env.api, {}, 'page-live-aws');
    const base = `/api/matches/${m.matchId}`;
    const dario = await person(env.session, 'dario');
    // The deployment's config.json names the WebSocket stage; its $connect answers nothing on the socket.
    await dario.page.route(/\/config\.json$/, (route) =>
      route.fulfill({ json: { live: 'wss://dusklive01.execute-api.us-east-1.amazonaws.com/prod' } }),
    );
    const sockets: Array<{ url(): string; send(message: string): void }> = [];
    await dario.page.routeWebSocket(/dusklive01\.execute-api/, (ws) => void sockets.push(ws));
    const reads = recordReads(dario.page);
    await dario.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.dario}`);
    await waitPhase(dario.page, 'night-1');
    await eventually(() => sockets.length).toBe(1);
    expect(sockets[0]!.url()).toContain(`match=${m.matchId}`);
    // A ticket, never the token (decision 14).
    expect(sockets[0]!.url()).toMatch(/[?&]ticket=/);
    expect(sockets[0]!.url()).not.toContain(m.tokens.dario!.split('.')[1]!);
    // Connected: no poll reads the page again while nothing is announced (an unconnected page reads every 3 s).
    await dario.page.waitForTimeout(1500);
    const quiet = reads.length;
    await dario.page.waitForTimeout(4000);
    expect(reads.slice(quiet).filter((r) => r.path === `${base}/me`)).toEqual([]);
    // A notice makes it read what is new: the resolution shows.
    expect((await env.api.post(`${base}/resolve`, { phase: 'night-1' }, m.gm)).status).toBe(200);
    sockets[0]!.send(JSON.stringify({ kind: 'change', match: m.matchId, events: [], reread: true }));
    await waitPhase(dario.page, 'day-1');
    expect(reads.slice(quiet).some((r) => r.path === `${base}/me` && r.since)).toBe(true);
    expect(env.session.errors).toEqual([]);
  });

  it("issue 47: the player's own submission and withdrawal from another device show on his open page from the push alone, with no read of his view", async () => {
    const m = await startSeven(env.api, {}, 'page-live-own');
    const base = `/api/matches/${m.matchId}`;
    const anna = await person(env.session, 'anna');
    // Greeted on her seat's socket (one with a ticket): the page will hear of her writes.
    const greeted = new Promise<void>((resolve) => {
      anna.page.on('websocket', (ws) => {
        if (/[?&]ticket=/.test(ws.url())) ws.on('framereceived', (f) => String(f.payload).includes('"hello"') && resolve());
      });
    });
    const reads = recordReads(anna.page);
    await anna.page.goto(`${env.url}/#/m/${m.matchId}/key/${m.tokens.anna}`);
    await waitPhase(anna.page, 'night-1');
    await greeted;
    await anna.page.locator('#actions').waitFor();
    const before = reads.length;
    // LUP-7.14: the seer looks at Bruno, from her phone (the API with her token): an event nobody else may read.
    const looked = await env.api.post(`${base}/me/actions`, { type: 'investigate', target: 'bruno', phase: 'night-1' }, m.tokens.anna);
    expect(looked.status, JSON.stringify(looked.body)).toBe(201);
    const shown = anna.page.locator(`[data-testid=submitted] li[data-slot="${looked.body.slot}"]`);
    await expect.poll(() => shown.count(), { timeout: 15_000, interval: 50 }).toBe(1);
    expect(await shown.getAttribute('data-type')).toBe('investigate');
    // She takes it back from the phone: the page's list empties, again without asking.
    expect((await env.api.del(`${base}/me/actions/${looked.body.slot}`, m.tokens.anna)).status).toBe(200);
    await expect.poll(() => anna.page.locator('[data-testid=submitted]').count(), { timeout: 15_000, interval: 50 }).toBe(0);
    expect(
      reads
        .slice(before)
        .filter((r) => r.path === `${base}/me` || r.path === `${base}/me/actions`)
        .map((r) => r.path),
    ).toEqual([]);
    expect(env.session.errors).toEqual([]);
  });
});
