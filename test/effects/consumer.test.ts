// The stream's consumer (decision 11, functions/effects/): what follows a commit is driven from the committed
// items by the same code on AWS and here (DynamoDB Local's stream): exactly once under redelivery, coalesced,
// in order per match, a poisoned record set aside as a dead letter without holding anyone else up, and no
// request waiting for another person's receiver (a silent push service, a webhook that never answers).
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVapidKeys, WebPushSender } from '../../functions/adapters/web-push-sender.js';
import { consumeChanges } from '../../functions/effects/consume.js';
import type { StreamChange } from '../../functions/effects/changes.js';
import { localClient } from '../../functions/local/dynamodb-local.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { listDeadLetters } from '../../functions/local/stream-poller.js';
import type { Observers } from '../../functions/service/observers.js';
import { startSeven, type Api } from '../integration/lupus-table.js';
import { pushService } from '../setup/push-service.js';
import { client, effectsSettled, testStack } from '../setup/stack.js';
import { receiver, shortcuts } from '../toolkit/helpers.js';
import { finishRecord } from './finish-record.js';
import { writesDuring } from './publisher-writes.js';

const vapid = { ...newVapidKeys(), subject: 'mailto:test@example.org' };
let stack: LocalStack;
let api: Api;
let service: Awaited<ReturnType<typeof pushService>>;
/** A push service on 127.0.0.1 that takes every connection and never says a word. */
let silent: Server;
const held: Socket[] = [];
const BOUND = { timeout: 15_000, interval: 50 };

beforeAll(async () => {
  service = await pushService();
  silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((ready) => silent.listen(0, '127.0.0.1', ready));
  stack = await testStack({ push: new WebPushSender({ vapid, allowInternal: true, ca: service.cert }) });
  api = client(stack.url);
});
afterAll(async () => {
  await stack?.stop();
  for (const s of held) s.destroy();
  await new Promise<void>((done) => silent?.close(() => done()));
  await service?.close();
});

const subscribe = (matchId: string, token: string | undefined, body: unknown) => api.post(`/api/matches/${matchId}/push`, body, token);
const silentEndpoint = (id: string) => {
  const sub = service.subscription(id);
  return { ...sub, endpoint: `https://127.0.0.1:${(silent.address() as AddressInfo).port}/push/${id}` };
};

