// Issue 47, a busy evening in the browser: 13 seats behind one address (13 headless Chromium pages on
// loopback) through a busy day under the API's real per-seat and per-address limits (decision 14): no
// request refused, every page shows each vote (waiting on its board, not on a clock), the pages ask the
// API almost nothing while their socket brings each change (decision 12), no URL a page opens carries a
// token, and the socket of a seat the GM hands to a substitute is closed (the page then watches as a spectator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { BUSY_EVENING_LIMITS } from '../../functions/api/rate-limit.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { busyDay, type BusyDayResult } from '../bench/busy-day.js';
import { client, testStack } from '../setup/stack.js';
import { buildPage, launch, type Session } from './browser.js';

let stack: LocalStack;
let session: Session;
let webDir = '';
let day: BusyDayResult;

beforeAll(async () => {
  webDir = await buildPage('busy-evening');
  stack = await testStack({
    webDir,
    ratePerMinute: BUSY_EVENING_LIMITS.perTokenPerMinute,
    anonymousPerMinute: BUSY_EVENING_LIMITS.perAddressPerMinute,
  });
  session = await launch();
  // Bounded: 60 messages and 15 ballots over 20 s (the bench runs the whole 300 and 100).
  day = await busyDay(stack.url, session, { seats: 13, chat: 60, ballots: 15, spanMs: 20_000, waitEachVote: true });
}, 600_000);

afterAll(async () => {
  await session?.close();
  await stack?.stop();
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

describe('issue 47: a busy evening behind one address', { timeout: 600_000 }, () => {
  it('13 pages of 13 seats on one address: nothing refused, every page showed each vote, almost no request per change', () => {
    expect(day.pages).toHaveLength(13);
    expect(day.refused).toBe(0);
    // Each of the 15 ballots was waited for on every page's own board.
    expect(day.voteShownMs).toHaveLength(15);
    // The pushed change is shown as it came: far fewer API requests than changes, per page.
    expect(day.requestsPerChangePerPage).toBeLessThanOrEqual(0.1);
    expect(session.errors).toEqual([]);
  });

  it('decision 14: no URL any page opened (requests and WebSockets) carries a token; each socket connected with a ticket', () => {
    const secrets = [day.gmToken, ...Object.values(day.tokens)].map((t) => t.split('.')[1]!);
    for (const p of day.pages) {
      const opened = [...p.urls, ...p.sockets];
      expect(opened.length, p.seat).toBeGreaterThan(0);
      for (const url of opened) {
        expect(url, p.seat).not.toMatch(/[?&]token=/);
        for (const secret of secrets) expect(url.includes(secret), `${p.seat}: ${url}`).toBe(false);
      }
      expect(
        p.sockets.some((u) => /[?&]ticket=/.test(u)),
        p.seat,
      ).toBe(true);
    }
  });

  it('decision 14: the socket of a seat the GM hands to a substitute is closed, and the page opens none with that seat again', async () => {
    const seat = day.pages[0]!;
    expect(seat.sockets.length - seat.closedSockets).toBe(1);
    const opened = seat.sockets.length;
    const told = seat.page.waitForResponse((r) => new URL(r.url()).pathname === `/api/matches/${day.matchId}/me`, { timeout: 30_000 });
    const sub = await client(stack.url).post(
      `/api/matches/${day.matchId}/players/${seat.seat}/substitute`,
      { name: 'Someone Else' },
      day.gmToken,
    );
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    await expect.poll(() => seat.closedSockets, { timeout: 15_000, interval: 50 }).toBe(opened);
    // The page reads again and is told its seat is someone else's; it goes on watching as a spectator (a
    // socket without a ticket) and opens no socket for the old token.
    expect((await (await told).json()).error?.code).toBe('seat-replaced');
    await expect.poll(() => seat.sockets.length, { timeout: 15_000, interval: 50 }).toBe(opened + 1);
    for (const url of seat.sockets.slice(opened)) expect(url).not.toMatch(/[?&]ticket=/);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seat.sockets.length).toBe(opened + 1);
  });
});
