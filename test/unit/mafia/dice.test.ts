// Dice rules forced dice cannot show (every forced roll is equal): scripted d100 rolls decide
// theft collisions (lowest wins), search collisions (highest wins), and death-avoid (one roll per attempt).
import { describe, expect, it } from 'vitest';
import type { Rng } from '../../../engine/core/rng.js';
import type { ActionInput, GameEvent, PendingAction } from '../../../engine/core/types.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import type { MafiaState } from '../../../engine/rulesets/mafia/state.js';
import { bandit, eightAtNight, find, Match, town } from './harness.js';

/** A natural-mode generator whose d100 rolls come from a script; it records how many were asked for. */
function scripted(rolls: number[]): Rng & { asked: number } {
  const queue = [...rolls];
  const rng = {
    mode: 'natural' as const,
    asked: 0,
    int(min: number, max: number) {
      rng.asked++;
      const v = queue.shift();
      if (v === undefined) throw new Error('script ran out of rolls');
      return Math.max(min, Math.min(max, v));
    },
    chance: () => {
      throw new Error('not used');
    },
    pick: <T>(c: readonly T[]) => c[0]!,
    weighted: <T>(e: ReadonlyArray<readonly [T, number]>) => e.find(([, w]) => w > 0)![0],
    roll: () => 1,
    shuffle: <T>(items: readonly T[]) => [...items],
    next: () => 0.5,
  };
  return rng;
}

function resolveWith(state: MafiaState, actions: Array<[string, ActionInput]>, rng: Rng): GameEvent[] {
  const pending: PendingAction[] = [];
  for (const [player, action] of actions) {
    const v = mafia.validate(state, player, action, pending);
    if (!v.ok) throw new Error(`${player}: ${v.reason}`);
    pending.push({ player, owner: v.owner, slot: v.slot, action: v.action, seq: pending.length });
  }
  return mafia.resolve(state, pending, rng).events;
}

describe('dice that forced modes cannot show', () => {
  it('MAF-4.15 a theft collision goes to the lowest theft roll (equal rolls: seat order)', () => {
    // t4, t5, t6 (guards: no luck) steal the one lucky coin of t1 (theft-avoid 0, not rolled)
    const state = eightAtNight({
      t1: { specialty: 'mage', inventory: { 'lucky-coin': 1 } },
      t4: { specialty: 'guard' },
      t5: { specialty: 'guard' },
      t6: { specialty: 'guard' },
    }).state;
    const thefts: Array<[string, ActionInput]> = ['t4', 't5', 't6'].map((id) => [id, { type: 'steal', target: 't1', item: 'lucky-coin' }]);
    const winner = (rolls: number[]) =>
      find(resolveWith(state, thefts, scripted(rolls)), { kind: 'action-succeeded', action: 'steal' }).map((e) => e.to);
    expect(winner([30, 12, 45])).toEqual(['t5']);
    expect(winner([5, 12, 45])).toEqual(['t4']);
    expect(winner([40, 40, 7])).toEqual(['t6']);
    expect(winner([20, 20, 30])).toEqual(['t4']);
    // a failed roll (> 50) never wins
    expect(winner([60, 49, 70])).toEqual(['t5']);
  });

  it('MAF-4.16 a search collision on a legendary goes to the highest search roll (equal rolls: seat order)', () => {
    const state = eightAtNight({
      t4: { specialty: 'guard', maps: ['night-crown'] },
      t5: { specialty: 'guard', maps: ['night-crown'] },
      t6: { specialty: 'guard', maps: ['night-crown'] },
    }).state;
    const searches: Array<[string, ActionInput]> = ['t4', 't5', 't6'].map((id) => [id, { type: 'search-map', item: 'night-crown' }]);
    const winner = (rolls: number[]) => find(resolveWith(state, searches, scripted(rolls)), { kind: 'item-found' }).map((e) => e.player);
    // the chance is 20 + 10 = 30: rolls up to 30 succeed
    expect(winner([3, 25, 9])).toEqual(['t5']);
    expect(winner([30, 25, 9])).toEqual(['t4']);
    expect(winner([12, 12, 5])).toEqual(['t4']);
    expect(winner([31, 12, 29])).toEqual(['t6']);
  });

  it('MAF-9.1 death-avoid is rolled once per kill attempt, in attacker seat order; the first failure kills', () => {
    const state = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'boss'),
        bandit('b3', 'curser'),
        town('t1', 'guard'),
        town('t2'),
        town('t3'),
        town('t4'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      { setup: { startPhase: 'night-1' } },
    ).state;
    const shots: Array<[string, ActionInput]> = [
      ['b2', { type: 'use-item', item: 'revolver', target: 't1' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't1' }],
    ];
    const survive = scripted([30, 1]);
    const events = resolveWith(state, shots, survive);
    expect(survive.asked).toBe(2);
    expect(find(events, { kind: 'attacked' })).toEqual([{ kind: 'attacked', to: 't1', count: 2 }]);
    const second = scripted([10, 31]);
    expect(find(resolveWith(state, shots, second), { kind: 'died' }).map((e) => e.player)).toEqual(['t1']);
    expect(second.asked).toBe(2);
    // the first attempt fails: dead, and no second roll is made
    const first = scripted([31]);
    expect(find(resolveWith(state, shots, first), { kind: 'died' }).map((e) => e.player)).toEqual(['t1']);
    expect(first.asked).toBe(1);
  });
});
