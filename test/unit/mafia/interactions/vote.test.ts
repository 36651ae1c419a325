// Where the day's vote rules meet (MAF-3.2–3.6, 8.5): each test fails when one rule is applied in the
// wrong order or scope; the swap it catches is written above it and kept in test/swaps/mafia/.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../../engine/core/types.js';
import { bandit, find, Match, town } from '../harness.js';

const day4 = { setup: { startPhase: 'day-4' }, dice: 'succeed' as const };
const result = (events: GameEvent[]) => find(events, { kind: 'vote-result' })[0];

describe('MAF-3.5 jailing by the most units', () => {
  // Swap 02: one leader is jailed only with more than half the units cast.
  it('MAF-3.5 one leader with exactly half the units cast is jailed (the most units, not a majority)', () => {
    const m = new Match([town('x'), town('y'), town('z'), bandit('b1'), bandit('b2'), town('t1'), town('t2')]);
    m.play([
      ['b1', { type: 'vote', target: 'x' }],
      ['b2', { type: 'vote', target: 'x' }],
      ['t1', { type: 'vote', target: 'y' }],
      ['t2', { type: 'vote', target: 'z' }],
    ]);
    expect(result(m.close())).toEqual({
      kind: 'vote-result',
      to: 'public',
      tally: { x: 2, y: 1, z: 1 },
      leaders: ['x'],
      jailed: 'x',
      decidedBy: 'votes',
    });
  });

  // Swap 08: the tally counts ballots (one each) instead of the voters' strength in units.
  it('MAF-3.2, MAF-3.5 a guard’s vote is one vote worth 2 units: it outweighs a single plain vote', () => {
    const m = new Match([town('x'), town('y'), bandit('b1'), bandit('b2'), town('g', 'guard'), town('t1')]);
    m.play([
      ['g', { type: 'vote', target: 'x' }],
      ['t1', { type: 'vote', target: 'y' }],
    ]);
    expect(result(m.close())).toMatchObject({ tally: { x: 2, y: 1 }, leaders: ['x'], jailed: 'x', decidedBy: 'votes' });
  });
});

describe('MAF-3.3, MAF-3.14 votes count with the strength at the close, after the day items', () => {
  // Swap 19: the vote is counted before the day items act.
  it('MAF-3.3, MAF-3.14 a gag used the same day makes the gagged guard’s vote absent', () => {
    const m = new Match([
      town('x'),
      town('y'),
      bandit('b1'),
      bandit('b2'),
      town('g', 'guard'),
      town('t5', 'mage', { inventory: { gag: 1 } }),
      town('t6'),
    ]);
    m.play([
      ['g', { type: 'vote', target: 'x' }],
      ['t6', { type: 'vote', target: 'y' }],
      ['t5', { type: 'use-item', item: 'gag', target: 'g' }],
    ]);
    expect(result(m.close())).toMatchObject({ tally: { y: 1 }, leaders: ['y'], jailed: 'y', decidedBy: 'votes' });
  });
});

describe('MAF-3.4 which votes count, against day blocks', () => {
  // Swap 07: a day-blocked player's vote is counted.
  it('MAF-3.4, MAF-3.10 a day-blocked vote is announced but not counted', () => {
    const m = new Match([town('x'), bandit('b1'), bandit('b2'), town('t1'), town('t2'), town('t3')]);
    m.p('t1').fx.dayBlock = 1;
    m.play([['t1', { type: 'vote', target: 'x' }]]);
    expect(result(m.close())).toMatchObject({ tally: {}, leaders: [], jailed: null, decidedBy: 'none' });
  });

  // Swap 06: the guards' tie-break counts every guard ballot, a day-blocked guard's too.
  it('MAF-3.4, MAF-3.6 (2) a day-blocked guard’s vote does not break a tie (random: first in seat order)', () => {
    const m = new Match([town('y'), town('x'), bandit('b1'), bandit('b2'), town('g', 'guard'), town('t6')], day4);
    m.p('g').fx.dayBlock = 4;
    m.play([
      ['b1', { type: 'vote', target: 'x' }],
      ['b2', { type: 'vote', target: 'y' }],
      ['g', { type: 'vote', target: 'x' }],
    ]);
    expect(result(m.close())).toMatchObject({ tally: { y: 1, x: 1 }, leaders: ['y', 'x'], jailed: 'y', decidedBy: 'random' });
  });
});

