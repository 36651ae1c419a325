// MAF-2.2, MAF-2.3 what an accepted night action takes and records (engine/rulesets/mafia/validate-night.ts):
// the slot of the action table and the action as the night close will read it.
import { describe, expect, it } from 'vitest';
import type { ActionInput, PendingAction } from '../../../engine/core/types.js';
import { starterCatalog, type Catalog } from '../../../engine/rulesets/mafia/catalog.js';
import { eightAtNight, find, type Match } from './harness.js';

/** The one pending entry of this owner and slot. */
function stored(m: Match, owner: string, slot: string): PendingAction {
  const found = m.pending.filter((p) => p.owner === owner && p.slot === slot);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Submits, expects acceptance in `slot`, and returns the action recorded there. */
function accepted(m: Match, player: string, action: ActionInput, slot: string, owner = player): ActionInput {
  expect(m.attempt(player, action)).toEqual({ ok: true, slot });
  const entry = stored(m, owner, slot);
  expect(entry.player).toBe(player);
  return entry.action;
}

describe('MAF-2.3 accepted night actions: slot and record', () => {
  it('MAF-2.3 MAF-4.1 search-map takes the basic slot and records the map', () => {
    const m = eightAtNight({ t4: { maps: ['dowsing-rod'] } });
    expect(accepted(m, 't4', { type: 'search-map', item: 'dowsing-rod' }, 'basic')).toEqual({ type: 'search-map', item: 'dowsing-rod' });
  });

  it('MAF-2.3 MAF-4.3 search-set of a missing piece of a set he holds a piece of takes the basic slot and records the piece', () => {
    const m = eightAtNight({ t4: { inventory: { 'tracker-compass': 1 } } });
    expect(accepted(m, 't4', { type: 'search-set', item: 'tracker-boots' }, 'basic')).toEqual({
      type: 'search-set',
      item: 'tracker-boots',
    });
  });

  it('MAF-2.3 MAF-9.3 search-antidote by a poisoned player takes the basic slot', () => {
    const m = eightAtNight({ t4: { effects: [{ effect: 'poison', nightsLeft: 2 }] } });
    expect(accepted(m, 't4', { type: 'search-antidote' }, 'basic')).toEqual({ type: 'search-antidote' });
  });

  it('MAF-2.3 MAF-4.19 prepare-search and prepare-theft take the basic slot, the later replacing the earlier', () => {
    const m = eightAtNight();
    expect(accepted(m, 't4', { type: 'prepare-search' }, 'basic')).toEqual({ type: 'prepare-search' });
    expect(accepted(m, 't4', { type: 'prepare-theft' }, 'basic')).toEqual({ type: 'prepare-theft' });
  });

  it('MAF-2.3 MAF-4.10 steal-pick completes the steal in the basic slot with the item named', () => {
    const m = eightAtNight({ t5: { inventory: { 'lucky-coin': 1 } } });
    expect(accepted(m, 't4', { type: 'steal', target: 't5' }, 'basic')).toEqual({ type: 'steal', target: 't5' });
    expect(accepted(m, 't4', { type: 'steal-pick', item: 'lucky-coin' }, 'basic')).toEqual({
      type: 'steal',
      target: 't5',
      item: 'lucky-coin',
    });
  });

  it('MAF-2.3 MAF-7.4 copy-map by the archaeologist takes the basic slot and records target and map', () => {
    const m = eightAtNight({ t2: { maps: ['dowsing-rod'] } });
    expect(accepted(m, 't1', { type: 'copy-map', target: 't2', item: 'dowsing-rod' }, 'basic')).toEqual({
      type: 'copy-map',
      target: 't2',
      item: 'dowsing-rod',
    });
  });

  it('MAF-2.3 MAF-7.9 guard-boost takes the instant slot', () => {
    const m = eightAtNight();
    expect(accepted(m, 't3', { type: 'guard-boost' }, 'instant')).toEqual({ type: 'guard-boost' });
  });

  it('MAF-2.3 MAF-7.12 enchant takes its own slot and records item and bonus', () => {
    const m = eightAtNight({ t4: { inventory: { 'lucky-coin': 1 } } });
    expect(accepted(m, 't4', { type: 'enchant', item: 'lucky-coin', bonus: 'luck' }, 'enchant')).toEqual({
      type: 'enchant',
      item: 'lucky-coin',
      bonus: 'luck',
    });
  });
});

describe('MAF-7.6 smelting: the list form and the counts form of into', () => {
  const smith = (catalog?: Catalog) =>
    eightAtNight({ t2: { inventory: { 'lucky-coin': 1, 'night-crown': 1 } } }, catalog ? { settings: { catalog } } : {});

  it('MAF-7.6 a relic smelted into the list ["dope-potion"] takes the smelt slot and records the list', () => {
    const m = smith();
    expect(accepted(m, 't2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }, 'smelt')).toEqual({
      type: 'smelt',
      item: 'lucky-coin',
      into: ['dope-potion'],
    });
  });

  it('MAF-7.6 counts {dope-potion: 1} read as the list ["dope-potion"]', () => {
    const m = smith();
    expect(accepted(m, 't2', { type: 'smelt', item: 'lucky-coin', into: { 'dope-potion': 1 } }, 'smelt')).toEqual({
      type: 'smelt',
      item: 'lucky-coin',
      into: ['dope-potion'],
    });
  });

  it('MAF-7.6 a count of 0 adds nothing: {dope-potion: 1, poison: 0} is the relic recipe', () => {
    const m = smith();
    expect(accepted(m, 't2', { type: 'smelt', item: 'lucky-coin', into: { 'dope-potion': 1, poison: 0 } }, 'smelt')).toEqual({
      type: 'smelt',
      item: 'lucky-coin',
      into: ['dope-potion'],
    });
  });

  it('MAF-7.6 a legendary into counts {revolver: 2, poison: 1} is three Things, repeats allowed', () => {
    const m = smith();
    expect(accepted(m, 't2', { type: 'smelt', item: 'night-crown', into: { revolver: 2, poison: 1 } }, 'smelt')).toEqual({
      type: 'smelt',
      item: 'night-crown',
      into: ['revolver', 'revolver', 'poison'],
    });
    m.close();
    expect(find(m.of('night-1'), { kind: 'action-succeeded', to: 't2', action: 'smelt' })).toHaveLength(1);
    expect([m.count('t2', 'revolver'), m.count('t2', 'poison'), m.count('t2', 'night-crown')]).toEqual([2, 1, 0]);
  });

  it('MAF-7.6 MAF-8.1 the counts form reads up to 10 of a Thing; 11 are refused bad-recipe, as a list they are read', () => {
    // A GM catalog whose legendary recipe is n revolvers.
    const revolvers = (n: number): Catalog => {
      const c = structuredClone(starterCatalog());
      c.recipes.legendary = { count: n, from: ['revolver'], repeats: true };
      return c;
    };
    const ten = smith(revolvers(10));
    expect(accepted(ten, 't2', { type: 'smelt', item: 'night-crown', into: { revolver: 10 } }, 'smelt')).toEqual({
      type: 'smelt',
      item: 'night-crown',
      into: Array(10).fill('revolver'),
    });
    const eleven = smith(revolvers(11));
    expect(eleven.attempt('t2', { type: 'smelt', item: 'night-crown', into: { revolver: 11 } })).toEqual({
      ok: false,
      reason: 'bad-recipe',
      message: 'That is not a smelting recipe.',
    });
    expect(eleven.pending).toEqual([]);
    expect(accepted(eleven, 't2', { type: 'smelt', item: 'night-crown', into: Array(11).fill('revolver') }, 'smelt')).toEqual({
      type: 'smelt',
      item: 'night-crown',
      into: Array(11).fill('revolver'),
    });
  });
});

describe('MAF-1.15 Destruction: the team slot', () => {
  /** Destruction allowed at eight seats (6 town − 2 bandits in town > the margin 2); t1 holds a lucky coin. */
  const destruction = () => eightAtNight({ t1: { inventory: { 'lucky-coin': 1 } } }, { settings: { 'destruction-min-players': 8 } });

  it('MAF-1.15 D48 destroy naming a catalog item the target does not hold is accepted in the bandits’ destroy slot (it fails at the close)', () => {
    const m = destruction();
    expect(accepted(m, 'b1', { type: 'destroy', target: 't1', item: 'holy-water' }, 'destroy', 'bandits')).toEqual({
      type: 'destroy',
      target: 't1',
      item: 'holy-water',
    });
    expect(find(m.of('night-1'), { kind: 'destroy-list' })).toEqual([
      { kind: 'destroy-list', to: 'bandits', target: 't1', items: ['lucky-coin'] },
    ]);
  });

  it('MAF-1.15 destroy-pick by another bandit completes the team’s destroy with an item of the list', () => {
    const m = destruction();
    expect(accepted(m, 'b1', { type: 'destroy', target: 't1' }, 'destroy', 'bandits')).toEqual({ type: 'destroy', target: 't1' });
    expect(accepted(m, 'b2', { type: 'destroy-pick', item: 'lucky-coin' }, 'destroy', 'bandits')).toEqual({
      type: 'destroy',
      target: 't1',
      item: 'lucky-coin',
    });
  });
});

describe('MAF-2.4 a steal locks the basic slot against every other basic night action', () => {
  it('MAF-2.4 after a steal, search-map, search-set, search-antidote and copy-map are refused action-locked and the steal stays', () => {
    const m = eightAtNight({
      t1: { maps: ['dowsing-rod'], inventory: { 'tracker-compass': 1 }, effects: [{ effect: 'poison', nightsLeft: 2 }] },
      t2: { maps: ['lucky-coin'] },
    });
    const steal = { type: 'steal', target: 't5' };
    expect(accepted(m, 't1', steal, 'basic')).toEqual(steal);
    for (const action of [
      { type: 'search-map', item: 'dowsing-rod' },
      { type: 'search-set', item: 'tracker-boots' },
      { type: 'search-antidote' },
      { type: 'copy-map', target: 't2', item: 'lucky-coin' },
    ])
      expect(m.attempt('t1', action), action.type).toEqual({
        ok: false,
        reason: 'action-locked',
        message: 'That slot is locked for this phase.',
      });
    expect(stored(m, 't1', 'basic').action).toEqual(steal);
  });
});

describe('MAF-7.12 Things cannot be enchanted', () => {
  it('MAF-7.12 a mage enchanting the Thing he holds is refused bad-bonus, whatever bonus he names', () => {
    const m = eightAtNight({ t4: { inventory: { revolver: 1, 'lucky-coin': 1 } } });
    for (const bonus of ['luck', 'theft-avoid', 'find'])
      expect(m.attempt('t4', { type: 'enchant', item: 'revolver', bonus }), bonus).toEqual({
        ok: false,
        reason: 'bad-bonus',
        message: 'That enchantment is not available for this item.',
      });
    expect(m.attempt('t4', { type: 'enchant', item: 'lucky-coin', bonus: 'luck' })).toEqual({ ok: true, slot: 'enchant' });
  });
});
