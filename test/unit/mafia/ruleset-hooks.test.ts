// The Mafia ruleset object's hooks as the platform calls them: seats and deal (D33, MAF-1.9), timing
// (MAF-2.1), slot owners and groups (MAF-2.2), withdrawal (MAF-2.10), check mode (MAF-2.11), channels
// (MAF-2.12), vote counts (MAF-3), facts (MAF-12.7) and an ended match.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { settingsSchema } from '../../../engine/rulesets/mafia/settings.js';
import { bandit, eight, eightAtNight, Match, town } from './harness.js';

/** A finished match: the town jails the only bandit on day 1 (MAF-1.13: no bandit in town). */
function ended(): Match {
  const m = new Match([bandit('p1'), town('p2'), town('p3'), town('p4')]);
  m.play([
    ['p2', { type: 'vote', target: 'p1' }],
    ['p3', { type: 'vote', target: 'p1' }],
  ]);
  m.close();
  return m;
}

describe('sign-ups and timing', () => {
  it('D33 a match starts from sign-ups between quorum and max-players', () => {
    expect(mafia.seats!(settingsSchema.parse({}))).toEqual({ min: 11, max: 30 });
    expect(mafia.seats!(settingsSchema.parse({ quorum: 5, 'max-players': 12 }))).toEqual({ min: 5, max: 12 });
  });

  it('MAF-1.9 only signed-up players who chose a specialty are dealt in', () => {
    const players = [
      { id: 'a', options: { specialty: 'mage' } },
      { id: 'b', options: {} },
      { id: 'c', options: { specialty: null } },
      { id: 'd', options: { specialty: '' } },
      { id: 'e', options: { specialty: 'guard' } },
    ];
    expect(mafia.dealtIn!(players)).toEqual(['a', 'e']);
  });

  it('MAF-2.1 a day lasts day-minutes, a night night-minutes; an ended match reads as day', () => {
    const settings = settingsSchema.parse({ 'day-minutes': 90, 'night-minutes': 30 });
    expect(mafia.timing(eight().state, settings)).toEqual({ minutes: 90 });
    expect(mafia.timing(eightAtNight().state, settings)).toEqual({ minutes: 30 });
    const done = ended();
    expect(mafia.phase(done.state)).toBeNull();
    expect(mafia.timing(done.state, settings)).toEqual({ minutes: 90 });
  });
});

describe('slots, withdrawal and checks', () => {
  it('MAF-2.2 the Destruction slot is the bandit team’s; every other slot, and anyone else’s, is the player’s own', () => {
    const m = eightAtNight();
    expect(mafia.slotOwner!(m.state, 'b2', 'destroy')).toBe('bandits');
    expect(mafia.slotOwner!(m.state, 't1', 'destroy')).toBe('t1');
    expect(mafia.slotOwner!(m.state, 'b2', 'instant')).toBe('b2');
    expect(mafia.slotOwner!(m.state, 'zed', 'destroy')).toBe('zed');
    expect(mafia.groups!(m.state, 'b1')).toEqual(['bandits']);
    expect(mafia.groups!(m.state, 't1')).toEqual([]);
    expect(mafia.groups!(m.state, 'zed')).toEqual([]);
  });

  it('MAF-2.10 withdrawing a vote publishes vote-withdrawn; withdrawing any other action announces nothing', () => {
    const m = eight();
    m.play([['t2', { type: 'vote', target: 'b1' }]]);
    const vote = m.pending.find((p) => p.player === 't2')!;
    expect(mafia.withdraw!(m.state, 't2', vote, m.pending)).toEqual({
      ok: true,
      events: [{ kind: 'vote-withdrawn', to: 'public', voter: 't2' }],
    });
    expect(m.withdraw('t2', vote.slot)).toBe('ok');
    expect(m.of('day-1').at(-1)).toEqual({ kind: 'vote-withdrawn', to: 'public', voter: 't2' });
    m.close();
    m.play([['t1', { type: 'search-random', rarity: 'relic' }]]);
    const search = m.pending.find((p) => p.player === 't1')!;
    expect(mafia.withdraw!(m.state, 't1', search, m.pending)).toEqual({ ok: true });
    const before = m.events.length;
    expect(m.withdraw('t1', search.slot)).toBe('ok');
    expect(m.events.length).toBe(before);
    expect(m.pending).toEqual([]);
  });

  it('MAF-2.11 MAF-0.3 players in town may check; jailed and away players are not in town; the dead, the removed and strangers are not alive', () => {
    const m = new Match(
      [
        bandit('b1'),
        bandit('b2'),
        town('t1'),
        town('t2', 'mage', { state: 'jailed' }),
        town('t3', 'mage', { state: 'away' }),
        town('t4', 'mage', { state: 'dead' }),
        town('t5'),
        town('t6'),
        town('t7'),
      ],
      { settings: { 'check-mode': true } },
    );
    m.remove('t5');
    expect(m.phase).toBe('day-1');
    expect(mafia.mayCheck(m.state, 't1')).toBeNull();
    expect(mafia.mayCheck(m.state, 'b1')).toBeNull();
    expect(mafia.mayCheck(m.state, 't2')).toMatchObject({ ok: false, reason: 'not-in-town' });
    expect(mafia.mayCheck(m.state, 't3')).toMatchObject({ ok: false, reason: 'not-in-town' });
    expect(mafia.mayCheck(m.state, 't4')).toMatchObject({ ok: false, reason: 'not-alive' });
    expect(mafia.mayCheck(m.state, 't5')).toMatchObject({ ok: false, reason: 'not-alive' });
    expect(mafia.mayCheck(m.state, 'zed')).toMatchObject({ ok: false, reason: 'not-alive' });
    expect(mafia.checkers(m.state)).toEqual(['b1', 'b2', 't1', 't6', 't7']);
    expect(m.check('t4')).toBe('not-alive');
    expect(m.check('t5')).toBe('not-alive');
    expect(m.check('t2')).toBe('not-in-town');
  });
});

