// The deal and the scenario's fixed keys (MAF-1.2–1.9, MAF-12.2–12.4): who is dealt in, fixed roles,
// teams and specializations, starting inventories, and every refusal of a bad fixed key.
import { describe, expect, it } from 'vitest';
import { RulesetError } from '../../../engine/core/types.js';
import { bandit, crowd, freshStatuses, Match, town } from './harness.js';
import type { MatchOptions, Seat } from './harness.js';

/** The refusal a setup throws: its code and message (anything else is returned as it was thrown). */
function refusal(seats: Seat[], options: MatchOptions = {}): unknown {
  try {
    new Match(seats, options);
  } catch (e) {
    return e instanceof RulesetError ? { code: e.code, message: e.message } : e;
  }
  return 'started';
}

const six = (first: Partial<Seat> = {}): Seat[] => [
  { ...town('t1'), ...first },
  town('t2'),
  town('t3'),
  town('t4'),
  bandit('b1'),
  bandit('b2'),
];

describe('MAF-1.9 who is dealt in', () => {
  it('MAF-1.9 a signed-up player whose specialty option is null or empty is left out: not seated, not counted', () => {
    const m = new Match([
      { id: 'a', options: { specialty: null } },
      { id: 'b', options: { specialty: '' } },
      town('t1'),
      town('t2'),
      town('t3'),
      town('t4'),
      bandit('b1'),
      bandit('b2'),
    ]);
    expect(m.state.players.map((p) => p.id)).toEqual(['t1', 't2', 't3', 't4', 'b1', 'b2']);
    expect(m.of('day-1')[0]).toEqual({ kind: 'match-started', to: 'public', players: 6, bandits: 2 });
    expect(m.view('a')).toEqual({ phase: 'day-1', players: m.view({ as: 'public' }).players, board: { lastVote: null } });
  });
});

describe('MAF-1.3, MAF-1.6 fixed roles and specializations', () => {
  it('MAF-1.6, MAF-1.3 a fixed role "bandit" is a bandit without specialization; the others are dealt around him', () => {
    // 11 players: 3 bandits; forced dice deal boss, blocker... to the first unfixed seats
    const m = crowd(11, { dice: 'succeed', setup: { switchBandit: null } });
    expect(m.state.players.filter((p) => p.team === 'bandits').map((p) => [p.id, p.specialization])).toEqual([
      ['p1', 'boss'],
      ['p2', 'blocker'],
      ['p3', 'poisoner'],
    ]);
    const seats: Seat[] = Array.from({ length: 11 }, (_, i) => ({ id: `p${i + 1}`, specialty: 'mage' }));
    seats[0] = { id: 'p1', role: 'bandit', specialty: 'mage' };
    const fixed = new Match(seats, { dice: 'succeed', setup: { switchBandit: null } });
    expect(fixed.state.players.filter((p) => p.team === 'bandits').map((p) => [p.id, p.specialization])).toEqual([
      ['p1', null],
      ['p2', 'boss'],
      ['p3', 'blocker'],
    ]);
    expect(fixed.view('p1').me).toMatchObject({ team: 'bandits', role: 'bandit', specialization: null, inventory: [] });
    expect(fixed.facts().role!.p1).toBe('bandit');
  });

  it('MAF-1.3 a fixed specialization is taken out of the pool: the others get distinct ones', () => {
    const seats: Seat[] = Array.from({ length: 11 }, (_, i) => ({ id: `p${i + 1}`, specialty: 'mage' }));
    seats[2] = { id: 'p3', role: 'boss', specialty: 'mage' };
    const m = new Match(seats, { dice: 'succeed', setup: { switchBandit: null } });
    expect(m.state.players.filter((p) => p.team === 'bandits').map((p) => [p.id, p.specialization])).toEqual([
      ['p1', 'blocker'],
      ['p2', 'poisoner'],
      ['p3', 'boss'],
    ]);
    const byKey = [
      { id: 'p1', team: 'bandits', specialization: 'boss', specialty: 'mage' },
      ...seats.slice(1).map((s, i) => ({ id: s.id, specialty: 'mage', ...(i === 1 ? { team: 'bandits' } : {}) })),
    ];
    const k = new Match(byKey, { dice: 'succeed', setup: { switchBandit: null } });
    expect(k.state.players.filter((p) => p.team === 'bandits').map((p) => [p.id, p.specialization])).toEqual([
      ['p1', 'boss'],
      ['p2', 'blocker'],
      ['p3', 'poisoner'],
    ]);
  });

  it('MAF-12.2 bad team, role or specialization keys are refused with their reason and message', () => {
    expect(refusal(six({ role: undefined, team: 'pirates' }))).toEqual({
      code: 'unknown-id',
      message: 'unknown team "pirates" (player t1)',
    });
    expect(refusal(six({ role: undefined, team: 'town', specialization: 'boss' }))).toEqual({
      code: 'unknown-scenario-key',
      message: '"specialization" goes only with team "bandits" (player t1)',
    });
    expect(refusal(six({ role: undefined, specialization: 'boss' }))).toEqual({
      code: 'unknown-scenario-key',
      message: '"specialization" goes only with team "bandits" (player t1)',
    });
    expect(refusal(six({ role: 'boss', specialization: 'blocker' }))).toEqual({
      code: 'unknown-scenario-key',
      message: '"specialization" goes only with team "bandits" (player t1)',
    });
    expect(refusal(six({ role: undefined, team: 'bandits', specialization: 'pirate' }))).toEqual({
      code: 'unknown-id',
      message: 'unknown specialization "pirate" (player t1)',
    });
    // a bandit team with a known specialization is fine
    const ok = new Match(six({ role: undefined, team: 'bandits', specialization: 'curser' }));
    expect(ok.view('t1').me).toMatchObject({ team: 'bandits', role: 'curser', specialization: 'curser' });
  });
});

