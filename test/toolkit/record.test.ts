// Export, import and replay through the API: the full record, byte-for-byte replays, the first difference named.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../functions/service/tokens.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { useStack } from '../setup/stack.js';
import { shortcuts } from './helpers.js';

const { api, stack } = useStack();

/** Three phases with most of what a record can hold: checks, notices, a substitution, a removal, chats, votes changed. */
async function playedMatch(seed: string): Promise<SevenMatch & { fabio: string }> {
  const m = await startSeven(api, { 'no-show': 'warn' }, seed);
  const s = shortcuts(api, m);
  await s.act('anna', { type: 'investigate', target: 'bruno' });
  await s.post('bruno', 'pack', 'we wait');
  await s.resolve('night-1');
  const fabio = (await api.post(`${s.base}/players/fabio/substitute`, { name: 'Fabrizio' }, m.gm)).body.token;
  for (const p of ['anna', 'carla', 'gina']) await s.act(p, { type: 'vote', target: 'bruno' });
  await api.post(`${s.base}/me/actions`, { type: 'vote', target: 'bruno' }, fabio);
  await s.act('carla', { type: 'vote', target: 'elena' });
  await api.del(`${s.base}/me/actions/ballot`, m.tokens.carla);
  await s.act('carla', { type: 'vote', target: 'bruno' });
  await s.act('bruno', { type: 'vote', target: 'anna' });
  await s.act('elena', { type: 'abstain' });
  await api.del(`${s.base}/players/dario`, m.gm);
  await s.resolve('day-1');
  await s.act('elena', { type: 'maul', target: 'carla' });
  await s.resolve('night-2');
  return { ...m, fabio };
}

const exportOf = async (matchId: string, gm: string) => {
  const r = await api.get(`/api/matches/${matchId}/export`, gm);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('export', () => {
  it('holds settings, seed, players, every action and event, and no token, hash or webhook', async () => {
    const m = await playedMatch('export');
    const hook = 'http://127.0.0.1:9/secret-webhook-path';
    await api.call('PUT', `/api/matches/${m.matchId}/webhooks`, { urls: [hook], remindBeforeMinutes: 0 }, m.gm);
    const record = await exportOf(m.matchId, m.gm);
    expect(record.format).toBe('dusk-match/1');
    expect(record.match).toMatchObject({
      ruleset: 'lupus',
      seed: 'export',
      status: 'running',
      phase: 'day-2',
      history: ['night-1', 'day-1', 'night-2', 'day-2'],
    });
    expect(record.start.players.find((p: any) => p.id === 'fabio')).toMatchObject({ name: 'Fabio', fixed: { role: 'zucca-semplice' } });
    expect(record.players.find((p: any) => p.id === 'fabio').name).toBe('Fabrizio');
    const day = record.phases.find((p: any) => p.phase === 'day-1');
    expect(day.actions.filter((a: any) => a.slot === 'ballot').length).toBeGreaterThanOrEqual(6);
    expect(day.events.map((e: any) => e.event.kind)).toEqual(
      expect.arrayContaining(['vote-cast', 'vote-withdrawn', 'substituted', 'death', 'day-result']),
    );
    expect(record.phases.find((p: any) => p.phase === 'night-1').events.map((e: any) => e.event.kind)).toEqual(
      expect.arrayContaining(['message', 'investigation-result', 'no-show']),
    );
    const text = JSON.stringify(record);
    for (const token of [m.gm, m.fabio, ...Object.values(m.tokens)]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split('.')[1]);
      expect(text).not.toContain(hashToken(token));
    }
    expect(text).not.toMatch(/tokenHash|gmTokenHash|webhook/i);
    expect(text).not.toContain('secret-webhook-path');
    expect((await api.get(`/api/matches/${m.matchId}/export`, m.tokens.anna)).status).toBe(403);
    expect((await api.get(`/api/matches/${m.matchId}/export`)).status).toBe(401);
  });
});

