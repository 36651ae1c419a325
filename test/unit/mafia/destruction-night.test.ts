// MAF-1.17, 1.18, 5.5, 5.9: the bandits' Destruction at step III and at dawn, and the copies that
// Destruction and smelting doom for the night's thefts (engine/rulesets/mafia/night/destruction.ts).
import { describe, expect, it } from 'vitest';
import type { MatchOptions, Seat } from './harness.js';
import { eightAtNight, find, has, Match } from './harness.js';

/** 18 seats: p1..p4 bandits (forced dice: boss, blocker, poisoner, curser), p5..p18 town mages; night 1. */
function eighteen(overrides: Record<string, Partial<Seat>> = {}, options: MatchOptions = {}): Match {
  const seats: Seat[] = Array.from({ length: 18 }, (_, i) => {
    const id = `p${i + 1}`;
    const base: Seat = i < 4 ? { id, team: 'bandits', specialty: 'mage' } : { id, role: 'townsperson', specialty: 'mage' };
    return { ...base, ...(overrides[id] ?? {}) };
  });
  return new Match(seats, { dice: 'succeed', ...options, setup: { startPhase: 'night-1', ...(options.setup ?? {}) } });
}

const destroyResult = (events: ReturnType<Match['of']>) => find(events, { to: 'bandits', action: 'destroy' });

describe('Destruction at step III', () => {
  it('MAF-1.17, MAF-1.18 no item named by the close: the bandits get action-failed (no-item) naming the target; the charge is kept', () => {
    const m = eighteen({ p7: { inventory: { 'lucky-coin': 1 } } });
    m.night([['p2', { type: 'destroy', target: 'p7' }]]);
    expect(destroyResult(m.of('night-1'))).toEqual([
      { kind: 'action-failed', to: 'bandits', action: 'destroy', reason: 'no-item', target: 'p7' },
    ]);
    expect(m.count('p7', 'lucky-coin')).toBe(1);
    m.close();
    expect(m.act('p2', { type: 'destroy', target: 'p7', item: 'lucky-coin' })).toBe('ok');
  });

  it('D48, MAF-1.15, MAF-4.10, MAF-10.2 an item named in destroy that the target did not hold when the night began fails (item-not-visible), even one he finds that night; he keeps it', () => {
    const m = eighteen({ p7: { maps: ['lucky-coin'] } });
    m.play([['p1', { type: 'destroy', target: 'p7', item: 'lucky-coin' }]]);
    expect(find(m.of('night-1'), { kind: 'destroy-list' })).toEqual([{ kind: 'destroy-list', to: 'bandits', target: 'p7', items: [] }]);
    m.play([['p7', { type: 'search-map', item: 'lucky-coin' }]]);
    const events = m.close();
    expect(destroyResult(events)).toEqual([
      { kind: 'action-failed', to: 'bandits', action: 'destroy', reason: 'item-not-visible', target: 'p7', item: 'lucky-coin' },
    ]);
    expect(has(events, { kind: 'item-destroyed' })).toBe(false);
    expect(m.count('p7', 'lucky-coin')).toBe(1);
    expect(m.state.destroyUsed).toBe(false);
  });

  it('MAF-9.4, MAF-1.17 a cursed submitting bandit: the Destruction fails (dice) naming target and item; nothing is destroyed and the charge is kept', () => {
    const m = eighteen({ p1: { effects: [{ effect: 'curse', value: 50 }] }, p7: { inventory: { 'lucky-coin': 1 } } });
    const events = m.night([['p1', { type: 'destroy', target: 'p7', item: 'lucky-coin' }]]);
    expect(destroyResult(events)).toEqual([
      { kind: 'action-failed', to: 'bandits', action: 'destroy', reason: 'dice', target: 'p7', item: 'lucky-coin' },
    ]);
    expect(has(events, { kind: 'item-destroyed' })).toBe(false);
    expect(m.count('p7', 'lucky-coin')).toBe(1);
    m.close();
    expect(m.act('p3', { type: 'destroy', target: 'p7', item: 'lucky-coin' })).toBe('ok');
  });

  it('MAF-1.17, MAF-4.12 Destruction dooms only the named item of its target: thefts of that item from someone else, and of his other items, succeed', () => {
    const m = eighteen({ p7: { inventory: { 'lucky-coin': 1, 'holy-water': 1 } }, p8: { inventory: { 'lucky-coin': 1 } } });
    const events = m.night([
      ['p1', { type: 'destroy', target: 'p7', item: 'lucky-coin' }],
      ['p9', { type: 'steal', target: 'p8', item: 'lucky-coin' }],
      ['p10', { type: 'steal', target: 'p7', item: 'holy-water' }],
      ['p11', { type: 'steal', target: 'p7', item: 'lucky-coin' }],
    ]);
    expect(find(events, { to: 'p9', action: 'steal' })).toEqual([
      { kind: 'action-succeeded', to: 'p9', action: 'steal', target: 'p8', item: 'lucky-coin' },
    ]);
    expect(find(events, { to: 'p10', action: 'steal' })).toEqual([
      { kind: 'action-succeeded', to: 'p10', action: 'steal', target: 'p7', item: 'holy-water' },
    ]);
    expect(find(events, { to: 'p11', action: 'steal' })).toEqual([
      { kind: 'action-failed', to: 'p11', action: 'steal', reason: 'item-gone', target: 'p7', item: 'lucky-coin' },
    ]);
    expect(m.count('p9', 'lucky-coin')).toBe(1);
    expect(m.count('p10', 'holy-water')).toBe(1);
    expect(m.inv('p7')).toEqual({});
    expect(destroyResult(events)).toEqual([
      { kind: 'action-succeeded', to: 'bandits', action: 'destroy', target: 'p7', item: 'lucky-coin' },
    ]);
  });
});

