// Step VI in the night (MAF-5.8, 9.18, 9.19): the order of victims and incineration against healing.
import { describe, expect, it } from 'vitest';
import { eightAtNight, find } from './harness.js';

describe('Step VI: deaths at night', () => {
  it('MAF-5.8 / MAF-9.19 an incineration kills a healed victim whatever other attempts he had; his healer is told nothing', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'salamander-flask': 1 } }, t5: { inventory: { 'elixir-of-life': 1 } } },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['b1', { type: 'use-item', item: 'revolver', target: 't4' }],
      ['t1', { type: 'use-item', item: 'salamander-flask', target: 't4' }],
      ['t5', { type: 'use-item', item: 'elixir-of-life', target: 't4' }],
    ]);
    expect(m.facts().dead).toContain('t4');
    expect(find(events, { kind: 'died' })).toEqual([{ kind: 'died', to: 'public', player: 't4' }]);
    expect(find(events, { kind: 'saved-player' })).toEqual([]);
  });

  it('MAF-5.8 victims are taken in their seat order, not their attackers’: the healers are told in that order', () => {
    // b1 (seat 1) shoots t6 (seat 8) before t1 (seat 3) shoots t4 (seat 6)
    const m = eightAtNight(
      { t1: { inventory: { revolver: 1 } }, t2: { inventory: { 'elixir-of-life': 1 } }, t5: { inventory: { 'elixir-of-life': 1 } } },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['b1', { type: 'use-item', item: 'revolver', target: 't6' }],
      ['t1', { type: 'use-item', item: 'revolver', target: 't4' }],
      ['t2', { type: 'use-item', item: 'elixir-of-life', target: 't6' }],
      ['t5', { type: 'use-item', item: 'elixir-of-life', target: 't4' }],
    ]);
    expect(m.facts().alive).toEqual(expect.arrayContaining(['t4', 't6']));
    expect(find(events, { kind: 'saved-player' })).toEqual([
      { kind: 'saved-player', to: 't5', target: 't4' },
      { kind: 'saved-player', to: 't2', target: 't6' },
    ]);
  });
});
