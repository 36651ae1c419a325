// Night rules against each other (MAF-0.5, 4.12, 4.16, 5.2, 5.5–5.8, 9.3, 9.4, 9.14, 9.15): each test fails
// when one rule is applied in the wrong order or scope; the swap it catches is written above it and kept in
// test/swaps/mafia/.
import { describe, expect, it } from 'vitest';
import { eightAtNight, find, nextNight } from '../harness.js';

describe('MAF-0.5, MAF-5.2 a night block against night actions', () => {
  // Swap 20: a night-blocked item use is spent like a day-blocked one (D50 applied to the night).
  it('MAF-0.5, MAF-5.2 a night-blocked item use is not carried out and costs nothing', () => {
    const m = eightAtNight({ t1: { inventory: { 'dope-potion': 1 } }, t2: { inventory: { revolver: 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['t1', { type: 'use-item', item: 'dope-potion', target: 't2' }],
      ['t2', { type: 'use-item', item: 'revolver', target: 't3' }],
    ]);
    expect(find(events, { to: 't2', kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't2', action: 'use-item', reason: 'blocked', item: 'revolver', target: 't3' },
    ]);
    expect(m.count('t2', 'revolver')).toBe(1);
    expect(find(events, { kind: 'died' })).toEqual([]);
  });
});

describe('MAF-4.12 the theft checks in their order', () => {
  // Swap 21: invisibility is checked before the trap.
  it('MAF-4.12 (2, 3), MAF-9.11 a trapped victim who is invisible springs the trap: the theft fails trap, not protected', () => {
    const m = eightAtNight(
      { t6: { inventory: { 'bear-trap': 1 } }, t5: { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } } },
      { dice: 'succeed' },
    );
    nextNight(m, [['t6', { type: 'use-item', item: 'bear-trap', target: 't5' }]]);
    const events = m.night([
      ['t5', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t4', { type: 'steal', target: 't5', item: 'lucky-coin' }],
    ]);
    expect(find(events, { to: 't4', kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'steal', reason: 'trap', target: 't5', item: 'lucky-coin' },
    ]);
    expect(find(events, { to: 't6', kind: 'trap-triggered' })).toEqual([{ kind: 'trap-triggered', to: 't6', target: 't5', thief: 't4' }]);
  });

  // Swap 22: bandit-on-bandit success is decided before the victim's invisibility.
  it('MAF-4.12 (3, 4), MAF-4.14 a bandit stealing from an invisible bandit fails (protected)', () => {
    const m = eightAtNight({ b1: { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['b1', { type: 'use-item', item: 'invisibility-cloak' }],
      ['b2', { type: 'steal', target: 'b1', item: 'lucky-coin' }],
    ]);
    expect(find(events, { to: 'b2', kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 'b2', action: 'steal', reason: 'protected', target: 'b1', item: 'lucky-coin' },
    ]);
    expect(m.count('b1', 'lucky-coin')).toBe(1);
  });
});

describe('MAF-5.5, MAF-5.7 Destruction (step III) before thefts (step V)', () => {
  // Swap 25: the thefts run before the Destruction.
  it('MAF-1.17, MAF-5.5 an item destroyed tonight cannot be stolen tonight (item-gone)', () => {
    const m = eightAtNight({ t5: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed', settings: { 'destruction-min-players': 4 } });
    const events = m.night([
      ['b1', { type: 'destroy', target: 't5', item: 'lucky-coin' }],
      ['t4', { type: 'steal', target: 't5', item: 'lucky-coin' }],
    ]);
    expect(find(events, { to: 't4', kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'steal', reason: 'item-gone', target: 't5', item: 'lucky-coin' },
    ]);
    expect(find(events, { to: 't5', kind: 'item-destroyed' })).toEqual([{ kind: 'item-destroyed', to: 't5', item: 'lucky-coin' }]);
    expect(m.count('t4', 'lucky-coin')).toBe(0);
  });
});

describe('MAF-4.16 search collisions', () => {
  // Swap 26: the search collision ignores the kind of search (highest roll, then seat order, for all).
  it('MAF-4.16 a map search beats a random search on the same legendary, whatever the seats', () => {
    const m = eightAtNight({ t5: { maps: ['phoenix-feather'] } }, { dice: 'succeed' });
    const events = m.night([
      ['t4', { type: 'search-random', rarity: 'legendary' }],
      ['t5', { type: 'search-map', item: 'phoenix-feather' }],
    ]);
    expect(find(events, { kind: 'item-found' })).toEqual([
      { kind: 'item-found', to: 'public', player: 't5', item: 'phoenix-feather', rarity: 'legendary' },
    ]);
    expect(find(events, { to: 't4', kind: 'action-failed' })).toMatchObject([{ reason: 'collision' }]);
  });
});

describe('MAF-5.8 step VI against protections', () => {
  // Swap 23: incineration is checked before immortality.
  it('MAF-5.8 (1, 2), MAF-9.15 an immortal player survives an incineration', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'salamander-flask': 1 } }, t5: { inventory: { 'ring-of-immortality': 1 } } },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['t1', { type: 'use-item', item: 'salamander-flask', target: 't5' }],
      ['t5', { type: 'use-item', item: 'ring-of-immortality' }],
    ]);
    expect(find(events, { kind: 'died' })).toEqual([]);
    expect(m.facts().alive).toContain('t5');
  });

  // Swap 24: invisibility also keeps off the poison death.
  it('MAF-9.3, MAF-9.14 invisibility does not prevent the poison death', () => {
    const m = eightAtNight(
      { t5: { effects: [{ effect: 'poison', nightsLeft: 1 }], inventory: { 'invisibility-cloak': 1 } } },
      { dice: 'succeed' },
    );
    const events = m.night([['t5', { type: 'use-item', item: 'invisibility-cloak' }]]);
    expect(find(events, { kind: 'died' })).toEqual([{ kind: 'died', to: 'public', player: 't5' }]);
  });
});

