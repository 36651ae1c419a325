import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { drawPrize, drawPunishment } from '../../../engine/rulesets/killgame/audience.js';
import { at, toAction } from './helpers.js';

describe('audience approval', () => {
  it('KG-14.1 combat part: +1 for a hit on an opponent, −1 beside an opponent without one, 0 alone or with teammates', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { knife: 1 }, team: 'team-1' },
        { id: 'b', zone: 'campi', inventory: {}, team: 'team-2' },
        { id: 'c', zone: 'paese', inventory: { knife: 1 }, team: 'team-1' },
        { id: 'd', zone: 'paese', inventory: {}, team: 'team-1' },
        { id: 'e', zone: 'ruderi', inventory: {}, team: 'team-2' },
      ],
      { settings: { mode: 'teams' } },
    );
    toAction(m);
    m.must('a', { type: 'stab', targets: ['b'] });
    m.must('c', { type: 'stab', targets: ['d'] });
    m.close();
    expect(m.eventsOf('action-2', 'a', 'approval')).toEqual([{ kind: 'approval', to: 'a', change: 1, approval: 1 }]);
    expect(m.facts().stats!.b!.approval).toBe(-1);
    // Hitting a teammate is not aggression; only teammates around → 0.
    expect(m.facts().stats!.c!.approval).toBe(0);
    expect(m.facts().stats!.d!.approval).toBe(0);
    expect(m.facts().stats!.e!.approval).toBe(0);
  });

  it('KG-14.1 KG-15.2 the shout part adds ±2 to the combat part', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: {} },
        { id: 'b', zone: 'campi', inventory: {} },
      ],
      { dice: 'fail' },
    );
    toAction(m);
    m.must('a', { type: 'shout' });
    m.close();
    expect(m.eventsOf('action-2', 'a', 'approval')).toEqual([{ kind: 'approval', to: 'a', change: -3, approval: -3 }]);
    expect(m.eventsOf('action-2', 'public', 'shout')).toEqual([
      { kind: 'shout', to: 'public', player: 'a', zone: 'campi', success: false },
    ]);
  });

  it('KG-14.2 at +3 a prize and approval back to 0; at −3 a punishment; the excess is lost', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { knife: 1 }, approval: 2 },
        { id: 'b', zone: 'campi', inventory: {}, approval: -2 },
      ],
      { dice: 'succeed' },
    );
    toAction(m);
    m.must('a', { type: 'stab', targets: ['b'] });
    m.must('a', { type: 'shout' });
    m.close();
    expect(m.eventsOf('action-2', 'a', 'approval')).toEqual([{ kind: 'approval', to: 'a', change: 3, approval: 5 }]);
    expect(m.eventsOf('action-2', 'a', 'prize')).toEqual([{ kind: 'prize', to: 'a', item: 'gas-mask', count: 1 }]);
    expect(m.eventsOf('action-2', 'b', 'punishment')).toEqual([{ kind: 'punishment', to: 'b', damage: 1 }]);
    expect(m.facts().stats!.a!.approval).toBe(0);
    expect(m.facts().stats!.b).toMatchObject({ approval: 0, energy: 23 });
  });

  it('KG-14.2 approval-threshold is configurable', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { knife: 1 } },
        { id: 'b', zone: 'campi', inventory: {} },
      ],
      { settings: { 'approval-threshold': 1 } },
    );
    toAction(m);
    m.must('a', { type: 'stab', targets: ['b'] });
    m.close();
    expect(m.eventsOf('action-2', 'a', 'prize')).toHaveLength(1);
    expect(m.eventsOf('action-2', 'b', 'punishment')).toHaveLength(1);
  });

  it('KG-14.3 seeded: prizes follow the weighted table; no K rations when they are off', () => {
    const on = at(
      [
        { id: 'a', zone: 'campi' },
        { id: 'b', zone: 'campi' },
      ],
      { settings: { 'k-rations': true } },
    ).state;
    const off = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'campi' },
    ]).state;
    const n = 20000;
    const counts: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const p = drawPrize(on, createRng('prizes', 'natural', `d${i}`));
      const key = `${p.count} ${p.item}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    const expected: Record<string, number> = {
      '1 gas-mask': 30,
      '3 k-ration': 20,
      '1 antidote': 15,
      '1 amulet': 15,
      '1 vest': 10,
      '1 medikit': 7,
      '2 medikit': 3,
    };
    for (const [k, w] of Object.entries(expected)) expect(Math.abs(counts[k]! / n - w / 100)).toBeLessThan(0.015);
    for (let i = 0; i < 2000; i++) expect(drawPrize(off, createRng('prizes-off', 'natural', `d${i}`)).item).not.toBe('k-ration');
  });

  it('KG-14.4 seeded: punishments follow the weighted table and can kill', () => {
    const n = 20000;
    const counts: Record<number, number> = {};
    for (let i = 0; i < n; i++) {
      const d = drawPunishment(createRng('pun', 'natural', `d${i}`));
      counts[d] = (counts[d] ?? 0) + 1;
    }
    const expected: Record<number, number> = { 1: 30, 2: 25, 3: 20, 4: 12, 5: 8, 6: 5 };
    for (const [k, w] of Object.entries(expected)) expect(Math.abs(counts[Number(k)]! / n - w / 100)).toBeLessThan(0.015);
    const m = at([
      { id: 'a', zone: 'campi', inventory: {}, energy: 1, approval: -2 },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    m.close();
    expect(m.facts().dead).toEqual(['a']);
  });
});

describe('challenge shout', () => {
  it('KG-15.1 shouts from action-2 on, from any zone', () => {
    const m = at(
      [
        { id: 'a', zone: 'landa-del-sud', inventory: {} },
        { id: 'b', zone: 'campi', inventory: {} },
      ],
      { turn: 1 },
    );
    toAction(m);
    expect(m.act('a', { type: 'shout' })).toMatchObject({ reason: 'not-on-turn-1' });
    m.close();
    m.close();
    expect(m.act('a', { type: 'shout' })).toMatchObject({ ok: true });
  });

  it('KG-15.2 seeded: a shout succeeds with probability persuasion %', () => {
    for (const persuasion of [20, 40, 80]) {
      let wins = 0;
      const n = 400;
      for (let s = 0; s < n; s++) {
        const m = at(
          [
            { id: 'a', zone: 'campi', inventory: {}, persuasion },
            { id: 'b', zone: 'paese', inventory: {} },
          ],
          { dice: 'natural', seed: `shout-${persuasion}-${s}` },
        );
        toAction(m);
        m.must('a', { type: 'shout' });
        m.close();
        if (m.eventsOf('action-2', 'public', 'shout')[0]!.success) wins++;
      }
      expect(Math.abs(wins / n - persuasion / 100)).toBeLessThan(0.08);
    }
  });

  it('KG-15.2 persuasion 0 always fails and 100 always succeeds, whatever the dice', () => {
    for (const dice of ['succeed', 'fail', 'natural'] as const) {
      const m = at(
        [
          { id: 'a', zone: 'campi', inventory: {}, persuasion: 0 },
          { id: 'b', zone: 'paese', inventory: {}, persuasion: 100 },
        ],
        { dice },
      );
      toAction(m);
      m.must('a', { type: 'shout' });
      m.must('b', { type: 'shout' });
      m.close();
      expect(m.eventsOf('action-2', 'public', 'shout').map((e) => e.success)).toEqual([false, true]);
    }
  });

  it('KG-15.3 persuasion −20 after a shout, +20 without, within 0–100, only from turn 2', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {}, persuasion: 10 },
      { id: 'b', zone: 'paese', inventory: {}, persuasion: 90 },
    ]);
    toAction(m);
    m.must('a', { type: 'shout' });
    m.close();
    expect(m.facts().stats!.a!.persuasion).toBe(0);
    expect(m.facts().stats!.b!.persuasion).toBe(100);
    const one = at(
      [
        { id: 'a', zone: 'campi', inventory: {} },
        { id: 'b', zone: 'paese', inventory: {} },
      ],
      { turn: 1 },
    );
    toAction(one);
    one.close();
    expect(one.facts().stats!.a!.persuasion).toBe(40);
  });

  it('KG-15.4 the public shout tells the shouter’s zone even in smoke', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {} },
      { id: 'b', zone: 'paese', inventory: {} },
    ]);
    m.state.smokeEnd = { campi: 5 };
    toAction(m);
    m.must('a', { type: 'shout' });
    m.close();
    expect(m.eventsOf('action-2', 'public', 'shout')).toEqual([{ kind: 'shout', to: 'public', player: 'a', zone: 'campi', success: true }]);
  });
});
