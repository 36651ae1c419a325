// Players out of town (away, jailed, dead) against the win check and the actions (MAF-0.3, MAF-1.13, MAF-1.14):
// each test fails when the order or scope is swapped; the swap it catches is written above it and kept in
// test/swaps/mafia/.
import { describe, expect, it } from 'vitest';
import { eight, eightAtNight, find } from '../harness.js';

describe('MAF-1.13 the win check: its order and who counts', () => {
  // Swap 16: an away bandit counts as in town for the win check.
  it('MAF-1.13, MAF-1.14 the town wins when the last bandit in town is jailed, the other being away', () => {
    const m = eight({ b1: { state: 'away' } });
    m.play(
      ['t1', 't2', 't3', 't4', 't5', 't6'].map((t) => [t, { type: 'vote', target: 'b2' }] as [string, { type: string; target: string }]),
    );
    const events = m.close();
    expect(find(events, { kind: 'match-ended' })).toEqual([{ kind: 'match-ended', to: 'public', winner: 'town' }]);
  });

  // Swap 17: "no bandit in town" is checked before "nobody in town".
  it('MAF-1.13 nobody left in town is a draw, before the town’s win', () => {
    const dead = { state: 'dead' };
    const m = eightAtNight(
      {
        b1: { inventory: { revolver: 1 } },
        t1: { inventory: { revolver: 1 } },
        b2: dead,
        t2: dead,
        t3: dead,
        t4: dead,
        t5: dead,
        t6: dead,
      },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['b1', { type: 'use-item', item: 'revolver', target: 't1' }],
      ['t1', { type: 'use-item', item: 'revolver', target: 'b1' }],
    ]);
    expect(find(events, { kind: 'died' }).map((e) => e.player)).toEqual(['b1', 't1']);
    expect(find(events, { kind: 'match-ended' })).toEqual([{ kind: 'match-ended', to: 'public', winner: 'draw' }]);
  });
});

describe('MAF-0.3 a jailed player against the actions', () => {
  // Swap 18: the vote checks only that the voter is alive, so a jailed player may vote.
  it('MAF-0.3, MAF-2.5 a jailed player may not vote (not-in-town), a dead one is not-alive', () => {
    const m = eight({ t5: { state: 'jailed' }, t6: { state: 'dead' } });
    expect(m.act('t5', { type: 'vote', target: 'b1' })).toBe('not-in-town');
    expect(m.act('t6', { type: 'vote', target: 'b1' })).toBe('not-alive');
    expect(m.act('t4', { type: 'vote', target: 't5' })).toBe('illegal-target');
  });
});

describe('MAF-2.5, MAF-2.10 a dead player against a withdrawal', () => {
  // Swap 29: the withdrawal looks at the slot (its lock, whether it holds anything) before the withdrawer's state.
  it('MAF-2.5, MAF-2.10 a dead bandit’s withdrawal of his team’s Destruction is refused not-alive, a live one’s action-locked', () => {
    const m = eightAtNight({ b1: { state: 'dead' } }, { settings: { 'destruction-min-players': 4 } });
    expect(m.act('b2', { type: 'destroy', target: 't5' })).toBe('ok');
    expect(m.withdraw('b1', 'destroy')).toBe('not-alive');
    // Nothing stored in his own slot: still not-alive, never nothing-to-withdraw (his state comes first).
    expect(m.withdraw('b1', 'vote')).toBe('not-alive');
    expect(m.withdraw('b2', 'destroy')).toBe('action-locked');
  });
});

describe('MAF-1.12 what a player loses on leaving the town', () => {
  // Swap 30: a dead bandit keeps his starting items like a jailed one.
  // Swap 31: a jailed bandit loses his starting items like a dead one.
  it('MAF-1.12 a jailed bandit keeps his unspent starting items; a dead one loses them', () => {
    const m = eightAtNight({ t1: { inventory: { revolver: 1 } } }, { dice: 'succeed' });
    expect(m.count('b1', 'revolver')).toBe(2);
    m.night([['t1', { type: 'use-item', item: 'revolver', target: 'b1' }]]);
    expect(m.facts().dead).toContain('b1');
    expect(m.count('b1', 'revolver')).toBe(0);
    const j = eight();
    expect(j.count('b1', 'revolver')).toBe(2);
    j.play(['t1', 't2', 't3'].map((t) => [t, { type: 'vote', target: 'b1' }] as [string, { type: string; target: string }]));
    j.close();
    expect(j.facts().jailed).toEqual(['b1']);
    expect(j.count('b1', 'revolver')).toBe(2);
  });
});
