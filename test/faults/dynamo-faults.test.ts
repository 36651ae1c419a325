// Throttling, transaction conflicts and lost answers from DynamoDB (injected at the SDK middleware,
// since DynamoDB Local never sends them): every one is retried, and the match converges to the
// record of an undisturbed run, byte for byte, with every phase resolved exactly once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoStore } from '../../functions/adapters/aws/dynamo-store.js';
import { createApp } from '../../functions/api/app.js';
import type { LocalStack } from '../../functions/local/stack.js';
import type { Ports } from '../../functions/ports.js';
import { auditPhase } from '../../functions/service/audit.js';
import { LEASE_MS, sweep } from '../../functions/service/resolve.js';
import { handClock } from '../setup/clock.js';
import { client, effectsSettled, testStack } from '../setup/stack.js';
import { faultyClient, WRITES, type Fault, type FaultyClient } from './inject.js';
import { appClient, matchRecord } from './record.js';
import { playScript } from './script.js';
import { dynamoEndpoint } from '../setup/endpoint.js';

/** A clock the test moves by hand: both runs see the same instants, so deadlines match too. */
const T0 = Date.now();
const clock = handClock(T0);
/** Every run starts at the same instant and moves one millisecond per request. */
const timeline = () => {
  clock.t = T0;
  return { tick: () => void (clock.t += 1) };
};

const tableName = `t-${randomBytes(6).toString('hex')}`;
let stack: LocalStack;
let baseline: Awaited<ReturnType<typeof matchRecord>>;

beforeAll(async () => {
  stack = await testStack({ clock, tableName, sweepEveryMs: 3_600_000 });
  const played = await playScript(client(stack.url), 'faults', timeline());
  // The published files are the stream consumer's to write (issue 47, decision 11).
  await effectsSettled(stack);
  baseline = await matchRecord(stack.ports, stack.siteDir, played.match.matchId);
  expect(baseline.meta).toMatchObject({ phase: 'day-2', needsPublish: null });
});
afterAll(async () => stack?.stop());

/** Close commits that succeeded, per match and phase, whichever path made them. */
const commits = new Map<string, number>();

/** The stack's ports with a store on a faulty client (same table): the API and the resolver run on them. */
function disturbed(faults: FaultyClient): { ports: Ports; api: ReturnType<typeof appClient> } {
  const store = new DynamoStore({ client: faults.client, tableName });
  const commit = store.commit.bind(store);
  store.commit = async (write) => {
    await commit(write);
    const key = `${write.meta.id}/${write.step.phase}`;
    if (write.step.origin.kind === 'close') commits.set(key, (commits.get(key) ?? 0) + 1);
  };
  const ports: Ports = { ...stack.ports, store };
  return { ports, api: appClient(createApp(ports).app) };
}

/** The script played on the disturbed ports, the faults planned from the start of the match on. */
async function playDisturbed(plan: Parameters<FaultyClient['plan']>[0]) {
  const faults = faultyClient(dynamoEndpoint());
  const { ports, api } = disturbed(faults);
  const played = await playScript(api, 'faults', {
    ...timeline(),
    started: () => faults.plan(plan),
    afterResolve: finishing(ports),
  });
  return { faults, ports, played };
}

/** After a GM resolve that may have stopped half-way: wait out the lease, then let the sweeper finish. */
function finishing(ports: Ports) {
  return async (match: { matchId: string }, phase: string) => {
    // The lease is waited out on a borrowed minute: the clock comes back afterwards, so that the
    // rest of the run sees the same instants as the undisturbed one.
    const now = clock.t;
    for (let round = 0; round < 5; round++) {
      const meta = await stack.ports.store.getMeta(match.matchId);
      if (meta?.phase !== phase && meta?.needsPublish === null) break;
      clock.t += LEASE_MS + 1;
      await sweep(ports);
    }
    clock.t = now;
    const after = await stack.ports.store.getMeta(match.matchId);
    expect(after?.phase, `${phase} is still open`).not.toBe(phase);
  };
}

async function converges(faults: FaultyClient, ports: Ports, matchId: string) {
  faults.plan(null);
  await sweep(ports);
  await effectsSettled(stack);
  const record = await matchRecord(stack.ports, stack.siteDir, matchId);
  expect(record).toEqual(baseline);
  for (const phase of ['night-1', 'day-1', 'night-2']) {
    expect(commits.get(`${matchId}/${phase}`), `${phase} resolved once`).toBe(1);
    expect(await auditPhase(stack.ports, matchId, phase)).toEqual({ phase, identical: true });
  }
}

const every = (k: number, fault: Fault, only?: Set<string>) => (call: { command: string; n: number }) =>
  (only === undefined || only.has(call.command)) && call.n % k === 0 ? fault : null;

describe('DynamoDB faults', () => {
  it('throttling is retried by the SDK with backoff: no request fails and the match converges', async () => {
    // Every 14th call: the requests make fewer calls since the published files follow the commit (issue 47).
    const { faults, ports, played } = await playDisturbed(every(14, 'throttle'));
    expect(faults.injected.length).toBeGreaterThanOrEqual(5);
    expect(new Set(faults.injected.map((i) => i.command)).size).toBeGreaterThanOrEqual(3);
    expect(played.clientRetries).toBe(0);
    await converges(faults, ports, played.match.matchId);
  });

  it('transaction conflicts are retried by the store: no request fails and the match converges', async () => {
    const { faults, ports, played } = await playDisturbed(every(2, 'conflict', WRITES));
    const kinds = new Set(faults.injected.map((i) => i.command));
    expect(kinds).toContain('TransactWriteItemsCommand');
    expect(kinds).toContain('PutItemCommand');
    expect(played.clientRetries).toBe(0);
    await converges(faults, ports, played.match.matchId);
  });

  it('a write applied whose answer was lost is sent again and converges (the claim waits out its lease)', async () => {
    const { faults, ports, played } = await playDisturbed(every(3, 'lost-answer', WRITES));
    expect(faults.injected.length).toBeGreaterThan(5);
    await converges(faults, ports, played.match.matchId);
  });

  it('throttling that outlasts the SDK retries fails the resolve cleanly; the retried trigger converges', async () => {
    // Every attempt of the first resolution of day-1 is throttled at its commit (the write of the
    // next state): the SDK gives up after its attempts, the GM's resolve fails with a 500.
    const attempts = new Map<string, number>();
    const { faults, ports, played } = await playDisturbed((call) => {
      const key = /"S":"STATE#([a-z0-9-]+)"/.exec(call.input)?.[1];
      if (call.command !== 'TransactWriteItemsCommand' || key !== 'night-2') return null;
      attempts.set(key, (attempts.get(key) ?? 0) + 1);
      return attempts.get(key)! <= 3 ? 'throttle' : null;
    });
    expect([...attempts.values()]).toEqual([4]);
    expect(played.clientRetries).toBe(1);
    await converges(faults, ports, played.match.matchId);
  });
});
