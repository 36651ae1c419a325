// Seeded statistical tests of every stated chance: loose enough to be stable, tight enough that a
// change of the odds by 5 points fails.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import type { ActionInput, GameEvent, PendingAction } from '../../../engine/core/types.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { drawMap } from '../../../engine/rulesets/mafia/maps.js';
import type { MafiaState } from '../../../engine/rulesets/mafia/state.js';
import { eight, eightAtNight } from './harness.js';
import type { Seat } from './harness.js';

const TRIALS = 3000;
const TOLERANCE = 0.03;

/** Resolves the same open phase `TRIALS` times with fresh natural streams; the share of trials where `hit` holds. */
function rate(state: MafiaState, actions: Array<[string, ActionInput]>, hit: (events: GameEvent[], after: MafiaState) => boolean, label: string): number {
  const pending: PendingAction[] = [];
  for (const [player, action] of actions) {
    const v = mafia.validate(state, player, action, pending);
    if (!v.ok) throw new Error(`${label}: ${v.reason}`);
    pending.push({ player, owner: v.owner, slot: v.slot, action: v.action, seq: pending.length });
  }
  let hits = 0;
  for (let i = 0; i < TRIALS; i++) {
    const out = mafia.resolve(state, pending, createRng(`odds-${label}`, 'natural', `trial-${i}`));
    if (hit(out.events, out.state)) hits++;
  }
  return hits / TRIALS;
}

const night = (overrides: Record<string, Partial<Seat>> = {}, settings: Record<string, unknown> = {}) => eightAtNight(overrides, { settings }).state;
const found = (player: string) => (events: GameEvent[]) => events.some((e) => e.kind === 'action-succeeded' && e.to === player);

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

  it('MAF-4.4 MAF-4.2 random searches succeed at 80 / 65 / 50 / 40 / 20 by rarity', () => {
    const state = night({ t4: { specialty: 'guard' } });
    for (const [rarity, p] of [
      ['thing', 0.8],
      ['relic', 0.65],
      ['rare', 0.5],
      ['artifact', 0.4],
      ['legendary', 0.2],
    ] as const) {
      const r = rate(state, [['t4', { type: 'search-random', rarity }]], found('t4'), `random-${rarity}`);
      expect(Math.abs(r - p), rarity).toBeLessThan(TOLERANCE);
    }
  });

  it('MAF-4.1 MAF-4.3 a map search adds 10; a set search has its own base plus 10 per extra piece', () => {
    const map = rate(night({ t5: { specialty: 'guard', maps: ['detective-loupe'] } }), [['t5', { type: 'search-map', item: 'detective-loupe' }]], found('t5'), 'map-rare');
    expect(Math.abs(map - 0.6)).toBeLessThan(TOLERANCE);
    const one = rate(night({ t5: { specialty: 'guard', inventory: { 'tracker-compass': 1 } } }), [['t5', { type: 'search-set', item: 'tracker-boots' }]], found('t5'), 'set-1');
    // compass: find-bonus +10; rare set base 30
    expect(Math.abs(one - 0.4)).toBeLessThan(TOLERANCE);
    const two = rate(night({ t5: { specialty: 'guard', inventory: { 'night-ring': 1, 'night-mantle': 1 } } }), [['t5', { type: 'search-set', item: 'night-crown' }]], found('t5'), 'set-2');
    expect(Math.abs(two - 0.2)).toBeLessThan(TOLERANCE);
  });

  it('MAF-4.11 MAF-9.2 thefts succeed at 50 / 40 / 30 / 15 by rarity; a blacksmith victim avoids 30% of the successful ones', () => {
    const steal = (item: string, victim: Partial<Seat> = {}) =>
      rate(night({ t5: { specialty: 'guard' }, t6: { specialty: 'mage', inventory: { [item]: 1 }, ...victim } }), [['t5', { type: 'steal', target: 't6', item }]], found('t5'), `theft-${item}-${victim.specialty ?? ''}`);
    expect(Math.abs(steal('lucky-coin') - 0.5)).toBeLessThan(TOLERANCE);
    expect(Math.abs(steal('detective-loupe') - 0.4)).toBeLessThan(TOLERANCE);
    expect(Math.abs(steal('dowsing-rod') - 0.3)).toBeLessThan(TOLERANCE);
    expect(Math.abs(steal('night-crown') - 0.15)).toBeLessThan(TOLERANCE);
    expect(Math.abs(steal('lucky-coin', { specialty: 'blacksmith' }) - 0.5 * 0.7)).toBeLessThan(TOLERANCE);
  });

  it('MAF-9.3 an antidote search succeeds at 40 on the first antidote night and 30 on the second, whatever the modifiers', () => {
    const first = rate(night({ t1: { effects: [{ effect: 'poison', nightsLeft: 2 }, { effect: 'prepared-search' }, { effect: 'luck', value: 50 }] } }), [['t1', { type: 'search-antidote' }]], found('t1'), 'antidote-1');
    expect(Math.abs(first - 0.4)).toBeLessThan(TOLERANCE);
    const second = rate(night({ t1: { effects: [{ effect: 'poison', nightsLeft: 1 }] } }), [['t1', { type: 'search-antidote' }]], found('t1'), 'antidote-2');
    expect(Math.abs(second - 0.3)).toBeLessThan(TOLERANCE);
  });

  it('MAF-9.1 MAF-7.8 a guard survives one shot 30% of the time and two shots 9% (one check per attempt)', () => {
    const alive = (events: GameEvent[]) => !events.some((e) => e.kind === 'died' && e.player === 't3');
    const seats = { b2: { role: 'boss' } };
    const one = rate(night(seats), [['b1', { type: 'use-item', item: 'revolver', target: 't3' }]], alive, 'guard-1');
    expect(Math.abs(one - 0.3)).toBeLessThan(TOLERANCE);
    const two = rate(
      night(seats),
      [
        ['b1', { type: 'use-item', item: 'revolver', target: 't3' }],
        ['b2', { type: 'use-item', item: 'revolver', target: 't3' }],
      ],
      alive,
      'guard-2',
    );
    expect(Math.abs(two - 0.09)).toBeLessThan(TOLERANCE);
  });

  it('MAF-9.5 MAF-9.4 luck rescues failed checks; a curse of 33 fails a third of the successes', () => {
    // a mage (luck 25) searching a legendary: 20 + 80 × 25% = 40%
    const lucky = rate(night({ t4: { specialty: 'mage' } }), [['t4', { type: 'search-random', rarity: 'legendary' }]], found('t4'), 'luck');
    expect(Math.abs(lucky - 0.4)).toBeLessThan(TOLERANCE);
    const cursed = rate(night({ t5: { specialty: 'guard', effects: [{ effect: 'curse', value: 33 }] } }), [['t5', { type: 'search-random', rarity: 'thing' }]], found('t5'), 'curse');
    expect(Math.abs(cursed - 0.8 * 0.67)).toBeLessThan(TOLERANCE);
  });

  it('MAF-9.17 a paralysis lifts at a day close half of the time', () => {
    const state = eight({ t4: { effects: [{ effect: 'paralysis' }] } }).state;
    const lifted = rate(state, [], (_e, after) => !after.players.find((p) => p.id === 't4')!.fx.paralysis, 'lift');
    expect(Math.abs(lifted - 0.5)).toBeLessThan(TOLERANCE);
  });
});
