// Section 5: the night resolution order I–VI and dawn.
import { describe, expect, it } from 'vitest';
import { bandit, eight, eightAtNight, find, has, Match, town } from './harness.js';

/** Eleven seats with the three armed bandits (boss, blocker, curser) and eight townsfolk. */
const eleven = (overrides: Record<string, object> = {}, dice: 'succeed' | 'fail' | 'natural' = 'succeed') =>
  new Match(
    [
      bandit('b1', 'boss'),
      bandit('b2', 'blocker'),
      bandit('b3', 'curser'),
      ...['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'].map((id) => town(id)),
    ].map((s) => ({ ...s, ...(overrides[s.id] ?? {}) })),
    { dice, setup: { startPhase: 'night-1' } },
  );

describe('Section 5: night resolution', () => {
  it('MAF-5.1 paralysis lift checks for a night happen at the close of the day before', () => {
    const stuck = eight({ t4: { effects: [{ effect: 'paralysis' }] } }, { dice: 'fail' });
    expect(stuck.act('t4', { type: 'vote', target: 'b1' })).toBe('paralysed');
    stuck.close();
    expect(stuck.act('t4', { type: 'search-random', rarity: 'relic' })).toBe('paralysed');
    const freed = eight({ t4: { effects: [{ effect: 'paralysis' }] } }, { dice: 'succeed' });
    const events = freed.close();
    expect(has(events, { kind: 'effect-removed', to: 't4', effect: 'paralysis' })).toBe(true);
    expect(freed.act('t4', { type: 'search-random', rarity: 'relic' })).toBe('ok');
  });

  it('MAF-5.2 step I applies every block at once (a blocked blocker still blocks); the blocked and paralysed lose their other actions', () => {
    const m = eleven({ t1: { inventory: { 'dope-potion': 1 } }, t2: { inventory: { shackles: 1 } } });
    m.night([
      ['b2', { type: 'use-item', item: 'dope-potion', target: 't1' }],
      ['t1', { type: 'use-item', item: 'dope-potion', target: 'b2' }],
      ['t1', { type: 'search-random', rarity: 'relic' }],
      ['b2', { type: 'search-random', rarity: 'relic' }],
      ['t2', { type: 'use-item', item: 'shackles', target: 'b1' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't3' }],
    ]);
    const events = m.of('night-1');
    expect(has(events, { kind: 'action-succeeded', to: 't1', item: 'dope-potion', target: 'b2' })).toBe(true);
    expect(has(events, { kind: 'action-failed', to: 't1', action: 'search-random', reason: 'blocked' })).toBe(true);
    expect(has(events, { kind: 'action-failed', to: 'b2', action: 'search-random', reason: 'blocked' })).toBe(true);
    expect(has(events, { kind: 'action-failed', to: 'b1', action: 'use-item', reason: 'paralysed' })).toBe(true);
    expect(has(events, { kind: 'effect-applied', to: 'b1', effect: 'paralysis' })).toBe(true);
    expect(m.facts().alive).toContain('t3');
  });

  it('MAF-5.3 step II: instants before actives, then effect class, then seat; an instant effect acts on the rest of the night', () => {
    const m = eleven({
      t1: { specialty: 'guard' },
      t2: { inventory: { 'invisibility-cloak': 1 } },
      t4: { inventory: { 'detective-loupe': 1 } },
    });
    m.night([
      // a seat-later curser's instant curse (fortune) lands before the seat-earlier guard's boost (modify)
      ['t1', { type: 'guard-boost' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't1' }],
      // an instant invisibility protects from an active shot
      ['t2', { type: 'use-item', item: 'invisibility-cloak' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't2' }],
    ]);
    const events = m.of('night-1');
    expect(has(events, { kind: 'action-failed', to: 't1', action: 'guard-boost', reason: 'dice' })).toBe(true);
    expect(m.facts().alive).toContain('t2');
    const c = eleven({ t4: { inventory: { 'detective-loupe': 1 } } });
    c.night([
      ['t4', { type: 'use-item', item: 'detective-loupe', target: 'b1' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't4' }],
    ]);
    expect(has(c.of('night-1'), { kind: 'action-failed', to: 't4', action: 'use-item', reason: 'dice' })).toBe(true);
    expect(c.count('t4', 'detective-loupe')).toBe(1);
    expect(c.p('t4').items[0]!.lastUse).toBe(1);
  });

  it('MAF-5.4 luck and curse on one target the same night cancel: all those actions fail (cancelled), items spent', () => {
    const m = eleven({ t1: { inventory: { 'lucky-coin': 1 } } });
    m.night([
      ['t1', { type: 'use-item', item: 'lucky-coin', target: 't5' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't5' }],
    ]);
    const events = m.of('night-1');
    expect(
      find(events, { kind: 'action-failed', reason: 'cancelled' })
        .map((e) => e.to)
        .sort(),
    ).toEqual(['b3', 't1']);
    expect(m.count('b3', 'curse-potion')).toBe(1);
    expect(m.p('t1').items[0]!.charges).toBe(1);
    expect(m.p('t5').fx.curse).toBe(0);
    expect(m.p('t5').fx.luck).toBe(0);
    expect(has(events, { kind: 'effect-applied', to: 't5' })).toBe(false);
  });

  it('MAF-5.5 step III comes after the items (an instant invisibility foils it) and before thefts (a theft of the item fails)', () => {
    const seats = Array.from({ length: 18 }, (_, i) =>
      i < 4 ? { id: `p${i + 1}`, team: 'bandits', specialty: 'mage' } : town(`p${i + 1}`),
    );
    seats[6] = town('p7', 'mage', { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } });
    seats[7] = town('p8', 'mage', { inventory: { 'lucky-coin': 1 } });
    const m = new Match(seats, { dice: 'succeed', setup: { startPhase: 'night-1' } });
    m.night([
      ['p1', { type: 'destroy', target: 'p7', item: 'lucky-coin' }],
      ['p7', { type: 'use-item', item: 'invisibility-cloak' }],
    ]);
    expect(has(m.of('night-1'), { kind: 'action-failed', to: 'bandits', reason: 'protected' })).toBe(true);
    m.close();
    m.night([
      ['p2', { type: 'destroy', target: 'p8', item: 'lucky-coin' }],
      ['p9', { type: 'steal', target: 'p8', item: 'lucky-coin' }],
    ]);
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 'p9', reason: 'item-gone' })).toBe(true);
    expect(has(m.of('night-2'), { kind: 'action-succeeded', to: 'bandits', action: 'destroy' })).toBe(true);
  });

  it('MAF-5.6 step IV resolves every search, then the legendary collisions', () => {
    const m = eightAtNight({ t4: { maps: ['phoenix-feather'] }, t5: { maps: ['phoenix-feather'] } }, { dice: 'succeed' });
    m.night([
      ['t5', { type: 'search-map', item: 'phoenix-feather' }],
      ['t4', { type: 'search-map', item: 'phoenix-feather' }],
      ['t6', { type: 'search-random', rarity: 'thing' }],
    ]);
    expect(m.count('t4', 'phoenix-feather')).toBe(1);
    expect(m.count('t5', 'phoenix-feather')).toBe(0);
    expect(m.count('t6', 'revolver')).toBe(1);
  });

  it('MAF-5.7 step V resolves thefts after searches (a just-found item is not yet in the night-start list) and then collisions', () => {
    const m = eightAtNight({ t4: { maps: ['lucky-coin'] }, t6: { inventory: { 'holy-water': 1 } } }, { dice: 'succeed' });
    m.night([
      // D48: accepted (the thief has not seen the list), and it fails at the close: not in the night-start list.
      ['t5', { type: 'steal', target: 't4', item: 'lucky-coin' }],
      ['t4', { type: 'search-map', item: 'lucky-coin' }],
      ['t1', { type: 'steal', target: 't6', item: 'holy-water' }],
      ['t3', { type: 'steal', target: 't6', item: 'holy-water' }],
    ]);
    expect(m.count('t4', 'lucky-coin')).toBe(1);
    expect(has(m.of('night-1'), { kind: 'action-failed', to: 't5', reason: 'item-not-visible' })).toBe(true);
    expect(m.count('t1', 'holy-water')).toBe(1);
    expect(has(m.of('night-1'), { kind: 'action-failed', to: 't3', reason: 'collision' })).toBe(true);
  });

  it('MAF-5.8 step VI: immortal, then incineration, then healing, then a death-avoid check per attempt; saved-player and attacked', () => {
    const m = new Match(
      [
        bandit('b1', 'boss', 'mage', { inventory: { 'salamander-flask': 1, 'silver-bullet': 1 } }),
        bandit('b2', 'boss', 'mage'),
        bandit('b3', 'curser'),
        town('t1', 'mage', { inventory: { 'ring-of-immortality': 1 } }),
        town('t2', 'mage', { inventory: { 'elixir-of-life': 1 } }),
        town('t3', 'mage', { inventory: { 'healers-satchel': 1 } }),
        town('t4', 'guard'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      { dice: 'succeed', setup: { startPhase: 'night-1' } },
    );
    m.night([
      ['t1', { type: 'use-item', item: 'ring-of-immortality' }],
      ['b1', { type: 'use-item', item: 'salamander-flask', target: 't1' }],
      ['t3', { type: 'use-item', item: 'healers-satchel', target: 't2' }],
      ['b2', { type: 'use-item', item: 'revolver', target: 't2' }],
      ['t2', { type: 'use-item', item: 'elixir-of-life', target: 't5' }],
    ]);
    const events = m.of('night-1');
    expect(m.facts().alive).toEqual(expect.arrayContaining(['t1', 't2', 't5']));
    expect(find(events, { kind: 'saved-player' })).toEqual([{ kind: 'saved-player', to: 't3', target: 't2' }]);
    m.close();
    m.night([
      ['b1', { type: 'use-item', item: 'revolver', target: 't4' }],
      ['b2', { type: 'use-item', item: 'revolver', target: 't4' }],
    ]);
    // the guard survives both attempts through death-avoid 30 under succeeding dice, and is told how many
    expect(find(m.of('night-2'), { kind: 'attacked' })).toEqual([{ kind: 'attacked', to: 't4', count: 2 }]);
    // an incineration is not healed
    const inc = eleven({ b1: { inventory: { 'salamander-flask': 1 } }, t3: { inventory: { 'healers-satchel': 1 } } });
    inc.night([
      ['t3', { type: 'use-item', item: 'healers-satchel', target: 't2' }],
      ['b1', { type: 'use-item', item: 'salamander-flask', target: 't2' }],
    ]);
    expect(inc.facts().dead).toContain('t2');
    expect(has(inc.of('night-1'), { kind: 'saved-player' })).toBe(false);
    // the first failed check kills; under failing dice the first attempt already does
    const two = eleven({ t4: { specialty: 'guard' } }, 'fail');
    two.night([['b1', { type: 'use-item', item: 'revolver', target: 't4' }]]);
    expect(two.facts().dead).toContain('t4');
    expect(has(two.of('night-1'), { kind: 'attacked' })).toBe(false);
  });

  it('MAF-5.9 dawn: crafts, the dead’s losses, resurrections and releases, then the public report in order, private results, stats', () => {
    const m = eleven({
      t1: { inventory: { 'phoenix-feather': 1 } },
      t2: { inventory: { 'letter-of-pardon': 1 }, maps: ['night-mantle'] },
      t3: { inventory: { 'night-ring': 1, 'night-crown': 1 } },
      t6: { state: 'dead' },
      t7: { state: 'jailed' },
    });
    m.p('t3').maps.push('night-mantle');
    const events = m.night([
      ['t1', { type: 'use-item', item: 'phoenix-feather', target: 't6' }],
      ['t2', { type: 'use-item', item: 'letter-of-pardon', target: 't7' }],
      ['t3', { type: 'search-map', item: 'night-mantle' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't5' }],
    ]);
    const publicKinds = events.filter((e) => e.to === 'public').map((e) => e.kind);
    expect(publicKinds).toEqual(['died', 'item-found', 'set-completed', 'resurrected', 'released']);
    expect(find(events, { kind: 'set-completed' })).toEqual([{ kind: 'set-completed', to: 'public', set: 'night-regalia' }]);
    const firstPrivate = events.findIndex((e) => e.to !== 'public');
    expect(firstPrivate).toBeGreaterThan(publicKinds.length - 1);
    expect(events.at(-1)!.kind).toBe('stats-changed');
    expect(m.facts().alive).toEqual(expect.arrayContaining(['t6', 't7']));
    expect(m.inv('t6')).toEqual({});
    // night-long effects end: healing does not carry into the next night
    const h = eleven({ t2: { inventory: { 'elixir-of-life': 1 } } }, 'fail');
    h.night([['t2', { type: 'use-item', item: 'elixir-of-life', target: 't4' }]]);
    h.close();
    h.night([['b1', { type: 'use-item', item: 'revolver', target: 't4' }]]);
    expect(h.facts().dead).toContain('t4');
  });
});