describe('channels and votes', () => {
  it('MAF-2.12 the ruleset’s own ids are the public square and the bandits’ channel', () => {
    expect([...mafia.channelPatterns]).toEqual(['public', 'bandits']);
  });

  it('MAF-3.1 day votes are public as cast; night actions and an ended match have no public vote', () => {
    expect(mafia.publicVotes!(eight().state)).toBe(true);
    expect(mafia.publicVotes!(eightAtNight().state)).toBe(false);
    expect(mafia.publicVotes!(ended().state)).toBe(false);
  });

  it('MAF-3.4 MAF-3.5 the board jails the leader; a tie jails nobody on days 1..tie-free-days, then goes to the tie-break', () => {
    const tie = [
      { voter: 't1', target: 't4' },
      { voter: 't2', target: 't5' },
    ];
    const at = (startPhase: string, settings: Record<string, unknown> = {}) =>
      mafia.tally(eight({}, { settings, setup: { startPhase } }).state, tie)?.decision ?? null;
    expect(at('day-1')).toBe('nobody');
    expect(at('day-3')).toBe('nobody');
    expect(at('day-4')).toBe('tie-break');
    expect(at('day-1', { 'tie-free-days': 0 })).toBe('tie-break');
    expect(at('day-2', { 'tie-free-days': 1 })).toBe('tie-break');
    expect(at('day-1', { 'tie-free-days': 1 })).toBe('nobody');
    expect(at('night-1')).toBeNull();
    expect(at('night-5')).toBeNull();
    expect(mafia.tally(ended().state, tie)).toBeNull();
    expect(mafia.tally(eight().state, [{ voter: 't1', target: 't4' }])!.lines).toEqual([
      { target: 't4', count: 1, voters: ['t1'], outcome: 'jailed', certain: false },
    ]);
  });
});

describe('facts and an ended match', () => {
  it('MAF-12.7 alive is in town or away; dead includes the removed; jailed as stated', () => {
    const m = eight({ t2: { state: 'jailed' }, t3: { state: 'away' }, t4: { state: 'dead' } });
    m.remove('t5');
    const f = m.facts();
    expect(f.alive).toEqual(['b1', 'b2', 't1', 't3', 't6']);
    expect(f.dead).toEqual(['t4', 't5']);
    expect(f.jailed).toEqual(['t2']);
    expect(f.role).toEqual({
      b1: 'boss',
      b2: 'bandit',
      t1: 'townsperson',
      t2: 'townsperson',
      t3: 'townsperson',
      t4: 'townsperson',
      t5: 'townsperson',
      t6: 'townsperson',
    });
    expect(f.faction).toEqual({ b1: 'bandits', b2: 'bandits', t1: 'town', t2: 'town', t3: 'town', t4: 'town', t5: 'town', t6: 'town' });
  });

  it('MAF-12.7 MAF-1.13 once the match has ended, a close changes nothing and tells nobody anything', () => {
    const m = ended();
    expect(m.state.winner).toBe('town');
    const out = mafia.resolve(m.state, [], createRng('test', 'natural', 'after'));
    expect(out).toEqual({ state: m.state, events: [] });
    expect(m.facts().jailed).toEqual(['p1']);
  });
});
