// MAF-5.2 step I (blocks), MAF-5.4 (luck/curse cancellation) and MAF-5.3 step II (items, sets,
// specialty actions): engine/rulesets/mafia/night/item-steps.ts.
import { describe, expect, it } from 'vitest';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef } from '../../../engine/rulesets/mafia/catalog.js';
import type { MatchOptions, Seat } from './harness.js';
import { bandit, eightAtNight, find, has, Match, town } from './harness.js';

type Dice = 'succeed' | 'fail' | 'natural';

/** Eleven seats opening at night 1: b1 boss, b2 blocker, b3 curser, t1..t8 town mages. */
const eleven = (overrides: Record<string, Partial<Seat>> = {}, dice: Dice = 'succeed', options: MatchOptions = {}) =>
  new Match(
    [
      bandit('b1', 'boss'),
      bandit('b2', 'blocker'),
      bandit('b3', 'curser'),
      ...['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'].map((id) => town(id)),
    ].map((s) => ({
      ...s,
      ...(overrides[s.id] ?? {}),
    })),
    { dice, ...options, setup: { startPhase: 'night-1' } },
  );

/** A GM catalog (MAF-11 `catalog`): the starter catalog with some entries changed or added. */
function gmCatalog(change: (c: Catalog) => void): Catalog {
  const c = structuredClone(starterCatalog());
  change(c);
  return c;
}

/** A new item built on a starter item. */
function itemLike(c: Catalog, base: string, over: Partial<ItemDef>): ItemDef {
  return { ...structuredClone(c.items.find((i) => i.id === base)!), ...over };
}

const name = (en: string) => ({ ru: en, en });
const TRACKER = { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 };
const REGALIA = { 'night-ring': 1, 'night-mantle': 1, 'night-crown': 1 };