describe('MAF-12.2 fixed inventories, maps and effects', () => {
  it('MAF-12.2, MAF-3.13 a fixed inventory counts as openly found; a count of 0 gives nothing and is not found', () => {
    const m = new Match(six({ inventory: { megaphone: 0, gag: 2 } }));
    expect(m.view('t1').me).toMatchObject({
      inventory: [
        { item: 'gag', rarity: 'thing', active: true, starting: false },
        { item: 'gag', rarity: 'thing', active: true, starting: false },
      ],
      maps: [],
      found: ['gag'],
    });
    // not found, so no fake either
    expect(m.act('t1', { type: 'use-item', item: 'megaphone' })).toBe('no-item');
  });

  it('MAF-12.2 a fresh player has spent nothing and no statuses', () => {
    const m = new Match(six());
    expect(m.view('t1').me.statuses).toEqual(freshStatuses);
  });

  it('MAF-12.2 bad inventory, maps and effects keys are refused with their reason and message', () => {
    expect(refusal(six({ inventory: 'megaphone' as never }))).toEqual({
      code: 'unknown-scenario-key',
      message: '"inventory" must be an object (player t1)',
    });
    expect(refusal(six({ inventory: null as never }))).toEqual({
      code: 'unknown-scenario-key',
      message: '"inventory" must be an object (player t1)',
    });
    expect(refusal(six({ inventory: { 'no-such-thing': 1 } }))).toEqual({
      code: 'unknown-id',
      message: 'unknown item "no-such-thing" in inventory (player t1)',
    });
    expect(refusal(six({ maps: 'night-crown' as never }))).toEqual({
      code: 'unknown-scenario-key',
      message: '"maps" must be a list (player t1)',
    });
    expect(refusal(six({ maps: ['no-such-map'] }))).toEqual({
      code: 'unknown-id',
      message: 'unknown item "no-such-map" in maps (player t1)',
    });
    expect(refusal(six({ effects: { effect: 'luck' } as never }))).toEqual({
      code: 'unknown-scenario-key',
      message: '"effects" must be a list (player t1)',
    });
    expect(refusal(six({ effects: [null as never] }))).toEqual({ code: 'unknown-id', message: 'unknown effect "undefined" (player t1)' });
    expect(refusal(six({ effects: [{ effect: 'poison', nightsLeft: 3 }] }))).toEqual({
      code: 'unknown-id',
      message: 'poison nightsLeft must be 1 or 2 (player t1)',
    });
    expect(refusal(six({ effects: [{ effect: 'poison', nightsLeft: 0 }] }))).toEqual({
      code: 'unknown-id',
      message: 'poison nightsLeft must be 1 or 2 (player t1)',
    });
    // 1 and 2 are both fine
    expect(refusal(six({ effects: [{ effect: 'poison', nightsLeft: 1 }] }))).toBe('started');
    expect(refusal(six({ effects: [{ effect: 'poison', nightsLeft: 2 }] }))).toBe('started');
  });
});