describe('Smelting dooms its copy for the night’s thefts', () => {
  it('MAF-7.7, MAF-4.14 a theft of another item of the smith succeeds while his smelted item cannot be taken (bandit on bandit, no checks)', () => {
    const m = eightAtNight({ b2: { specialty: 'blacksmith', inventory: { 'lucky-coin': 1, 'holy-water': 1 } } });
    const events = m.night([
      ['b2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['b1', { type: 'steal', target: 'b2', item: 'holy-water' }],
    ]);
    expect(find(events, { to: 'b1', action: 'steal' })).toEqual([
      { kind: 'action-succeeded', to: 'b1', action: 'steal', target: 'b2', item: 'holy-water' },
    ]);
    expect(m.count('b1', 'holy-water')).toBe(1);
    expect(m.inv('b2')).toEqual({ 'dope-potion': 1 });
    const other = eightAtNight({ b2: { specialty: 'blacksmith', inventory: { 'lucky-coin': 1 } } });
    const gone = other.night([
      ['b2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['b1', { type: 'steal', target: 'b2', item: 'lucky-coin' }],
    ]);
    expect(find(gone, { to: 'b1', action: 'steal' })).toEqual([
      { kind: 'action-failed', to: 'b1', action: 'steal', reason: 'item-gone', target: 'b2', item: 'lucky-coin' },
    ]);
  });

  it('MAF-7.7 smelting dooms the smith’s own copy only: the same item stolen from another player that night is taken', () => {
    const m = eightAtNight({ t2: { inventory: { 'lucky-coin': 1 } }, t4: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['t2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['t5', { type: 'steal', target: 't4', item: 'lucky-coin' }],
    ]);
    expect(find(events, { to: 't5', action: 'steal' })).toEqual([
      { kind: 'action-succeeded', to: 't5', action: 'steal', target: 't4', item: 'lucky-coin' },
    ]);
    expect(m.count('t5', 'lucky-coin')).toBe(1);
    expect(m.inv('t4')).toEqual({});
    expect(m.inv('t2')).toEqual({ 'dope-potion': 1 });
  });
});

describe('Destruction at dawn', () => {
  it('MAF-1.17, MAF-5.9, MAF-9.21 the target smelting another item does not save the named one: it is destroyed; a destroyed relic is not recorded as out of the game', () => {
    const m = eighteen({ p7: { specialty: 'blacksmith', inventory: { 'lucky-coin': 1, 'holy-water': 1 } } });
    const events = m.night([
      ['p7', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['p1', { type: 'destroy', target: 'p7', item: 'holy-water' }],
    ]);
    expect(destroyResult(events)).toEqual([
      { kind: 'action-succeeded', to: 'bandits', action: 'destroy', target: 'p7', item: 'holy-water' },
    ]);
    expect(find(events, { kind: 'item-destroyed' })).toEqual([{ kind: 'item-destroyed', to: 'p7', item: 'holy-water' }]);
    expect(m.inv('p7')).toEqual({ 'dope-potion': 1 });
    expect(m.state.destroyUsed).toBe(true);
    // MAF-4.6: only legendaries leave the deck for good
    expect(m.state.destroyed).toEqual([]);
  });

  it('MAF-1.17, MAF-9.22 another player smelting the same item does not stop the Destruction: the target’s copy is destroyed, the legendary once out of the game', () => {
    const m = eighteen({
      p7: { inventory: { 'phoenix-feather': 1 } },
      p8: { specialty: 'blacksmith', inventory: { 'phoenix-feather': 1 } },
    });
    const events = m.night([
      ['p8', { type: 'smelt', item: 'phoenix-feather', into: ['revolver', 'revolver', 'poison'] }],
      ['p1', { type: 'destroy', target: 'p7', item: 'phoenix-feather' }],
    ]);
    expect(destroyResult(events)).toEqual([
      { kind: 'action-succeeded', to: 'bandits', action: 'destroy', target: 'p7', item: 'phoenix-feather' },
    ]);
    expect(find(events, { kind: 'item-destroyed' })).toEqual([{ kind: 'item-destroyed', to: 'p7', item: 'phoenix-feather' }]);
    expect(m.inv('p7')).toEqual({});
    expect(m.inv('p8')).toEqual({ revolver: 2, poison: 1 });
    expect(m.state.destroyed).toEqual(['phoenix-feather']);
  });

  it('MAF-1.17 the target smelting the named item that night makes the Destruction fail (item-gone) even with a second copy left; the charge is kept', () => {
    const m = eighteen({ p7: { specialty: 'blacksmith', inventory: { 'lucky-coin': 2 } } });
    const events = m.night([
      ['p7', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['p1', { type: 'destroy', target: 'p7', item: 'lucky-coin' }],
    ]);
    expect(destroyResult(events)).toEqual([
      { kind: 'action-failed', to: 'bandits', action: 'destroy', reason: 'item-gone', target: 'p7', item: 'lucky-coin' },
    ]);
    expect(has(events, { kind: 'item-destroyed' })).toBe(false);
    expect(m.inv('p7')).toEqual({ 'lucky-coin': 1, 'dope-potion': 1 });
    expect(m.state.destroyUsed).toBe(false);
  });
});
