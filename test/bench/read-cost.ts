// The cost of reading a match (issue 16): `GET /me` on a match with 20 events and on one with 5,000,
// first load (the newest page) and the incremental poll (`since` the head): latency and DynamoDB items read.
import type { StoredEvent } from '../../engine/core/events.js';
import { seqOf } from '../../engine/core/origin.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { startSeven } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { now, round, summarize, type Summary } from './measure.js';

export interface ReadCostCase {
  events: number;
  first: { latency: Summary; itemsRead: number };
  poll: { latency: Summary; itemsRead: number };
}

export interface ReadCostResult {
  cases: ReadCostCase[];
  /** Items read by a `since` poll of the large match / of the small one (the bound: ≤ 1.5). */
  readCostRatio: number;
  /** The same for the poll's p50 latency. */
  latencyRatio: number;
}

/** Counts the items every Query and GetItem of the stack's DynamoDB client returns. */
function itemCounter(stack: LocalStack) {
  const storeClient = (stack.ports.store as unknown as { options: { client: { middlewareStack: any } } }).options.client;
  let items = 0;
  storeClient.middlewareStack.add(
    (next: any) => async (args: any) => {
      const out = await next(args);
      const o = out.output ?? {};
      items += typeof o.Count === 'number' ? o.Count : o.Item ? 1 : 0;
      return out;
    },
    { step: 'initialize', name: 'duskBenchItems', override: true },
  );
  return {
    async count(run: () => Promise<void>) {
      const start = items;
      await run();
      return items - start;
    },
  };
}

export async function benchReadCost(
  stack: LocalStack,
  options: { samples: number; big: number },
  log: (s: string) => void,
): Promise<ReadCostResult> {
  const api = client(stack.url);
  const counter = itemCounter(stack);
  const cases: ReadCostCase[] = [];
  for (const total of [20, options.big]) {
    const m = await startSeven(api, {}, `bench-${total}`);
    const me = `/api/matches/${m.matchId}/me`;
    const have = ((await api.get(`${me}?limit=500`, m.tokens.anna)).body.events as unknown[]).length;
    // The rest as channel posts, one write each (as a forum thread fills).
    for (let i = have; i < total; i++) {
      const origin = { kind: 'submission', at: Date.now(), salt: (i % 0x1000000).toString(16).padStart(6, '0') } as const;
      const event: StoredEvent = {
        phase: 'night-1',
        seq: seqOf(origin, 0),
        origin,
        event: { kind: 'message', to: 'public', from: 'anna', text: `post ${i}` },
      };
      await stack.ports.store.appendEvents(m.matchId, [event]);
      if (i % 1000 === 0 && i > 0) log(`read cost: ${i} of ${total} events written`);
    }
    const head = (await api.get(me, m.tokens.anna)).body.cursor.next as string;
    const measure = async (path: string) => {
      const samples: number[] = [];
      let itemsRead = 0;
      for (let i = 0; i < options.samples; i++) {
        const t = now();
        itemsRead = await counter.count(async () => {
          const r = await api.get(path, m.tokens.anna);
          if (r.status !== 200) throw new Error(`GET /me failed: ${JSON.stringify(r.body)}`);
        });
        samples.push(now() - t);
      }
      return { latency: summarize(samples), itemsRead };
    };
    // Interleaved would be fairer on a loaded machine; both views are read back to back per sample instead.
    const poll = await measure(`${me}?since=${head}`);
    const first = await measure(me);
    cases.push({ events: total, first, poll });
    log(
      `read cost: ${total} events: poll p50 ${poll.latency.p50} ms, ${poll.itemsRead} items; first page p50 ${first.latency.p50} ms, ${first.itemsRead} items`,
    );
  }
  const [small, big] = cases as [ReadCostCase, ReadCostCase];
  return {
    cases,
    readCostRatio: round(big.poll.itemsRead / Math.max(1, small.poll.itemsRead)),
    latencyRatio: round(big.poll.latency.p50 / Math.max(0.001, small.poll.latency.p50)),
  };
}
