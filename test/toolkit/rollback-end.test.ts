// Rollback of the last resolution and a forced outcome, through the API.
import { describe, expect, it } from 'vitest';
import { startSeven } from '../integration/lupus-table.js';
import { effectsSettled, useStack } from '../setup/stack.js';
import { shortcuts } from './helpers.js';

const { api, stack } = useStack();

const alive = (summary: any, id: string) => summary.players.find((p: any) => p.id === id).alive;
const VILLAGE = ['anna', 'carla', 'dario', 'fabio', 'gina'];

describe('rollback', () => {
  it('reopens the last resolved phase with its actions and a fresh deadline; the next close replaces its results', async () => {
    const m = await startSeven(api, {}, 'rollback');
    const s = shortcuts(api, m);
    await s.resolve('night-1');
    for (const p of VILLAGE) await s.act(p, { type: 'vote', target: 'bruno' });
    for (const p of ['bruno', 'elena']) await s.act(p, { type: 'vote', target: 'anna' });
    await s.resolve('day-1');
    expect(alive(await s.summary(), 'bruno')).toBe(false);
    // The next phase goes on meanwhile: a pack message, a maul.
    expect((await s.post('elena', 'pack', 'carla tonight')).status).toBe(201);
    expect((await s.act('elena', { type: 'maul', target: 'carla' })).status).toBe(201);

    expect((await api.post(`${s.base}/rollback`, { phase: 'night-1' }, m.gm)).body.error.code).toBe('not-last-resolution');
    const before = Date.now();
    const rolled = await api.post(`${s.base}/rollback`, { phase: 'day-1' }, m.gm);
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body).toMatchObject({ phase: 'day-1', discarded: 'night-2' });

    const summary = await s.summary();
    expect(summary).toMatchObject({ status: 'running', phase: 'day-1', phases: ['night-1', 'day-1'], winner: null });
    expect(alive(summary, 'bruno')).toBe(true);
    // A fresh deadline of the phase's normal length (day-minutes 2880) from now.
    expect(summary.deadline).toBeGreaterThanOrEqual(before + 2880 * 60_000);
    expect(summary.deadline).toBeLessThanOrEqual(Date.now() + 2880 * 60_000);
    const gm = await s.gm();
    expect(gm.pending.filter((p: any) => p.slot === 'ballot')).toHaveLength(7);
    expect(gm.events.filter((e: any) => e.phase === 'night-2')).toEqual([]);
    expect(gm.events.some((e: any) => e.phase === 'day-1' && e.kind === 'day-result')).toBe(false);
    // The published file of the phase lost the undone results, once the stream's consumer caught up (issue 47).
    await effectsSettled(stack);
    const file = (await api.get(`/matches/${m.matchId}/phases/day-1.json`)).body;
    expect(file.events.some((e: any) => e.kind === 'death')).toBe(false);

    // Ballots change; the next close writes new results over the old ones.
    for (const p of VILLAGE) expect((await s.act(p, { type: 'vote', target: 'elena' })).status).toBe(201);
    await s.resolve('day-1');
    const after = await s.summary();
    expect(after.phase).toBe('night-2');
    expect(alive(after, 'bruno')).toBe(true);
    expect(alive(after, 'elena')).toBe(false);
    await effectsSettled(stack);
    const republished = (await api.get(`/matches/${m.matchId}/phases/day-1.json`)).body.events;
    expect(republished.filter((e: any) => e.kind === 'death').map((e: any) => e.player)).toEqual(['elena']);
    expect((await s.gm()).events.filter((e: any) => e.kind === 'day-result')).toHaveLength(1);
  });

  it('undoes a resolution that ended the match', async () => {
    const m = await startSeven(api, {}, 'rollback-end');
    const s = shortcuts(api, m);
    await api.del(`${s.base}/players/elena`, m.gm);
    await s.resolve('night-1');
    for (const p of VILLAGE) await s.act(p, { type: 'vote', target: 'bruno' });
    await s.resolve('day-1');
    expect(await s.summary()).toMatchObject({ status: 'ended', winner: 'village', phase: null });
    const rolled = await api.post(`${s.base}/rollback`, { phase: 'day-1' }, m.gm);
    expect(rolled.body).toMatchObject({ phase: 'day-1', discarded: 'final' });
    expect(await s.summary()).toMatchObject({ status: 'running', winner: null, phase: 'day-1' });
    expect((await s.act('bruno', { type: 'vote', target: 'anna' })).status).toBe(201);
    await s.resolve('day-1');
    expect(await s.summary()).toMatchObject({ status: 'ended', winner: 'village' });
  });

  it('is the GM’s alone and refused before any resolution', async () => {
    const m = await startSeven(api, {}, 'rollback-refusals');
    const path = `/api/matches/${m.matchId}/rollback`;
    expect((await api.post(path, { phase: 'night-1' })).status).toBe(401);
    expect((await api.post(path, { phase: 'night-1' }, m.tokens.anna)).status).toBe(403);
    expect((await api.post(path, { phase: 'night-1' }, m.gm)).body.error.code).toBe('not-last-resolution');
    expect((await api.post(path, { phase: 'Night 1' }, m.gm)).status).toBe(400);
  });

  it('issue 44: works while paused and leaves the match paused, the reopened phase at its full length until the resume', async () => {
    const m = await startSeven(api, {}, 'rollback-paused');
    const s = shortcuts(api, m);
    await s.act('anna', { type: 'investigate', target: 'bruno' });
    await s.resolve('night-1');
    // The GM's natural first move after a wrong close: pause, then undo.
    expect((await api.post(`${s.base}/pause`, {}, m.gm)).status).toBe(200);
    const rolled = await api.post(`${s.base}/rollback`, { phase: 'night-1' }, m.gm);
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body).toMatchObject({ phase: 'night-1', discarded: 'day-1', status: 'paused' });
    const summary = await s.summary();
    expect(summary).toMatchObject({ status: 'paused', phase: 'night-1', phases: ['night-1'] });
    // Paused, nothing is accepted (the platform's match-paused), and the undone results are gone.
    expect((await s.act('anna', { type: 'investigate', target: 'elena' })).body.error.code).toBe('match-paused');
    expect((await s.gm()).events.some((e: any) => e.kind === 'investigation-result')).toBe(false);
    // The resume gives the night its whole length (night-minutes 1440) from the resume.
    const before = Date.now();
    expect((await api.post(`${s.base}/resume`, {}, m.gm)).status).toBe(200);
    const resumed = await s.summary();
    expect(resumed).toMatchObject({ status: 'running', phase: 'night-1' });
    expect(resumed.deadline).toBeGreaterThanOrEqual(before + 1440 * 60_000 - 60_000);
    // The stored action of the night is still there and resolves again.
    await s.resolve('night-1');
    expect((await s.gm()).events.filter((e: any) => e.kind === 'investigation-result')).toHaveLength(1);
  });
});

