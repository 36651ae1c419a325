// Where the night's steps meet (MAF-5.2–5.8): each test fails when a step or check runs in the wrong
// order or scope; the swap it catches is written above it and kept in test/swaps/mafia/.
import { describe, expect, it } from 'vitest';
import { eightAtNight, find } from '../harness.js';

describe('MAF-5.2 step I: blocks', () => {
  // Swap 11: a blocker blocked earlier in step I (in seat order) loses his own block.
  it('MAF-5.2 a player who uses a block and is blocked the same night still applies it', () => {
    const m = eightAtNight({ t1: { inventory: { 'dope-potion': 1 } }, t2: { inventory: { 'dope-potion': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['t1', { type: 'use-item', item: 'dope-potion', target: 't2' }],
      ['t2', { type: 'use-item', item: 'dope-potion', target: 't3' }],
      ['t3', { type: 'search-random', rarity: 'thing' }],
    ]);
    expect(find(events, { to: 't3', kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't3', action: 'search-random', reason: 'blocked' },
    ]);
    expect(find(events, { to: 't2', kind: 'action-succeeded' })).toEqual([
      { kind: 'action-succeeded', to: 't2', action: 'use-item', item: 'dope-potion', target: 't3' },
    ]);
    expect(m.count('t3', 'revolver')).toBe(0);
  });
});

describe('MAF-5.4 luck/curse cancellation comes before step II', () => {
  // Swap 12: the cancellation runs after step II, so both effects land one after the other.
  it('MAF-5.4 luck and a curse aimed at one player the same night are both void, items spent', () => {
    const m = eightAtNight({ t1: { inventory: { 'lucky-coin': 1 } }, t2: { inventory: { 'curse-potion': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['t1', { type: 'use-item', item: 'lucky-coin', target: 't5' }],
      ['t2', { type: 'use-item', item: 'curse-potion', target: 't5' }],
    ]);
    expect(find(events, { kind: 'action-failed' }).map((e) => [e.to, e.reason])).toEqual([
      ['t1', 'cancelled'],
      ['t2', 'cancelled'],
    ]);
    expect(find(events, { kind: 'action-succeeded' })).toEqual([]);
    expect(m.stats('t5')).toMatchObject({ curse: 0, luck: 25 });
    expect(m.count('t2', 'curse-potion')).toBe(0);
  });
});

describe('MAF-5.6, MAF-5.7 searches (step IV) before thefts (step V)', () => {
  // Swap 14: the thefts run before the searches.
  it('MAF-5.6, MAF-5.7, MAF-4.18 a passive find bonus stolen tonight still helps its old owner’s search tonight', () => {
    const odds = { 'search-odds': { thing: 80, relic: 85, rare: 50, artifact: 40, legendary: 20 } };
    const m = eightAtNight({ b1: { inventory: { 'dowsing-rod': 1 } } }, { dice: 'fail', settings: odds });
    const events = m.night([
      ['b1', { type: 'search-random', rarity: 'relic' }],
      ['b2', { type: 'steal', target: 'b1', item: 'dowsing-rod' }],
    ]);
    // 85 + 20 ≥ 100: found under failing dice only with the rod still in hand at step IV
    expect(find(events, { to: 'b1', kind: 'action-succeeded' })).toHaveLength(1);
    expect(find(events, { to: 'b2', kind: 'action-succeeded' })).toEqual([
      { kind: 'action-succeeded', to: 'b2', action: 'steal', target: 'b1', item: 'dowsing-rod' },
    ]);
    expect(m.count('b2', 'dowsing-rod')).toBe(1);
  });
});

describe('MAF-5.8 step VI: the order of the death checks', () => {
  // Swap 13: healing is checked before incineration.
  it('MAF-5.8, MAF-9.19 an incinerated player dies although healed', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'salamander-flask': 1 } }, t2: { inventory: { 'elixir-of-life': 1 } } },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['t1', { type: 'use-item', item: 'salamander-flask', target: 't5' }],
      ['t2', { type: 'use-item', item: 'elixir-of-life', target: 't5' }],
    ]);
    expect(find(events, { kind: 'died' })).toEqual([{ kind: 'died', to: 'public', player: 't5' }]);
    expect(find(events, { kind: 'saved-player' })).toEqual([]);
  });
});