describe('Step I: blocks', () => {
  it('MAF-5.2, MAF-10.3 a blocker blocked the same night still blocks, and his block gets exactly one result (succeeded)', () => {
    const m = eleven({ t1: { inventory: { 'dope-potion': 1 } } });
    m.night([
      ['b2', { type: 'use-item', item: 'dope-potion', target: 't1' }],
      ['t1', { type: 'use-item', item: 'dope-potion', target: 'b2' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't1', action: 'use-item' })).toEqual([
      { kind: 'action-succeeded', to: 't1', action: 'use-item', item: 'dope-potion', target: 'b2' },
    ]);
    expect(find(events, { to: 'b2', action: 'use-item' })).toEqual([
      { kind: 'action-succeeded', to: 'b2', action: 'use-item', item: 'dope-potion', target: 't1' },
    ]);
    expect(m.count('t1', 'dope-potion')).toBe(0);
  });

  it('MAF-5.2, MAF-9.16, MAF-9.17, MAF-0.5 an action not carried out fails (blocked / paralysed) naming its item, set and target; a self-used item names its user; nothing is spent', () => {
    const m = eleven({
      t1: { inventory: { 'invisibility-cloak': 1 } },
      t2: { inventory: TRACKER },
      t6: { inventory: { shackles: 1 } },
      t7: { inventory: { 'dope-potion': 1 } },
    });
    m.night([
      ['b2', { type: 'use-item', item: 'dope-potion', target: 't1' }],
      ['t1', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t1', { type: 'steal', target: 't5', item: 'lucky-coin' }],
      // tracker-gear makes t2 calm (blocks do not land), so paralysis it is
      ['t6', { type: 'use-item', item: 'shackles', target: 't2' }],
      ['t2', { type: 'use-set', set: 'tracker-gear', target: 't5' }],
      ['t7', { type: 'use-item', item: 'dope-potion', target: 't3' }],
      ['t3', { type: 'search-random', rarity: 'relic' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { kind: 'action-failed', to: 't1' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'use-item', reason: 'blocked', item: 'invisibility-cloak', target: 't1' },
      { kind: 'action-failed', to: 't1', action: 'steal', reason: 'blocked', target: 't5', item: 'lucky-coin' },
    ]);
    expect(find(events, { kind: 'action-failed', to: 't2' })).toEqual([
      { kind: 'action-failed', to: 't2', action: 'use-set', reason: 'paralysed', set: 'tracker-gear', target: 't5' },
    ]);
    expect(find(events, { kind: 'action-failed', to: 't3' })).toEqual([
      { kind: 'action-failed', to: 't3', action: 'search-random', reason: 'blocked' },
    ]);
    expect(m.p('t1').items[0]!.charges).toBe(2);
    expect(m.p('t2').setUses).toEqual({});
  });

  it('MAF-5.2 a set bonus whose effect is a block (GM catalog) is applied in step I: the target’s night actions are not carried out', () => {
    const catalog = gmCatalog((c) => {
      c.sets.find((s) => s.id === 'night-regalia')!.active = {
        id: 'royal-decree',
        phase: 'night',
        instant: false,
        scope: 'others',
        uses: 'reloadable',
        interval: 2,
        class: 'block',
        effect: [{ type: 'block', when: 'current-night', negative: true }],
      };
    });
    const m = eleven({ t1: { inventory: REGALIA } }, 'succeed', { settings: { catalog } });
    m.night([
      ['t1', { type: 'use-set', set: 'night-regalia', target: 't4' }],
      ['t4', { type: 'search-random', rarity: 'relic' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't1', action: 'use-set' })).toEqual([
      { kind: 'action-succeeded', to: 't1', action: 'use-set', set: 'night-regalia', target: 't4' },
    ]);
    expect(find(events, { to: 't4' }).filter((e) => e.kind.startsWith('action-'))).toEqual([
      { kind: 'action-failed', to: 't4', action: 'search-random', reason: 'blocked' },
    ]);
    expect(m.inv('t4')).toEqual({});
  });

  it('MAF-5.2 step I applies the instant-slot blocks first, then the basic-slot ones (GM catalog), each in seat order: the night’s log tells the paralyses in that order', () => {
    const catalog = gmCatalog((c) => {
      c.items.push(itemLike(c, 'shackles', { id: 'iron-chain', name: name('Iron Chain'), instant: false }));
    });
    const m = eightAtNight(
      {
        t1: { inventory: { 'iron-chain': 1 } },
        t2: { inventory: { shackles: 1 } },
        t3: { inventory: { 'iron-chain': 1 } },
        t4: { inventory: { shackles: 1 } },
      },
      { dice: 'succeed', settings: { catalog } },
    );
    expect(m.act('t1', { type: 'use-item', item: 'iron-chain', target: 't5' })).toBe('ok');
    expect(m.act('t2', { type: 'use-item', item: 'shackles', target: 't6' })).toBe('ok');
    expect(m.act('t3', { type: 'use-item', item: 'iron-chain', target: 'b1' })).toBe('ok');
    expect(m.act('t4', { type: 'use-item', item: 'shackles', target: 'b2' })).toBe('ok');
    expect(m.pending.filter((p) => p.action.item === 'iron-chain').map((p) => p.slot)).toEqual(['basic', 'basic']);
    const events = m.close();
    expect(find(events, { kind: 'effect-applied', effect: 'paralysis' }).map((e) => e.to)).toEqual(['t6', 'b2', 't5', 'b1']);
    expect(find(events, { kind: 'action-succeeded', action: 'use-item' }).map((e) => e.to)).toEqual(['t1', 't2', 't3', 't4']);
  });
});

describe('MAF-5.4: luck and curse cancel', () => {
  it('MAF-5.4, MAF-0.5 a luck use that is not carried out (blocked) does not cancel the curse: the curse lands and the blocked item is not spent', () => {
    const m = eleven({ t1: { inventory: { 'lucky-coin': 1 } } });
    m.night([
      ['b2', { type: 'use-item', item: 'dope-potion', target: 't1' }],
      ['t1', { type: 'use-item', item: 'lucky-coin', target: 't5' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't5' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't1', action: 'use-item' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'use-item', reason: 'blocked', item: 'lucky-coin', target: 't5' },
    ]);
    expect(find(events, { to: 'b3', action: 'use-item' })).toEqual([
      { kind: 'action-succeeded', to: 'b3', action: 'use-item', item: 'curse-potion', target: 't5' },
    ]);
    expect(has(events, { reason: 'cancelled' })).toBe(false);
    expect(m.stats('t5').curse).toBe(33);
    expect(m.p('t1').items[0]!.charges).toBe(2);
  });

  it('MAF-5.4 an item that gives luck among other effects (GM catalog) cancels with a curse on the same target', () => {
    const catalog = gmCatalog((c) => {
      c.items.push(
        itemLike(c, 'lucky-coin', {
          id: 'fortune-cookie',
          name: name('Fortune Cookie'),
          effect: [
            { type: 'luck', op: 'add', value: 10 },
            { type: 'stat', stat: 'vote-strength', op: 'add', value: 1, duration: 'day' },
          ],
        }),
      );
    });
    const m = eleven({ t1: { inventory: { 'fortune-cookie': 1 } } }, 'succeed', { settings: { catalog } });
    m.night([
      ['t1', { type: 'use-item', item: 'fortune-cookie', target: 't5' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't5' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { reason: 'cancelled' })).toEqual([
      { kind: 'action-failed', to: 'b3', action: 'use-item', reason: 'cancelled', item: 'curse-potion', target: 't5' },
      { kind: 'action-failed', to: 't1', action: 'use-item', reason: 'cancelled', item: 'fortune-cookie', target: 't5' },
    ]);
    expect(m.stats('t5')).toMatchObject({ curse: 0, luck: 25 });
    expect(m.p('t1').items[0]!.charges).toBe(1);
    expect(m.count('b3', 'curse-potion')).toBe(1);
  });

  it('MAF-5.4 an item that curses among other effects (GM catalog) cancels with luck on the same target', () => {
    const catalog = gmCatalog((c) => {
      c.items.push(
        itemLike(c, 'curse-potion', {
          id: 'hex-doll',
          name: name('Hex Doll'),
          effect: [
            { type: 'curse', op: 'add', value: 20, negative: true },
            { type: 'stat', stat: 'vote-strength', op: 'set', value: 0, duration: 'day', negative: true },
          ],
        }),
      );
    });
    const m = eleven({ t1: { inventory: { 'lucky-coin': 1 } }, t2: { inventory: { 'hex-doll': 1 } } }, 'succeed', {
      settings: { catalog },
    });
    m.night([
      ['t1', { type: 'use-item', item: 'lucky-coin', target: 't6' }],
      ['t2', { type: 'use-item', item: 'hex-doll', target: 't6' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { reason: 'cancelled' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'use-item', reason: 'cancelled', item: 'lucky-coin', target: 't6' },
      { kind: 'action-failed', to: 't2', action: 'use-item', reason: 'cancelled', item: 'hex-doll', target: 't6' },
    ]);
    expect(m.stats('t6')).toMatchObject({ curse: 0, luck: 25 });
    expect(m.count('t2', 'hex-doll')).toBe(0);
    expect(m.p('t1').items[0]!.charges).toBe(1);
  });

  it('MAF-5.4, MAF-8.9 a set piece spent by a cancelled use breaks the set: its bonus then fails (no-item), naming the set and target', () => {
    // GM catalog: the compass becomes a one-use luck item; the set bonus an instant one (its own slot)
    const catalog = gmCatalog((c) => {
      const compass = c.items.find((i) => i.id === 'tracker-compass')!;
      Object.assign(compass, {
        kind: 'active',
        phase: 'night',
        scope: 'all',
        uses: 'one-use',
        afterUse: 'lost',
        class: 'fortune',
        effect: [{ type: 'luck', op: 'add', value: 10 }],
      });
      c.sets.find((s) => s.id === 'tracker-gear')!.active!.instant = true;
    });
    const m = eleven({ t1: { inventory: TRACKER }, t6: { maps: ['dowsing-rod'] } }, 'succeed', { settings: { catalog } });
    m.night([
      ['t1', { type: 'use-item', item: 'tracker-compass', target: 't5' }],
      ['t1', { type: 'use-set', set: 'tracker-gear', target: 't6' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't5' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't1', action: 'use-item' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'use-item', reason: 'cancelled', item: 'tracker-compass', target: 't5' },
    ]);
    expect(find(events, { to: 't1', action: 'use-set' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'use-set', reason: 'no-item', set: 'tracker-gear', target: 't6' },
    ]);
    expect(m.count('t1', 'tracker-compass')).toBe(0);
    expect(m.count('t1', 'map:dowsing-rod')).toBe(0);
    expect(m.p('t1').setUses).toEqual({});
  });
});

describe('Step II: items, sets and specialty actions', () => {
  it('MAF-8.9 a complete set’s active bonus is carried out: the result names the set and the target; the copied maps are his', () => {
    const m = eleven({ t2: { inventory: TRACKER }, t5: { maps: ['lucky-coin', 'dowsing-rod'] } });
    m.night([['t2', { type: 'use-set', set: 'tracker-gear', target: 't5' }]]);
    expect(find(m.of('night-1'), { to: 't2', action: 'use-set' })).toEqual([
      { kind: 'action-succeeded', to: 't2', action: 'use-set', set: 'tracker-gear', target: 't5', maps: ['lucky-coin', 'dowsing-rod'] },
    ]);
    expect(m.count('t2', 'map:dowsing-rod')).toBe(1);
    expect(m.p('t2').setUses).toEqual({ 'tracker-gear': 1 });
  });

  it('MAF-9.4, MAF-9.12 the curse is not applied to a transformation: a cursed holder’s pelt works under succeeding dice', () => {
    const m = eightAtNight({ t4: { inventory: { 'werewolf-pelt': 1 }, effects: [{ effect: 'curse', value: 50 }] } }, { dice: 'succeed' });
    const events = m.night([['t4', { type: 'use-item', item: 'werewolf-pelt', target: 't5' }]]);
    expect(find(events, { to: 't4', action: 'use-item' })).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'use-item', item: 'werewolf-pelt', target: 't5' },
    ]);
    expect(has(events, { kind: 'effect-applied', to: 't5', effect: 'transformation', form: 'werewolf' })).toBe(true);
    expect(m.stats('t5')['death-avoid']).toBe(30);
  });

  it('MAF-9.4, MAF-9.12 an item that transforms among other effects (GM catalog) is a transformation: no curse check either', () => {
    const catalog = gmCatalog((c) => {
      c.items.push(
        itemLike(c, 'werewolf-pelt', {
          id: 'bear-pelt',
          name: name('Bear Pelt'),
          effect: [
            {
              type: 'transform',
              form: 'bear',
              limit: 1,
              undoBySameAction: true,
              grants: [{ type: 'stat', stat: 'death-avoid', op: 'add', value: 10, duration: 'held' }],
            },
            { type: 'stat', stat: 'vote-strength', op: 'add', value: 1, duration: 'day' },
          ],
        }),
      );
    });
    const m = eightAtNight(
      { t4: { inventory: { 'bear-pelt': 1 }, effects: [{ effect: 'curse', value: 50 }] } },
      { dice: 'succeed', settings: { catalog } },
    );
    const events = m.night([['t4', { type: 'use-item', item: 'bear-pelt', target: 't5' }]]);
    expect(find(events, { to: 't4', action: 'use-item' })).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'use-item', item: 'bear-pelt', target: 't5' },
    ]);
    expect(has(events, { kind: 'effect-applied', to: 't5', effect: 'transformation', form: 'bear' })).toBe(true);
    expect(m.stats('t5')['death-avoid']).toBe(10);
  });

  it('MAF-5.3 the instants go before the actives whatever their class: an instant curse (fortune) makes the target’s active cleanse fail (dice), charge spent', () => {
    const m = eleven({ t2: { inventory: { 'holy-water': 1 } }, t5: { effects: [{ effect: 'curse', value: 40 }] } });
    m.night([
      ['t2', { type: 'use-item', item: 'holy-water', target: 't5' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't2' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't2', action: 'use-item' })).toEqual([
      { kind: 'action-failed', to: 't2', action: 'use-item', reason: 'dice', item: 'holy-water', target: 't5' },
    ]);
    expect(m.stats('t2').curse).toBe(33);
    expect(m.stats('t5').curse).toBe(40);
    expect(m.p('t2').items[0]!.charges).toBe(1);
  });

  it('MAF-5.3, D6 smelting runs with the instants, before an active luck that would lift the smith’s curse: it fails (dice) and the item stays', () => {
    const m = eightAtNight(
      { t2: { inventory: { 'holy-water': 1 }, effects: [{ effect: 'curse', value: 50 }] }, t4: { inventory: { 'lucky-coin': 1 } } },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['t2', { type: 'smelt', item: 'holy-water', into: ['dope-potion'] }],
      ['t4', { type: 'use-item', item: 'lucky-coin', target: 't2' }],
    ]);
    expect(find(events, { to: 't2', action: 'smelt' })).toEqual([
      { kind: 'action-failed', to: 't2', action: 'smelt', reason: 'dice', item: 'holy-water' },
    ]);
    expect(has(events, { kind: 'effect-removed', to: 't2', effect: 'curse' })).toBe(true);
    expect(m.inv('t2')).toEqual({ 'holy-water': 1 });
  });

  it('MAF-7.6, MAF-9.4 a cursed blacksmith’s smelting fails (dice) naming the item: he keeps it and receives nothing; it still counts for not-two-nights', () => {
    const m = eightAtNight({ t2: { inventory: { 'lucky-coin': 1 }, effects: [{ effect: 'curse', value: 50 }] } }, { dice: 'succeed' });
    const events = m.night([['t2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }]]);
    expect(find(events, { to: 't2', action: 'smelt' })).toEqual([
      { kind: 'action-failed', to: 't2', action: 'smelt', reason: 'dice', item: 'lucky-coin' },
    ]);
    expect(m.inv('t2')).toEqual({ 'lucky-coin': 1 });
    m.close();
    expect(m.act('t2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] })).toBe('not-two-nights');
  });

  it('MAF-7.12, MAF-7.13 an enchantment of an item used up earlier that night fails (item-gone) naming the item', () => {
    const m = eightAtNight({ t4: { inventory: { 'bear-trap': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['t4', { type: 'use-item', item: 'bear-trap', target: 't5' }],
      ['t4', { type: 'enchant', item: 'bear-trap', bonus: 'death-avoid' }],
    ]);
    expect(find(events, { to: 't4' }).filter((e) => e.kind.startsWith('action-'))).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'use-item', item: 'bear-trap', target: 't5' },
      { kind: 'action-failed', to: 't4', action: 'enchant', reason: 'item-gone', item: 'bear-trap' },
    ]);
    expect(m.inv('t4')).toEqual({});
  });

  it('MAF-7.4, MAF-9.4, D44 a cursed archaeologist’s map copy fails (dice): no map, and the once-per-game use is spent', () => {
    const m = eightAtNight({ t1: { effects: [{ effect: 'curse', value: 50 }] }, t4: { maps: ['dowsing-rod'] } }, { dice: 'succeed' });
    const events = m.night([['t1', { type: 'copy-map', target: 't4', item: 'dowsing-rod' }]]);
    expect(find(events, { to: 't1', action: 'copy-map' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'copy-map', reason: 'dice', target: 't4', item: 'dowsing-rod' },
    ]);
    expect(m.count('t1', 'map:dowsing-rod')).toBe(0);
    m.close();
    expect(m.act('t1', { type: 'copy-map', target: 't4', item: 'dowsing-rod' })).toBe('once-per-game');
  });

  it('MAF-7.4, MAF-9.14, D44 a map copy from an invisible target fails (protected): no map, the use is spent', () => {
    const m = eightAtNight({ t4: { maps: ['dowsing-rod'], inventory: { 'invisibility-cloak': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['t4', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t1', { type: 'copy-map', target: 't4', item: 'dowsing-rod' }],
    ]);
    expect(find(events, { to: 't1', action: 'copy-map' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'copy-map', reason: 'protected', target: 't4', item: 'dowsing-rod' },
    ]);
    expect(m.count('t1', 'map:dowsing-rod')).toBe(0);
    m.close();
    expect(m.act('t1', { type: 'copy-map', target: 't4', item: 'dowsing-rod' })).toBe('once-per-game');
  });

  it('MAF-7.4, MAF-9.4, MAF-9.14 a cursed archaeologist copying from an invisible target fails protected, not dice: the curse follows a success only', () => {
    const m = eightAtNight(
      { t1: { effects: [{ effect: 'curse', value: 50 }] }, t4: { maps: ['dowsing-rod'], inventory: { 'invisibility-cloak': 1 } } },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['t4', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t1', { type: 'copy-map', target: 't4', item: 'dowsing-rod' }],
    ]);
    expect(find(events, { to: 't1', action: 'copy-map' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'copy-map', reason: 'protected', target: 't4', item: 'dowsing-rod' },
    ]);
    expect(m.count('t1', 'map:dowsing-rod')).toBe(0);
  });

  it('MAF-7.9, MAF-9.1 after his guard-boost the guard has no death-avoid that night: one shot kills him even under succeeding dice; unboosted he survives it', () => {
    const m = eightAtNight({}, { dice: 'succeed' });
    const events = m.night([
      ['t3', { type: 'guard-boost' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't3' }],
    ]);
    expect(find(events, { to: 't3', action: 'guard-boost' })).toEqual([{ kind: 'action-succeeded', to: 't3', action: 'guard-boost' }]);
    expect(find(events, { kind: 'died' })).toEqual([{ kind: 'died', to: 'public', player: 't3' }]);
    expect(has(events, { kind: 'attacked' })).toBe(false);
    const plain = eightAtNight({}, { dice: 'succeed' });
    const shot = plain.night([['b1', { type: 'use-item', item: 'revolver', target: 't3' }]]);
    expect(find(shot, { kind: 'attacked' })).toEqual([{ kind: 'attacked', to: 't3', count: 1 }]);
    expect(plain.facts().alive).toContain('t3');
  });
});
