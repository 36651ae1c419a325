// KG-8.2 interactions: the steps of an action phase's close against each other, and the dead against each step.
import { describe, expect, it } from 'vitest';
import { at, toAction } from '../helpers.js';

describe('KG-8.2 the dead against the later steps', () => {
  // Swap test/swaps/killgame/01-killed-shouter-still-rolls.patch: a shouter killed in A2 still rolls at A8.
  it('KG-8.2 KG-15.2 a shouter killed in the same phase does not roll: no shout, no persuasion change', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {}, energy: 2 },
      { id: 'b', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'shout' });
    m.must('b', { type: 'shoot', targets: ['a'] });
    m.close();
    expect(m.facts().dead).toEqual(['a']);
    expect(m.eventsOf('action-2', 'public', 'shout')).toEqual([]);
  });

  // Swap test/swaps/killgame/02-killed-attacker-holds-fire.patch: a player killed in A2 no longer delivers his own attack.
  it('KG-8.2 attacks are simultaneous: two players who kill each other both deliver their hit', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1 }, energy: 3 },
      { id: 'b', zone: 'campi', inventory: { 'sniper-rifle': 1 }, energy: 3 },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.must('b', { type: 'shoot', targets: ['a'] });
    m.close();
    expect(m.facts().dead).toEqual(['a', 'b']);
    expect(m.eventsOf('action-2', 'a', 'hit')).toEqual([{ kind: 'hit', to: 'a', source: 'sniper-rifle', by: 'b', damage: 3 }]);
  });

  // Swap test/swaps/killgame/03-deaths-before-approval.patch: deaths (A10) taken before approval and punishments (A9).
  it('KG-8.2 KG-14.2 a punishment at A9 that empties the energy kills at A10 of the same phase', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {}, energy: 1, approval: -2 },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    m.close();
    expect(m.eventsOf('action-2', 'a', 'punishment')).toHaveLength(1);
    expect(m.eventsOf('action-2', 'public', 'player-died')).toEqual([{ kind: 'player-died', to: 'public', player: 'a' }]);
  });
});

describe('KG-5.6 A6 poison: ticks, then new poisonings', () => {
  // Swap test/swaps/killgame/04-poison-before-ticks.patch: new poisonings before the ticks, so a fresh bolt ticks at once.
  it('KG-5.6 KG-8.2 a player bolted this phase is poisoned for two turns and takes no tick yet', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { crossbow: 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.eventsOf('action-2', 'b', 'poisoned')).toEqual([{ kind: 'poisoned', to: 'b', turns: 2 }]);
    expect(m.eventsOf('action-2', 'b', 'poison-damage')).toEqual([]);
    expect(m.energy('b')).toBe(23);
  });
});

describe('KG-10.3 A7 central supplies before eating', () => {
  // Swap test/swaps/killgame/05-eat-before-central-rations.patch: the central zone's rations handed out after eating.
  it('KG-10.2 KG-10.3 a player without rations in the central zone is fed by the supplies: no hunger', () => {
    const m = at(
      [
        { id: 'a', zone: 'sentiero', inventory: {} },
        { id: 'b', zone: 'campi', inventory: { 'k-ration': 1 } },
      ],
      { settings: { 'k-rations': true } },
    );
    m.must('a', { type: 'move', zone: 'paese' });
    toAction(m);
    m.close();
    expect(m.eventsOf('action-2', 'a', 'rations-found')).toEqual([{ kind: 'rations-found', to: 'a', count: 3 }]);
    expect(m.eventsOf('action-2', 'a', 'hunger')).toEqual([]);
    expect(m.facts().inventory!.a!['k-ration']).toBe(2);
  });
});

describe('KG-7.3 explosives: the first two per zone by submission time', () => {
  // Swap test/swaps/killgame/06-explosives-in-match-order.patch: explosives taken in match order instead of submission order.
  it('KG-7.3 the third grenade submitted on a zone is wasted, whoever sits first in match order', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { grenade: 1 } },
      { id: 'b', zone: 'campi', inventory: { grenade: 1 } },
      { id: 'c', zone: 'campi', inventory: { grenade: 1 } },
      { id: 'd', zone: 'ponte-ovest', inventory: {} },
    ]);
    toAction(m);
    m.must('c', { type: 'grenade', zone: 'ponte-ovest' });
    m.must('b', { type: 'grenade', zone: 'ponte-ovest' });
    m.must('a', { type: 'grenade', zone: 'ponte-ovest' });
    m.close();
    expect(m.eventsOf('action-2', 'a', 'explosive-wasted')).toEqual([
      { kind: 'explosive-wasted', to: 'a', item: 'grenade', zone: 'ponte-ovest' },
    ]);
    expect(m.eventsOf('action-2', 'c', 'explosive-wasted')).toEqual([]);
  });
});

describe('KG-8.2 steps A3–A9 consider only players still standing', () => {
  /** b is shot to 0 at A2 beside a; c stands elsewhere. */
  function shotDown(settings: Record<string, unknown> = {}) {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1, 'k-ration': 1 } },
        { id: 'b', zone: 'campi', inventory: {}, energy: 3 },
        { id: 'c', zone: 'ponte-ovest', inventory: { 'k-ration': 1 } },
      ],
      { settings },
    );
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.facts().dead).toEqual(['b']);
    return m;
  }

  // Swap test/swaps/killgame/15-the-fallen-go-hungry.patch: a player brought to 0 at A2 still eats (or starves) at A7.
  it('KG-8.2 KG-10.2 a player shot to 0 energy at A2 is not fed at A7: no hunger', () => {
    const m = shotDown({ 'k-rations': true });
    expect(m.eventsOf('action-2', 'b', 'hunger')).toEqual([]);
  });

  // Swap test/swaps/killgame/16-the-fallen-are-judged.patch: a player brought to 0 at A2 still gets an approval change at A9.
  it('KG-8.2 KG-14.1 a player shot to 0 energy at A2 is not judged at A9: no approval', () => {
    const m = shotDown();
    expect(m.eventsOf('action-2', 'b', 'approval')).toEqual([]);
    expect(m.eventsOf('action-2', 'a', 'approval')).toEqual([{ kind: 'approval', to: 'a', change: 1, approval: 1 }]);
  });
});
