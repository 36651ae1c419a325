// Section 9 (effects glossary), the edges of each effect: who it does not land on (invisibility,
// blessing), what a copy records (D47), what a cure leaves alone, and GM catalog effects (MAF-8.1).
import { describe, expect, it } from 'vitest';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef, SetDef } from '../../../engine/rulesets/mafia/catalog.js';
import { eightAtNight, find, gmItem, has } from './harness.js';
import type { Match } from './harness.js';

const item = gmItem;

/** A two-piece set whose active bonus has the given effects, with its pieces. */
const twoPieceSet = (
  id: string,
  cls: NonNullable<SetDef['active']>['class'],
  effect: ItemDef['effect'],
): { set: SetDef; pieces: ItemDef[] } => ({
  set: {
    id,
    name: { ru: id, en: id },
    pieces: [`${id}-a`, `${id}-b`],
    passive: [],
    active: { id: `${id}-bonus`, phase: 'night', instant: false, scope: 'others', uses: 'infinite', interval: null, class: cls, effect },
  },
  pieces: [`${id}-a`, `${id}-b`].map((p) =>
    item(p, { kind: 'passive', phase: null, scope: null, uses: null, afterUse: null, class: null, set: id }),
  ),
});

/** The starter catalog plus GM items and sets. */
const gm = (items: ItemDef[], sets: Array<{ set: SetDef; pieces: ItemDef[] }> = []): Catalog => {
  const c = structuredClone(starterCatalog());
  return { ...c, items: [...c.items, ...items, ...sets.flatMap((s) => s.pieces)], sets: [...c.sets, ...sets.map((s) => s.set)] };
};

const use = (itemId: string, target?: string) => ({ type: 'use-item', item: itemId, ...(target ? { target } : {}) });
const search = { type: 'search-random', rarity: 'relic' };
const uidOf = (m: Match, player: string, itemId: string) => m.p(player).items.find((c) => c.item === itemId)!.uid;

