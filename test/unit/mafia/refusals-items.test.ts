// MAF-8 MAF-2.5 MAF-6.5: what `use-item` and `use-set` refuse at submission (validate-items.ts), each with
// its reason and message, and what an accepted use takes and records.
import { describe, expect, it } from 'vitest';
import type { ActionInput } from '../../../engine/core/types.js';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef, SetDef } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { eight, eightAtNight, expectRefused, gmItem, nextNight, type Match, type Refusal } from './harness.js';

const use = (item: unknown, more: Record<string, unknown> = {}): ActionInput => ({ type: 'use-item', item, ...more });
const useSet = (set: unknown, more: Record<string, unknown> = {}): ActionInput => ({ type: 'use-set', set, ...more });

// ---- A GM catalog (MAF-8.1): the starter one plus a few entries the starter has no example of ------

const piece = (id: string, set: string): ItemDef =>
  gmItem(id, { kind: 'passive', phase: null, scope: null, uses: null, afterUse: null, class: null, set });

/** A set whose active bonus is an instant, self-scoped, infinite one (its interval field is ignored, MAF-8.7). */
const wolfPack: SetDef = {
  id: 'wolf-pack',
  name: { ru: 'wolf-pack', en: 'wolf-pack' },
  pieces: ['wolf-fang', 'wolf-tail'],
  passive: [],
  active: {
    id: 'howl',
    phase: 'night',
    instant: true,
    scope: 'self',
    uses: 'infinite',
    interval: 1,
    class: 'protect',
    effect: [{ type: 'invisibility', duration: 'night' }],
  },
};
/** A set with only a passive bonus: there is nothing to `use-set`. */
const moonPair: SetDef = {
  id: 'moon-pair',
  name: { ru: 'moon-pair', en: 'moon-pair' },
  pieces: ['moon-shard', 'moon-dust'],
  passive: [],
  active: null,
};

const gmCatalog = (): Catalog => {
  const base = structuredClone(starterCatalog());
  return {
    ...base,
    items: [
      ...base.items,
      piece('wolf-fang', 'wolf-pack'),
      piece('wolf-tail', 'wolf-pack'),
      piece('moon-shard', 'moon-pair'),
      piece('moon-dust', 'moon-pair'),
      // a recharge that is not the item's only effect still needs its subject (MAF-8.6)
      gmItem('spark-crystal', {
        rarity: 'thing',
        instant: true,
        scope: 'self',
        class: 'cleanse',
        effect: [{ type: 'luck', value: 5 }, { type: 'recharge' }],
      }),
      // a transformation that is not the item's first effect still has its limit (MAF-9.12)
      gmItem('moon-pelt', {
        rarity: 'artifact',
        scope: 'all',
        uses: 'infinite',
        afterUse: null,
        effect: [
          { type: 'luck', value: 5 },
          { type: 'transform', form: 'wolf', limit: 1, grants: [] },
        ],
      }),
    ],
    sets: [...base.sets, wolfPack, moonPair],
  };
};

const gmAtNight = (overrides: Parameters<typeof eightAtNight>[0], dice: 'succeed' | 'fail' | 'natural' = 'natural') =>
  eightAtNight(overrides, { settings: { catalog: gmCatalog() }, dice });

const trackerGear = { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 };
const nightRegalia = { 'night-ring': 1, 'night-mantle': 1, 'night-crown': 1 };

// ---- use-item ---------------------------------------------------------------------------------------