describe('MAF-3.6 the tie-break: its order and what it counts', () => {
  // Swap 28: a guard whose specialty is suspended (MAF-7.14) still counts in the guards' tie-break.
  it('MAF-3.6 (2), MAF-7.14 a suspended guard’s vote does not break a tie', () => {
    const m = new Match([town('y'), town('x'), bandit('b1'), bandit('b2'), town('g', 'guard'), town('t6')], day4);
    m.p('g').suspendedThrough = 1000;
    m.play([
      ['b1', { type: 'vote', target: 'x' }],
      ['g', { type: 'vote', target: 'x' }],
      ['b2', { type: 'vote', target: 'y' }],
      ['t6', { type: 'vote', target: 'y' }],
    ]);
    expect(result(m.close())).toMatchObject({ tally: { y: 2, x: 2 }, leaders: ['y', 'x'], jailed: 'y', decidedBy: 'random' });
  });

  // Swap 01: depleted multi-use items are dropped from the rarity tie-break.
  it('MAF-3.6, MAF-8.5 a depleted multi-use item still protects its holder in the day-4 tie-break', () => {
    const m = new Match(
      [town('x', 'mage', { inventory: { 'lucky-coin': 1 } }), town('y'), bandit('b1'), bandit('b2'), town('c'), town('d')],
      day4,
    );
    m.p('x').items[0]!.charges = 0;
    m.play([
      ['b1', { type: 'vote', target: 'x' }],
      ['b2', { type: 'vote', target: 'y' }],
    ]);
    expect(result(m.close())).toMatchObject({ leaders: ['x', 'y'], jailed: 'y', decidedBy: 'relic' });
    expect(m.count('x', 'lucky-coin')).toBe(1);
  });

  // Swap 03: the rarities are tried from `thing` up instead of from `legendary` down.
  it('MAF-3.6 (1) the highest rarity held decides first: an artifact beats a relic', () => {
    const m = new Match(
      [
        town('x', 'mage', { inventory: { 'lucky-coin': 1 } }),
        town('y', 'mage', { inventory: { 'dowsing-rod': 1 } }),
        bandit('b1'),
        bandit('b2'),
        town('c'),
        town('d'),
      ],
      day4,
    );
    m.play([
      ['b1', { type: 'vote', target: 'x' }],
      ['b2', { type: 'vote', target: 'y' }],
    ]);
    expect(result(m.close())).toMatchObject({ jailed: 'x', decidedBy: 'artifact' });
  });

  // Swap 04: the guards' votes are counted before the rarities.
  it('MAF-3.6 holding an item decides before the guards’ votes', () => {
    const m = new Match(
      [town('x', 'mage', { inventory: { 'lucky-coin': 1 } }), town('y'), bandit('b1'), bandit('b2'), town('g', 'guard'), town('t6')],
      day4,
    );
    m.play([
      ['g', { type: 'vote', target: 'x' }],
      ['b1', { type: 'vote', target: 'y' }],
      ['b2', { type: 'vote', target: 'y' }],
    ]);
    expect(result(m.close())).toMatchObject({ tally: { x: 2, y: 2 }, jailed: 'y', decidedBy: 'relic' });
  });

  // Swap 05: starting bandit items count as held items in the tie-break.
  it('MAF-3.6 (1) a bandit’s starting items do not protect him', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        town('y'),
        bandit('b2', 'blocker'),
        bandit('b3', 'poisoner'),
        town('t1'),
        town('t2'),
        town('t3'),
        town('t4'),
        town('t5'),
      ],
      day4,
    );
    expect(m.count('b1', 'revolver')).toBe(2);
    m.play([
      ['t1', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'vote', target: 'y' }],
    ]);
    expect(result(m.close())).toMatchObject({ leaders: ['b1', 'y'], jailed: 'b1', decidedBy: 'random' });
  });
});
