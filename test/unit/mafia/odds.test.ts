// Seeded statistical tests of every stated chance: loose enough to be stable, tight enough that a
// change of the odds by 5 points fails.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import type { ActionInput, GameEvent, PendingAction } from '../../../engine/core/types.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { drawMap } from '../../../engine/rulesets/mafia/maps.js';
import type { MafiaState } from '../../../engine/rulesets/mafia/state.js';
import { bandit, eight, Match, town } from './harness.js';
import type { Seat } from './harness.js';

const SAMPLES = 3000;
const TOLERANCE = 0.03;
const SEATS = 12;

/**
 * Resolves the same open phase with fresh natural streams until `SAMPLES` samples are drawn;
 * each resolution yields `perTrial` samples, `hits` counts the successes among them.
 */
function rate(state: MafiaState, actions: Array<[string, ActionInput]>, hits: (events: GameEvent[], after: MafiaState) => number, perTrial: number, label: string): number {
  const pending: PendingAction[] = [];
  for (const [player, action] of actions) {
    const v = mafia.validate(state, player, action, pending);
    if (!v.ok) throw new Error(`${label}: ${player} ${v.reason}`);
    pending.push({ player, owner: v.owner, slot: v.slot, action: v.action, seq: pending.length });
  }
  const trials = Math.ceil(SAMPLES / perTrial);
  let total = 0;
  for (let i = 0; i < trials; i++) {
    const out = mafia.resolve(state, pending, createRng(`odds-${label}`, 'natural', `trial-${i}`));
    total += hits(out.events, out.state);
  }
  return total / (trials * perTrial);
}

/** A night with two bandits (b1, b2) and `SEATS` town guards s1..s12 (no luck, no find or theft bonus). */
function table(each: (i: number) => Partial<Seat> = () => ({}), settings: Record<string, unknown> = {}): MafiaState {
  const seats: Seat[] = [
    { id: 'b1', role: 'bandit', specialty: 'guard' },
    { id: 'b2', role: 'bandit', specialty: 'guard' },
    ...Array.from({ length: SEATS }, (_, i): Seat => ({ id: `s${i + 1}`, role: 'townsperson', specialty: 'guard', ...each(i + 1) })),
  ];
  return new Match(seats, { settings, setup: { startPhase: 'night-1' } }).state;
}

const ids = Array.from({ length: SEATS }, (_, i) => `s${i + 1}`);
const all = (action: (id: string, i: number) => ActionInput): Array<[string, ActionInput]> => ids.map((id, i) => [id, action(id, i + 1)]);
const succeeded = (events: GameEvent[]) => events.filter((e) => e.kind === 'action-succeeded').length;