const itemRefusals: Refusal[] = [
  {
    rule: 'MAF-2.3',
    what: 'a night item by day',
    match: () => eight({ t1: { inventory: { 'detective-loupe': 1 } } }),
    player: 't1',
    action: use('detective-loupe', { target: 'b1' }),
    reason: 'wrong-phase',
    message: 'That item is used by night.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a day item by night',
    match: () => eightAtNight({ t1: { inventory: { megaphone: 1 } } }),
    player: 't1',
    action: use('megaphone'),
    reason: 'wrong-phase',
    message: 'That item is used by day.',
  },
  {
    rule: 'MAF-0.3',
    what: 'a dead player using an item',
    match: () => eightAtNight({ t5: { state: 'dead' } }),
    player: 't5',
    action: use('detective-loupe', { target: 'b1' }),
    reason: 'not-alive',
    message: 'You are dead.',
  },
  {
    rule: 'MAF-0.3',
    what: 'a jailed player using an item',
    match: () => eightAtNight({ t6: { state: 'jailed', inventory: { 'detective-loupe': 1 } } }),
    player: 't6',
    action: use('detective-loupe', { target: 'b1' }),
    reason: 'not-in-town',
    message: 'You are not in town.',
  },
  {
    rule: 'MAF-9.17',
    what: 'a paralysed player using an item he holds',
    match: () => eightAtNight({ t3: { inventory: { 'detective-loupe': 1 }, effects: [{ effect: 'paralysis' }] } }),
    player: 't3',
    action: use('detective-loupe', { target: 'b1' }),
    reason: 'paralysed',
    message: 'You are paralysed.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a use without an item',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'use-item' },
    reason: 'field-missing',
    message: 'Name the item.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a use of a null item',
    match: () => eightAtNight(),
    player: 't1',
    action: use(null),
    reason: 'field-missing',
    message: 'Name the item.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a use of an empty item id',
    match: () => eightAtNight(),
    player: 't1',
    action: use(''),
    reason: 'field-missing',
    message: 'Name the item.',
  },
  {
    rule: 'MAF-2.5',
    what: 'a use of no such item',
    match: () => eightAtNight(),
    player: 't1',
    action: use('bazooka', { target: 'b1' }),
    reason: 'no-item',
    message: 'That item cannot be used.',
  },
  {
    rule: 'MAF-2.5',
    what: 'a use of a number for an item',
    match: () => eightAtNight(),
    player: 't1',
    action: use(5),
    reason: 'no-item',
    message: 'That item cannot be used.',
  },
  {
    rule: 'MAF-8.2',
    what: 'a use of a passive item held',
    match: () => eightAtNight({ t1: { inventory: { 'guardian-amulet': 1 } } }),
    player: 't1',
    action: use('guardian-amulet'),
    reason: 'no-item',
    message: 'That item cannot be used.',
  },
  {
    rule: 'MAF-8.2',
    what: 'a use of a global passive held',
    match: () => eightAtNight({ t1: { inventory: { 'thieves-moon': 1 } } }),
    player: 't1',
    action: use('thieves-moon'),
    reason: 'no-item',
    message: 'That item cannot be used.',
  },
  {
    rule: 'MAF-2.6',
    what: 'an others item without its target',
    match: () => eightAtNight({ t1: { inventory: { 'detective-loupe': 1 } } }),
    player: 't1',
    action: use('detective-loupe'),
    reason: 'field-missing',
    message: 'The target is missing.',
  },
  {
    rule: 'MAF-2.6',
    what: 'an others item on oneself',
    match: () => eightAtNight({ t1: { inventory: { 'detective-loupe': 1 } } }),
    player: 't1',
    action: use('detective-loupe', { target: 't1' }),
    reason: 'target-self',
    message: 'You cannot choose yourself.',
  },
  {
    rule: 'MAF-8.6',
    what: 'a recharge naming no item',
    match: () => eightAtNight({ t4: { inventory: { 'charging-crystal': 1, 'holy-water': 1 } } }),
    player: 't4',
    action: use('charging-crystal'),
    reason: 'field-missing',
    message: 'Name the item to recharge.',
  },
  {
    rule: 'MAF-8.6',
    what: 'a recharge naming an empty item',
    match: () => eightAtNight({ t4: { inventory: { 'charging-crystal': 1, 'holy-water': 1 } } }),
    player: 't4',
    action: use('charging-crystal', { subject: '' }),
    reason: 'field-missing',
    message: 'Name the item to recharge.',
  },
  {
    rule: 'MAF-8.6',
    what: 'a recharge of a reloadable item',
    match: () => eightAtNight({ t4: { inventory: { 'charging-crystal': 1, 'detective-loupe': 1 } } }),
    player: 't4',
    action: use('charging-crystal', { subject: 'detective-loupe' }),
    reason: 'illegal-target',
    message: 'You hold no such multi-use item.',
  },
  {
    rule: 'MAF-8.6',
    what: 'a recharge of a multi-use item not held',
    match: () => eightAtNight({ t4: { inventory: { 'charging-crystal': 1 } } }),
    player: 't4',
    action: use('charging-crystal', { subject: 'holy-water' }),
    reason: 'illegal-target',
    message: 'You hold no such multi-use item.',
  },
  {
    rule: 'MAF-8.6',
    what: 'a recharge of no such item',
    match: () => eightAtNight({ t4: { inventory: { 'charging-crystal': 1 } } }),
    player: 't4',
    action: use('charging-crystal', { subject: 'bazooka' }),
    reason: 'illegal-target',
    message: 'You hold no such multi-use item.',
  },
  {
    rule: 'MAF-8.6',
    what: 'a recharge among other effects, naming no item',
    match: () => gmAtNight({ t4: { inventory: { 'spark-crystal': 1, 'holy-water': 1 } } }),
    player: 't4',
    action: use('spark-crystal'),
    reason: 'field-missing',
    message: 'Name the item to recharge.',
  },
  {
    rule: 'MAF-9.12',
    what: 'a second bearer for a transformation listed after another effect',
    match: () => nextNight(gmAtNight({ t1: { inventory: { 'moon-pelt': 1 } } }, 'succeed'), [['t1', use('moon-pelt', { target: 't4' })]]),
    player: 't1',
    action: use('moon-pelt', { target: 't5' }),
    reason: 'limit-reached',
    message: 'That item already transforms as many players as it can.',
  },
  {
    rule: 'MAF-2.4 MAF-3.11',
    what: 'a second day item after a day item in the basic slot',
    match: () => eight({ t1: { inventory: { gag: 2 } } }).play([['t1', use('gag', { target: 'b1' })]]),
    player: 't1',
    action: use('gag', { target: 'b2' }),
    reason: 'action-locked',
    message: 'That slot is locked for this phase.',
  },
  {
    rule: 'MAF-2.4 MAF-3.11',
    what: 'a second instant day item after one',
    match: () => eight({ t1: { inventory: { megaphone: 2 } } }).play([['t1', use('megaphone')]]),
    player: 't1',
    action: use('megaphone'),
    reason: 'action-locked',
    message: 'That slot is locked for this phase.',
  },
  {
    rule: 'MAF-2.4',
    what: 'a night item after a steal in the basic slot',
    match: () => eightAtNight({ t1: { inventory: { 'detective-loupe': 1 } } }).play([['t1', { type: 'steal', target: 't2' }]]),
    player: 't1',
    action: use('detective-loupe', { target: 'b1' }),
    reason: 'action-locked',
    message: 'That slot is locked for this phase.',
  },
];

