// Spectators see only the public record; the dead see what the rules let them; vote counts as forums post them.
import { describe, expect, it } from 'vitest';
import { SEVEN, startSeven } from '../integration/lupus-table.js';
import { reveals } from '../scenario/assert.js';
import { effectsSettled, useStack } from '../setup/stack.js';
import { dayOneWithoutCarla, shortcuts } from './helpers.js';

const { api, stack } = useStack();

const texts = (view: any) => view.events.filter((e: any) => e.kind === 'message').map((e: any) => e.text);

describe('spectators', () => {
  it('see the public summary, board and events: never a faction chat, the cemetery or a private event', async () => {
    const m = await startSeven(api, {}, 'spectate');
    const s = shortcuts(api, m);
    await s.post('bruno', 'pack', 'secret plan');
    await s.act('anna', { type: 'investigate', target: 'bruno' });
    await api.del(`${s.base}/players/carla`, m.gm);
    expect((await s.post('carla', 'cemetery', 'boo from below')).status).toBe(201);
    await s.post('fabio', 'public', 'hello all');
    await s.resolve('night-1');

    const view = await api.get(`${s.base}/spectate`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: m.matchId, status: 'running', phase: 'day-1', sandbox: true });
    expect(view.body.board.players.find((p: any) => p.id === 'carla').alive).toBe(false);
    expect(view.body.events.every((e: any) => e.to === 'public')).toBe(true);
    expect(texts(view.body)).toEqual(['hello all']);
    expect(view.body.events).toContainEqual(expect.objectContaining({ kind: 'death', player: 'carla', cause: 'removed' }));
    const text = JSON.stringify(view.body);
    for (const hidden of ['secret plan', 'boo from below', 'investigation-result', 'pack-roster']) expect(text).not.toContain(hidden);
    for (const p of SEVEN) expect(reveals(view.body, p.id, [p.role]), p.id).toBe(false);
    // The published files say no more (once the stream's consumer wrote them, issue 47).
    await effectsSettled(stack);
    for (const path of [`/matches/${m.matchId}/index.json`, `/matches/${m.matchId}/phases/night-1.json`]) {
      const file = JSON.stringify((await api.get(path)).body);
      expect(file).not.toContain('secret plan');
      expect(file).not.toContain('boo from below');
    }
    expect((await api.get('/api/matches/nope/spectate')).status).toBe(404);
  });

  it('a dead player sees only what the rules let the dead see', async () => {
    const m = await startSeven(api, {}, 'dead-view');
    const s = shortcuts(api, m);
    await s.post('bruno', 'pack', 'before I die');
    await api.del(`${s.base}/players/bruno`, m.gm);
    await s.post('elena', 'pack', 'alone now');
    await s.post('bruno', 'cemetery', 'welcome to me');
    const bruno = await s.me('bruno');
    // LUP-12: the pack channel is the living pack's; what it said while he lived stays his, the rest never.
    expect(texts(bruno)).toEqual(expect.arrayContaining(['before I die', 'welcome to me']));
    expect(texts(bruno)).not.toContain('alone now');
    expect((await api.get(`${s.base}/channels/pack/messages`, m.tokens.bruno)).status).toBe(403);
    expect((await s.post('bruno', 'pack', 'can I?')).status).toBe(403);
    // The living never read the cemetery.
    expect(texts(await s.me('elena'))).not.toContain('welcome to me');
  });
});

describe('vote counts', () => {
  it("LUP-8.5 publish the ruleset's tally: one line per candidate with voters in order and what the close would do, abstentions, not voting, deadline and history", async () => {
    const { m, s } = await dayOneWithoutCarla(api, 'votes');
    await s.act('anna', { type: 'vote', target: 'bruno' });
    await s.act('gina', { type: 'vote', target: 'elena' });
    await s.act('fabio', { type: 'vote', target: 'bruno' });
    await s.act('dario', { type: 'vote', target: 'elena' });
    const tie = (await api.get(`${s.base}/votes`)).body;
    // A tie in seat order, both to the run-off on these ballots.
    expect(tie.lines.map((l: any) => [l.target, l.voters, l.outcome])).toEqual([
      ['bruno', ['anna', 'fabio'], 'runoff'],
      ['elena', ['gina', 'dario'], 'runoff'],
    ]);

    await s.act('elena', { type: 'abstain' });
    await s.act('dario', { type: 'vote', target: 'bruno' });
    await api.del(`${s.base}/me/actions/ballot`, m.tokens.fabio);
    const count = await api.get(`${s.base}/votes`);
    expect(count.status).toBe(200);
    const summary = await s.summary();
    expect(count.body).toMatchObject({
      phase: 'day-1',
      open: true,
      deadline: summary.deadline,
      unit: 'heads',
      living: 6,
      // Bruno and Fabio may still vote: Elena could still reach 3.
      lines: [
        { target: 'bruno', name: 'Bruno', count: 2, voters: ['anna', 'dario'], outcome: 'stake', certain: false },
        { target: 'elena', name: 'Elena', count: 1, voters: ['gina'], outcome: 'safe', certain: false },
      ],
      decision: 'stake',
      certain: false,
      barred: [],
      forced: [],
      abstain: ['elena'],
      notVoting: ['bruno', 'fabio'],
    });
    expect(count.body.history.map((h: any) => [h.voter, h.change, h.target])).toEqual([
      ['anna', 'vote', 'bruno'],
      ['gina', 'vote', 'elena'],
      ['fabio', 'vote', 'bruno'],
      ['dario', 'vote', 'elena'],
      ['elena', 'abstain', null],
      ['dario', 'vote', 'bruno'],
      ['fabio', 'withdraw', null],
    ]);
    expect(count.body.history.every((h: any) => typeof h.at === 'number')).toBe(true);
    // Published after each change, as the route says it: by the stream's consumer, a moment after the commit.
    await expect.poll(async () => (await api.get(`/matches/${m.matchId}/votes/day-1.json`)).body).toEqual(count.body);
    expect((await api.get(`${s.base}/spectate`)).body.votes).toEqual(count.body);

    // Per phase in the public record: the final count of the closed day.
    await s.resolve('day-1');
    await effectsSettled(stack);
    const closed = (await api.get(`/matches/${m.matchId}/votes/day-1.json`)).body;
    expect(closed).toMatchObject({ phase: 'day-1', open: false, deadline: null, lines: count.body.lines });
    expect((await api.get(`${s.base}/votes?phase=day-1`)).body).toEqual(closed);
    expect((await api.get(`${s.base}/votes?phase=night-1`)).body.error.code).toBe('no-votes');
    expect((await api.get(`${s.base}/votes?phase=Day%201`)).status).toBe(400);
    // The open night has no public vote: the default read answers null (the page polls it), not an error.
    const none = await api.get(`${s.base}/votes`);
    expect([none.status, none.body]).toEqual([200, null]);
  });
});