describe('replay and import', () => {
  it('replays a played match identically, and an imported copy identically too', async () => {
    const m = await playedMatch('replay');
    const replay = await api.post(`/api/matches/${m.matchId}/replay`, {}, m.gm);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body).toEqual({ identical: true, resolved: 3 });
    expect((await api.post(`/api/matches/${m.matchId}/replay`, {}, m.tokens.anna)).status).toBe(403);

    const record = await exportOf(m.matchId, m.gm);
    const imported = await api.post('/api/matches/import', record);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ identical: true });
    const copy = imported.body.matchId as string;
    expect(copy).not.toBe(m.matchId);
    const summary = (await api.get(`/api/matches/${copy}`)).body;
    // Sandbox (its seed and deal are fixed), paused until the GM hands the seats out.
    expect(summary).toMatchObject({ sandbox: true, status: 'paused', phase: 'day-2', phases: record.match.history });
    expect((await api.post(`/api/matches/${copy}/replay`, {}, imported.body.gmToken)).body).toEqual({ identical: true, resolved: 3 });
    const again = await exportOf(copy, imported.body.gmToken);
    expect(again.phases).toEqual(record.phases);
    expect(again.start).toEqual(record.start);
    // The original's GM has no power over the copy, and the copy plays on once a seat is handed out.
    expect((await api.get(`/api/matches/${copy}/gm`, m.gm)).status).toBe(401);
    const anna = (await api.post(`/api/matches/${copy}/players/anna/substitute`, { name: 'Anna' }, imported.body.gmToken)).body.token;
    await api.post(`/api/matches/${copy}/resume`, {}, imported.body.gmToken);
    expect((await api.post(`/api/matches/${copy}/me/actions`, { type: 'vote', target: 'elena' }, anna)).status).toBe(201);
  });

  it('decision 9: refuses a changed record with 409 import-mismatch, naming the first phase and event that differ', async () => {
    const m = await playedMatch('tampered');
    const record = await exportOf(m.matchId, m.gm);
    const night = record.phases.find((p: any) => p.phase === 'night-1');
    const index = night.events.findIndex((e: any) => e.event.kind === 'investigation-result');
    expect(index).toBeGreaterThanOrEqual(0);
    const target = night.events[index];
    target.event.result = target.event.result === 'shady' ? 'innocent' : 'shady';
    const imported = await api.post('/api/matches/import', record);
    expect(imported.status).toBe(409);
    expect(imported.body.error.code).toBe('import-mismatch');
    expect(imported.body.error.firstDifference).toMatchObject({ phase: 'night-1', event: index });
    expect(imported.body.error.firstDifference.expected.event.result).toBe(target.event.result);

    // A changed final ballot no longer matches the ballot its public vote showed: that vote is the first difference.
    const other = await exportOf(m.matchId, m.gm);
    const day = other.phases.find((p: any) => p.phase === 'day-1');
    for (const a of day.actions) if (a.slot === 'ballot' && a.action.target === 'bruno') a.action.target = 'elena';
    const changed = await api.post('/api/matches/import', other);
    expect(changed.status).toBe(409);
    const difference = changed.body.error.firstDifference;
    expect(difference.phase).toBe('day-1');
    expect(day.events[difference.event].event).toMatchObject({ kind: 'vote-cast', target: 'bruno' });
  });

  it('replays matches that were rolled back and forced to an end', async () => {
    const m = await startSeven(api, {}, 'replay-rollback');
    const s = shortcuts(api, m);
    await s.resolve('night-1');
    await s.act('anna', { type: 'vote', target: 'bruno' });
    await s.resolve('day-1');
    await api.post(`${s.base}/rollback`, { phase: 'day-1' }, m.gm);
    await s.act('carla', { type: 'vote', target: 'bruno' });
    await s.resolve('day-1');
    await api.post(`${s.base}/end`, { winner: 'village' }, m.gm);
    expect((await api.post(`${s.base}/replay`, {}, m.gm)).body).toEqual({ identical: true, resolved: 2 });
    const imported = await api.post('/api/matches/import', await exportOf(m.matchId, m.gm));
    expect(imported.body.identical).toBe(true);
    expect((await api.get(`/api/matches/${imported.body.matchId}`)).body).toMatchObject({ status: 'ended', winner: 'village' });
  });

  it('takes a gzip-compressed record, and refuses an invalid one with 400', async () => {
    const m = await startSeven(api, {}, 'gzip');
    const record = await exportOf(m.matchId, m.gm);
    const response = await fetch(`${stack.url}/api/matches/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.from(JSON.stringify(record))),
    });
    expect(response.status).toBe(201);
    expect((await response.json()).identical).toBe(true);

    expect((await api.post('/api/matches/import', { ...record, format: 'other' })).body.error.code).toBe('invalid-body');
    expect((await api.post('/api/matches/import', { ...record, phases: [] })).body.error.code).toBe('invalid-record');
    const players = [...record.players, record.players[0]];
    expect((await api.post('/api/matches/import', { ...record, players })).body.error.code).toBe('invalid-record');
    expect((await api.post('/api/matches/import', { ...record, match: { ...record.match, ruleset: 'chess' } })).body.error.code).toBe(
      'unknown-ruleset',
    );
    const garbage = await fetch(`${stack.url}/api/matches/import`, {
      method: 'POST',
      headers: { 'content-encoding': 'gzip' },
      body: 'not gzip',
    });
    expect(garbage.status).toBe(400);
  });
});