describe('MAF-9.3, MAF-9.4 what a curse applies to', () => {
  // Swap 27: the curse check is applied to antidote searches too.
  it('MAF-9.3, MAF-9.4 a cursed poisoned player’s antidote search gets no curse check', () => {
    const m = eightAtNight(
      {
        t4: {
          effects: [
            { effect: 'poison', nightsLeft: 2 },
            { effect: 'curse', value: 100 },
          ],
        },
      },
      { dice: 'fail', settings: { 'antidote-odds': [100, 100] } },
    );
    const events = m.night([['t4', { type: 'search-antidote' }]]);
    expect(m.p('t4').fx.poison).toBeNull();
    expect(find(events, { to: 't4', kind: 'action-succeeded' })).toHaveLength(1);
  });
});

describe('MAF-5.3 step II: instants, then actives; by class, then seat', () => {
  // Swap 34: step II ignores the instant/active groups (class, then seat, for all).
  it('MAF-5.3 an instant curse lands before the actives: the cursed player’s active item fails the same night', () => {
    const m = eightAtNight({ t1: { inventory: { 'elixir-of-life': 1 } }, t4: { inventory: { 'curse-potion': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['t1', { type: 'use-item', item: 'elixir-of-life', target: 't6' }],
      ['t4', { type: 'use-item', item: 'curse-potion', target: 't1' }],
    ]);
    expect(find(events, { to: 't1', kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'use-item', reason: 'dice', item: 'elixir-of-life', target: 't6' },
    ]);
  });

  // Swap 35: inside a group the effect class is ignored (seat order only).
  it('MAF-5.3, MAF-9.14 an instant invisibility (protect) comes before an instant poison (harm) from an earlier seat', () => {
    const m = eightAtNight({ b1: { inventory: { poison: 1 } }, t5: { inventory: { 'invisibility-cloak': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['b1', { type: 'use-item', item: 'poison', target: 't5' }],
      ['t5', { type: 'use-item', item: 'invisibility-cloak' }],
    ]);
    expect(m.p('t5').fx.poison).toBeNull();
    expect(find(events, { to: 't5', kind: 'effect-applied' })).toEqual([]);
  });
});

describe('MAF-4.8, MAF-4.20, MAF-7.3 searches: what counts and what is used up', () => {
  // Swap 32: an antidote search counts as a Thing search for the next night.
  it('MAF-4.8 an antidote search by a poisoned player does not count as a Thing search', () => {
    const m = eightAtNight(
      { t4: { effects: [{ effect: 'poison', nightsLeft: 2 }] } },
      { dice: 'succeed', settings: { 'antidote-odds': [100, 100] } },
    );
    nextNight(m, [['t4', { type: 'search-antidote' }]]);
    expect(m.act('t4', { type: 'search-random', rarity: 'thing' })).toBe('ok');
  });

  // Swap 33: a failed search removes the archaeologist's preparation too.
  it('MAF-4.20, MAF-7.3 a failed search keeps the archaeologist’s preparation and removes another player’s', () => {
    const m = eightAtNight({}, { dice: 'fail' });
    m.p('t1').fx.prepared.search = true;
    m.p('t4').fx.prepared.search = true;
    m.night([
      ['t1', { type: 'search-random', rarity: 'legendary' }],
      ['t4', { type: 'search-random', rarity: 'legendary' }],
    ]);
    expect(m.p('t1').specialty).toBe('archaeologist');
    expect(m.p('t1').fx.prepared.search).toBe(true);
    expect(m.p('t4').fx.prepared.search).toBe(false);
  });
});
