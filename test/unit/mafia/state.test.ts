// The state helpers every part of the ruleset reads (MAF-0.2 seats, 0.6 phase ids, 1.6 roles,
// 9.13 checks, 7.14 suspension, 8.5 charges), shown through what the engine does with them.
import { describe, expect, it } from 'vitest';
import {
  findPlayer,
  freshEffects,
  getPlayer,
  isBandit,
  nextPhase,
  parsePhaseId,
  phaseIndex,
  seatOf,
  townsfolk,
  type MafiaState,
} from '../../../engine/rulesets/mafia/state.js';
import { bandit, eight, eightAtNight, has, Match, town } from './harness.js';

describe('MAF-0.6 phases', () => {
  it('MAF-0.6 day-N is followed by night-N, night-N by day-(N+1)', () => {
    expect(nextPhase({ kind: 'day', n: 1 })).toEqual({ kind: 'night', n: 1 });
    expect(nextPhase({ kind: 'day', n: 4 })).toEqual({ kind: 'night', n: 4 });
    expect(nextPhase({ kind: 'night', n: 1 })).toEqual({ kind: 'day', n: 2 });
    expect(nextPhase({ kind: 'night', n: 4 })).toEqual({ kind: 'day', n: 5 });
  });

  it('MAF-0.6 MAF-7.14 phases count in order day-1, night-1, day-2, …', () => {
    expect([
      phaseIndex({ kind: 'day', n: 1 }),
      phaseIndex({ kind: 'night', n: 1 }),
      phaseIndex({ kind: 'day', n: 2 }),
      phaseIndex({ kind: 'night', n: 2 }),
      phaseIndex({ kind: 'day', n: 3 }),
      phaseIndex({ kind: 'night', n: 5 }),
    ]).toEqual([1, 2, 3, 4, 5, 10]);
  });

  it('MAF-0.6 a phase id is day-N or night-N with N ≥ 1, nothing around it', () => {
    expect(parsePhaseId('day-1')).toEqual({ kind: 'day', n: 1 });
    expect(parsePhaseId('night-3')).toEqual({ kind: 'night', n: 3 });
    expect(parsePhaseId('day-12')).toEqual({ kind: 'day', n: 12 });
    expect(parsePhaseId('night-20')).toEqual({ kind: 'night', n: 20 });
    for (const bad of ['day-0', 'day-01', 'xday-1', 'day-1x', 'day-1 ', 'dusk-1', 'day-', 'Day-1', ''])
      expect(parsePhaseId(bad), bad).toBeNull();
    for (const bad of [['day-1'], 1, null, undefined, { toString: () => 'day-1' }]) expect(parsePhaseId(bad), String(bad)).toBeNull();
  });

  it('MAF-12.4 MAF-0.6 a match opens in the startPhase given; a malformed one is refused', () => {
    expect(eight({}, { setup: { startPhase: 'day-12' } }).phase).toBe('day-12');
    expect(eight({}, { setup: { startPhase: 'night-2' } }).phase).toBe('night-2');
    for (const bad of [['night-1'], 'xnight-1', 'night-1x', 'day-0'])
      expect(() => eight({}, { setup: { startPhase: bad } }), String(bad)).toThrow('unknown startPhase');
  });
});

