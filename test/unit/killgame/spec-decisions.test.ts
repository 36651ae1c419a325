// Issue 43's Kill Game rules as the spec now states them: KG-4.3 projected validation, KG-4.4 the order of
// refusals (the platform's first). KG-14.1 and the hit's damage: test/unit/killgame/interactions/.
import { describe, expect, it } from 'vitest';
import { at, toAction } from './helpers.js';

describe('KG-4.3 projected validation', () => {
  it('KG-4.3 selling the only medikit while a medikit is accepted is refused not-owned; the medikit stays and heals', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 1 }, energy: 15 },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    m.must('a', { type: 'medikit' });
    expect(m.act('a', { type: 'sell', item: 'medikit', count: 1 })).toMatchObject({ ok: false, reason: 'not-owned' });
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'healed')).toEqual([{ kind: 'healed', to: 'a', by: 'a', amount: 4 }]);
  });

  // Swap test/swaps/killgame/13-projection-forgets-own-medikits.patch: the projection keeps the energy the phase opened with.
  it('KG-4.3 a later medikit on oneself is checked against the energy after the earlier ones', () => {
    // 23 + ⌈2·40 %⌉ = 24, then 24 + ⌈1·40 %⌉ = 25: the third finds the energy full.
    const third = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 3 }, energy: 23 },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    third.must('a', { type: 'medikit' });
    third.must('a', { type: 'medikit' });
    expect(third.act('a', { type: 'medikit' })).toMatchObject({ ok: false, reason: 'full-energy' });
  });

  it("KG-4.3 other players' pending actions are not taken into account", () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 1 }, energy: 10 },
      { id: 'b', zone: 'campi', inventory: { medikit: 1 }, energy: 10 },
    ]);
    // b's medikit on a does not make a's own medikit pointless in a's projection.
    m.must('b', { type: 'medikit', target: 'a' });
    expect(m.act('a', { type: 'medikit' }).ok).toBe(true);
  });
});

describe('KG-4.4 the order of refusals', () => {
  it("KG-4.4 a dead player's check is check-disabled with check mode off (the platform first), not-alive with it on", () => {
    const off = at([
      { id: 'a', zone: 'campi', inventory: {} },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    off.remove('a');
    expect(off.act('a', { type: 'check' })).toMatchObject({ ok: false, reason: 'check-disabled' });
    const on = at(
      [
        { id: 'a', zone: 'campi', inventory: {} },
        { id: 'b', zone: 'campi', inventory: {} },
        { id: 'c', zone: 'paese', inventory: {} },
      ],
      { settings: { 'check-mode': true } },
    );
    on.remove('a');
    expect(on.act('a', { type: 'check' })).toMatchObject({ ok: false, reason: 'not-alive' });
  });

  // Swap test/swaps/killgame/14-wrong-phase-before-not-alive.patch: wrong-phase checked before not-alive.
  it('KG-4.4 not-alive comes before wrong-phase and before the fields', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {} },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    m.remove('a');
    toAction(m);
    expect(m.act('a', { type: 'move', zone: 'nowhere' })).toMatchObject({ ok: false, reason: 'not-alive' });
    expect(m.act('b', { type: 'move', zone: 'nowhere' })).toMatchObject({ ok: false, reason: 'wrong-phase' });
  });

  it("KG-4.4 a turn restriction comes first among a type's own checks", () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {} },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    // Turn 2: a start is turn-1-only before its zone is looked at; a move to the zone one is in is already-there.
    expect(m.act('a', { type: 'start', zone: 'campi' })).toMatchObject({ ok: false, reason: 'turn-1-only' });
    expect(m.act('a', { type: 'move', zone: 'campi' })).toMatchObject({ ok: false, reason: 'already-there' });
  });
});
