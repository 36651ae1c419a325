// The WebSocket API's connect function (functions/live/lambda.ts) against DynamoDB Local: it refuses
// with the API's statuses and error body (functions/api/status.ts), and keeps the connections it accepts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiGatewayLive } from '../../functions/adapters/aws/apigw-live.js';
import { localClient } from '../../functions/local/dynamodb-local.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { statusOf } from '../../functions/api/status.js';
import { SOCKETS_PER_ADDRESS } from '../../functions/service/live.js';
import { client, testStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

let stack: LocalStack;
let connect: typeof import('../../functions/live/lambda.js').handler;
let tableName = '';

beforeAll(async () => {
  tableName = `t-live-${Date.now().toString(36)}`;
  stack = await testStack({ tableName, sweepEveryMs: 3_600_000 });
  // The function reads its table from the environment when its module loads, as on Lambda; the files after
  // this one in the worker (isolate: false) get the environment back.
  vi.stubEnv('TABLE_NAME', tableName);
  vi.stubEnv('DYNAMO_ENDPOINT', stack.dynamoEndpoint);
  vi.stubEnv('STAGE', 'test');
  // DynamoDB Local takes any credentials; Lambda would give the SDK its region and role.
  if (!process.env.AWS_REGION) vi.stubEnv('AWS_REGION', 'us-east-1');
  if (!process.env.AWS_ACCESS_KEY_ID) vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  if (!process.env.AWS_SECRET_ACCESS_KEY) vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
  ({ handler: connect } = await import('../../functions/live/lambda.js'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await stack?.stop();
});

const event = (routeKey: string, connectionId: string, query?: Record<string, string>, sourceIp = '198.51.100.7') =>
  ({
    requestContext: { routeKey, connectionId, requestId: `r-${connectionId}`, identity: { sourceIp } },
    ...(query ? { queryStringParameters: query } : {}),
  }) as never;

describe('the live connect function (issue 16)', () => {
  it('refuses an unknown match with 404 not-found and a bad token with 401 unauthorized, in the API’s error body', async () => {
    const m = await startSeven(client(stack.url), {}, 'live-connect');
    const missing = await connect(event('$connect', 'c1', { match: 'no-such-match' }));
    expect(missing.statusCode).toBe(statusOf('not-found'));
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ error: { code: 'not-found', message: expect.any(String) } });
    // A token is no credential here (decision 14): only a ticket from POST /live-ticket is.
    const asToken = await connect(event('$connect', 'c2', { match: m.matchId, ticket: m.tokens.anna! }));
    expect(asToken.statusCode).toBe(401);
    const forged = await connect(event('$connect', 'c2', { match: m.matchId, ticket: 'forged-ticket' }));
    expect(forged.statusCode).toBe(401);
    expect(JSON.parse(forged.body).error.code).toBe('unauthorized');
    const other = await connect(event('$default', 'c3'));
    expect(other.statusCode).toBe(404);
  }, 120_000);

  it('accepts a player and a spectator, and forgets a connection on $disconnect', async () => {
    const m = await startSeven(client(stack.url), {}, 'live-connect-ok');
    const issued = await client(stack.url).post(`/api/matches/${m.matchId}/live-ticket`, {}, m.tokens.anna!);
    expect(issued.status).toBe(201);
    expect((await connect(event('$connect', 'p-anna', { match: m.matchId, ticket: issued.body.ticket }))).statusCode).toBe(200);
    // Single use: the same ticket connects no second socket.
    expect((await connect(event('$connect', 'p-anna-2', { match: m.matchId, ticket: issued.body.ticket }))).statusCode).toBe(401);
    expect((await connect(event('$connect', 'spectator', { match: m.matchId }))).statusCode).toBe(200);
    expect((await connect(event('$disconnect', 'spectator'))).statusCode).toBe(200);
    const kept = new ApiGatewayLive({ dynamo: localClient(stack.dynamoEndpoint), tableName, endpoint: 'http://127.0.0.1:9' });
    expect(await kept.connections(m.matchId)).toEqual([{ id: 'p-anna', matchId: m.matchId, reader: { as: 'player', id: 'anna' } }]);
  }, 120_000);

  it('issue 47: an address holds at most SOCKETS_PER_ADDRESS open sockets (429 rate-limited past it); one that closes frees its place', async () => {
    const m = await startSeven(client(stack.url), {}, 'live-connect-cap');
    const crowd = '203.0.113.9';
    const ids = Array.from({ length: SOCKETS_PER_ADDRESS }, (_, i) => `crowd-${i}`);
    for (const id of ids) expect((await connect(event('$connect', id, { match: m.matchId }, crowd))).statusCode, id).toBe(200);
    const over = await connect(event('$connect', 'crowd-over', { match: m.matchId }, crowd));
    expect(over.statusCode).toBe(429);
    expect(JSON.parse(over.body)).toEqual({ error: { code: 'rate-limited', message: expect.any(String) } });
    // Another address is not held back by this one.
    expect((await connect(event('$connect', 'elsewhere', { match: m.matchId }, '198.51.100.200'))).statusCode).toBe(200);
    // A closed page frees its place, once: a second $disconnect of the same socket frees nothing more.
    expect((await connect(event('$disconnect', 'crowd-0'))).statusCode).toBe(200);
    expect((await connect(event('$disconnect', 'crowd-0'))).statusCode).toBe(200);
    expect((await connect(event('$connect', 'crowd-again', { match: m.matchId }, crowd))).statusCode).toBe(200);
    expect((await connect(event('$connect', 'crowd-over-2', { match: m.matchId }, crowd))).statusCode).toBe(429);
    const kept = new ApiGatewayLive({ dynamo: localClient(stack.dynamoEndpoint), tableName, endpoint: 'http://127.0.0.1:9' });
    const held = (await kept.connections(m.matchId)).map((c) => c.id);
    expect(held).not.toContain('crowd-over');
    expect(held).not.toContain('crowd-0');
    expect(held).toContain('crowd-again');
  }, 180_000);
});
