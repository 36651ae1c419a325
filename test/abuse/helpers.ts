// Helpers for the abuse tests: a raw snapshot of a match (every item of its partition and every
// published file), the documented routes with sample parameters, and forged tokens.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { localClient } from '../../functions/local/dynamodb-local.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { effectsSettled, testStack } from '../setup/stack.js';
import { dynamoEndpoint } from '../setup/endpoint.js';

export interface Snapshotting {
  stack: LocalStack;
  /** Every stored item of a match and every file published under matches/<id>/, as one string. */
  snapshot(matchId: string): Promise<string>;
  /**
   * The snapshot once the match is quiet: two readings 200 ms apart agree. A baseline is taken this way,
   * so that work an earlier request left running (the sweeper finishing a publication) is not counted
   * as a change made by the requests under test.
   */
  settled(matchId: string): Promise<string>;
}

function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      for (const [k, v] of Object.entries(filesUnder(path))) out[`${name}/${k}`] = v;
    } else {
      out[name] = readFileSync(path, 'utf8');
    }
  }
  return out;
}

/** A test stack whose table the test can read raw. */
export async function snapshotStack(options: Parameters<typeof testStack>[0] = {}): Promise<Snapshotting> {
  const tableName = `t-${randomBytes(6).toString('hex')}`;
  const stack = await testStack({ tableName, ...options });
  const doc = DynamoDBDocumentClient.from(localClient(dynamoEndpoint()));
  const snapshotting: Snapshotting = {
    stack,
    async settled(matchId) {
      // What the stream's consumer writes from the commits (issue 47, decision 11) is written first.
      await effectsSettled(stack);
      let last = await snapshotting.snapshot(matchId);
      for (let i = 0; i < 25; i++) {
        await new Promise((done) => setTimeout(done, 200));
        const now = await snapshotting.snapshot(matchId);
        if (now === last) return now;
        last = now;
      }
      throw new Error(`match ${matchId} kept changing for 5 s`);
    },
    async snapshot(matchId) {
      const items: unknown[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `MATCH#${matchId}` },
            ExclusiveStartKey: start,
            ConsistentRead: true,
          }),
        );
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
      const files = filesUnder(join(stack.siteDir, 'matches', matchId));
      return JSON.stringify({ items, files }, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
    },
  };
  return snapshotting;
}

export interface Route {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  auth: 'none' | 'gm' | 'player';
  hasBody: boolean;
}

/** Every route the API documents, read from its own OpenAPI document. */
export async function documentedRoutes(base: string): Promise<Route[]> {
  const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: Array<Record<string, unknown>>; requestBody?: unknown; summary?: string }>>;
  };
  const routes: Route[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      routes.push({
        method: method as Route['method'],
        path,
        auth: op.security ? (op.security.some((s) => 'playerToken' in s) ? 'player' : 'gm') : 'none',
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  return routes;
}

/** A concrete URL for a documented path. */
export function fill(path: string, params: { id: string; playerId?: string; slot?: string; channel?: string; ruleset?: string }): string {
  return path
    .replace('{ruleset}', encodeURIComponent(params.ruleset ?? 'lupus'))
    .replace('{id}', encodeURIComponent(params.id))
    .replace('{playerId}', encodeURIComponent(params.playerId ?? 'carla'))
    .replace('{slot}', encodeURIComponent(params.slot ?? 'investigate'))
    .replace('{channel}', encodeURIComponent(params.channel ?? 'public'));
}

/** A body each route would accept from its rightful caller (the refusal must come before it). */
export function plausibleBody(route: Route): unknown {
  if (!route.hasBody) return undefined;
  const p = route.path;
  if (p.endsWith('/me/actions')) return { type: 'investigate', target: 'bruno' };
  if (p.endsWith('/messages')) return { text: 'hello' };
  if (p.endsWith('/settings')) return { 'night-minutes': 60 };
  if (p.endsWith('/extend')) return { minutes: 5 };
  if (p.endsWith('/resolve') || p.endsWith('/trigger') || p.endsWith('/audit') || p.endsWith('/rollback')) return { phase: 'night-1' };
  if (p.endsWith('/players')) return { name: 'Intruder' };
  if (p.endsWith('/substitute')) return { name: 'Intruder' };
  if (p.endsWith('/end')) return { winner: 'pack' };
  if (p.endsWith('/webhooks')) return { urls: ['https://example.invalid/hook'], remindBeforeMinutes: 10 };
  if (p.endsWith('/me')) return { options: {} };
  if (p.endsWith('/start')) return {};
  return {};
}

export const secret = () => randomBytes(32).toString('base64url');

/** A JSON POST from a chosen loopback address (127.0.x.y): each address is another client. */
export function postFrom(base: string, address: string, path: string, payload: unknown) {
  const body = JSON.stringify(payload);
  return new Promise<{ status: number; body: any; retryAfter: string | undefined }>((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(new URL(base).port),
        method: 'POST',
        path,
        localAddress: address,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          done({
            status: res.statusCode!,
            body: text ? JSON.parse(text) : null,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}