describe('MAF-8 use-item at submission', () => {
  it.each(itemRefusals)('$rule $what: $reason, “$message”', (row) => {
    expectRefused(row);
  });

  it('MAF-8.1 the GM catalog of these tests is a valid one', () => {
    expect(mafia.settings.safeParse({ catalog: gmCatalog() }).success).toBe(true);
  });

  it('MAF-2.3 MAF-8.3 an active item takes the basic slot, an instant one the instant slot; the use records the item and its target only', () => {
    const m = eightAtNight({ t1: { inventory: { 'detective-loupe': 1, shackles: 1 } } });
    expect(m.attempt('t1', use('detective-loupe', { target: 'b1', subject: 'shackles', note: 'x' }))).toEqual({ ok: true, slot: 'basic' });
    expect(m.attempt('t1', use('shackles', { target: 'b2' }))).toEqual({ ok: true, slot: 'instant' });
    expect(m.pending.map((p) => [p.slot, p.action])).toEqual([
      ['basic', { type: 'use-item', item: 'detective-loupe', target: 'b1' }],
      ['instant', { type: 'use-item', item: 'shackles', target: 'b2' }],
    ]);
  });

  it('MAF-8.6 a recharge records its subject; one listed among other effects is accepted with its subject too', () => {
    const m = eightAtNight({ t4: { inventory: { 'charging-crystal': 1, 'holy-water': 1 } } });
    expect(m.attempt('t4', use('charging-crystal', { subject: 'holy-water', target: 't2' }))).toEqual({ ok: true, slot: 'instant' });
    expect(m.pending.map((p) => p.action)).toEqual([{ type: 'use-item', item: 'charging-crystal', subject: 'holy-water' }]);
    const g = gmAtNight({ t4: { inventory: { 'spark-crystal': 1, 'holy-water': 1 } } });
    expect(g.attempt('t4', use('spark-crystal', { subject: 'holy-water' }))).toEqual({ ok: true, slot: 'instant' });
    expect(g.pending.map((p) => p.action)).toEqual([{ type: 'use-item', item: 'spark-crystal', subject: 'holy-water' }]);
  });

  it('MAF-9.12 the transformation limit counts bearers: the bearer himself may be named again (to undo it)', () => {
    const m = nextNight(gmAtNight({ t1: { inventory: { 'moon-pelt': 1 } } }, 'succeed'), [['t1', use('moon-pelt', { target: 't4' })]]);
    expect(m.attempt('t1', use('moon-pelt', { target: 't4' }))).toEqual({ ok: true, slot: 'basic' });
  });

  it('MAF-3.11 MAF-2.4 a day item is announced at submission and locks its slot: a vote after it is refused', () => {
    const m = eight({ t1: { inventory: { gag: 1 } } });
    expect(m.attempt('t1', use('gag', { target: 'b1' }))).toEqual({ ok: true, slot: 'basic' });
    expect(m.of('day-1').filter((e) => e.kind === 'day-item-used')).toEqual([
      { kind: 'day-item-used', to: 'public', player: 't1', item: 'gag', target: 'b1' },
    ]);
    expect(m.attempt('t1', { type: 'vote', target: 'b2' })).toEqual({
      ok: false,
      reason: 'action-locked',
      message: 'That slot is locked for this phase.',
    });
  });
});

