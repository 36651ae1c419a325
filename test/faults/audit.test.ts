// The audit: a GM re-runs the resolution of any past phase from its stored state, actions and seed
// (POST /api/matches/{id}/audit) and gets a byte-identical result; a stored record that was
// tampered with is caught, with the first place it differs.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../../functions/local/dynamodb-local.js';
import { firstDifference } from '../../functions/service/audit.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { useStack } from '../setup/stack.js';
import { dynamoEndpoint } from '../setup/endpoint.js';

const tableName = `t-${randomBytes(6).toString('hex')}`;
let m: SevenMatch;
const doc = DynamoDBDocumentClient.from(localClient(dynamoEndpoint()));

const audit = (match: SevenMatch, phase: string, token = match.gm) => api.post(`/api/matches/${match.matchId}/audit`, { phase }, token);

const { stack, api } = useStack({ tableName, sweepEveryMs: 3_600_000 });
beforeAll(async () => {
  m = await startSeven(api, {}, 'audit');
  const act = (who: string, body: object) => api.post(`/api/matches/${m.matchId}/me/actions`, body, m.tokens[who]);
  await act('anna', { type: 'investigate', target: 'elena' });
  await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
  for (const p of ['anna', 'carla', 'dario', 'fabio']) await act(p, { type: 'vote', target: 'bruno' });
  await act('bruno', { type: 'vote', target: 'carla' });
  await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'day-1' }, m.gm);
  await act('elena', { type: 'maul', target: 'gina' });
  await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-2' }, m.gm);
});

describe('the audit', () => {
  it('re-resolves every past phase to the same bytes', async () => {
    for (const phase of ['night-1', 'day-1', 'night-2']) {
      const r = await audit(m, phase);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ phase, identical: true });
    }
  });

  it('is the GM’s: players, other matches’ GMs and no token are refused', async () => {
    expect((await audit(m, 'night-1', m.tokens.anna)).status).toBe(403);
    expect((await api.post(`/api/matches/${m.matchId}/audit`, { phase: 'night-1' })).status).toBe(401);
    const other = await startSeven(api, {}, 'audit-other');
    expect((await audit(m, 'night-1', other.gm)).status).toBe(401);
  });

  it('refuses the open phase (409), a phase that never was (404) and a bad body (400)', async () => {
    expect((await audit(m, 'day-2')).body.error.code).toBe('phase-open');
    expect((await audit(m, 'night-9')).status).toBe(404);
    expect((await api.post(`/api/matches/${m.matchId}/audit`, { phase: 'Night 1' }, m.gm)).status).toBe(400);
    expect((await api.post(`/api/matches/${m.matchId}/audit`, { phase: 'night-1', extra: 1 }, m.gm)).status).toBe(400);
  });

  it('catches a stored action that was changed after the resolution', async () => {
    const tampered = await startSeven(api, {}, 'audit');
    await api.post(`/api/matches/${tampered.matchId}/me/actions`, { type: 'investigate', target: 'elena' }, tampered.tokens.anna);
    await api.post(`/api/matches/${tampered.matchId}/resolve`, { phase: 'night-1' }, tampered.gm);
    const key = { pk: `MATCH#${tampered.matchId}`, sk: 'ACTION#night-1#anna#investigate' };
    const item = (await doc.send(new GetCommand({ TableName: tableName, Key: key }))).Item!;
    item.pending.action.target = 'carla';
    await doc.send(new PutCommand({ TableName: tableName, Item: item }));
    const r = await audit(tampered, 'night-1');
    expect(r.body.identical).toBe(false);
    expect(r.body.firstDifference).toMatch(/^events\[\d+\]\.event\.(target|result): stored "elena"/);
  });

  it('catches a stored state that was changed after the resolution', async () => {
    const tampered = await startSeven(api, {}, 'audit');
    await api.post(`/api/matches/${tampered.matchId}/resolve`, { phase: 'night-1' }, tampered.gm);
    const state = (await stack.ports.store.getState(tampered.matchId, 'day-1')) as { players: Array<{ id: string; alive: boolean }> };
    state.players.find((p) => p.id === 'gina')!.alive = false;
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { pk: `MATCH#${tampered.matchId}`, sk: 'STATE#day-1', data: gzipSync(JSON.stringify(state)) },
      }),
    );
    const r = await audit(tampered, 'night-1');
    expect(r.body).toEqual({
      phase: 'night-1',
      identical: false,
      firstDifference: expect.stringMatching(/^state\.players\[6\]\.alive: stored false, computed true$/),
    });
  });

  it('still matches when a removal later rewrote the state the resolution had stored', async () => {
    const removed = await startSeven(api, {}, 'audit-removal');
    await api.post(`/api/matches/${removed.matchId}/resolve`, { phase: 'night-1' }, removed.gm);
    expect((await api.del(`/api/matches/${removed.matchId}/players/fabio`, removed.gm)).status).toBe(200);
    await api.post(`/api/matches/${removed.matchId}/resolve`, { phase: 'day-1' }, removed.gm);
    for (const phase of ['night-1', 'day-1']) expect((await audit(removed, phase)).body).toEqual({ phase, identical: true });
  });

  it('names the first difference by its JSON path', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }, 'state')).toBe('state.a[1].b: stored 2, computed 3');
    expect(firstDifference([1, 2], [1, 2, 3], 'events')).toBe('events[2]: stored nothing, computed 3');
    expect(firstDifference({ a: 1, b: 2 }, { b: 2, a: 1 }, 'state')).toMatch(/keys stored in order/);
    expect(firstDifference({ a: 1 }, { a: 1 }, 'state')).toBeNull();
  });
});