describe('Section 9: effects glossary, edges', () => {
  // ---- MAF-9.4 / 9.5 curse and luck, D47 once per copy ----------------------------------------

  it('D47 MAF-6.3 MAF-9.5 a fortune effect records the copy that gave it; a landing curse clears the luck record, luck removing a curse clears the curse record', () => {
    const m = eightAtNight({ t1: { inventory: { 'lucky-coin': 1 } }, t3: { inventory: { 'curse-potion': 1 } } }, { dice: 'succeed' });
    const coin = uidOf(m, 't1', 'lucky-coin');
    const potion = uidOf(m, 't3', 'curse-potion');
    const first = m.night([['t1', use('lucky-coin', 't2')]]);
    // luck given to a player who is not cursed removes nothing
    expect(find(first, { kind: 'effect-removed' })).toEqual([]);
    expect(m.stats('t2')).toMatchObject({ luck: 15, curse: 0 });
    expect(m.p('t2').fx.fortuneFrom).toStrictEqual({ luck: [coin], curse: [] });
    m.close();
    const cursed = m.night([['t3', use('curse-potion', 't2')]]);
    expect(find(cursed, { kind: 'effect-applied', to: 't2' })).toEqual([{ kind: 'effect-applied', to: 't2', effect: 'curse', value: 33 }]);
    expect(m.stats('t2')).toMatchObject({ luck: 0, curse: 33 });
    expect(m.p('t2').fx.fortuneFrom).toStrictEqual({ luck: [], curse: [potion] });
    m.close();
    const lucky = m.night([['t1', use('lucky-coin', 't2')]]);
    expect(find(lucky, { kind: 'effect-removed' })).toEqual([{ kind: 'effect-removed', to: 't2', effect: 'curse' }]);
    expect(m.stats('t2')).toMatchObject({ luck: 15, curse: 0 });
    expect(m.p('t2').fx.fortuneFrom).toStrictEqual({ luck: [coin], curse: [] });
  });

  it('D47 MAF-6.3 MAF-9.4 the same curse copy on the same player on two nights curses once (20, not 40); another copy stacks', () => {
    const doll = item('hex-doll', {
      uses: 'multi-use',
      charges: 2,
      recharge: 0,
      afterUse: null,
      class: 'fortune',
      effect: [{ type: 'curse', op: 'add', value: 20, negative: true }],
    });
    const m = eightAtNight(
      { t1: { inventory: { 'hex-doll': 1 } }, t3: { inventory: { 'hex-doll': 1 } } },
      { dice: 'succeed', settings: { catalog: gm([doll]) } },
    );
    const n1 = m.night([['t1', use('hex-doll', 't2')]]);
    expect(find(n1, { kind: 'effect-applied', to: 't2' })).toEqual([{ kind: 'effect-applied', to: 't2', effect: 'curse', value: 20 }]);
    m.close();
    const n2 = m.night([['t1', use('hex-doll', 't2')]]);
    expect(has(n2, { kind: 'action-succeeded', to: 't1', item: 'hex-doll', target: 't2' })).toBe(true);
    expect(find(n2, { kind: 'effect-applied', to: 't2' })).toEqual([]);
    expect(m.stats('t2').curse).toBe(20);
    expect(m.p('t1').items.find((c) => c.item === 'hex-doll')!.charges).toBe(0);
    m.close();
    const n3 = m.night([['t3', use('hex-doll', 't2')]]);
    expect(find(n3, { kind: 'effect-applied', to: 't2' })).toEqual([{ kind: 'effect-applied', to: 't2', effect: 'curse', value: 40 }]);
    expect(m.stats('t2').curse).toBe(40);
  });

  it('MAF-9.4 MAF-9.5 MAF-6.5 luck and curse given by a set bonus (no item copy) land; no copy is recorded', () => {
    const stars = twoPieceSet('star-charms', 'fortune', [{ type: 'luck', op: 'add', value: 20 }]);
    const hexes = twoPieceSet('hex-charms', 'fortune', [{ type: 'curse', op: 'add', value: 10, negative: true }]);
    const m = eightAtNight(
      { t1: { inventory: { 'star-charms-a': 1, 'star-charms-b': 1 } }, t3: { inventory: { 'hex-charms-a': 1, 'hex-charms-b': 1 } } },
      { dice: 'succeed', settings: { catalog: gm([], [stars, hexes]) } },
    );
    const events = m.night([
      ['t1', { type: 'use-set', set: 'star-charms', target: 't2' }],
      ['t3', { type: 'use-set', set: 'hex-charms', target: 't5' }],
    ]);
    expect(has(events, { kind: 'action-succeeded', to: 't1', set: 'star-charms', target: 't2' })).toBe(true);
    expect(find(events, { kind: 'effect-applied', to: 't5' })).toEqual([{ kind: 'effect-applied', to: 't5', effect: 'curse', value: 10 }]);
    expect(m.stats('t2')).toMatchObject({ luck: 20, curse: 0 });
    // t5 is a mage: his 25 luck is 0 while cursed
    expect(m.stats('t5')).toMatchObject({ luck: 0, curse: 10 });
    expect(m.p('t2').fx.fortuneFrom).toBeUndefined();
    expect(m.p('t5').fx.fortuneFrom).toStrictEqual({ luck: [], curse: [] });
  });

  it('MAF-9.14 MAF-9.5 luck from another player does not land on an invisible player', () => {
    const m = eightAtNight({ t1: { inventory: { 'lucky-coin': 1 } }, t2: { inventory: { 'invisibility-cloak': 1 } } }, { dice: 'succeed' });
    m.night([
      ['t2', use('invisibility-cloak')],
      ['t1', use('lucky-coin', 't2')],
    ]);
    expect(m.stats('t2').luck).toBe(0);
    expect(m.p('t2').fx.luck).toBe(0);
  });

  // ---- MAF-9.16 / 9.17 blocks and paralysis ----------------------------------------------------

  it('MAF-9.6 MAF-9.16 MAF-9.17 a blessed player is neither blocked nor paralysed: his night goes on', () => {
    const m = eightAtNight(
      {
        t1: { inventory: { 'dope-potion': 1 } },
        t2: { inventory: { shackles: 1 } },
        t4: { effects: [{ effect: 'blessing', value: 50 }] },
        t5: { effects: [{ effect: 'blessing', value: 50 }] },
      },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['t1', use('dope-potion', 't4')],
      ['t2', use('shackles', 't5')],
      ['t4', search],
      ['t5', search],
    ]);
    expect(find(events, { kind: 'action-failed' })).toEqual([]);
    expect(has(events, { kind: 'item-found', player: 't4' })).toBe(true);
    expect(has(events, { kind: 'item-found', player: 't5' })).toBe(true);
    expect(find(events, { kind: 'effect-applied' })).toEqual([]);
    expect(m.p('t5').fx.paralysis).toBe(false);
    expect(m.act('t5', { type: 'vote', target: 'b1' })).toBe('ok');
  });

  it('MAF-9.16 MAF-9.17 a block landing on a player already paralysed that night leaves the reason "paralysed"', () => {
    const m = eightAtNight({ t1: { inventory: { shackles: 1 } }, t2: { inventory: { 'dope-potion': 1 } } }, { dice: 'succeed' });
    const events = m.night([
      ['t1', use('shackles', 't4')],
      ['t2', use('dope-potion', 't4')],
      ['t4', search],
    ]);
    expect(find(events, { kind: 'action-failed', to: 't4' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'search-random', reason: 'paralysed' },
    ]);
  });

  it('MAF-9.17 paralysing a player who is already paralysed tells him nothing new', () => {
    const m = eightAtNight({ t1: { inventory: { shackles: 1 } }, t4: { effects: [{ effect: 'paralysis' }] } }, { dice: 'succeed' });
    const events = m.night([['t1', use('shackles', 't4')]]);
    expect(has(events, { kind: 'action-succeeded', to: 't1', item: 'shackles', target: 't4' })).toBe(true);
    expect(find(events, { to: 't4' })).toEqual([]);
    expect(m.p('t4').fx.paralysis).toBe(true);
  });

  it('MAF-9.24 MAF-8.1 calm given by an item of class block (step I) stops a later block that night', () => {
    const tea = item('calming-tea', { instant: true, class: 'block', effect: [{ type: 'calm' }] });
    const seats = { t1: { inventory: { 'calming-tea': 1 } }, t2: { inventory: { 'dope-potion': 1 } } };
    const m = eightAtNight(seats, { dice: 'succeed', settings: { catalog: gm([tea]) } });
    const events = m.night([
      ['t1', use('calming-tea', 't4')],
      ['t2', use('dope-potion', 't4')],
      ['t4', search],
    ]);
    expect(find(events, { kind: 'action-failed' })).toEqual([]);
    expect(has(events, { kind: 'item-found', player: 't4' })).toBe(true);
    // the same night without the tea on him: blocked
    const c = eightAtNight(seats, { dice: 'succeed', settings: { catalog: gm([tea]) } });
    const blocked = c.night([
      ['t1', use('calming-tea', 't5')],
      ['t2', use('dope-potion', 't4')],
      ['t4', search],
    ]);
    expect(find(blocked, { kind: 'action-failed', to: 't4' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'search-random', reason: 'blocked' },
    ]);
  });

  // ---- kills, healing, immortality (MAF-9.14, 9.15, 9.18, 9.19) --------------------------------

  it('MAF-9.19 MAF-9.18 a silver bullet on a player who is not transformed is a plain kill: healing saves him', () => {
    const m = eightAtNight({ b1: { inventory: { 'silver-bullet': 1 } }, t2: { inventory: { 'elixir-of-life': 1 } } }, { dice: 'fail' });
    const events = m.night([
      ['t2', use('elixir-of-life', 't4')],
      ['b1', use('silver-bullet', 't4')],
    ]);
    expect(m.facts().alive).toContain('t4');
    expect(find(events, { kind: 'saved-player' })).toEqual([{ kind: 'saved-player', to: 't2', target: 't4' }]);
  });

  it('MAF-9.14 MAF-9.19 incineration is not registered against an invisible player', () => {
    const m = eightAtNight(
      { b1: { inventory: { 'salamander-flask': 1 } }, t4: { inventory: { 'invisibility-cloak': 1 } } },
      { dice: 'fail' },
    );
    const events = m.night([
      ['t4', use('invisibility-cloak')],
      ['b1', use('salamander-flask', 't4')],
    ]);
    expect(m.facts().alive).toContain('t4');
    expect(has(events, { kind: 'died', player: 't4' })).toBe(false);
  });

  it('MAF-9.14 MAF-9.18 healing from another player does not land on an invisible player (his own kill on himself does)', () => {
    const blade = item('cursed-blade', { scope: 'all', class: 'harm', effect: [{ type: 'kill' }] });
    const m = eightAtNight(
      { t4: { inventory: { 'invisibility-cloak': 1, 'cursed-blade': 1 } }, t2: { inventory: { 'elixir-of-life': 1 } } },
      { dice: 'fail', settings: { catalog: gm([blade]) } },
    );
    const events = m.night([
      ['t4', use('invisibility-cloak')],
      ['t4', use('cursed-blade', 't4')],
      ['t2', use('elixir-of-life', 't4')],
    ]);
    expect(m.facts().dead).toContain('t4');
    expect(find(events, { kind: 'saved-player' })).toEqual([]);
  });

  it('MAF-9.14 MAF-9.15 MAF-9.3 immortality from another player does not land on an invisible player: the poison kills him', () => {
    const relic = item('saints-relic', { class: 'protect', effect: [{ type: 'immortality', duration: 'night' }] });
    const m = eightAtNight(
      {
        t4: { inventory: { 'invisibility-cloak': 1 }, effects: [{ effect: 'poison', nightsLeft: 1 }] },
        t2: { inventory: { 'saints-relic': 1 } },
      },
      { dice: 'fail', settings: { catalog: gm([relic]) } },
    );
    const events = m.night([
      ['t4', use('invisibility-cloak')],
      ['t2', use('saints-relic', 't4')],
    ]);
    expect(m.facts().dead).toContain('t4');
    expect(has(events, { kind: 'died', player: 't4' })).toBe(true);
    expect(has(events, { kind: 'effect-removed', to: 't4' })).toBe(false);
  });

  // ---- stat effects of night items (MAF-6.1, 6.2, 9.6, 9.14) -----------------------------------

  it('MAF-6.1 MAF-8.1 a night item’s "for the day" stat acts on the next day only', () => {
    const drum = item('war-drum', { effect: [{ type: 'stat', stat: 'vote-strength', op: 'add', value: 2, duration: 'day' }] });
    const m = eightAtNight({ t1: { inventory: { 'war-drum': 1 } } }, { settings: { catalog: gm([drum]) } });
    m.night([['t1', use('war-drum', 't2')]]);
    expect(m.phase).toBe('day-2');
    expect(m.stats('t2')['vote-strength']).toBe(3);
    m.play([['t2', { type: 'vote', target: 'b1' }]]);
    expect(find(m.close(), { kind: 'vote-result' })[0]!.tally).toEqual({ b1: 3 });
    expect(m.stats('t2')['vote-strength']).toBe(1);
  });

  it('MAF-6.1 MAF-9.1 MAF-8.1 a night item’s "for the night" stat acts that night: death-avoid 100 survives the revolver', () => {
    const draught = item('iron-draught', {
      class: 'protect',
      effect: [{ type: 'stat', stat: 'death-avoid', op: 'add', value: 100, duration: 'night' }],
    });
    const m = eightAtNight({ t2: { inventory: { 'iron-draught': 1 } } }, { dice: 'fail', settings: { catalog: gm([draught]) } });
    m.night([
      ['t2', use('iron-draught', 't4')],
      ['b1', use('revolver', 't4')],
    ]);
    expect(m.facts().alive).toContain('t4');
    expect(m.stats('t4')['death-avoid']).toBe(0);
  });

  it('MAF-9.14 MAF-9.6 a night stat item does not land on an invisible player, nor its reduction on a blessed one', () => {
    const drum = item('war-drum', { effect: [{ type: 'stat', stat: 'vote-strength', op: 'add', value: 2, duration: 'day' }] });
    const mask = item('hex-mask', {
      effect: [{ type: 'stat', stat: 'vote-strength', op: 'set', value: 0, duration: 'day', negative: true }],
    });
    const m = eightAtNight(
      {
        t1: { inventory: { 'war-drum': 1 } },
        t2: { inventory: { 'invisibility-cloak': 1 } },
        t3: { inventory: { 'hex-mask': 1 } },
        t5: { effects: [{ effect: 'blessing', value: 50 }] },
      },
      { dice: 'succeed', settings: { catalog: gm([drum, mask]) } },
    );
    m.night([
      ['t2', use('invisibility-cloak')],
      ['t1', use('war-drum', 't2')],
      ['t3', use('hex-mask', 't5')],
    ]);
    expect(m.stats('t2')['vote-strength']).toBe(1);
    expect(m.stats('t5')['vote-strength']).toBe(1);
    m.play([
      ['t2', { type: 'vote', target: 'b1' }],
      ['t5', { type: 'vote', target: 'b1' }],
    ]);
    expect(find(m.close(), { kind: 'vote-result' })[0]!.tally).toEqual({ b1: 2 });
  });

  // ---- transformation, marks, traps (MAF-9.9, 9.11, 9.12, 9.14) --------------------------------

  it('MAF-9.14 MAF-9.12 a transformation does not land on an invisible player; the item stays free', () => {
    const m = eightAtNight({ t1: { inventory: { 'werewolf-pelt': 1 } }, t4: { inventory: { 'invisibility-cloak': 1 } } }, { dice: 'fail' });
    const events = m.night([
      ['t4', use('invisibility-cloak')],
      ['t1', use('werewolf-pelt', 't4')],
    ]);
    expect(find(events, { kind: 'effect-applied' })).toEqual([]);
    expect(m.p('t4').fx.transformation).toBeNull();
    expect(m.stats('t4')['death-avoid']).toBe(0);
    m.close();
    expect(m.act('t1', use('werewolf-pelt', 't5'))).toBe('ok');
  });

  it('MAF-9.14 MAF-9.9 a mark does not land on an invisible player', () => {
    const m = eightAtNight({ t1: { inventory: { 'book-of-names': 1 } }, t4: { inventory: { 'invisibility-cloak': 1 } } });
    const events = m.night([
      ['t4', use('invisibility-cloak')],
      ['t1', use('book-of-names', 't4')],
    ]);
    expect(find(events, { kind: 'effect-applied' })).toEqual([]);
    expect(m.p('t4').fx.marks).toEqual([]);
  });

  it('MAF-9.9 different marks are unlimited: a second, different mark lands beside the first (no grants, not passive)', () => {
    const iron = item('branding-iron', { effect: [{ type: 'mark', mark: 'branded' }] });
    const m = eightAtNight(
      { t1: { inventory: { 'book-of-names': 1 } }, t2: { inventory: { 'branding-iron': 1 } } },
      { settings: { catalog: gm([iron]) } },
    );
    const ironUid = uidOf(m, 't2', 'branding-iron');
    const events = m.night([
      ['t1', use('book-of-names', 't4')],
      ['t2', use('branding-iron', 't4')],
    ]);
    expect(find(events, { kind: 'effect-applied' })).toEqual([
      { kind: 'effect-applied', to: 't4', effect: 'mark', mark: 'named' },
      { kind: 'effect-applied', to: 't4', effect: 'mark', mark: 'branded' },
    ]);
    expect(m.p('t4').fx.marks.map((x) => x.mark)).toEqual(['named', 'branded']);
    expect(m.p('t4').fx.marks[1]).toStrictEqual({
      mark: 'branded',
      item: 'branding-iron',
      uid: ironUid,
      marker: 't2',
      passive: false,
      grants: [],
    });
  });

  it('MAF-9.14 MAF-9.11 a trap is not set on an invisible player: the next theft on him goes through', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'bear-trap': 1 } }, t4: { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } } },
      { dice: 'succeed' },
    );
    m.night([
      ['t4', use('invisibility-cloak')],
      ['t1', use('bear-trap', 't4')],
    ]);
    expect(m.p('t4').fx.traps).toEqual([]);
    m.close();
    const theft = m.night([['t5', { type: 'steal', target: 't4', item: 'lucky-coin' }]]);
    expect(has(theft, { kind: 'trap-triggered' })).toBe(false);
    expect(m.count('t5', 'lucky-coin')).toBe(1);
    expect(m.count('t4', 'lucky-coin')).toBe(0);
  });

  // ---- copy-maps (the tracker's gear bonus) ----------------------------------------------------

  it('MAF-8.9 MAF-9.14 trail reading (tracker-gear) copies only the maps the holder lacks, and nothing from an invisible player', () => {
    const gear = { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 };
    const m = eightAtNight(
      { t1: { inventory: gear, maps: ['dowsing-rod'] }, t4: { maps: ['dowsing-rod', 'night-crown'] } },
      { dice: 'succeed' },
    );
    const events = m.night([['t1', { type: 'use-set', set: 'tracker-gear', target: 't4' }]]);
    expect(find(events, { kind: 'action-succeeded', to: 't1' })).toEqual([
      { kind: 'action-succeeded', to: 't1', action: 'use-set', set: 'tracker-gear', target: 't4', maps: ['night-crown'] },
    ]);
    expect(m.p('t1').maps).toEqual(['dowsing-rod', 'night-crown']);
    const hidden = eightAtNight(
      { t1: { inventory: gear, maps: ['dowsing-rod'] }, t4: { maps: ['night-crown'], inventory: { 'invisibility-cloak': 1 } } },
      { dice: 'succeed' },
    );
    hidden.night([
      ['t4', use('invisibility-cloak')],
      ['t1', { type: 'use-set', set: 'tracker-gear', target: 't4' }],
    ]);
    expect(hidden.p('t1').maps).toEqual(['dowsing-rod']);
  });

  // ---- cures (MAF-9.3 antidote, holy water) -----------------------------------------------------

  it('MAF-9.3 MAF-9.14 an antidote from another player does not cure an invisible poisoned player', () => {
    const m = eightAtNight(
      {
        t4: { inventory: { 'invisibility-cloak': 1 }, effects: [{ effect: 'poison', nightsLeft: 2 }] },
        t2: { inventory: { antidote: 1 } },
      },
      { dice: 'fail' },
    );
    const events = m.night([
      ['t4', use('invisibility-cloak')],
      ['t2', use('antidote', 't4')],
    ]);
    expect(m.p('t4').fx.poison).toEqual({ night: 0 });
    expect(find(events, { kind: 'effect-removed' })).toEqual([]);
    expect(find(events, { kind: 'saved-player' })).toEqual([]);
  });

  it('MAF-9.3 an antidote used on oneself cures without saved-player; on a healthy player it removes nothing', () => {
    const m = eightAtNight(
      { t4: { inventory: { antidote: 1 }, effects: [{ effect: 'poison', nightsLeft: 2 }] }, t2: { inventory: { antidote: 1 } } },
      { dice: 'fail' },
    );
    const events = m.night([
      ['t4', use('antidote', 't4')],
      ['t2', use('antidote', 't5')],
    ]);
    expect(find(events, { kind: 'effect-removed' })).toEqual([{ kind: 'effect-removed', to: 't4', effect: 'poison' }]);
    expect(find(events, { kind: 'saved-player' })).toEqual([]);
    expect(has(events, { kind: 'action-succeeded', to: 't2', item: 'antidote', target: 't5' })).toBe(true);
    expect(m.p('t4').fx.poison).toBeNull();
  });

  it('MAF-9.3 an antidote cures poison only: a curse and a paralysis stay', () => {
    const m = eightAtNight(
      {
        t1: { inventory: { antidote: 1 } },
        t2: { inventory: { antidote: 1 } },
        t4: { effects: [{ effect: 'curse', value: 40 }] },
        t5: { effects: [{ effect: 'paralysis' }] },
      },
      { dice: 'fail' },
    );
    const events = m.night([
      ['t1', use('antidote', 't4')],
      ['t2', use('antidote', 't5')],
    ]);
    expect(find(events, { kind: 'effect-removed' })).toEqual([]);
    expect(m.stats('t4').curse).toBe(40);
    expect(m.p('t5').fx.paralysis).toBe(true);
    expect(m.act('t5', { type: 'vote', target: 'b1' })).toBe('paralysed');
  });

  it('MAF-9.17 MAF-9.5 holy water cures curse and paralysis, not poison; on a paralysed player it lifts only the paralysis', () => {
    const m = eightAtNight(
      {
        t1: { inventory: { 'holy-water': 1 } },
        t2: { inventory: { 'holy-water': 1 } },
        t4: { effects: [{ effect: 'paralysis' }] },
        t5: { effects: [{ effect: 'poison', nightsLeft: 2 }] },
      },
      { dice: 'fail' },
    );
    const events = m.night([
      ['t1', use('holy-water', 't4')],
      ['t2', use('holy-water', 't5')],
    ]);
    expect(find(events, { kind: 'effect-removed' })).toEqual([{ kind: 'effect-removed', to: 't4', effect: 'paralysis' }]);
    expect(find(events, { kind: 'saved-player' })).toEqual([]);
    expect(m.p('t4').fx.paralysis).toBe(false);
    expect(m.act('t4', { type: 'vote', target: 'b1' })).toBe('ok');
    expect(m.p('t5').fx.poison).toEqual({ night: 0 });
  });
});
