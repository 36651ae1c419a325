// Issue 41: a creation flood cannot bury a group's lobby. Twelve addresses create ten lobbies each
// after the group made theirs; the group's lobby with three players heads the home list's first page,
// and its fresh empty lobby stays on that page too (each creator's empty lobbies past two are listed
// after every other lobby). Empty lobbies expire within hours (the list, joins, the published index
// and their TTL), a joined one keeps its days.
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../../functions/local/dynamodb-local.js';
import { EMPTY_LOBBIES_PER_CREATOR } from '../../functions/service/lifecycle.js';
import { PAGE_SIZE } from '../../functions/service/listing.js';
import { sweep } from '../../functions/service/resolve.js';
import { handClock } from '../setup/clock.js';
import { client, effectsSettled } from '../setup/stack.js';
import { postFrom, snapshotStack, type Snapshotting } from './helpers.js';
import { dynamoEndpoint } from '../setup/endpoint.js';

const HOUR = 3_600_000;
const EMPTY_LIFETIME = 6 * HOUR;
const ADDRESSES = 12;
const CREATES = 10;
const clock = handClock(Date.parse('2031-07-01T18:00:00Z'));
let env: Snapshotting;
let api: ReturnType<typeof client>;

type Entry = { id: string; players: number };
const firstPage = async () => (await api.get('/api/matches')).body.matches as Entry[];
async function everyEntry(): Promise<Entry[]> {
  const seen: Entry[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const page: { body: { matches: Entry[]; next: string | null } } = await api.get(`/api/matches${cursor ? `?cursor=${cursor}` : ''}`);
    seen.push(...page.body.matches);
    cursor = page.body.next;
    if (!cursor) break;
  }
  return seen;
}

const group = { joined: '', empty: '' };
const flood: string[] = [];

beforeAll(async () => {
  env = await snapshotStack({ clock, emptyLobbyLifetimeMs: EMPTY_LIFETIME, sweepEveryMs: HOUR });
  api = client(env.stack.url);
  group.joined = (await api.post('/api/matches', { ruleset: 'lupus', name: 'Friday group' })).body.matchId;
  for (const name of ['Anna', 'Bruno', 'Carla'])
    expect((await api.post(`/api/matches/${group.joined}/players`, { name })).status).toBe(201);
  clock.t += 60_000;
  group.empty = (await api.post('/api/matches', { ruleset: 'lupus', name: 'Saturday group' })).body.matchId;
  for (let round = 0; round < CREATES; round++) {
    clock.t += 1_000;
    const made = await Promise.all(
      Array.from({ length: ADDRESSES }, (_, a) =>
        postFrom(env.stack.url, `127.0.9.${a + 1}`, '/api/matches', { ruleset: 'lupus', name: `Flood ${a}.${round}` }),
      ),
    );
    for (const r of made) {
      expect(r.status).toBe(201);
      flood.push(r.body.matchId);
    }
  }
}, 600_000);
afterAll(async () => env?.stack.stop());

describe('issue 41: a flood of creates from 12 addresses cannot bury a group’s lobby', () => {
  it('the lobby with three players heads the first page; the group’s fresh empty lobby is on it too; each stranger has at most two empty lobbies above it', async () => {
    const page = await firstPage();
    expect(page).toHaveLength(PAGE_SIZE);
    expect(page[0]).toMatchObject({ id: group.joined, players: 3 });
    const ids = page.map((e) => e.id);
    expect(ids).toContain(group.empty);
    const above = ids.slice(0, ids.indexOf(group.empty));
    expect(above.filter((id) => flood.includes(id)).length).toBeLessThanOrEqual(ADDRESSES * EMPTY_LOBBIES_PER_CREATOR);
    // Nothing is hidden: every lobby is still listed, each once, the strangers' extra ones last.
    const all = (await everyEntry()).map((e) => e.id);
    expect(new Set(all).size).toBe(all.length);
    for (const id of [group.joined, group.empty, ...flood]) expect(all).toContain(id);
  });

  it('empty lobbies expire within hours: out of the list and the published index, joins refused lobby-expired, TTL hours after creation; the joined lobby stays', async () => {
    const doc = DynamoDBDocumentClient.from(localClient(dynamoEndpoint()));
    const item = await doc.send(new GetCommand({ TableName: env.stack.tableName, Key: { pk: `MATCH#${flood[0]}`, sk: 'META' } }));
    expect(item.Item?.expiresAt).toBe(Math.ceil((item.Item!.createdAt as number) / 1000) + EMPTY_LIFETIME / 1000);
    const joinedItem = await doc.send(new GetCommand({ TableName: env.stack.tableName, Key: { pk: `MATCH#${group.joined}`, sk: 'META' } }));
    expect(joinedItem.Item?.expiresAt).toBeGreaterThan(Math.ceil((joinedItem.Item!.createdAt as number) / 1000) + 24 * 3600);

    clock.t += EMPTY_LIFETIME + 60_000;
    expect((await firstPage()).map((e) => e.id)).toEqual([group.joined]);
    const refused = await api.post(`/api/matches/${flood[0]}/players`, { name: 'Late' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('lobby-expired');
    expect((await api.post(`/api/matches/${group.joined}/players`, { name: 'Dario' })).status).toBe(201);
    // A publish the consumer began before the lobbies expired must not land after the sweep's index.
    await effectsSettled(env.stack);
    await sweep(env.stack.ports);
    const index = (await api.get('/matches/index.json')).body as { matches: Entry[] };
    expect(index.matches.map((e) => e.id)).toEqual([group.joined]);
  });
});