describe('stated odds', () => {
  it('MAF-3.8 map rarities are drawn 10 / 15 / 25 / 30 / 20', () => {
    const m = eight();
    const counts: Record<string, number> = {};
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const drawn = drawMap(m.state, m.p('t4'), createRng('maps', 'natural', `d${i}`))!;
      counts[drawn.rarity] = (counts[drawn.rarity] ?? 0) + 1;
    }
    const want = { legendary: 0.1, artifact: 0.15, rare: 0.25, relic: 0.3, thing: 0.2 };
    for (const [rarity, p] of Object.entries(want)) expect(Math.abs(counts[rarity]! / n - p), rarity).toBeLessThan(0.025);
  });

  it('MAF-4.4 MAF-4.2 random searches succeed at 80 / 65 / 50 / 40 by rarity', () => {
    const state = table();
    for (const [rarity, p] of [
      ['thing', 0.8],
      ['relic', 0.65],
      ['rare', 0.5],
      ['artifact', 0.4],
    ] as const) {
      const r = rate(state, all(() => ({ type: 'search-random', rarity })), succeeded, SEATS, `random-${rarity}`);
      expect(Math.abs(r - p), rarity).toBeLessThan(TOLERANCE);
    }
    // one searcher at a time for the unique legendaries (several would collide)
    const one = rate(state, [['s1', { type: 'search-random', rarity: 'legendary' }]], succeeded, 1, 'random-legendary');
    expect(Math.abs(one - 0.2)).toBeLessThan(0.035);
  });

  it('MAF-4.1 MAF-4.3 a map search adds 10; a set search has its own base plus 10 per extra piece', () => {
    const map = rate(table(() => ({ maps: ['detective-loupe'] })), all(() => ({ type: 'search-map', item: 'detective-loupe' })), succeeded, SEATS, 'map-rare');
    expect(Math.abs(map - 0.6)).toBeLessThan(TOLERANCE);
    // a night ring held (no find-bonus): the rare mantle at 30
    const one = rate(table(() => ({ inventory: { 'night-ring': 1 } })), all(() => ({ type: 'search-set', item: 'night-mantle' })), succeeded, SEATS, 'set-1');
    expect(Math.abs(one - 0.3)).toBeLessThan(TOLERANCE);
    // two pieces held: the relic ring at 40 + 10
    const two = rate(table(() => ({ inventory: { 'night-mantle': 1, 'night-crown': 1 } })), all(() => ({ type: 'search-set', item: 'night-ring' })), succeeded, SEATS, 'set-2');
    expect(Math.abs(two - 0.5)).toBeLessThan(TOLERANCE);
  });

  it('MAF-4.11 MAF-9.2 thefts succeed at 50 / 40 / 30 / 15 by rarity; a blacksmith victim avoids 30% of the successful ones', () => {
    // s1..s6 each rob s7..s12 of one item
    const steal = (item: string, specialty = 'guard') =>
      rate(
        table((i) => (i > 6 ? { specialty, inventory: { [item]: 1 } } : {})),
        ids.slice(0, 6).map((id, i): [string, ActionInput] => [id, { type: 'steal', target: `s${i + 7}`, item }]),
        succeeded,
        6,
        `theft-${item}-${specialty}`,
      );
    expect(Math.abs(steal('lucky-coin') - 0.5)).toBeLessThan(TOLERANCE);
    expect(Math.abs(steal('detective-loupe') - 0.4)).toBeLessThan(TOLERANCE);
    expect(Math.abs(steal('dowsing-rod') - 0.3)).toBeLessThan(TOLERANCE);
    expect(Math.abs(steal('book-of-names') - 0.15)).toBeLessThan(TOLERANCE);
    expect(Math.abs(steal('lucky-coin', 'blacksmith') - 0.5 * 0.7)).toBeLessThan(TOLERANCE);
  });

  it('MAF-9.3 an antidote search succeeds at 40 on the first antidote night and 30 on the second, whatever the modifiers', () => {
    const poisoned = (nightsLeft: number) => table(() => ({ specialty: 'mage', effects: [{ effect: 'poison', nightsLeft }, { effect: 'prepared-search' }, { effect: 'luck', value: 50 }] }));
    const first = rate(poisoned(2), all(() => ({ type: 'search-antidote' })), succeeded, SEATS, 'antidote-1');
    expect(Math.abs(first - 0.4)).toBeLessThan(TOLERANCE);
    const second = rate(poisoned(1), all(() => ({ type: 'search-antidote' })), succeeded, SEATS, 'antidote-2');
    expect(Math.abs(second - 0.3)).toBeLessThan(TOLERANCE);
  });

  it('MAF-9.1 MAF-7.8 a guard survives one shot 30% of the time and two shots 9% (one check per attempt)', () => {
    const survivors = (events: GameEvent[]) => 6 - events.filter((e) => e.kind === 'died').length;
    // s1..s6 shoot s7..s12 once
    const once = rate(
      table((i) => (i <= 6 ? { inventory: { revolver: 1 } } : {})),
      ids.slice(0, 6).map((id, i): [string, ActionInput] => [id, { type: 'use-item', item: 'revolver', target: `s${i + 7}` }]),
      survivors,
      6,
      'guard-1',
    );
    expect(Math.abs(once - 0.3)).toBeLessThan(TOLERANCE);
    // s1..s6 shoot s7..s12, and each of s7..s12 shoots the next one of them: six guards shot twice
    const twice = rate(
      table(() => ({ inventory: { revolver: 1 } })),
      [
        ...ids.slice(0, 6).map((id, i): [string, ActionInput] => [id, { type: 'use-item', item: 'revolver', target: `s${i + 7}` }]),
        ...ids.slice(6).map((id, i): [string, ActionInput] => [id, { type: 'use-item', item: 'revolver', target: `s${((i + 1) % 6) + 7}` }]),
      ],
      (events) => 6 - events.filter((e) => e.kind === 'died').length,
      6,
      'guard-2',
    );
    // every guard is shot twice, and dead shooters still shoot (MAF-5.8)
    expect(Math.abs(twice - 0.09)).toBeLessThan(TOLERANCE);
  });

  it('MAF-9.5 MAF-9.4 luck rescues failed checks; a curse of 33 fails a third of the successes', () => {
    // a mage (luck 25) searching an artifact: 40 + 60 × 25% = 55%
    const lucky = rate(table(() => ({ specialty: 'mage' })), all(() => ({ type: 'search-random', rarity: 'artifact' })), succeeded, SEATS, 'luck');
    expect(Math.abs(lucky - 0.55)).toBeLessThan(TOLERANCE);
    const cursed = rate(table(() => ({ effects: [{ effect: 'curse', value: 33 }] })), all(() => ({ type: 'search-random', rarity: 'thing' })), succeeded, SEATS, 'curse');
    expect(Math.abs(cursed - 0.8 * 0.67)).toBeLessThan(TOLERANCE);
  });

  it('MAF-9.17 a paralysis lifts at a day close half of the time', () => {
    const seats: Seat[] = [bandit('b1'), bandit('b2'), ...ids.map((id) => town(id, 'guard', { effects: [{ effect: 'paralysis' }] }))];
    const state = new Match(seats).state;
    const lifted = rate(state, [], (_e, after) => after.players.filter((p) => p.team === 'town' && !p.fx.paralysis).length, SEATS, 'lift');
    expect(Math.abs(lifted - 0.5)).toBeLessThan(TOLERANCE);
  });
});
