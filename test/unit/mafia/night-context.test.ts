// Section 5 and 9: what the whole night shares — the order of the acts, the order of the results,
// the fortune checks (curse, luck, blessing), invisibility, spending, and the class of each action.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../engine/core/types.js';
import { bandit, eightAtNight, find, has, Match, town } from './harness.js';
import type { Seat } from './harness.js';

const results = (events: GameEvent[], to: string) =>
  events.filter((e) => e.to === to && (e.kind === 'action-succeeded' || e.kind === 'action-failed')).map((e) => e.action);

describe('Night context: order of acts and results', () => {
  it('MAF-5.2, MAF-10.3, MAF-2.2 a blocked player’s actions are reported slot by slot: instant, smelt, basic, enchant', () => {
    const m = eightAtNight(
      {
        b1: { inventory: { 'dope-potion': 1 } },
        b2: { inventory: { 'dope-potion': 1 } },
        t2: { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } },
        t4: { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } },
      },
      { dice: 'succeed' },
    );
    m.night([
      ['t2', { type: 'search-random', rarity: 'relic' }],
      ['t2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['t2', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t4', { type: 'enchant', item: 'lucky-coin', bonus: 'luck' }],
      ['t4', { type: 'search-random', rarity: 'relic' }],
      ['t4', { type: 'use-item', item: 'invisibility-cloak' }],
      ['b1', { type: 'use-item', item: 'dope-potion', target: 't2' }],
      ['b2', { type: 'use-item', item: 'dope-potion', target: 't4' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { kind: 'action-failed', to: 't2' }).map((e) => [e.action, e.reason])).toEqual([
      ['use-item', 'blocked'],
      ['smelt', 'blocked'],
      ['search-random', 'blocked'],
    ]);
    expect(find(events, { kind: 'action-failed', to: 't4' }).map((e) => [e.action, e.reason])).toEqual([
      ['use-item', 'blocked'],
      ['search-random', 'blocked'],
      ['enchant', 'blocked'],
    ]);
    // MAF-0.5: nothing of theirs was spent
    expect(m.count('t2', 'lucky-coin')).toBe(1);
    expect(m.p('t4').items.find((c) => c.item === 'invisibility-cloak')!.charges).toBe(2);
  });

  it('MAF-1.17, MAF-10.3 a blocked bandit: his enchant result comes before the team’s destroy result (destroy is his last slot)', () => {
    const seats: Seat[] = Array.from({ length: 18 }, (_, i) =>
      i < 4 ? { id: `p${i + 1}`, team: 'bandits', specialty: 'mage' } : town(`p${i + 1}`),
    );
    seats[0] = { id: 'p1', team: 'bandits', specialty: 'mage', inventory: { 'lucky-coin': 1 } };
    seats[4] = town('p5', 'mage', { inventory: { 'dope-potion': 1 } });
    seats[7] = town('p8', 'mage', { inventory: { 'lucky-coin': 1 } });
    const m = new Match(seats, { dice: 'succeed', setup: { startPhase: 'night-1' } });
    m.night([
      ['p1', { type: 'destroy', target: 'p8', item: 'lucky-coin' }],
      ['p1', { type: 'enchant', item: 'lucky-coin', bonus: 'luck' }],
      ['p5', { type: 'use-item', item: 'dope-potion', target: 'p1' }],
    ]);
    expect(find(m.of('night-1'), { kind: 'action-failed', reason: 'blocked' }).map((e) => [e.to, e.action])).toEqual([
      ['p1', 'enchant'],
      ['bandits', 'destroy'],
    ]);
    expect(m.count('p8', 'lucky-coin')).toBe(1);
  });

  it('MAF-0.2, MAF-5.6, MAF-5.9 (6) searches go in seat order, not in the order of the player ids: finds are reported seat by seat', () => {
    const m = new Match(
      [bandit('b1', 'boss'), bandit('b2'), town('zed'), town('amy'), town('kim'), town('bob'), town('tom'), town('ann')],
      { dice: 'succeed', setup: { startPhase: 'night-1' } },
    );
    m.night([
      ['amy', { type: 'search-random', rarity: 'relic' }],
      ['bob', { type: 'search-random', rarity: 'relic' }],
      ['zed', { type: 'search-random', rarity: 'relic' }],
    ]);
    expect(find(m.of('night-1'), { kind: 'item-found' })).toEqual([
      { kind: 'item-found', to: 'public', player: 'zed', item: 'lucky-coin', rarity: 'relic' },
      { kind: 'item-found', to: 'public', player: 'amy', item: 'lucky-coin', rarity: 'relic' },
      { kind: 'item-found', to: 'public', player: 'bob', item: 'lucky-coin', rarity: 'relic' },
    ]);
  });

  it('MAF-10.3, MAF-5.9 (7) private results come in seat order, whichever step produced them first', () => {
    const m = eightAtNight({ t5: { inventory: { 'elixir-of-life': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      // t5's heal is resolved at step II, t1's search only at step IV, b2's preparation at step IV too
      ['t5', { type: 'use-item', item: 'elixir-of-life', target: 't5' }],
      ['t1', { type: 'search-random', rarity: 'relic' }],
      ['b2', { type: 'prepare-search' }],
    ]);
    const order = events.filter((e) => e.kind === 'action-succeeded' || e.kind === 'action-failed').map((e) => [e.to, e.action]);
    expect(order).toEqual([
      ['b2', 'prepare-search'],
      ['t1', 'search-random'],
      ['t5', 'use-item'],
    ]);
  });
});

describe('Night context: curse, luck and blessing checks', () => {
  it('MAF-9.4 the curse check of an action with no own check is rolled: under failing dice a cursed healer’s action succeeds; under succeeding dice it fails', () => {
    const low = eightAtNight({ t4: { inventory: { 'elixir-of-life': 1 }, effects: [{ effect: 'curse', value: 50 }] } }, { dice: 'fail' });
    low.night([['t4', { type: 'use-item', item: 'elixir-of-life', target: 't5' }]]);
    expect(find(low.of('night-1'), { to: 't4', action: 'use-item' })).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'use-item', item: 'elixir-of-life', target: 't5' },
    ]);
    const high = eightAtNight(
      { t4: { inventory: { 'elixir-of-life': 1 }, effects: [{ effect: 'curse', value: 50 }] } },
      { dice: 'succeed' },
    );
    high.night([['t4', { type: 'use-item', item: 'elixir-of-life', target: 't5' }]]);
    expect(find(high.of('night-1'), { to: 't4', action: 'use-item' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'use-item', reason: 'dice', item: 'elixir-of-life', target: 't5' },
    ]);
    expect(high.count('t4', 'elixir-of-life')).toBe(0);
  });

  it('MAF-9.5 a failed own check gets a luck check; with luck 0 (or a failed luck check) the search stays failed', () => {
    const m = eightAtNight({}, { dice: 'fail' });
    m.night([
      ['t1', { type: 'search-random', rarity: 'relic' }],
      ['t4', { type: 'search-random', rarity: 'relic' }],
    ]);
    const events = m.of('night-1');
    expect(m.stats('t1').luck).toBe(0);
    expect(m.stats('t4').luck).toBe(25);
    expect(find(events, { kind: 'action-failed', action: 'search-random' }).map((e) => [e.to, e.reason])).toEqual([
      ['t1', 'dice'],
      ['t4', 'dice'],
    ]);
    expect(has(events, { kind: 'item-found' })).toBe(false);
    expect(m.inv('t1')).toEqual({});
    expect(m.inv('t4')).toEqual({});
  });

  it('MAF-9.6 blessing is checked only against negative effects: a blessed player still receives luck', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'lucky-coin': 1 } }, t3: { effects: [{ effect: 'blessing', value: 50 }] } },
      { dice: 'succeed' },
    );
    m.night([['t1', { type: 'use-item', item: 'lucky-coin', target: 't3' }]]);
    expect(m.stats('t3').luck).toBe(15);
    expect(m.p('t3').fx.luck).toBe(15);
  });

  it('MAF-9.6 the blessing check is rolled: under failing dice a poison lands on a blessed player', () => {
    const m = eightAtNight({ b2: { inventory: { poison: 1 } }, t3: { effects: [{ effect: 'blessing', value: 50 }] } }, { dice: 'fail' });
    m.night([['b2', { type: 'use-item', item: 'poison', target: 't3' }]]);
    const events = m.of('night-1');
    expect(find(events, { kind: 'effect-applied', to: 't3' })).toEqual([{ kind: 'effect-applied', to: 't3', effect: 'poison' }]);
    expect(m.p('t3').fx.poison).toEqual({ night: 1 });
    // and under succeeding dice the same blessing stops it
    const s = eightAtNight({ b2: { inventory: { poison: 1 } }, t3: { effects: [{ effect: 'blessing', value: 50 }] } }, { dice: 'succeed' });
    s.night([['b2', { type: 'use-item', item: 'poison', target: 't3' }]]);
    expect(has(s.of('night-1'), { kind: 'effect-applied', to: 't3' })).toBe(false);
    expect(s.p('t3').fx.poison).toBeNull();
  });

  it('MAF-9.14 an invisible player’s own effects on himself still land; another player’s do not', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'lucky-coin': 1 } }, t3: { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } } },
      { dice: 'succeed' },
    );
    m.night([
      ['t3', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t3', { type: 'use-item', item: 'lucky-coin', target: 't3' }],
      ['t1', { type: 'use-item', item: 'lucky-coin', target: 't3' }],
    ]);
    expect(m.stats('t3').luck).toBe(15);
  });
});

