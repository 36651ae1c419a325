// MAF-3.1 MAF-3.8 MAF-1.8: what the day's own actions (`vote`, `find-map`, `switch-specialty`) refuse at
// submission (validate-day.ts), with reason and message, and what an accepted one takes and records.
import { describe, expect, it } from 'vitest';
import type { ActionInput } from '../../../engine/core/types.js';
import { bandit, eight, expectRefused, Match, town, type MatchOptions, type Refusal, type Seat } from './harness.js';

/**
 * Eleven seats, three bandits (MAF-1.8 needs 3+): b1 boss (mage), b2 blocker (guard), b3 curser (mage),
 * t1..t8 townsfolk; b1 is the bandit who may switch (the scenario key, MAF-12.4).
 */
function eleven(overrides: Record<string, Partial<Seat>> = {}, options: MatchOptions = {}): Match {
  const seats: Seat[] = [
    bandit('b1', 'boss', 'mage'),
    bandit('b2', 'blocker', 'guard'),
    bandit('b3', 'curser', 'mage'),
    ...['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'].map((id) => town(id)),
  ].map((s) => ({ ...s, ...(overrides[s.id] ?? {}) }));
  return new Match(seats, { ...options, setup: { switchBandit: 'b1', ...(options.setup ?? {}) } });
}

const sw = (specialty?: unknown): ActionInput =>
  specialty === undefined ? { type: 'switch-specialty' } : { type: 'switch-specialty', specialty };

const closedSwitch = 'The specialty switch is open during day 1 only.';

const switchRefusals: Refusal[] = [
  {
    rule: 'MAF-1.8',
    what: 'a switch during night 1',
    match: () => {
      const m = eleven();
      m.close();
      return m;
    },
    player: 'b1',
    action: sw('guard'),
    reason: 'not-allowed',
    message: closedSwitch,
  },
  {
    rule: 'MAF-1.8',
    what: 'a switch during day 2',
    match: () => {
      const m = eleven();
      m.close();
      m.close();
      return m;
    },
    player: 'b1',
    action: sw('guard'),
    reason: 'not-allowed',
    message: closedSwitch,
  },
  {
    rule: 'MAF-1.8 MAF-12.4',
    what: 'a switch by the designated bandit in a match opening at night 1',
    match: () => eleven({}, { setup: { startPhase: 'night-1' } }),
    player: 'b1',
    action: sw('guard'),
    reason: 'not-allowed',
    message: closedSwitch,
  },
  {
    rule: 'MAF-1.8 MAF-12.4',
    what: 'a switch by the designated bandit in a match opening at day 2',
    match: () => eleven({}, { setup: { startPhase: 'day-2' } }),
    player: 'b1',
    action: sw('guard'),
    reason: 'not-allowed',
    message: closedSwitch,
  },
  {
    rule: 'MAF-0.3',
    what: 'a switch by the designated bandit, dead',
    match: () => eleven({ b1: { state: 'dead' } }),
    player: 'b1',
    action: sw('guard'),
    reason: 'not-alive',
    message: 'You are dead.',
  },
  {
    rule: 'MAF-0.3',
    what: 'a switch by the designated bandit, jailed',
    match: () => eleven({ b1: { state: 'jailed' } }),
    player: 'b1',
    action: sw('guard'),
    reason: 'not-in-town',
    message: 'You are not in town.',
  },
  {
    rule: 'MAF-9.17',
    what: 'a switch by the designated bandit, paralysed',
    match: () => eleven({ b1: { effects: [{ effect: 'paralysis' }] } }),
    player: 'b1',
    action: sw('guard'),
    reason: 'paralysed',
    message: 'You are paralysed.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a switch naming no specialty',
    match: () => eleven(),
    player: 'b1',
    action: sw(),
    reason: 'field-missing',
    message: 'Name the specialty.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a switch naming a null specialty',
    match: () => eleven(),
    player: 'b1',
    action: sw(null),
    reason: 'field-missing',
    message: 'Name the specialty.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a switch naming an empty specialty',
    match: () => eleven(),
    player: 'b1',
    action: sw(''),
    reason: 'field-missing',
    message: 'Name the specialty.',
  },
  {
    rule: 'MAF-1.8 MAF-7.1',
    what: 'a switch to no such specialty',
    match: () => eleven(),
    player: 'b1',
    action: sw('wizard'),
    reason: 'illegal-target',
    message: 'No such specialty.',
  },
  {
    rule: 'MAF-1.8 D2',
    what: 'a switch to a bandit specialization (not a specialty)',
    match: () => eleven(),
    player: 'b1',
    action: sw('boss'),
    reason: 'illegal-target',
    message: 'No such specialty.',
  },
  {
    rule: 'MAF-1.8',
    what: 'a switch by another bandit',
    match: () => eleven(),
    player: 'b2',
    action: sw('mage'),
    reason: 'not-allowed',
    message: 'You may not switch your specialty.',
  },
  {
    rule: 'MAF-1.8',
    what: 'a switch by a townsperson',
    match: () => eleven(),
    player: 't1',
    action: sw('guard'),
    reason: 'not-allowed',
    message: 'You may not switch your specialty.',
  },
  {
    rule: 'MAF-1.8',
    what: 'a switch with two bandits (nobody may switch)',
    match: () => eight(),
    player: 'b1',
    action: sw('guard'),
    reason: 'not-allowed',
    message: 'You may not switch your specialty.',
  },
  {
    rule: 'MAF-1.8',
    what: 'a switch to the specialty already held',
    match: () => eleven(),
    player: 'b1',
    action: sw('mage'),
    reason: 'not-allowed',
    message: 'That is already your specialty.',
  },
];