describe('MAF-12.3, MAF-12.4 the setup keys', () => {
  it('MAF-8.1 a null catalog setting means the starter catalog', () => {
    const m = new Match([bandit('b1', 'boss'), bandit('b2', 'blocker'), bandit('b3', 'curser'), town('t1'), town('t2'), town('t3')], {
      settings: { catalog: null },
    });
    expect(m.view('b1').me.inventory).toEqual([
      { item: 'revolver', rarity: 'thing', active: true, starting: true },
      { item: 'revolver', rarity: 'thing', active: true, starting: true },
    ]);
  });

  it('MAF-12.3 "destroyed" must be a list of legendary ids', () => {
    expect(refusal(six(), { setup: { destroyed: ['no-such-item'] } })).toEqual({
      code: 'unknown-id',
      message: '"no-such-item" in destroyed is not a legendary item',
    });
    expect(refusal(six(), { setup: { destroyed: ['megaphone'] } })).toEqual({
      code: 'unknown-id',
      message: '"megaphone" in destroyed is not a legendary item',
    });
    expect(refusal(six(), { setup: { destroyed: 'night-crown' } })).toEqual({
      code: 'unknown-scenario-key',
      message: '"destroyed" must be a list of legendary ids',
    });
    expect(new Match(six(), { setup: { destroyed: ['night-crown'] } }).state.destroyed).toEqual(['night-crown']);
  });

  it('MAF-12.3, MAF-1.8 "switchBandit" must name a player; the named one is told he may switch on day 1', () => {
    expect(refusal(six(), { setup: { switchBandit: 'nobody' } })).toEqual({
      code: 'unknown-id',
      message: 'switchBandit "nobody" is not a player',
    });
    const m = new Match(six(), { setup: { switchBandit: 'b2' } });
    expect(m.of('day-1').filter((e) => e.kind === 'may-switch-specialty')).toEqual([{ kind: 'may-switch-specialty', to: 'b2' }]);
    expect(m.view('b2').me.statuses.maySwitchSpecialty).toBe(true);
    expect(m.view('b1').me.statuses.maySwitchSpecialty).toBe(false);
  });

  it('MAF-1.8 the switch is open during day 1 only: a match starting at day 2 or night 1 neither tells nor allows it', () => {
    for (const startPhase of ['day-2', 'night-1']) {
      const m = new Match(six(), { setup: { switchBandit: 'b2', startPhase } });
      expect(m.of(startPhase).filter((e) => e.kind === 'may-switch-specialty')).toEqual([]);
      expect(m.view('b2').me.statuses.maySwitchSpecialty).toBe(false);
      expect(m.state.switchOpen).toBe(false);
    }
    const d2 = new Match(six(), { setup: { switchBandit: 'b2', startPhase: 'day-2' } });
    expect(d2.act('b2', { type: 'switch-specialty', specialty: 'guard' })).toBe('not-allowed');
  });
});
