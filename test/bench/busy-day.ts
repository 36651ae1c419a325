// A busy day (issue 47) driven against real pages: a 13-seat Lupus match, one headless Chromium page per
// seat (each its own browser context, all on one loopback address), public chat and ballots sent through
// the API by the seats, on a compressed time scale. Records every URL each page opens (requests and
// WebSockets), its API requests and their statuses, and waits, on each page's own state, until it shows
// the server's count. Shared by the bench (test/bench/busy-reads.ts) and the browser test.
import type { BrowserContext, Page } from 'playwright-core';
import type { Session } from '../e2e/browser.js';
import { client } from '../setup/stack.js';

export interface BusyDayOptions {
  seats: number;
  chat: number;
  ballots: number;
  /** The day's changes are spread over this long (a compressed 5 minutes). */
  spanMs: number;
  /** After each ballot, wait until every page shows it (the browser test); else only at the end. */
  waitEachVote: boolean;
}

export interface PageRecord {
  seat: string;
  urls: string[];
  sockets: string[];
  /** How many of its sockets closed. */
  closedSockets: number;
  /** API requests the page sent while the day ran (after its first reads). */
  dayRequests: number;
  refused: number;
}

export interface BusyDayResult {
  matchId: string;
  gmToken: string;
  tokens: Record<string, string>;
  pages: Array<PageRecord & { page: Page; context: BrowserContext }>;
  changes: number;
  /** Writes refused by the API (429), seats' and pages' together. */
  refused: number;
  /** Per ballot (waitEachVote): ms until the slowest page showed it. */
  voteShownMs: number[];
  requestsPerChangePerPage: number;
}

type Api = ReturnType<typeof client>;

const NAMES = [
  'Anna',
  'Bruno',
  'Carla',
  'Dario',
  'Elena',
  'Fabio',
  'Gina',
  'Hugo',
  'Irene',
  'Jacopo',
  'Katia',
  'Marco',
  'Nora',
  'Oscar',
  'Paola',
];

/** The counts a page's vote board shows: target → n. */
async function boardOf(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    for (const row of document.querySelectorAll('[data-testid=vote-board] tr[data-target]')) {
      const n = row.querySelector('[data-testid=vote-n]')?.textContent ?? '';
      if (n) out[row.getAttribute('data-target')!] = Number(n);
    }
    return out;
  });
}

/** The server's count as a board shows it. */
async function serverBoard(api: Api, matchId: string): Promise<Record<string, number>> {
  const votes = (await api.get(`/api/matches/${matchId}/votes`)).body as { lines?: Array<{ target: string; count: number }> } | null;
  return Object.fromEntries((votes?.lines ?? []).filter((l) => l.count > 0).map((l) => [l.target, l.count]));
}