const voteRefusals: Refusal[] = [
  {
    rule: 'MAF-3.1 MAF-2.6',
    what: 'a vote without a target',
    match: () => eight(),
    player: 't1',
    action: { type: 'vote' },
    reason: 'field-missing',
    message: 'The target is missing.',
  },
  {
    rule: 'MAF-3.1 MAF-0.3',
    what: 'a vote by a dead player',
    match: () => eight({ t5: { state: 'dead' } }),
    player: 't5',
    action: { type: 'vote', target: 'b1' },
    reason: 'not-alive',
    message: 'You are dead.',
  },
  {
    rule: 'MAF-3.1 D25',
    what: 'a vote for oneself',
    match: () => eight(),
    player: 't2',
    action: { type: 'vote', target: 't2' },
    reason: 'target-self',
    message: 'You cannot choose yourself.',
  },
  {
    rule: 'MAF-3.1 MAF-2.6',
    what: 'a vote for a dead player',
    match: () => eight({ t5: { state: 'dead' } }),
    player: 't1',
    action: { type: 'vote', target: 't5' },
    reason: 'illegal-target',
    message: 'The target is not in town.',
  },
  {
    rule: 'MAF-3.8 MAF-2.3',
    what: 'a map search by night',
    match: () => {
      const m = eight();
      m.close();
      return m;
    },
    player: 't1',
    action: { type: 'find-map' },
    reason: 'wrong-phase',
    message: 'That action does not belong to this phase.',
  },
  {
    rule: 'MAF-3.8 MAF-9.17',
    what: 'a map search while paralysed',
    match: () => eight({ t3: { effects: [{ effect: 'paralysis' }] } }),
    player: 't3',
    action: { type: 'find-map' },
    reason: 'paralysed',
    message: 'You are paralysed.',
  },
  {
    rule: 'MAF-3.8 MAF-2.4',
    what: 'a map search after a day item',
    match: () => eight({ t1: { inventory: { gag: 1 } } }).play([['t1', { type: 'use-item', item: 'gag', target: 'b1' }]]),
    player: 't1',
    action: { type: 'find-map' },
    reason: 'action-locked',
    message: 'That slot is locked for this phase.',
  },
];

describe('MAF-1.8 switch-specialty at submission', () => {
  it.each(switchRefusals)('$rule $what: $reason, “$message”', (row) => {
    expect(expectRefused(row).pending).toEqual([]);
  });

  it('MAF-1.8 MAF-2.2 the designated bandit’s switch takes its own free slot and records only the new specialty; a later one replaces it', () => {
    const m = eleven();
    expect(m.attempt('b1', { type: 'vote', target: 't1' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.attempt('b1', { type: 'switch-specialty', specialty: 'guard', target: 't2' })).toEqual({ ok: true, slot: 'switch-specialty' });
    expect(m.attempt('b1', sw('blacksmith'))).toEqual({ ok: true, slot: 'switch-specialty' });
    expect(m.pending.map((p) => [p.owner, p.slot, p.action])).toEqual([
      ['b1', 'basic', { type: 'vote', target: 't1' }],
      ['b1', 'switch-specialty', { type: 'switch-specialty', specialty: 'blacksmith' }],
    ]);
    // MAF-2.7: nothing changes before the close
    expect(m.p('b1').specialty).toBe('mage');
  });
});

describe('MAF-3.1 MAF-3.8 vote and find-map at submission', () => {
  it.each(voteRefusals)('$rule $what: $reason, “$message”', (row) => {
    expectRefused(row);
  });

  it('MAF-3.1 MAF-3.8 a vote and a map search share the basic slot; each records only its own fields', () => {
    const m = eight();
    expect(m.attempt('t1', { type: 'vote', target: 'b1', item: 'gag' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.pending.map((p) => p.action)).toEqual([{ type: 'vote', target: 'b1' }]);
    expect(m.of('day-1').filter((e) => e.kind === 'vote-cast')).toEqual([{ kind: 'vote-cast', to: 'public', voter: 't1', target: 'b1' }]);
    expect(m.attempt('t1', { type: 'find-map', target: 'b2' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.pending.map((p) => p.action)).toEqual([{ type: 'find-map' }]);
  });
});
