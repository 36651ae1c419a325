// MAF-1.15–1.18: the bandits' Destruction (18 or more players).
import { describe, expect, it } from 'vitest';
import type { ActionInput } from '../../../engine/core/types.js';
import type { MatchOptions, Seat } from './harness.js';
import { find, has, Match } from './harness.js';

/** 18 seats: p1..p4 bandits (forced dice: boss, blocker, poisoner, curser), p5..p18 town mages. */
function eighteen(overrides: Record<string, Partial<Seat>> = {}, options: MatchOptions = {}, n = 18): Match {
  const seats: Seat[] = Array.from({ length: n }, (_, i) => {
    const id = `p${i + 1}`;
    const base: Seat = i < 4 ? { id, team: 'bandits', specialty: 'mage' } : { id, role: 'townsperson', specialty: 'mage' };
    return { ...base, ...(overrides[id] ?? {}) };
  });
  return new Match(seats, { dice: 'succeed', ...options, setup: { startPhase: 'night-1', ...(options.setup ?? {}) } });
}

describe('Destruction', () => {
  it('MAF-1.15 any bandit names the target in the team slot; the bandits see his full list at once; then the slot is locked', () => {
    const m = eighteen({ p7: { inventory: { 'lucky-coin': 1, 'elixir-of-life': 2, 'phoenix-feather': 1 } } });
    expect(m.act('p6', { type: 'destroy', target: 'p7' })).toBe('not-allowed');
    expect(m.act('p2', { type: 'destroy', target: 'p7' })).toBe('ok');
    const list = find(m.of('night-1'), { kind: 'destroy-list' });
    expect(list).toEqual([
      { kind: 'destroy-list', to: 'bandits', target: 'p7', items: ['elixir-of-life', 'lucky-coin', 'phoenix-feather'] },
    ]);
    expect(has(m.seenBy('p3'), { kind: 'destroy-list' })).toBe(true);
    expect(has(m.seenBy('p7'), { kind: 'destroy-list' })).toBe(false);
    expect(m.pending[0]).toMatchObject({ owner: 'bandits', slot: 'destroy' });
    expect(m.act('p3', { type: 'destroy', target: 'p8' })).toBe('action-locked');
    expect(m.withdraw('p1', 'destroy')).toBe('action-locked');
    // it is not the bandit's basic or instant action
    expect(m.act('p2', { type: 'search-random', rarity: 'relic' })).toBe('ok');
    expect(m.act('p1', { type: 'destroy-pick', item: 'phoenix-feather' })).toBe('ok');
    expect(m.act('p2', { type: 'destroy-pick', item: 'lucky-coin' })).toBe('action-locked');
    m.close();
    expect(m.count('p7', 'phoenix-feather')).toBe(0);
    expect(m.state.destroyed).toContain('phoenix-feather');
    // items stolen during the previous night show in a Destruction list (not in a theft list)
    const s = eighteen({ p1: { inventory: { 'night-ring': 1 } } }, { setup: { startPhase: 'night-1' } });
    s.night([['p5', { type: 'steal', target: 'p1', item: 'night-ring' }]]);
    s.close();
    s.play([['p6', { type: 'steal', target: 'p5' }]]);
    expect(find(s.of('night-2'), { kind: 'theft-list' })[0]!.items).toEqual([]);
    s.play([['p2', { type: 'destroy', target: 'p5' }]]);
    expect(find(s.of('night-2'), { kind: 'destroy-list' })[0]!.items).toEqual(['night-ring']);
  });

  it('MAF-2.2 only bandits act for the team slot: a townsperson withdrawing "destroy" learns nothing of it and changes nothing', () => {
    const m = eighteen();
    expect(m.withdraw('p6', 'destroy')).toBe('nothing-to-withdraw');
    expect(m.act('p2', { type: 'destroy', target: 'p7' })).toBe('ok');
    // the same answer as before the bandits chose: the slot is not his to see
    expect(m.withdraw('p6', 'destroy')).toBe('nothing-to-withdraw');
    expect(m.pending).toEqual([expect.objectContaining({ owner: 'bandits', slot: 'destroy' })]);
    expect(m.withdraw('p3', 'destroy')).toBe('action-locked');
  });

  it('MAF-1.16 refused (destruction-not-allowed) below 18 players, once spent, off-town targets, or at a margin of 2 or less', () => {
    const small = eighteen({}, {}, 17);
    expect(small.act('p1', { type: 'destroy', target: 'p7' })).toBe('destruction-not-allowed');
    const lowered = eighteen({}, { settings: { 'destruction-min-players': 17 } }, 17);
    expect(lowered.act('p1', { type: 'destroy', target: 'p7' })).toBe('ok');
    const jailed = eighteen({ p7: { state: 'jailed' } });
    expect(jailed.act('p1', { type: 'destroy', target: 'p7' })).toBe('destruction-not-allowed');
    const away = eighteen({ p7: { state: 'away' } });
    expect(away.act('p1', { type: 'destroy', target: 'p7' })).toBe('destruction-not-allowed');
    // 4 bandits and 6 town in town: 6 − 4 = 2 ≤ 2
    const dead = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i + 11}`, { state: 'dead' }]));
    const margin = eighteen(dead);
    expect(margin.act('p1', { type: 'destroy', target: 'p7' })).toBe('destruction-not-allowed');
    const wider = eighteen(Object.fromEntries(Object.entries(dead).slice(1)));
    expect(wider.act('p1', { type: 'destroy', target: 'p7' })).toBe('ok');
    const spent = eighteen({ p7: { inventory: { 'lucky-coin': 1 } } });
    spent.night([['p1', { type: 'destroy', target: 'p7', item: 'lucky-coin' }]]);
    spent.close();
    expect(spent.act('p1', { type: 'destroy', target: 'p8' })).toBe('destruction-not-allowed');
  });

  it('MAF-1.17 the owner may still use it that night; a theft of it fails (item-gone); failures keep the charge', () => {
    const m = eighteen({ p7: { inventory: { 'detective-loupe': 1 } } });
    m.night([
      ['p1', { type: 'destroy', target: 'p7', item: 'detective-loupe' }],
      ['p7', { type: 'use-item', item: 'detective-loupe', target: 'p2' }],
      ['p8', { type: 'steal', target: 'p7', item: 'detective-loupe' }],
    ]);
    const night = m.of('night-1');
    expect(has(night, { kind: 'action-succeeded', to: 'p7', item: 'detective-loupe', answer: 'bandit' })).toBe(true);
    expect(has(night, { kind: 'action-failed', to: 'p8', reason: 'item-gone' })).toBe(true);
    expect(m.count('p7', 'detective-loupe')).toBe(0);
    expect(m.count('p8', 'detective-loupe')).toBe(0);
    expect(m.state.destroyUsed).toBe(true);

    const fails: Array<[string, Record<string, Partial<Seat>>, Array<[string, ActionInput]>]> = [
      // used up by its owner that night
      [
        'item-gone',
        { p7: { inventory: { 'salamander-flask': 1 } } },
        [['p7', { type: 'use-item', item: 'salamander-flask', target: 'p3' }]],
      ],
      // smelted that night
      [
        'item-gone',
        { p7: { specialty: 'blacksmith', inventory: { 'lucky-coin': 1 } } },
        [['p7', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }]],
      ],
      // invisible target
      [
        'protected',
        { p7: { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } } },
        [['p7', { type: 'use-item', item: 'invisibility-cloak' }]],
      ],
      // the submitting bandit is blocked
      [
        'blocked',
        { p7: { inventory: { 'dope-potion': 1, 'lucky-coin': 1 } } },
        [['p7', { type: 'use-item', item: 'dope-potion', target: 'p1' }]],
      ],
    ];
    for (const [reason, seats, actions] of fails) {
      const f = eighteen(seats);
      const item = Object.keys(seats.p7!.inventory!).find((i) => i !== 'invisibility-cloak' && i !== 'dope-potion')!;
      f.play([['p1', { type: 'destroy', target: 'p7', item }], ...actions]);
      f.close();
      expect(has(f.of('night-1'), { kind: 'action-failed', to: 'bandits', action: 'destroy', reason }), reason).toBe(true);
      expect(f.state.destroyUsed).toBe(false);
    }
    const unnamed = eighteen();
    unnamed.night([['p1', { type: 'destroy', target: 'p7' }]]);
    expect(has(unnamed.of('night-1'), { kind: 'action-failed', to: 'bandits', reason: 'no-item' })).toBe(true);
    expect(unnamed.state.destroyUsed).toBe(false);
  });

  it('MAF-1.18 at dawn the owner gets item-destroyed (no names); the bandits get the result on their channel', () => {
    const m = eighteen({ p7: { inventory: { 'lucky-coin': 1 } } });
    const events = m.night([['p3', { type: 'destroy', target: 'p7', item: 'lucky-coin' }]]);
    expect(find(events, { kind: 'item-destroyed' })).toEqual([{ kind: 'item-destroyed', to: 'p7', item: 'lucky-coin' }]);
    expect(find(events, { kind: 'action-succeeded', action: 'destroy' })).toEqual([
      { kind: 'action-succeeded', to: 'bandits', action: 'destroy', target: 'p7', item: 'lucky-coin' },
    ]);
    expect(has(m.seenBy('p7'), { kind: 'action-succeeded', action: 'destroy' })).toBe(false);
    expect(has(m.seenBy('p1'), { kind: 'action-succeeded', action: 'destroy' })).toBe(true);
  });
});