const same = (a: Record<string, number>, b: Record<string, number>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Waits (bounded) until every page's board shows the server's count; the ms it took. */
export async function allShow(api: Api, matchId: string, pages: Page[], limitMs = 20_000): Promise<number> {
  const want = await serverBoard(api, matchId);
  const started = Date.now();
  for (const page of pages) {
    await waitBoard(page, want, limitMs);
  }
  return Date.now() - started;
}

async function waitBoard(page: Page, want: Record<string, number>, limitMs: number): Promise<void> {
  try {
    await page.waitForFunction(
      (expected) => {
        const out: Record<string, number> = {};
        for (const row of document.querySelectorAll('[data-testid=vote-board] tr[data-target]')) {
          const n = row.querySelector('[data-testid=vote-n]')?.textContent ?? '';
          if (n) out[row.getAttribute('data-target')!] = Number(n);
        }
        return JSON.stringify(Object.entries(out).sort()) === expected;
      },
      JSON.stringify(Object.entries(want).sort()),
      { timeout: limitMs, polling: 25 },
    );
  } catch (error) {
    throw new Error(
      `a page's board ${JSON.stringify(await boardOf(page))} never showed ${JSON.stringify(want)}: ${String(error).slice(0, 200)}`,
    );
  }
}

export async function busyDay(
  url: string,
  session: Session,
  options: BusyDayOptions,
  log: (s: string) => void = () => undefined,
): Promise<BusyDayResult> {
  const api = client(url);
  const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'A busy evening', settings: { 'player-count': options.seats } });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const { matchId, gmToken } = created.body as { matchId: string; gmToken: string };
  const tokens: Record<string, string> = {};
  for (let i = 0; i < options.seats; i++) {
    const joined = await api.post(`/api/matches/${matchId}/players`, { name: NAMES[i % NAMES.length]! });
    if (joined.status !== 201) throw new Error(JSON.stringify(joined.body));
    tokens[joined.body.playerId as string] = joined.body.token as string;
  }
  const started = await api.post(`/api/matches/${matchId}/start`, {}, gmToken);
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  const night = await api.post(`/api/matches/${matchId}/resolve`, {}, gmToken);
  if (night.status !== 200) throw new Error(JSON.stringify(night.body));
  const summary = (await api.get(`/api/matches/${matchId}`)).body as { phase: string; players: Array<{ id: string; alive: boolean }> };
  const living = summary.players.filter((p) => p.alive).map((p) => p.id);
  log(`busy day: ${matchId} in ${summary.phase}, ${living.length} living`);

  const pages: BusyDayResult['pages'] = [];
  let day = false;
  for (const seat of Object.keys(tokens)) {
    const context = await session.browser.newContext({ viewport: { width: 1000, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const record = { seat, urls: [] as string[], sockets: [] as string[], closedSockets: 0, dayRequests: 0, refused: 0, page, context };
    page.on('request', (r) => {
      record.urls.push(r.url());
      if (day && new URL(r.url()).pathname.startsWith('/api/')) record.dayRequests++;
    });
    page.on('response', (r) => {
      if (r.status() === 429) record.refused++;
    });
    page.on('websocket', (ws) => {
      record.sockets.push(ws.url());
      ws.on('close', () => record.closedSockets++);
    });
    page.on('pageerror', (e) => session.errors.push(`[${seat}] pageerror: ${e.message}`));
    await page.goto(`${url}/#/m/${matchId}/key/${tokens[seat]}`);
    pages.push(record);
  }
  for (const p of pages) await p.page.locator(`[data-testid=phase][data-phase="${summary.phase}"]`).waitFor({ timeout: 60_000 });
  // Every page connected and done with its first reads before the day's changes start.
  await pages[0]!.page.waitForTimeout(2000);

  let refused = 0;
  const seats = living.filter((id) => tokens[id]);
  const changes: Array<() => Promise<unknown>> = [];
  const ballots = Array.from({ length: options.ballots }, (_, i) => i);
  const chats = Array.from({ length: options.chat }, (_, i) => i);
  // Interleaved: a ballot after every few messages, each seat in turn.
  const every = Math.max(1, Math.round(options.chat / Math.max(1, options.ballots)));
  let c = 0;
  let b = 0;
  while (c < chats.length || b < ballots.length) {
    for (let k = 0; k < every && c < chats.length; k++, c++) {
      const i = c;
      changes.push(() =>
        api.post(
          `/api/matches/${matchId}/channels/public/messages`,
          { text: `evening talk ${i}`, phase: summary.phase },
          tokens[seats[i % seats.length]!],
        ),
      );
    }
    if (b < ballots.length) {
      const i = b++;
      const voter = seats[i % seats.length]!;
      const pick = seats[(i * 7 + 3) % seats.length]!;
      const target = pick === voter ? seats[(i * 7 + 4) % seats.length]! : pick;
      changes.push(async () => {
        const r = await api.post(`/api/matches/${matchId}/me/actions`, { type: 'vote', target, phase: summary.phase }, tokens[voter]);
        if (options.waitEachVote && r.status === 201)
          voteShownMs.push(
            await allShow(
              api,
              matchId,
              pages.map((p) => p.page),
            ),
          );
        return r;
      });
    }
  }
  const voteShownMs: number[] = [];
  day = true;
  const gap = options.spanMs / changes.length;
  const t0 = Date.now();
  for (let i = 0; i < changes.length; i++) {
    const wait = t0 + i * gap - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const r = (await changes[i]!()) as { status: number; body: unknown };
    if (r.status === 429) refused++;
    else if (r.status !== 201) throw new Error(`change ${i}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  await allShow(
    api,
    matchId,
    pages.map((p) => p.page),
    120_000,
  );
  day = false;
  const pageRequests = pages.reduce((n, p) => n + p.dayRequests, 0);
  refused += pages.reduce((n, p) => n + p.refused, 0);
  log(`busy day: ${changes.length} changes in ${Date.now() - t0} ms, ${pageRequests} page requests, ${refused} refused`);
  return {
    matchId,
    gmToken,
    tokens,
    pages,
    changes: changes.length,
    refused,
    voteShownMs,
    requestsPerChangePerPage: Math.round((pageRequests / changes.length / pages.length) * 1000) / 1000,
  };
}

export { boardOf, same };
