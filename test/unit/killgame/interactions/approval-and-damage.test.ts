// KG-14.1 and KG-5.8 interactions: who counts as an opponent and when, and the order doubling and vests apply in.
import { describe, expect, it } from 'vitest';
import { at, toAction } from '../helpers.js';

describe('KG-14.1 the combat part against deaths and teams', () => {
  // Swap test/swaps/killgame/07-presence-counts-survivors-only.patch: only opponents still alive after A2 count as present.
  it('KG-14.1 an opponent present when the phase opened counts, even if a teammate killed him during it', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: {}, team: 'team-1' },
        { id: 'c', zone: 'campi', inventory: { 'rambo-knife': 1 }, team: 'team-1' },
        { id: 'b', zone: 'campi', inventory: {}, team: 'team-2', energy: 2 },
        { id: 'e', zone: 'paese', inventory: {}, team: 'team-2' },
      ],
      { settings: { mode: 'teams' } },
    );
    toAction(m);
    m.must('c', { type: 'stab', targets: ['b'] });
    m.close();
    expect(m.facts().dead).toEqual(['b']);
    expect(m.eventsOf('action-2', 'a', 'approval')).toEqual([{ kind: 'approval', to: 'a', change: -1, approval: -1 }]);
    expect(m.eventsOf('action-2', 'c', 'approval')).toEqual([{ kind: 'approval', to: 'c', change: 1, approval: 1 }]);
  });

  // Swap test/swaps/killgame/08-teammate-hit-is-aggression.patch: a hit on a teammate counts as aggression.
  it('KG-14.1 a hit on a teammate is not aggression: beside an opponent it scores −1', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { knife: 1 }, team: 'team-1' },
        { id: 'c', zone: 'campi', inventory: {}, team: 'team-1' },
        { id: 'b', zone: 'campi', inventory: {}, team: 'team-2' },
      ],
      { settings: { mode: 'teams' } },
    );
    toAction(m);
    m.must('a', { type: 'stab', targets: ['c'] });
    m.close();
    expect(m.eventsOf('action-2', 'a', 'approval')).toEqual([{ kind: 'approval', to: 'a', change: -1, approval: -1 }]);
  });

  // Swap test/swaps/killgame/09-blocked-hit-not-aggression.patch: a hit reduced to 0 by a vest is not counted as aggression.
  it('KG-14.1 KG-5.8 a knife hit reduced to 0 by a vest still counts: +1', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { knife: 1 } },
      { id: 'b', zone: 'campi', inventory: { vest: 1 } },
    ]);
    toAction(m);
    m.must('a', { type: 'stab', targets: ['b'] });
    m.must('b', { type: 'vest' });
    m.close();
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([{ kind: 'hit', to: 'b', source: 'knife', by: 'a', damage: 0 }]);
    expect(m.eventsOf('action-2', 'a', 'approval')).toEqual([{ kind: 'approval', to: 'a', change: 1, approval: 1 }]);
  });
});

describe('KG-5.8 hit damage: doubling, then the vest; reported uncapped', () => {
  // Swap test/swaps/killgame/10-vest-before-doubling.patch: the vest halves before double damage doubles.
  it('KG-5.7 KG-5.8 under double damage a sniper hit on a vest is ⌊6/2⌋ = 3, not 2·⌊3/2⌋ = 2', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
        { id: 'b', zone: 'campi', inventory: { vest: 1 } },
      ],
      { setup: { doubleDamage: true } },
    );
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.must('b', { type: 'vest' });
    m.close();
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([{ kind: 'hit', to: 'b', source: 'sniper-rifle', by: 'a', damage: 3 }]);
  });

  // Swap test/swaps/killgame/11-hit-damage-capped.patch: the hit's damage capped at the energy the victim had left.
  it('KG-16 hit: a 3-damage shot on a player with 2 energy reports 3', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
      { id: 'b', zone: 'campi', inventory: {}, energy: 2 },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([{ kind: 'hit', to: 'b', source: 'sniper-rifle', by: 'a', damage: 3 }]);
    expect(m.eventsOf('action-2', 'a', 'attack-result')).toEqual([
      { kind: 'attack-result', to: 'a', weapon: 'sniper-rifle', target: 'b', damage: 3 },
    ]);
  });
});

describe('KG-8.1 tactic close: positions before closed-zone damage', () => {
  // Swap test/swaps/killgame/12-closed-damage-before-moves.patch: closed-zone damage (T7) taken before the moves (T5).
  it('KG-8.1 KG-9.4 leaving a closed zone during the tactic phase costs nothing; staying costs closed-zone-damage', () => {
    const m = at([
      { id: 'a', zone: 'landa-del-sud', inventory: {} },
      { id: 'b', zone: 'landa-del-sud', inventory: {} },
    ]);
    expect(m.state.closed).toContain('landa-del-sud');
    m.must('a', { type: 'move', zone: 'campi' });
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'closed-zone-damage')).toEqual([]);
    expect(m.eventsOf('tactic-2', 'b', 'closed-zone-damage')).toEqual([
      { kind: 'closed-zone-damage', to: 'b', zone: 'landa-del-sud', damage: 10 },
    ]);
  });
});