// ---- use-set ----------------------------------------------------------------------------------------

const setRefusals: Refusal[] = [
  {
    rule: 'MAF-2.3',
    what: 'a set bonus by day',
    match: () => eight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: useSet('tracker-gear', { target: 't4' }),
    reason: 'wrong-phase',
    message: 'That action does not belong to this phase.',
  },
  {
    rule: 'MAF-0.3',
    what: 'a dead player using a set bonus',
    match: () => eightAtNight({ t5: { state: 'dead' } }),
    player: 't5',
    action: useSet('tracker-gear', { target: 't4' }),
    reason: 'not-alive',
    message: 'You are dead.',
  },
  {
    rule: 'MAF-9.17',
    what: 'a paralysed holder of the whole set',
    match: () => eightAtNight({ t1: { inventory: trackerGear, effects: [{ effect: 'paralysis' }] } }),
    player: 't1',
    action: useSet('tracker-gear', { target: 't4' }),
    reason: 'paralysed',
    message: 'You are paralysed.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a set bonus naming no set',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: { type: 'use-set', target: 't4' },
    reason: 'field-missing',
    message: 'Name the set.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a set bonus naming a null set',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: useSet(null, { target: 't4' }),
    reason: 'field-missing',
    message: 'Name the set.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a set bonus naming an empty set',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: useSet('', { target: 't4' }),
    reason: 'field-missing',
    message: 'Name the set.',
  },
  {
    rule: 'MAF-8.9',
    what: 'a set bonus of no such set',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: useSet('tracker-kit', { target: 't4' }),
    reason: 'no-item',
    message: 'No such set bonus.',
  },
  {
    rule: 'MAF-8.9',
    what: 'a set bonus named by a number',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: useSet(3, { target: 't4' }),
    reason: 'no-item',
    message: 'No such set bonus.',
  },
  {
    rule: 'MAF-8.9',
    what: 'the active bonus of a set that has none',
    match: () => gmAtNight({ t1: { inventory: { 'moon-shard': 1, 'moon-dust': 1 } } }),
    player: 't1',
    action: useSet('moon-pair'),
    reason: 'no-item',
    message: 'No such set bonus.',
  },
  {
    rule: 'MAF-2.6',
    what: 'an others-scoped set bonus without a target',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: useSet('tracker-gear'),
    reason: 'field-missing',
    message: 'The target is missing.',
  },
  {
    rule: 'MAF-2.6',
    what: 'an others-scoped set bonus on nobody',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: useSet('tracker-gear', { target: 'nobody' }),
    reason: 'illegal-target',
    message: 'No such player.',
  },
  {
    rule: 'MAF-2.6',
    what: 'an others-scoped set bonus on oneself',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }),
    player: 't1',
    action: useSet('tracker-gear', { target: 't1' }),
    reason: 'target-self',
    message: 'You cannot choose yourself.',
  },
  {
    rule: 'MAF-8.9',
    what: 'a set bonus with a piece missing',
    match: () => eightAtNight({ t1: { inventory: { 'tracker-compass': 1, 'tracker-boots': 1 } } }),
    player: 't1',
    action: useSet('tracker-gear', { target: 't4' }),
    reason: 'no-item',
    message: 'You do not hold the whole set.',
  },
  {
    rule: 'MAF-8.9',
    what: 'a set bonus of an incomplete set while another set is complete',
    match: () => eightAtNight({ t1: { inventory: { ...nightRegalia, 'tracker-compass': 1 } } }),
    player: 't1',
    action: useSet('tracker-gear', { target: 't4' }),
    reason: 'no-item',
    message: 'You do not hold the whole set.',
  },
  {
    rule: 'MAF-2.4',
    what: 'a set bonus after a steal in the basic slot',
    match: () => eightAtNight({ t1: { inventory: trackerGear } }).play([['t1', { type: 'steal', target: 't2' }]]),
    player: 't1',
    action: useSet('tracker-gear', { target: 't4' }),
    reason: 'action-locked',
    message: 'That slot is locked for this phase.',
  },
];