describe('Night context: spending and action classes', () => {
  it('MAF-8.4, MAF-9.21, MAF-9.22 a used one-use item is lost (back to the deck); only one marked destroyed, a legendary, leaves the game', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'phoenix-feather': 1 } }, t2: { inventory: { 'elixir-of-life': 1 } }, t6: { state: 'dead' } },
      { dice: 'fail' },
    );
    const revolvers = m.count('b1', 'revolver');
    m.night([
      ['t1', { type: 'use-item', item: 'phoenix-feather', target: 't6' }],
      ['t2', { type: 'use-item', item: 'elixir-of-life', target: 't2' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't5' }],
    ]);
    expect(m.count('t1', 'phoenix-feather')).toBe(0);
    expect(m.count('t2', 'elixir-of-life')).toBe(0);
    expect(m.count('b1', 'revolver')).toBe(revolvers - 1);
    expect(m.state.destroyed).toEqual(['phoenix-feather']);
  });

  it('MAF-5.3 a set’s active bonus has its catalog class (trail-reading: inspect): among inspects, seat order decides', () => {
    // t1 (seat 3) reads t2's maps before t2 (seat 4, archaeologist) copies a map from t3
    const m = eightAtNight(
      {
        t1: { specialty: 'mage', inventory: { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 } },
        t2: { specialty: 'archaeologist' },
        t3: { maps: ['lucky-coin'] },
      },
      { dice: 'succeed' },
    );
    m.night([
      ['t1', { type: 'use-set', set: 'tracker-gear', target: 't2' }],
      ['t2', { type: 'copy-map', target: 't3', item: 'lucky-coin' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't1', action: 'use-set' })).toEqual([
      { kind: 'action-succeeded', to: 't1', action: 'use-set', set: 'tracker-gear', target: 't2', maps: [] },
    ]);
    expect(has(events, { kind: 'action-succeeded', to: 't2', action: 'copy-map' })).toBe(true);
    expect(m.p('t1').maps).toEqual([]);
    expect(m.p('t2').maps).toEqual(['lucky-coin']);
  });

  it('MAF-5.3, MAF-7.4 copy-map is an inspect: resolved in seat order with a later trail-reading, it misses the map gained there', () => {
    const m = eightAtNight(
      {
        t4: { inventory: { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 } },
        t5: { maps: ['lucky-coin'] },
      },
      { dice: 'succeed' },
    );
    m.night([
      ['t1', { type: 'copy-map', target: 't4', item: 'lucky-coin' }],
      ['t4', { type: 'use-set', set: 'tracker-gear', target: 't5' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't1', action: 'copy-map' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'copy-map', reason: 'item-gone', target: 't4', item: 'lucky-coin' },
    ]);
    expect(m.p('t4').maps).toEqual(['lucky-coin']);
    expect(m.p('t1').maps).toEqual([]);
    // MAF-7.4, D44: the failed copy is spent all the same
    expect(m.p('t1').spent).toContain('copy-map');
  });

  it('MAF-5.3, MAF-9.4 among instants a guard boost (modify) is resolved before a poisoning (harm), whatever the seats: it takes the night’s first curse roll', () => {
    // Seed "order-2": the night's first d100 is 22, the second 62; both actors are cursed at 50.
    const seats = [
      bandit('b1', 'boss'),
      bandit('b2', 'poisoner', 'mage', { effects: [{ effect: 'curse', value: 50 }] }),
      town('t1'),
      town('t2'),
      town('t3', 'guard', { effects: [{ effect: 'curse', value: 50 }] }),
      town('t4'),
      town('t5'),
      town('t6'),
    ];
    const m = new Match(seats, { dice: 'natural', seed: 'order-2', setup: { startPhase: 'night-1' } });
    m.night([
      ['b2', { type: 'use-item', item: 'poison', target: 't5' }],
      ['t3', { type: 'guard-boost' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't3', action: 'guard-boost' })).toEqual([
      { kind: 'action-failed', to: 't3', action: 'guard-boost', reason: 'dice' },
    ]);
    expect(find(events, { to: 'b2', action: 'use-item' })).toEqual([
      { kind: 'action-succeeded', to: 'b2', action: 'use-item', item: 'poison', target: 't5' },
    ]);
    expect(has(events, { kind: 'effect-applied', to: 't5', effect: 'poison' })).toBe(true);
    expect(m.p('t3').spent).toContain('guard-boost');
  });
});
