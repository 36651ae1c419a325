// Decision 6: a request made for one phase never lands in the phase after it. Every player route
// takes the phase guard; a mismatch is refused `wrong-phase` (409) and changes nothing.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { useStack } from '../setup/stack.js';

const { stack, api } = useStack({ sweepEveryMs: 3_600_000 });

const refusedWrongPhase = (r: { status: number; body: any }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body.error.code).toBe('wrong-phase');
  expect(r.body.error.message).toMatch(/day-1/);
};

describe('decision 6: the phase guard on every player route', () => {
  it('submit, withdraw, check and post for a closed phase are refused wrong-phase and change nothing', async () => {
    const m = await startSeven(api, { 'check-mode': true }, 'guard');
    const base = `/api/matches/${m.matchId}`;
    expect((await api.post(`${base}/me/actions`, { type: 'investigate', target: 'bruno', phase: 'night-1' }, m.tokens.anna)).status).toBe(
      201,
    );
    expect((await api.post(`${base}/resolve`, { phase: 'night-1' }, m.gm)).body).toMatchObject({ outcome: 'resolved', phase: 'day-1' });
    const vote = await api.post(`${base}/me/actions`, { type: 'vote', target: 'bruno', phase: 'day-1' }, m.tokens.carla);
    expect(vote.status).toBe(201);
    const before = (await api.get(`${base}/gm`, m.gm)).body;

    // Each made for night-1, arriving after it closed.
    refusedWrongPhase(await api.post(`${base}/me/actions`, { type: 'vote', target: 'bruno', phase: 'night-1' }, m.tokens.anna));
    refusedWrongPhase(await api.del(`${base}/me/actions/${vote.body.slot}?phase=night-1`, m.tokens.carla));
    refusedWrongPhase(await api.post(`${base}/me/check`, { phase: 'night-1' }, m.tokens.dario));
    refusedWrongPhase(await api.post(`${base}/channels/public/messages`, { text: 'late', phase: 'night-1' }, m.tokens.elena));

    const after = (await api.get(`${base}/gm`, m.gm)).body;
    expect(after.pending).toEqual(before.pending);
    expect(after.players).toEqual(before.players);
    expect(after.events).toEqual(before.events);
    expect(after.match.phase).toBe('day-1');
  });

  it('the open phase as guard is accepted on every route; a malformed guard is 400', async () => {
    const m = await startSeven(api, { 'check-mode': true }, 'guard-ok');
    const base = `/api/matches/${m.matchId}`;
    const sent = await api.post(`${base}/me/actions`, { type: 'investigate', target: 'bruno', phase: 'night-1' }, m.tokens.anna);
    expect(sent.status).toBe(201);
    expect((await api.del(`${base}/me/actions/${sent.body.slot}?phase=night-1`, m.tokens.anna)).status).toBe(200);
    expect((await api.post(`${base}/channels/public/messages`, { text: 'hello', phase: 'night-1' }, m.tokens.anna)).status).toBe(201);
    expect((await api.post(`${base}/me/check`, { phase: 'night-1' }, m.tokens.anna)).body).toMatchObject({
      checked: true,
      phase: 'night-1',
    });
    for (const bad of [
      await api.post(`${base}/me/check`, { phase: 'Night 1' }, m.tokens.bruno),
      await api.del(`${base}/me/actions/x?phase=${'a'.repeat(65)}`, m.tokens.bruno),
      await api.post(`${base}/channels/public/messages`, { text: 'x', phase: 7 }, m.tokens.bruno),
    ]) {
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid-body');
    }
  });

  it('the OpenAPI document declares the guard on submit, withdraw, check and post', async () => {
    const doc = (await api.get('/api/openapi.json')).body;
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema.properties;
    expect(body('/api/matches/{id}/me/actions').phase).toBeDefined();
    expect(body('/api/matches/{id}/me/check').phase).toBeDefined();
    expect(body('/api/matches/{id}/channels/{channel}/messages').phase).toBeDefined();
    const withdraw = doc.paths['/api/matches/{id}/me/actions/{slot}'].delete.parameters;
    expect(withdraw).toContainEqual(expect.objectContaining({ name: 'phase', in: 'query', required: false }));
  });
});
