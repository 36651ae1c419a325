// A whole classic match through the API: checks close phases early, removal is a modkill, a side wins.
import { describe, expect, it } from 'vitest';
import { reveals } from '../scenario/assert.js';
import { effectsSettled, useStack } from '../setup/stack.js';
import { SEVEN, startSeven } from './lupus-table.js';

const { api, stack } = useStack();

const act = (m: { matchId: string; tokens: Record<string, string> }, who: string, body: object) =>
  api.post(`/api/matches/${m.matchId}/me/actions`, body, m.tokens[who]);
const checkAll = async (m: { matchId: string; tokens: Record<string, string> }, who: string[]) => {
  for (const p of who) {
    const r = await api.post(`/api/matches/${m.matchId}/me/check`, {}, m.tokens[p]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
};
const phaseOf = async (matchId: string) => (await api.get(`/api/matches/${matchId}`)).body.phase;

describe('a 7-player classic match', () => {
  it('LUP-5.6 closes each phase when every living player has checked, and the village wins (LUP-11.1)', async () => {
    const m = await startSeven(api, { 'check-mode': true }, 'classic');
    const everyone = SEVEN.map((p) => p.id);
    await act(m, 'anna', { type: 'investigate', target: 'bruno' });
    await checkAll(m, everyone.slice(0, 6));
    expect(await phaseOf(m.matchId)).toBe('night-1');
    const late = await act(m, 'anna', { type: 'investigate', target: 'elena' });
    expect(late.body.error.code).toBe('already-checked');
    await checkAll(m, ['gina']);
    expect(await phaseOf(m.matchId)).toBe('day-1');

    for (const p of ['anna', 'carla', 'dario', 'fabio', 'gina']) await act(m, p, { type: 'vote', target: 'bruno' });
    await act(m, 'bruno', { type: 'vote', target: 'anna' });
    await act(m, 'elena', { type: 'vote', target: 'anna' });
    await checkAll(m, everyone);
    expect(await phaseOf(m.matchId)).toBe('night-2');
    const summary = (await api.get(`/api/matches/${m.matchId}`)).body;
    expect(summary.players.find((p: any) => p.id === 'bruno').alive).toBe(false);

    // A dead player takes no game action (LUP-1.3) and no longer counts for the early close.
    const dead = await act(m, 'bruno', { type: 'maul', target: 'carla' });
    expect(dead.body.error.code).toBe('not-alive');
    await act(m, 'elena', { type: 'maul', target: 'gina' });
    await checkAll(m, ['anna', 'carla', 'dario', 'elena', 'fabio', 'gina']);
    expect(await phaseOf(m.matchId)).toBe('day-2');

    for (const p of ['anna', 'carla', 'dario', 'fabio']) await act(m, p, { type: 'vote', target: 'elena' });
    await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'day-2' }, m.gm);
    const end = (await api.get(`/api/matches/${m.matchId}`)).body;
    expect(end.status).toBe('ended');
    expect(end.phase).toBeNull();
    expect(end.winner).toBe('village');
    const after = await act(m, 'anna', { type: 'vote', target: 'carla' });
    expect(after.body.error.code).toBe('match-over');
  });

  it('decision 7: a repeated resolve is answered with the same resolution; a phase that is not the open one is 409', async () => {
    const m = await startSeven(api, {}, 'repeat');
    const first = await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ resolved: 'night-1', outcome: 'resolved', phase: 'day-1' });
    const again = await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await phaseOf(m.matchId)).toBe('day-1');
    const other = await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-2' }, m.gm);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('wrong-phase');
    expect(await phaseOf(m.matchId)).toBe('day-1');
  });

  it('LUP-10.6 a removal after the start kills the player, reveals no role, withdraws votes naming him', async () => {
    const m = await startSeven(api, {}, 'removal');
    await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    await act(m, 'anna', { type: 'vote', target: 'carla' });
    const removed = await api.del(`/api/matches/${m.matchId}/players/carla`, m.gm);
    expect(removed.status).toBe(200);
    const gm = (await api.get(`/api/matches/${m.matchId}/gm`, m.gm)).body;
    expect(gm.pending).toEqual([]);
    const pub = (await api.get(`/api/matches/${m.matchId}/me`, m.tokens.fabio)).body.events;
    const death = pub.find((e: any) => e.kind === 'death' && e.player === 'carla');
    expect(death).toMatchObject({ cause: 'removed', to: 'public' });
    expect(JSON.stringify(death)).not.toContain('zucca');
    expect(pub).toContainEqual(expect.objectContaining({ kind: 'vote-withdrawn', voter: 'anna' }));
  });

  it('pause refuses actions with match-paused and keeps channel posts', async () => {
    const m = await startSeven(api, {}, 'pause');
    await api.post(`/api/matches/${m.matchId}/pause`, {}, m.gm);
    const r = await act(m, 'anna', { type: 'investigate', target: 'bruno' });
    expect(r.body.error.code).toBe('match-paused');
    const post = await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: 'still here' }, m.tokens.bruno);
    expect(post.status).toBe(201);
  });

  it('a player reads only what is his: no route pairs another player with his role', async () => {
    const m = await startSeven(api, {}, 'privacy');
    const anna = (await api.get(`/api/matches/${m.matchId}/me`, m.tokens.anna)).body;
    for (const p of SEVEN.filter((x) => x.id !== 'anna')) expect(reveals(anna, p.id, [p.role])).toBe(false);
    expect(reveals(anna, 'anna', ['veggente-gufato'])).toBe(true);
    // The pack knows the pack (LUP-4.6), and nobody else.
    const bruno = (await api.get(`/api/matches/${m.matchId}/me`, m.tokens.bruno)).body;
    expect(reveals(bruno, 'elena', ['lupo-segugio'])).toBe(true);
    expect(reveals(bruno, 'anna', ['veggente-gufato'])).toBe(false);
    const summary = await api.get(`/api/matches/${m.matchId}`);
    for (const p of SEVEN) expect(reveals(summary.body, p.id, [p.role])).toBe(false);
    const asOther = await api.get(`/api/matches/${m.matchId}/as/bruno`, m.tokens.anna);
    expect(asOther.status).toBe(403);
  });

  it('publishes only public files: none pairs a player with his role', async () => {
    const m = await startSeven(api, {}, 'published');
    await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    // The files are the stream consumer's to write, from the commit (issue 47, decision 11).
    await effectsSettled(stack);
    for (const path of [`/matches/${m.matchId}/index.json`, `/matches/${m.matchId}/phases/night-1.json`, '/matches/index.json']) {
      const r = await api.get(path);
      expect(r.status).toBe(200);
      for (const p of SEVEN) expect(reveals(r.body, p.id, [p.role]), `${path} reveals ${p.id}`).toBe(false);
      expect(JSON.stringify(r.body)).not.toContain('investigation-result');
      expect(JSON.stringify(r.body)).not.toContain('pack-roster');
    }
  });
});
