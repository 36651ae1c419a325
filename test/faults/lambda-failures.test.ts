// Decision 7: a resolver that cannot reach the store fails loudly. The real Lambda handlers, wired by
// their own environment, against a DynamoDB endpoint where nothing listens: the invocation rejects
// (so EventBridge Scheduler retries and the dead-letter queue sees it) instead of answering success.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamoStore } from '../../functions/adapters/aws/dynamo-store.js';
import { resolvePhase, sweep } from '../../functions/service/resolve.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Ports } from '../../functions/ports.js';

/** A port that was free a moment ago: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function withUnreachableStore() {
  const endpoint = `http://127.0.0.1:${await closedPort()}`;
  vi.stubEnv('DYNAMO_ENDPOINT', endpoint);
  vi.stubEnv('TABLE_NAME', 'dusk-unreachable');
  vi.stubEnv('SCHEDULE_GROUP', 'dusk');
  vi.stubEnv('RESOLVER_ARN', 'arn:aws:lambda:eu-west-1:000000000000:function:resolver');
  vi.stubEnv('SCHEDULER_ROLE_ARN', 'arn:aws:iam::000000000000:role/scheduler');
  vi.stubEnv('SITE_BUCKET', 'dusk-site');
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
  vi.stubEnv('AWS_MAX_ATTEMPTS', '1');
  vi.resetModules();
  return endpoint;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('decision 7: store failures surface', () => {
  it('the resolver handler rejects when the store is unreachable (never unknown-match or success)', async () => {
    await withUnreachableStore();
    const { handler } = await import('../../functions/resolver/lambda.js');
    await expect(handler({ matchId: 'abc123def456', phase: 'night-1' })).rejects.toThrow(/ECONNREFUSED|connect/i);
  });

  it('the sweeper handler rejects when the store is unreachable', async () => {
    await withUnreachableStore();
    const { handler } = await import('../../functions/sweeper/lambda.js');
    await expect(handler()).rejects.toThrow(/ECONNREFUSED|connect/i);
  });

  it('resolvePhase and sweep reject on a store error; only a missing META is unknown-match', async () => {
    const endpoint = await withUnreachableStore();
    const store = new DynamoStore({
      client: new DynamoDBClient({ endpoint, region: 'eu-west-1', maxAttempts: 1 }),
      tableName: 'dusk-unreachable',
    });
    const ports: Ports = {
      store,
      scheduler: { schedule: async () => {}, cancel: async () => {} },
      publisher: { put: async () => {}, remove: async () => {} },
      clock: { now: () => Date.now() },
    };
    await expect(resolvePhase(ports, 'abc123def456', 'night-1')).rejects.toThrow();
    await expect(sweep(ports)).rejects.toThrow();
    const missing: Ports = { ...ports, store: Object.assign(Object.create(store), { getMeta: async () => null }) };
    expect(await resolvePhase(missing, 'abc123def456', 'night-1')).toBe('unknown-match');
  });
});