describe('end', () => {
  it('forces an outcome: one public match-ended, no phase, every action refused match-over, roles shown', async () => {
    const m = await startSeven(api, {}, 'force-end');
    const s = shortcuts(api, m);
    await s.act('anna', { type: 'investigate', target: 'bruno' });
    const path = `${s.base}/end`;
    expect((await api.post(path, { winner: 'village' }, m.tokens.anna)).status).toBe(403);
    expect((await api.post(path, { winner: 'martians' }, m.gm)).body.error.code).toBe('unknown-winner');
    const ended = await api.post(path, { winner: 'pack' }, m.gm);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const summary = await s.summary();
    expect(summary).toMatchObject({ status: 'ended', phase: null, winner: 'pack', deadline: null });
    expect(summary.board.players.find((p: any) => p.id === 'bruno').role).toBe('lupo-mannaro');
    const events = (await s.me('fabio')).events.filter((e: any) => e.kind === 'match-ended');
    expect(events).toEqual([{ phase: 'night-1', kind: 'match-ended', to: 'public', winner: 'pack', forced: true }]);
    expect((await s.act('anna', { type: 'investigate', target: 'elena' })).body.error.code).toBe('match-over');
    expect((await api.post(path, { winner: 'pack' }, m.gm)).body.error.code).toBe('match-over');
    await effectsSettled(stack);
    const published = (await api.get(`/matches/${m.matchId}/phases/night-1.json`)).body.events;
    expect(published).toContainEqual({ kind: 'match-ended', to: 'public', winner: 'pack', forced: true });
  });

  it('ends a paused match, and refuses a match in its lobby', async () => {
    const m = await startSeven(api, {}, 'force-end-paused');
    await api.post(`/api/matches/${m.matchId}/pause`, {}, m.gm);
    expect((await api.post(`/api/matches/${m.matchId}/end`, { winner: 'draw' }, m.gm)).status).toBe(200);
    expect((await api.get(`/api/matches/${m.matchId}`)).body).toMatchObject({ status: 'ended', winner: 'draw', remainingMs: null });
    const lobby = await api.post('/api/matches', { ruleset: 'lupus', name: 'Empty' });
    const r = await api.post(`/api/matches/${lobby.body.matchId}/end`, { winner: 'draw' }, lobby.body.gmToken);
    expect(r.body.error.code).toBe('not-started');
  });
});