describe('MAF-8.9 use-set at submission', () => {
  it.each(setRefusals)('$rule $what: $reason, “$message”', (row) => {
    expectRefused(row);
  });

  it('MAF-8.7 MAF-8.9 MAF-6.5 a reloadable set bonus (interval 2) waits until night N+3; meanwhile the holder’s other set is refused', () => {
    const m = eightAtNight({ t1: { inventory: { ...trackerGear, ...nightRegalia } } });
    expect(m.attempt('t1', useSet('tracker-gear', { target: 't4', item: 'x' }))).toEqual({ ok: true, slot: 'basic' });
    expect(m.pending.map((p) => p.action)).toEqual([{ type: 'use-set', set: 'tracker-gear', target: 't4' }]);
    nextNight(m);
    // night 2 and night 3: reloading
    expect(m.attempt('t1', useSet('tracker-gear', { target: 't4' }))).toEqual({
      ok: false,
      reason: 'reloading',
      message: 'That item is reloading.',
    });
    // MAF-6.5: one set's active bonus per player while that set stays complete
    expect(m.attempt('t1', useSet('night-regalia', { target: 't5' }))).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'You already use the bonus of tracker-gear.',
    });
    expect(m.pending).toEqual([]);
    nextNight(m);
    expect(m.attempt('t1', useSet('tracker-gear', { target: 't4' }))).toEqual({
      ok: false,
      reason: 'reloading',
      message: 'That item is reloading.',
    });
    nextNight(m);
    // night 4 = 1 + 2 + 1: the same set again, not "another" set
    expect(m.phase).toBe('night-4');
    expect(m.attempt('t1', useSet('tracker-gear', { target: 't4' }))).toEqual({ ok: true, slot: 'basic' });
  });

  it('MAF-8.9 MAF-2.6 MAF-8.7 an instant self-scoped infinite set bonus: instant slot, no target recorded, usable every night', () => {
    const m = gmAtNight({ t1: { inventory: { 'wolf-fang': 1, 'wolf-tail': 1 } } });
    expect(m.attempt('t1', useSet('wolf-pack'))).toEqual({ ok: true, slot: 'instant' });
    expect(m.pending.map((p) => [p.slot, p.action])).toEqual([['instant', { type: 'use-set', set: 'wolf-pack' }]]);
    // a target given to a self bonus is not recorded
    expect(m.attempt('t1', useSet('wolf-pack', { target: 't4' }))).toEqual({ ok: true, slot: 'instant' });
    expect(m.pending.map((p) => p.action)).toEqual([{ type: 'use-set', set: 'wolf-pack' }]);
    nextNight(m);
    expect(m.p('t1').setUses['wolf-pack']).toBe(1);
    // infinite: usable on the very next night, whatever interval the entry carries
    expect(m.attempt('t1', useSet('wolf-pack'))).toEqual({ ok: true, slot: 'instant' });
  });
});