describe('the stream consumer (decision 11)', () => {
  it('issue 47: the GM’s resolve answers at its commit while five silent push services and a silent webhook still hold their deliveries', async () => {
    const hook = await receiver(() => 'hang');
    try {
      const m = await startSeven(api, {}, 'silent-push');
      const s = shortcuts(api, m);
      for (const who of ['anna', 'bruno', 'carla', 'dario', 'elena'] as const) {
        expect((await subscribe(m.matchId, m.tokens[who], silentEndpoint(`silent-${who}`))).status).toBe(201);
      }
      expect((await api.call('PUT', `${s.base}/webhooks`, { urls: [`${hook.base}/results`], remindBeforeMinutes: 0 }, m.gm)).status).toBe(
        200,
      );
      expect((await s.resolve('night-1')).status).toBe(200);
      // The answer came back; the five notices and the webhook are still on their way (they never end by themselves).
      await expect.poll(() => held.length, BOUND).toBeGreaterThanOrEqual(5);
      await expect.poll(() => hook.requests.length, BOUND).toBe(1);
      expect(stack.deliveries.pending).toBeGreaterThanOrEqual(6);
      // Meanwhile another player's vote answers and its count is published: nobody waits behind them.
      expect((await s.act('anna', { type: 'vote', target: 'bruno' })).status).toBe(201);
      await expect
        .poll(async () => (await api.get(`/matches/${m.matchId}/votes/day-1.json`)).body?.lines?.[0]?.target, BOUND)
        .toBe('bruno');
    } finally {
      // The services go away: the notices' retries (1 s, then 4 s) are refused at once instead of held 5 s each,
      // so the next test's wait for the deliveries is seconds, not twenty.
      for (const s of held.splice(0)) s.destroy();
      await new Promise<void>((done) => silent.close(() => done()));
      await hook.close();
    }
  }, 120_000);

  it('issue 47: a finish delivered again (the stream’s redelivery, a retried batch) announces once: one notice per device, one webhook delivery', async () => {
    const hook = await receiver(() => 200);
    try {
      const m = await startSeven(api, {}, 'redelivery');
      const s = shortcuts(api, m);
      await subscribe(m.matchId, m.tokens.anna, service.subscription('again-anna'));
      await api.call('PUT', `${s.base}/webhooks`, { urls: [`${hook.base}/results`], remindBeforeMinutes: 0 }, m.gm);
      expect((await s.resolve('night-1')).status).toBe(200);
      await expect.poll(() => service.to('again-anna').length, BOUND).toBe(1);
      await expect.poll(() => hook.requests.length, BOUND).toBe(1);
      const record = await finishRecord(stack, m.matchId, 'night-1', 'redelivered-1');
      for (let i = 0; i < 3; i++) expect((await consumeChanges(stack.ports, [record, record])).failed).toEqual([]);
      await effectsSettled(stack);
      expect(service.to('again-anna')).toHaveLength(1);
      expect(hook.requests).toHaveLength(1);
      expect((await stack.ports.store.toolkit!.listOutbox(m.matchId, 50)).filter((o) => o.kind === 'results')).toHaveLength(1);
    } finally {
      await hook.close();
    }
  }, 120_000);

  it('issue 47 / decision 8: fifty re-votes in a burst publish the count a few times, not fifty, and the file ends equal to GET /votes', async () => {
    const m = await startSeven(api, {}, 'coalesce');
    const s = shortcuts(api, m);
    expect((await s.resolve('night-1')).status).toBe(200);
    await effectsSettled(stack);
    const targets = ['bruno', 'carla', 'dario', 'elena'];
    const written = await writesDuring(stack, async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => s.act('anna', { type: 'vote', target: targets[i % targets.length] })),
      );
      expect(answers.every((a) => a.status === 201)).toBe(true);
      await effectsSettled(stack);
      await effectsSettled(stack);
    });
    const count = (await api.get(`/api/matches/${m.matchId}/votes`)).body;
    expect((await api.get(`/matches/${m.matchId}/votes/day-1.json`)).body).toEqual(count);
    const writes = written.filter((key) => key === `matches/${m.matchId}/votes/day-1.json`).length;
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThan(50);
  }, 120_000);

  it('issue 47: the count is kept and appended: later ballots read none of the day’s events, a redelivered ballot counts once, a gap in the log reads the day again', async () => {
    const m = await startSeven(api, {}, 'chronology');
    const s = shortcuts(api, m);
    expect((await s.resolve('night-1')).status).toBe(200);
    const file = `/matches/${m.matchId}/votes/day-1.json`;
    const published = async () => (await api.get(file)).body;
    const store = stack.ports.store;
    const listEvents = store.listEvents.bind(store);
    let reads = 0;
    store.listEvents = (matchId, phases) => ((reads += matchId === m.matchId ? 1 : 0), listEvents(matchId, phases));
    try {
      // The first ballot of the day: the consumer reads the day's ballots once.
      expect((await s.act('anna', { type: 'vote', target: 'bruno' })).status).toBe(201);
      await effectsSettled(stack);
      const first = reads;
      const voters = ['bruno', 'carla', 'dario', 'elena'];
      for (let i = 0; i < 12; i++) {
        expect((await s.act(voters[i % voters.length]!, { type: 'vote', target: i % 2 === 0 ? 'anna' : 'fabio' })).status).toBe(201);
        await effectsSettled(stack);
      }
      expect(reads - first, 'twelve more ballots, each published from what the consumer keeps').toBe(0);
      const kept = await published();
      expect(kept.history).toHaveLength(13);

      // The stream delivers the last ballot again (a retried batch): the count and its chronology do not change.
      const day = await listEvents(m.matchId, ['day-1']);
      const last = day.filter((e) => e.event.kind === 'vote-cast').at(-1)!;
      const again: StreamChange = {
        id: 'again-1',
        kind: 'INSERT',
        pk: `MATCH#${m.matchId}`,
        sk: `EVENT#day-1#${last.seq}`,
        after: { stored: last },
      };
      expect((await consumeChanges(stack.ports, [again])).failed).toEqual([]);
      expect(await published()).toEqual(kept);

      // Changes this process never saw (another instance consumed them): the next count reads the day again.
      // (an event of no ballot: a message, say, written at a position far past the last one seen here)
      const other = { ...last, seq: `${last.seq}-other`, event: { kind: 'message', text: 'hello' } };
      const elsewhere: StreamChange = {
        id: 'gap-1',
        kind: 'INSERT',
        pk: `MATCH#${m.matchId}`,
        sk: `EVENT#day-1#${other.seq}`,
        after: { stored: other, log: `LOG#${'9'.repeat(15)}#0000` },
      };
      expect((await consumeChanges(stack.ports, [elsewhere])).failed).toEqual([]);
      const before = reads;
      expect((await s.act('gina', { type: 'vote', target: 'anna' })).status).toBe(201);
      await effectsSettled(stack);
      expect(reads - before).toBe(1);
    } finally {
      store.listEvents = listEvents;
    }
    const count = (await api.get(`/api/matches/${m.matchId}/votes`)).body;
    expect(count.history).toHaveLength(14);
    expect(await published()).toEqual(count);
  }, 120_000);

  it('issue 47: one match’s effects run in commit order (night 1’s results are announced before day 1’s)', async () => {
    const m = await startSeven(api, {}, 'order');
    const s = shortcuts(api, m);
    const real = stack.ports.observers!;
    const announced: string[] = [];
    const observers: Observers = {
      ...real,
      afterFinish: async (p, meta, phase) => (meta.id === m.matchId && announced.push(phase), real.afterFinish(p, meta, phase)),
    };
    stack.ports.observers = observers;
    try {
      expect((await s.resolve('night-1')).status).toBe(200);
      expect((await s.resolve('day-1')).status).toBe(200);
      await expect.poll(() => announced.length, BOUND).toBe(2);
      expect(announced).toEqual(['night-1', 'day-1']);
      // The same two finishes handed over in one batch keep their order too.
      announced.length = 0;
      await consumeChanges(stack.ports, [
        await finishRecord(stack, m.matchId, 'night-1', 'o-1'),
        await finishRecord(stack, m.matchId, 'day-1', 'o-2'),
      ]);
      expect(announced).toEqual(['night-1', 'day-1']);
    } finally {
      stack.ports.observers = real;
    }
  }, 120_000);

  it('issue 47: a poisoned record (a ballot of a match that does not exist) becomes a dead letter the operator can list, and the shard goes on', async () => {
    const dynamo = localClient(stack.dynamoEndpoint);
    try {
      const poison = {
        phase: 'day-1',
        seq: '000000000001-aaaa-000',
        origin: { kind: 'submission', time: 1, salt: 'aaaa' },
        event: { kind: 'vote-cast', to: 'public', voter: 'x', target: 'y' },
      };
      await dynamo.send(
        new PutItemCommand({
          TableName: stack.tableName,
          Item: marshall({ pk: 'MATCH#ghost-match', sk: 'EVENT#day-1#000000000001-aaaa-000', stored: poison }),
        }),
      );
      // A real match's vote, committed after the poison on the same stream, is published meanwhile.
      const m = await startSeven(api, {}, 'after-poison');
      const s = shortcuts(api, m);
      expect((await s.resolve('night-1')).status).toBe(200);
      expect((await s.act('bruno', { type: 'vote', target: 'carla' })).status).toBe(201);
      await expect
        .poll(async () => (await api.get(`/matches/${m.matchId}/votes/day-1.json`)).body?.lines?.[0]?.target, BOUND)
        .toBe('carla');
      await expect.poll(async () => (await listDeadLetters(dynamo, stack.tableName)).map((d) => d.matchId), BOUND).toEqual(['ghost-match']);
      const [letter] = await listDeadLetters(dynamo, stack.tableName);
      expect(letter!.changes.map((c) => c.sk)).toEqual(['EVENT#day-1#000000000001-aaaa-000']);
      expect(letter!.attempts).toBe(4);
    } finally {
      dynamo.destroy();
    }
  }, 120_000);
});
