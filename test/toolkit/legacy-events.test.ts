// Logs for old matches: events stored (or exported) before events carried their origin still read,
// audit, replay, export and import as they did; the origin is derived from the seq they were stored under.
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localClient } from '../../functions/local/dynamodb-local.js';
import { startSeven } from '../integration/lupus-table.js';
import { useStack } from '../setup/stack.js';
import { shortcuts } from './helpers.js';

const tableName = `t-${randomBytes(6).toString('hex')}`;
const { api, stack } = useStack({ tableName });

type Item = Record<string, unknown>;
const withoutOrigin = ({ origin: _origin, ...rest }: Record<string, unknown>) => rest;

/** Rewrites every event item and log entry of a match as the previous version stored them: no `origin`. */
async function storeAsBefore(matchId: string): Promise<number> {
  const doc = DynamoDBDocumentClient.from(localClient(stack.dynamoEndpoint));
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `MATCH#${matchId}` },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  let rewritten = 0;
  for (const item of items) {
    const sk = String(item.sk);
    if (!sk.startsWith('EVENT#') && !sk.startsWith('LOG#')) continue;
    const next = { ...item };
    if (item.stored) next.stored = withoutOrigin(item.stored as Item);
    else if (item.data) {
      const events = JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as Item[];
      next.data = gzipSync(Buffer.from(JSON.stringify(events.map(withoutOrigin))));
    } else continue;
    await doc.send(new PutCommand({ TableName: tableName, Item: next }));
    rewritten++;
  }
  return rewritten;
}

describe('events stored before they carried their origin', () => {
  it('read, audit, replay and export as they did; an old export imports identically', async () => {
    const m = await startSeven(api, { 'no-show': 'warn' }, 'legacy');
    const s = shortcuts(api, m);
    await s.act('anna', { type: 'investigate', target: 'bruno' });
    await s.post('bruno', 'pack', 'we wait');
    await s.resolve('night-1');
    for (const p of ['anna', 'carla', 'gina']) await s.act(p, { type: 'vote', target: 'bruno' });
    await s.act('bruno', { type: 'vote', target: 'anna' });
    await api.del(`${s.base}/players/dario`, m.gm);
    await s.resolve('day-1');

    const read = async () => ({
      anna: (await api.get(`${s.base}/me?limit=500`, m.tokens.anna)).body.events,
      bruno: (await api.get(`${s.base}/me?limit=500`, m.tokens.bruno)).body.events,
      audit: [
        (await api.post(`${s.base}/audit`, { phase: 'night-1' }, m.gm)).body,
        (await api.post(`${s.base}/audit`, { phase: 'day-1' }, m.gm)).body,
      ],
      replay: (await api.post(`${s.base}/replay`, {}, m.gm)).body,
      record: (await api.get(`${s.base}/export`, m.gm)).body,
    });
    const now = await read();
    expect(now.audit).toEqual([
      { phase: 'night-1', identical: true },
      { phase: 'day-1', identical: true },
    ]);
    expect(now.replay).toEqual({ identical: true, resolved: 2 });
    const kinds = now.record.phases.flatMap((p: any) => p.events.map((e: any) => e.origin.kind));
    expect(new Set(kinds)).toEqual(new Set(['start', 'submission', 'close', 'notice', 'removal']));

    expect(await storeAsBefore(m.matchId)).toBeGreaterThan(5);
    expect(await read()).toEqual(now);

    const old = { ...now.record, phases: now.record.phases.map((p: any) => ({ ...p, events: p.events.map(withoutOrigin) })) };
    const imported = await api.post('/api/matches/import', old);
    expect(imported.status, JSON.stringify(imported.body).slice(0, 400)).toBe(201);
    expect(imported.body.identical).toBe(true);
  });
});
