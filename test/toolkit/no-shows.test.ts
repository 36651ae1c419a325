// The no-show policy through the API: warnings, removal after N missed phases, a ruleset's default action.
import { afterAll, describe, expect, it } from 'vitest';
import type { ActionInput } from '../../engine/core/types.js';
import { lupus } from '../../engine/rulesets/lupus/index.js';
import { startSeven } from '../integration/lupus-table.js';
import { useStack } from '../setup/stack.js';
import { shortcuts } from './helpers.js';

const { stack, api } = useStack();
afterAll(async () => {
  delete (lupus as { defaultAction?: unknown }).defaultAction;
});

const check = (base: string, token: string) => api.post(`${base}/me/check`, {}, token);

describe('no-shows', () => {
  it('warns a no-show privately, counts a Lupus day silence as an abstention, and removes him after the limit', async () => {
    const m = await startSeven(api, { 'check-mode': true, 'no-show': 'warn', 'no-show-limit': 2 }, 'no-show');
    const s = shortcuts(api, m);
    // night-1: the pumpkins only check (that is sending something); the seer sends nothing; the wolves
    // and the bambina have no night-1 action, so nothing is expected of them.
    for (const p of ['carla', 'fabio', 'gina']) expect((await check(s.base, m.tokens[p]!)).status).toBe(200);
    await s.resolve('night-1');
    const notice = (await s.me('anna')).events.filter((e: any) => e.kind === 'no-show');
    expect(notice).toEqual([{ phase: 'night-1', kind: 'no-show', to: 'anna', missed: 1, limit: 2 }]);
    for (const p of ['bruno', 'carla', 'dario', 'elena', 'fabio', 'gina']) {
      expect(
        (await s.me(p)).events.some((e: any) => e.kind === 'no-show'),
        p,
      ).toBe(false);
    }

    for (const p of ['carla', 'dario', 'fabio', 'elena']) await s.act(p, { type: 'vote', target: 'bruno' });
    await s.act('bruno', { type: 'vote', target: 'carla' });
    await s.resolve('day-1');
    const summary = await s.summary();
    expect(summary.phase).toBe('night-2');
    const alive = Object.fromEntries(summary.players.map((p: any) => [p.id, p.alive]));
    expect(alive).toMatchObject({ anna: false, bruno: false, gina: true });
    // The removal is a modkill that reveals nothing; it belongs to the phase that opened.
    const deaths = (await s.me('fabio')).events.filter((e: any) => e.kind === 'death' && e.player === 'anna');
    expect(deaths).toEqual([{ phase: 'night-2', kind: 'death', to: 'public', player: 'anna', cause: 'removed' }]);
    // LUP-8.3: gina's silent day is an abstention the ruleset counts; the platform counts a missed phase.
    const gina = await s.me('gina');
    expect(gina.view.me.abstentions).toBe(1);
    expect(gina.events.filter((e: any) => e.kind === 'no-show')).toEqual([
      { phase: 'day-1', kind: 'no-show', to: 'gina', missed: 1, limit: 2 },
    ]);
    const record = (await api.get(`${s.base}/export`, m.gm)).body;
    expect(record.noShows).toEqual({ anna: ['night-1', 'day-1'], gina: ['day-1'] });
    expect((await api.post(`${s.base}/replay`, {}, m.gm)).body).toEqual({ identical: true, resolved: 2 });
  });

  it('fills a no-show’s slot with the ruleset’s default action, stored with the close and undone by a rollback', async () => {
    // A ruleset that declares a default: Lupus has none (its silence is already an abstention), so the test lends it one.
    (lupus as { defaultAction?: unknown }).defaultAction = (state: { phase: { kind: string } | null }): ActionInput | null =>
      state.phase?.kind === 'day' ? { type: 'abstain' } : null;
    const m = await startSeven(api, { 'no-show': 'default' }, 'no-show-default');
    const s = shortcuts(api, m);
    await s.resolve('night-1');
    expect((await s.gm()).pending).toEqual([]);
    await s.act('anna', { type: 'vote', target: 'bruno' });
    await s.resolve('day-1');
    const record = (await api.get(`${s.base}/export`, m.gm)).body;
    const day = record.phases.find((p: any) => p.phase === 'day-1');
    const auto = day.actions.filter((a: any) => a.auto);
    expect(auto.map((a: any) => a.player).sort()).toEqual(['bruno', 'carla', 'dario', 'elena', 'fabio', 'gina']);
    expect(auto.every((a: any) => a.action.type === 'abstain')).toBe(true);
    const result = day.events.find((e: any) => e.event.kind === 'day-result').event;
    expect(result.ballots).toEqual({ anna: 'bruno', bruno: null, carla: null, dario: null, elena: null, fabio: null, gina: null });
    // The defaults were cast in public like any ballot.
    expect(day.events.filter((e: any) => e.event.kind === 'vote-cast' && e.seq.startsWith('~notice-'))).toHaveLength(6);
    expect((await api.post(`${s.base}/replay`, {}, m.gm)).body.identical).toBe(true);

    await api.post(`${s.base}/rollback`, { phase: 'day-1' }, m.gm);
    const pending = (await s.gm()).pending;
    expect(pending.map((p: any) => p.player)).toEqual(['anna']);
    delete (lupus as { defaultAction?: unknown }).defaultAction;
  });

  it('is a platform setting: validated, shown, live-changeable; the ruleset’s own settings stay as they were', async () => {
    const bad = await api.post('/api/matches', { ruleset: 'lupus', name: 'Bad', settings: { 'no-show': 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid-settings');
    expect((await api.post('/api/matches', { ruleset: 'killgame', name: 'Bad', settings: { 'no-show-limit': 99 } })).status).toBe(400);
    // Kill Game's strict settings schema never sees the platform's keys.
    const kg = await api.post('/api/matches', { ruleset: 'killgame', name: 'Strict', settings: { 'no-show': 'warn' } });
    expect(kg.status, JSON.stringify(kg.body)).toBe(201);

    const m = await startSeven(api, {}, 'no-show-settings');
    const path = `/api/matches/${m.matchId}/settings`;
    const changed = await api.patch(path, { 'no-show': 'warn', 'no-show-limit': 3 }, m.gm);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.settings).toMatchObject({ 'no-show': 'warn', 'no-show-limit': 3, 'max-abstentions': 3 });
    expect((await api.patch(path, { 'no-show': 'warn', difficulty: 'easy' }, m.gm)).body.error.code).toBe('setting-locked');
    expect((await api.get(`/api/matches/${m.matchId}`)).body.settings['no-show']).toBe('warn');
    expect((await api.patch(path, { 'no-show': 'warn' }, m.tokens.anna)).status).toBe(403);
  });
});
