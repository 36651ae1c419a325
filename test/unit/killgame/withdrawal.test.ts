// KG-1.8 KG-4.4: a dead player submits nothing — his withdrawal is refused not-alive like his submissions.
import { describe, expect, it } from 'vitest';
import { at, toAction } from './helpers.js';

describe("KG-4.4 a dead player's withdrawal", () => {
  it('KG-1.8 KG-4.4 a removed player withdrawing is refused not-alive (not nothing-to-withdraw), like his actions', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {} },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    m.must('a', { type: 'move', zone: 'balle-di-paglia' });
    m.remove('a');
    expect(m.act('a', { type: 'stay' })).toMatchObject({ ok: false, reason: 'not-alive' });
    expect(m.act('a', { type: 'withdraw', slot: 'position' })).toEqual({
      ok: false,
      reason: 'not-alive',
      message: 'Dead players withdraw nothing.',
    });
    expect(m.act('b', { type: 'withdraw', slot: 'position' })).toMatchObject({ ok: false, reason: 'nothing-to-withdraw' });
  });

  it('KG-8.2 KG-4.4 a player killed in action-2 cannot withdraw in tactic-3', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {}, energy: 2 },
      { id: 'b', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    m.must('b', { type: 'shoot', targets: ['a'] });
    m.close();
    expect(m.phase).toBe('tactic-3');
    expect(m.act('a', { type: 'withdraw', slot: 'position' })).toMatchObject({ ok: false, reason: 'not-alive' });
  });
});
