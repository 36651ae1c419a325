// The vote count at the day close (MAF-3.3–3.7): which votes count, and the ordered tie-breaks.
import { describe, expect, it } from 'vitest';
import { bandit, Match, town } from './harness.js';

const day4 = { setup: { startPhase: 'day-4' } };

describe('MAF-3.4, MAF-3.6 counted votes and the tie-breaks', () => {
  it('MAF-3.4, MAF-3.6 a guard gagged to strength 0 cast no counted vote, so his vote does not break a tie (random: first in seat order)', () => {
    const m = new Match(
      [town('y'), town('x'), bandit('b1'), bandit('b2'), town('g', 'guard'), town('t5', 'mage', { inventory: { gag: 1 } }), town('t6')],
      { ...day4, dice: 'succeed' },
    );
    m.play([
      ['b1', { type: 'vote', target: 'x' }],
      ['b2', { type: 'vote', target: 'y' }],
      ['g', { type: 'vote', target: 'x' }],
      ['t5', { type: 'use-item', item: 'gag', target: 'g' }],
    ]);
    const events = m.close();
    expect(events).toEqual([
      { kind: 'vote-result', to: 'public', tally: { y: 1, x: 1 }, leaders: ['y', 'x'], jailed: 'y', decidedBy: 'random' },
      { kind: 'jailed', to: 'public', player: 'y', decidedBy: 'random' },
    ]);
    expect(m.view({ as: 'public' }).board).toEqual({
      lastVote: { day: 4, tally: { y: 1, x: 1 }, leaders: ['y', 'x'], jailed: 'y', decidedBy: 'random' },
    });
    // the same guard ungagged (strength 2) ties the vote and breaks the tie for x
    const g = new Match([town('y'), town('x'), bandit('b1'), bandit('b2'), town('g', 'guard'), town('t5'), town('t6')], {
      ...day4,
      dice: 'succeed',
    });
    g.play([
      ['b1', { type: 'vote', target: 'x' }],
      ['b2', { type: 'vote', target: 'y' }],
      ['t5', { type: 'vote', target: 'y' }],
      ['t6', { type: 'vote', target: 'y' }],
      ['g', { type: 'vote', target: 'x' }],
    ]);
    expect(g.close()).toEqual([
      { kind: 'vote-result', to: 'public', tally: { y: 3, x: 3 }, leaders: ['y', 'x'], jailed: 'x', decidedBy: 'guards' },
      { kind: 'jailed', to: 'public', player: 'x', decidedBy: 'guards' },
    ]);
  });

  it('MAF-3.6 (1) a rarity every candidate holds protects nobody: the next rarity decides', () => {
    const m = new Match(
      [
        town('x', 'mage', { inventory: { 'salamander-flask': 1, 'detective-loupe': 1 } }),
        town('y', 'mage', { inventory: { 'letter-of-pardon': 1 } }),
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
    expect(m.close()).toEqual([
      { kind: 'vote-result', to: 'public', tally: { x: 1, y: 1 }, leaders: ['x', 'y'], jailed: 'y', decidedBy: 'rare' },
      { kind: 'jailed', to: 'public', player: 'y', decidedBy: 'rare' },
    ]);
    expect(m.facts().jailed).toEqual(['y']);
    expect(m.view('y').me).toMatchObject({ state: 'jailed', alive: false, inventory: [], maps: [] });
  });
});
