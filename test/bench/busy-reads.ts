// The busy evening's reads and pages (issue 47), merged under `busyEvening` in the bench's JSON:
// - spectateRatio: a spectator's read (items the store read, and time) of a match whose log holds 1,000
//   private pack messages, over the same read of a fresh match (decision 12: reads by audience);
// - requestsPerChangePerPage: API requests per public change per open page, 13 pages of 13 seats on one
//   loopback address through a busy day (300 chat messages, 100 ballots, compressed), with the API's
//   real per-seat and per-address limits; refused: every 429 a seat or page met.
// `npm run bench -- --only busy-reads` runs just this and merges it into the JSON already there.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { BUSY_EVENING_LIMITS } from '../../functions/api/rate-limit.js';
import { startDynamoLocal } from '../../functions/local/dynamodb-local.js';
import { startLocalStack, type LocalStack } from '../../functions/local/stack.js';
import { eventPage } from '../../functions/service/event-pages.js';
import { buildPage, launch } from '../e2e/browser.js';
import { startSeven } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { busyDay } from './busy-day.js';
import { now, round, summarize, type Summary } from './measure.js';

export interface BusyReadsResult {
  spectate: { fresh: { itemsRead: number; ms: Summary }; packed: { itemsRead: number; ms: Summary }; packMessages: number };
  spectateItemsRatio: number;
  spectateTimeRatio: number;
  /** The larger of the two ratios (target ≤ 1.5). */
  spectateRatio: number;
  busyDay: { seats: number; chat: number; ballots: number; spanMs: number; changes: number; pageRequests: number };
  /** Target ≤ 0.1. */
  requestsPerChangePerPage: number;
  refused: number;
}

async function spectate(stack: LocalStack, packMessages: number, samples: number, log: (s: string) => void) {
  const api = client(stack.url);
  const [fresh, packed] = [await startSeven(api, {}, 'bench-spectate-fresh'), await startSeven(api, {}, 'bench-spectate-packed')];
  // Night 1: the pack (Bruno, Elena) talks, 1,000 messages no spectator may read.
  const wolves = [packed.tokens.bruno!, packed.tokens.elena!];
  for (let i = 0; i < packMessages; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, packMessages - i) }, (_, k) =>
        api.post(`/api/matches/${packed.matchId}/channels/pack/messages`, { text: `pack ${i + k}` }, wolves[(i + k) % 2]).then((r) => {
          if (r.status !== 201) throw new Error(JSON.stringify(r.body));
        }),
      ),
    );
  }
  log(`spectate: ${packMessages} pack messages written`);
  const items = async (matchId: string) => (await eventPage(stack.ports, matchId, { as: 'public' }, {})).itemsRead;
  const times = { fresh: [] as number[], packed: [] as number[] };
  for (let i = 0; i < samples; i++) {
    for (const [key, m] of [
      ['fresh', fresh],
      ['packed', packed],
    ] as const) {
      const t = now();
      const r = await api.get(`/api/matches/${m.matchId}/spectate`);
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      times[key].push(now() - t);
    }
  }
  return {
    fresh: { itemsRead: await items(fresh.matchId), ms: summarize(times.fresh) },
    packed: { itemsRead: await items(packed.matchId), ms: summarize(times.packed) },
    packMessages,
  };
}

export async function benchBusyReads(options: { quick: boolean }, log: (s: string) => void): Promise<BusyReadsResult> {
  const dynamo = await startDynamoLocal({ longLived: true });
  const tableName = `bench-${randomBytes(4).toString('hex')}`;
  const webDir = await buildPage('bench-busy');
  // The limits a deployment runs with (functions/api/rate-limit.ts), not the bench's usual none.
  const stack = await startLocalStack({
    dynamoEndpoint: dynamo.endpoint,
    tableName,
    ratePerMinute: BUSY_EVENING_LIMITS.perTokenPerMinute,
    anonymousPerMinute: BUSY_EVENING_LIMITS.perAddressPerMinute,
    sweepEveryMs: 3_600_000,
    webDir,
  });
  // The spectator's figure needs 1,000 pack messages written fast: a stack without limits on the same table.
  const open = await startLocalStack({ dynamoEndpoint: dynamo.endpoint, tableName, ratePerMinute: 0, sweepEveryMs: 3_600_000, webDir });
  const session = await launch();
  try {
    const s = await spectate(open, 1000, options.quick ? 15 : 40, log);
    await open.stop();
    const itemsRatio = round(s.packed.itemsRead / s.fresh.itemsRead, 2);
    const timeRatio = round(s.packed.ms.p50 / s.fresh.ms.p50, 2);
    log(
      `spectate: items ${s.fresh.itemsRead} → ${s.packed.itemsRead} (${itemsRatio}×), p50 ${s.fresh.ms.p50} → ${s.packed.ms.p50} ms (${timeRatio}×)`,
    );
    const plan = { seats: 13, chat: 300, ballots: 100, spanMs: options.quick ? 40_000 : 60_000 };
    const day = await busyDay(stack.url, session, { ...plan, waitEachVote: false }, log);
    const pageRequests = day.pages.reduce((n, p) => n + p.dayRequests, 0);
    for (const p of day.pages) await p.context.close();
    if (session.errors.length > 0) log(`page errors: ${session.errors.slice(0, 5).join(' | ')}`);
    return {
      spectate: s,
      spectateItemsRatio: itemsRatio,
      spectateTimeRatio: timeRatio,
      spectateRatio: Math.max(itemsRatio, timeRatio),
      busyDay: { ...plan, changes: day.changes, pageRequests },
      requestsPerChangePerPage: day.requestsPerChangePerPage,
      refused: day.refused,
    };
  } finally {
    await session.close();
    await stack.stop();
    await dynamo.stop();
    await rm(webDir, { recursive: true, force: true });
  }
}
