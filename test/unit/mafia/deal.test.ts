// Section 1 (first part): teams, the deal, specializations, starting items, the specialty switch.
import { describe, expect, it } from 'vitest';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { banditCount } from '../../../engine/rulesets/mafia/setup.js';
import { bandit, crowd, eight, find, has, Match, town } from './harness.js';

const bandits = (m: Match) => m.state.players.filter((p) => p.team === 'bandits');

describe('Section 1: teams and the deal', () => {
  it('MAF-1.1 two teams, town and bandits; jailing or killing every bandit wins for the town', () => {
    const m = new Match([bandit('b1'), bandit('b2'), town('t1'), town('t2'), town('t3'), town('t4')], { setup: { startPhase: 'day-1' } });
    expect(new Set(Object.values(m.facts().faction!))).toEqual(new Set(['town', 'bandits']));
    m.play([
      ['t1', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'vote', target: 'b1' }],
    ]);
    m.close();
    expect(m.facts().jailed).toEqual(['b1']);
    m.state.players.find((p) => p.id === 'b2')!.status = 'dead';
    m.close();
    expect(mafia.outcome(m.state)).toBe('town');
  });

  it('MAF-1.2 the bandit count follows the table size: 2 up to 10, 3 for 11–14, 4 for 15–19, 5 from 20; dealt at random', () => {
    for (const [n, want] of [
      [4, 2],
      [10, 2],
      [11, 3],
      [14, 3],
      [15, 4],
      [19, 4],
      [20, 5],
      [30, 5],
    ] as const) {
      expect(banditCount(n)).toBe(want);
      expect(bandits(crowd(n, { seed: `n${n}` })).length).toBe(want);
    }
    const dealt = new Set<string>();
    for (let i = 0; i < 12; i++)
      dealt.add(
        bandits(crowd(10, { seed: `deal-${i}` }))
          .map((p) => p.id)
          .join(),
      );
    expect(dealt.size).toBeGreaterThan(3);
    // forced dice deal the first unfixed seats
    expect(bandits(crowd(10, { dice: 'succeed' })).map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('MAF-1.3 with 3+ bandits each gets a distinct specialization at random; with 2 nobody has one', () => {
    const m = crowd(11, { dice: 'succeed' });
    expect(bandits(m).map((p) => p.specialization)).toEqual(['boss', 'blocker', 'poisoner']);
    for (let i = 0; i < 10; i++) {
      const specs = bandits(crowd(20, { seed: `s${i}` })).map((p) => p.specialization);
      expect(new Set(specs).size).toBe(5);
    }
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) seen.add(String(bandits(crowd(11, { seed: `t${i}` }))[0]!.specialization));
    expect(seen.size).toBeGreaterThan(2);
    expect(bandits(crowd(10, { seed: 'two' })).map((p) => p.specialization)).toEqual([null, null]);
    // a fixed specialization is kept and the others are dealt around it
    const fixed = new Match(
      [
        { id: 'a', team: 'bandits', specialization: 'invisible', specialty: 'mage' },
        { id: 'b', team: 'bandits', specialty: 'mage' },
        { id: 'c', team: 'bandits', specialty: 'mage' },
        town('d'),
        town('e'),
        town('f'),
      ],
      { dice: 'succeed' },
    );
    expect(bandits(fixed).map((p) => p.specialization)).toEqual(['invisible', 'boss', 'blocker']);
  });

  it('MAF-1.4 starting items: 2 per specialization below 18 players, 3 from bandit-items-large-min-players; flagged starting', () => {
    const small = crowd(17, { dice: 'succeed' });
    expect(small.inv('p1')).toEqual({ revolver: 2 });
    expect(small.inv('p2')).toEqual({ 'dope-potion': 2 });
    expect(small.inv('p3')).toEqual({ poison: 2 });
    expect(small.inv('p4')).toEqual({ 'curse-potion': 2 });
    const big = crowd(18, { dice: 'succeed' });
    expect(big.inv('p1')).toEqual({ revolver: 3 });
    expect(big.p('p1').items.every((c) => c.starting)).toBe(true);
    const five = crowd(20, { dice: 'succeed' });
    expect(five.inv('p5')).toEqual({});
    expect(five.p('p5').specialization).toBe('invisible');
    // its own threshold, independent of Destruction's
    const moved = crowd(17, { dice: 'succeed', settings: { 'bandit-items-large-min-players': 12, 'destruction-min-players': 41 } });
    expect(moved.inv('p1')).toEqual({ revolver: 3 });
    const kept = crowd(18, { dice: 'succeed', settings: { 'destruction-min-players': 10 } });
    expect(kept.inv('p1')).toEqual({ revolver: 3 });
    const counts = crowd(11, { dice: 'succeed', settings: { 'bandit-items': 1 } });
    expect(counts.inv('p1')).toEqual({ revolver: 1 });
  });

  it('MAF-1.5 the invisible bandit reads as town in every check; the others read as bandit', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'invisible'),
        bandit('b3', 'curser'),
        town('t1', 'mage', { inventory: { 'detective-loupe': 1, 'tracker-spyglass': 1 } }),
        town('t2', 'mage', { inventory: { 'detective-loupe': 1 } }),
        town('t3'),
        town('t4'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      { setup: { startPhase: 'day-1' } },
    );
    m.play([['t1', { type: 'use-item', item: 'tracker-spyglass', target: 'b2' }]]);
    expect(has(m.close(), { kind: 'day-item-result', target: 'b2', answer: 'town' })).toBe(true);
    m.night([
      ['t1', { type: 'use-item', item: 'detective-loupe', target: 'b2' }],
      ['t2', { type: 'use-item', item: 'detective-loupe', target: 'b1' }],
    ]);
    expect(has(m.of('night-1'), { kind: 'action-succeeded', to: 't1', target: 'b2', answer: 'town' })).toBe(true);
    expect(has(m.of('night-1'), { kind: 'action-succeeded', to: 't2', target: 'b1', answer: 'bandit' })).toBe(true);
  });

  it('MAF-1.6 role ids: townsperson, bandit and the five specialization ids', () => {
    const m = crowd(20, { dice: 'succeed' });
    expect(new Set(Object.values(m.facts().role!))).toEqual(new Set(['townsperson', 'boss', 'blocker', 'poisoner', 'curser', 'invisible']));
    expect(eight().facts().role!.b2).toBe('bandit');
  });

  it('MAF-1.7 start: role-assigned to each player, bandit-team to the bandits channel only, match-started to the public', () => {
    const m = eight({ t1: { specialty: 'guard' } });
    const start = m.of('day-1');
    expect(find(start, { kind: 'match-started' })).toEqual([{ kind: 'match-started', to: 'public', players: 8, bandits: 2 }]);
    expect(find(start, { kind: 'role-assigned', to: 'b1' })[0]).toEqual({
      kind: 'role-assigned',
      to: 'b1',
      team: 'bandits',
      role: 'boss',
      specialty: 'mage',
      items: { revolver: 2 },
    });
    expect(find(start, { kind: 'role-assigned', to: 't1' })[0]).toEqual({
      kind: 'role-assigned',
      to: 't1',
      team: 'town',
      role: 'townsperson',
      specialty: 'guard',
      items: {},
    });
    expect(find(start, { kind: 'bandit-team' })).toEqual([
      {
        kind: 'bandit-team',
        to: 'bandits',
        members: [
          { player: 'b1', specialization: 'boss' },
          { player: 'b2', specialization: null },
        ],
      },
    ]);
    expect(has(m.seenBy('b2'), { kind: 'bandit-team' })).toBe(true);
    expect(has(m.seenBy('t1'), { kind: 'bandit-team' })).toBe(false);
    expect(m.seenBy('t1').filter((e) => e.kind === 'role-assigned')).toHaveLength(1);
  });

  it('MAF-1.8 with 3+ bandits one bandit (forced: the first) may switch his specialty during day 1, applied at its close', () => {
    const seats = [
      bandit('b1', 'boss', 'mage'),
      bandit('b2', 'blocker', 'guard'),
      bandit('b3', 'curser'),
      town('t1'),
      town('t2'),
      town('t3'),
      town('t4'),
      town('t5'),
      town('t6'),
      town('t7'),
      town('t8'),
    ];
    const m = new Match(seats, { dice: 'succeed' });
    expect(find(m.of('day-1'), { kind: 'may-switch-specialty' })).toEqual([{ kind: 'may-switch-specialty', to: 'b1' }]);
    expect(m.act('b2', { type: 'switch-specialty', specialty: 'mage' })).toBe('not-allowed');
    expect(m.act('b1', { type: 'switch-specialty', specialty: 'mage' })).toBe('not-allowed');
    expect(m.act('b1', { type: 'switch-specialty', specialty: 'guard' })).toBe('ok');
    expect(m.act('b1', { type: 'switch-specialty', specialty: 'blacksmith' })).toBe('ok');
    m.play([['b1', { type: 'vote', target: 't1' }]]);
    expect(m.p('b1').specialty).toBe('mage');
    const events = m.close();
    expect(m.p('b1').specialty).toBe('blacksmith');
    expect(find(events, { kind: 'specialty-switched' })).toEqual([{ kind: 'specialty-switched', to: 'b1', specialty: 'blacksmith' }]);
    // the vote still counted with his old strength; the new specialty acts from the night
    expect(m.stats('b1')['theft-bonus']).toBe(20);
    m.close();
    expect(m.act('b1', { type: 'switch-specialty', specialty: 'guard' })).toBe('not-allowed');
    // natural dice pick the switcher at random among the bandits
    const picked = new Set<string | null>();
    for (let i = 0; i < 12; i++) picked.add(new Match(seats, { seed: `sw${i}` }).state.switchBandit);
    expect(picked.size).toBeGreaterThan(1);
    // with two bandits nobody may switch; the scenario key fixes the switcher
    expect(eight().state.switchBandit).toBeNull();
    expect(new Match(seats, { setup: { switchBandit: 'b3' } }).state.switchBandit).toBe('b3');
    expect(new Match(seats, { setup: { startPhase: 'night-1' } }).state.switchOpen).toBe(false);
  });

  it('MAF-1.9 a player without a specialty is left out of the match (not dealt in); the join option carries it', () => {
    const m = new Match([
      { id: 'a', options: { specialty: 'guard' } },
      { id: 'b', options: { specialty: 'mage' } },
      { id: 'c', options: {} },
      { id: 'd', options: { specialty: 'blacksmith' } },
      { id: 'e', options: { specialty: 'archaeologist' } },
      { id: 'f', options: { specialty: 'mage' } },
    ]);
    expect(m.state.players.map((p) => p.id)).toEqual(['a', 'b', 'd', 'e', 'f']);
    expect(find(m.of('day-1'), { kind: 'match-started' })[0]!.players).toBe(5);
    expect(m.p('a').specialty).toBe('guard');
    expect(mafia.options.safeParse({ specialty: 'guard' }).success).toBe(true);
    expect(mafia.options.safeParse({ specialty: 'priest' }).success).toBe(false);
    expect(() => new Match([{ id: 'a', specialty: 'priest' }, town('b'), town('c'), town('d')])).toThrow(/priest/);
  });
});