describe('MAF-0.2 seats and players', () => {
  it('MAF-0.2 a player’s seat is his place in the player list; unknown ids have none', () => {
    const m = eight();
    expect(['b1', 'b2', 't1', 't2', 't3', 't4', 't5', 't6'].map((id) => seatOf(m.state, id))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(seatOf(m.state, 'zed')).toBe(-1);
    expect(findPlayer(m.state, 't3')).toBe(m.state.players[4]);
    expect(findPlayer(m.state, 'zed')).toBeUndefined();
    expect(findPlayer(m.state, 42)).toBeUndefined();
  });

  it('MAF-0.2 the seat follows the list when it changes in place (reordered, shortened)', () => {
    const m = eight();
    expect(seatOf(m.state, 'b1')).toBe(0);
    expect(seatOf(m.state, 't6')).toBe(7);
    m.state.players.reverse();
    expect(seatOf(m.state, 'b1')).toBe(7);
    expect(seatOf(m.state, 't6')).toBe(0);
    expect(findPlayer(m.state, 'b1')?.id).toBe('b1');
    m.state.players.reverse();
    expect(seatOf(m.state, 't6')).toBe(7);
    m.state.players.splice(3);
    expect(seatOf(m.state, 't6')).toBe(-1);
    expect(findPlayer(m.state, 't6')).toBeUndefined();
    expect(seatOf(m.state, 't1')).toBe(2);
  });

  it('MAF-0.2 with an id seated twice, the first seat holds it', () => {
    const m = eight();
    const [a, b] = m.state.players;
    const state = { ...m.state, players: [a!, b!, { ...a!, name: 'copy' }] } as MafiaState;
    expect(seatOf(state, 'b1')).toBe(0);
    expect(findPlayer(state, 'b1')?.name).toBe('Player 1');
    expect(seatOf(state, 'b2')).toBe(1);
  });

  it('MAF-2.2 an unknown id is no bandit, and asking the engine for him by id is an error', () => {
    const m = eight();
    expect(isBandit(m.state, 'b1')).toBe(true);
    expect(isBandit(m.state, 't1')).toBe(false);
    expect(isBandit(m.state, 'zed')).toBe(false);
    expect(getPlayer(m.state, 't2')).toBe(m.state.players[3]);
    expect(() => getPlayer(m.state, 'zed')).toThrow('mafia: unknown player zed');
  });

  it('MAF-0.3 the townsfolk are the players in town, in seat order (jailed, away and dead are not)', () => {
    const m = eight({ t2: { state: 'jailed' }, t4: { state: 'away' }, t5: { state: 'dead' } });
    expect(townsfolk(m.state).map((p) => p.id)).toEqual(['b1', 'b2', 't1', 't3', 't6']);
    expect(mafiaCheckers(m)).toEqual(['b1', 'b2', 't1', 't3', 't6']);
  });
});

const mafiaCheckers = (m: ReturnType<typeof eight>) => m.rs.checkers(m.state);

describe('fresh state', () => {
  it('MAF-1.12 MAF-12.8 a player dealt in without effects has none: the GM state shows every effect empty', () => {
    const m = eight();
    const gm = m.view({ as: 'gm' }).state as MafiaState;
    const fx = {
      curse: 0,
      luck: 0,
      blessing: 0,
      poison: null,
      paralysis: false,
      prepared: { search: false, theft: false },
      dayBlock: null,
      mods: [],
      transformation: null,
      marks: [],
      traps: [],
    };
    expect(freshEffects()).toEqual(fx);
    for (const p of gm.players) expect(p.fx, p.id).toEqual(fx);
    // and his stats are the plain ones of his specialty (no stray stat change)
    expect(m.stats('t4')).toEqual({
      'vote-strength': 1,
      'death-avoid': 0,
      'theft-avoid': 0,
      luck: 25,
      curse: 0,
      blessing: 0,
      'find-bonus': 0,
      'theft-bonus': 0,
    });
  });

  it('MAF-8.5 MAF-9.20 every copy dealt gets its own number, counted up from 1; only multi-use items carry charges', () => {
    const m = eight({ t1: { inventory: { 'lucky-coin': 1, 'holy-water': 1, 'detective-loupe': 1, 'elixir-of-life': 2 } } });
    const uids = m.state.players.flatMap((p) => p.items.map((c) => c.uid)).sort((x, y) => x - y);
    // b1 (boss) holds two starting revolvers; t1 five copies
    expect(uids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(m.state.nextUid).toBe(8);
    expect(m.p('t1').items.map((c) => [c.item, c.charges])).toEqual([
      ['lucky-coin', 2],
      ['holy-water', 2],
      ['detective-loupe', null],
      ['elixir-of-life', null],
      ['elixir-of-life', null],
    ]);
    expect(m.p('b1').items.map((c) => [c.item, c.charges, c.starting])).toEqual([
      ['revolver', null, true],
      ['revolver', null, true],
    ]);
  });
});

describe('roles, checks and suspension', () => {
  it('MAF-9.13 MAF-1.5 a check reads the team: town for a townsperson and for the invisible bandit, bandit for the others', () => {
    const m = eightAtNight(
      {
        b2: { role: 'invisible' },
        t6: { role: 'boss' },
        b1: { role: 'blocker' },
        t1: { inventory: { 'detective-loupe': 1 } },
        t2: { inventory: { 'detective-loupe': 1 } },
        t3: { inventory: { 'detective-loupe': 1 } },
      },
      { dice: 'succeed' },
    );
    m.night([
      ['t1', { type: 'use-item', item: 'detective-loupe', target: 't4' }],
      ['t2', { type: 'use-item', item: 'detective-loupe', target: 'b2' }],
      ['t3', { type: 'use-item', item: 'detective-loupe', target: 't6' }],
    ]);
    expect(has(m.seenBy('t1'), { kind: 'action-succeeded', target: 't4', answer: 'town' })).toBe(true);
    expect(has(m.seenBy('t2'), { kind: 'action-succeeded', target: 'b2', answer: 'town' })).toBe(true);
    expect(has(m.seenBy('t3'), { kind: 'action-succeeded', target: 't6', answer: 'bandit' })).toBe(true);
    expect(m.facts().role).toMatchObject({ b1: 'blocker', b2: 'invisible', t6: 'boss', t4: 'townsperson' });
  });

  it('MAF-7.14 MAF-12.7 after the match ends nobody’s specialty reads as suspended: the mage keeps his luck', () => {
    const m = new Match([bandit('p1'), town('p2'), town('p3'), town('p4')]);
    m.play([
      ['p2', { type: 'vote', target: 'p1' }],
      ['p3', { type: 'vote', target: 'p1' }],
    ]);
    m.close();
    expect(m.phase).toBeNull();
    expect(m.state.winner).toBe('town');
    const me = m.view('p2').me;
    expect(me.statuses.specialtySuspended).toBe(false);
    expect(me.stats.luck).toBe(25);
    expect(m.stats('p3').luck).toBe(25);
  });
});
