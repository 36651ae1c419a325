// MAF-2.3, 2.5: what the page offers a player now — each action form with the options validation
// accepts, the slot it fills and what that slot already holds — for days and nights, each specialty,
// bandits and town, players out of town, held items of each kind, sets, maps, theft and Destruction.
import { describe, expect, it } from 'vitest';
import type { AvailableAction, FieldSpec } from '../../../engine/core/types.js';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef, SetDef } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { eight, eightAtNight, gmItem } from './harness.js';
import type { Match } from './harness.js';

const offers = (m: Match, id: string): AvailableAction[] => mafia.available(m.state, id, m.pending);
const types = (m: Match, id: string): string[] => offers(m, id).map((o) => o.type);

const CATALOG = starterCatalog().items;
const ALL_ITEMS = CATALOG.map((i) => i.id);
const STEALABLE = CATALOG.filter((i) => i.rarity !== 'thing').map((i) => i.id);
const THINGS = CATALOG.filter((i) => i.rarity === 'thing').map((i) => i.id);
const RARITIES = ['thing', 'relic', 'rare', 'artifact', 'legendary'];
const SEATS = ['b1', 'b2', 't1', 't2', 't3', 't4', 't5', 't6'];

const others = (id: string, seats = SEATS) => seats.filter((s) => s !== id);
const player = (options: string[], required = true): FieldSpec => ({ kind: 'player', options, required });
const choice = (options: string[], required = true): FieldSpec => ({ kind: 'choice', options, required });

const vote = (id: string, targets = others(id)): AvailableAction => ({ type: 'vote', slot: 'basic', fields: { target: player(targets) } });
const FIND_MAP: AvailableAction = { type: 'find-map', slot: 'basic', fields: {} };
const searchRandom = (rarities = RARITIES): AvailableAction => ({
  type: 'search-random',
  slot: 'basic',
  fields: { rarity: choice(rarities) },
});
const steal = (id: string, victims = others(id)): AvailableAction => ({
  type: 'steal',
  slot: 'basic',
  fields: { target: player(victims), item: choice(STEALABLE, false) },
});
const PREPARE: AvailableAction[] = [
  { type: 'prepare-search', slot: 'basic', fields: {} },
  { type: 'prepare-theft', slot: 'basic', fields: {} },
];
const copyMap = (id: string, targets = others(id)): AvailableAction => ({
  type: 'copy-map',
  slot: 'basic',
  fields: { target: player(targets), item: choice(ALL_ITEMS) },
});
const GUARD_BOOST: AvailableAction = { type: 'guard-boost', slot: 'instant', fields: {} };
/** What every player in town may do on a night with nothing in hand (MAF-4.1, 4.10, 4.19). */
const plainNight = (id: string, victims = others(id)): AvailableAction[] => [searchRandom(), steal(id, victims), ...PREPARE];
const withSubmitted = (list: AvailableAction[], submitted: Record<string, unknown>) => list.map((o) => ({ ...o, submitted }));

describe('MAF-0.3 MAF-2.5 who is offered nothing', () => {
  it('MAF-0.3 MAF-9.17 MAF-2.5 by day the dead, the away, the jailed and the paralysed are offered nothing; the others vote only for players in town', () => {
    const m = eight({ t3: { state: 'dead' }, t4: { state: 'away' }, t5: { state: 'jailed' }, t6: { effects: [{ effect: 'paralysis' }] } });
    for (const id of ['t3', 't4', 't5', 't6']) expect(offers(m, id)).toEqual([]);
    // a paralysed player is still in town: he may be voted for
    expect(offers(m, 't1')).toEqual([vote('t1', ['b1', 'b2', 't2', 't6']), FIND_MAP]);
  });

  it('MAF-0.3 MAF-9.17 MAF-2.9 at night the same players are offered nothing (no last words without a jailing today); nobody is a theft target out of town', () => {
    const m = eightAtNight({
      t3: { state: 'dead' },
      t4: { state: 'away' },
      t5: { state: 'jailed' },
      t6: { effects: [{ effect: 'paralysis' }] },
    });
    for (const id of ['t3', 't4', 't5', 't6']) expect(offers(m, id)).toEqual([]);
    expect(offers(m, 't2')).toEqual(plainNight('t2', ['b1', 'b2', 't1', 't6']));
  });

  it('MAF-1.13 D38 after the match, and for an id that is no player, nothing is offered', () => {
    const m = eight();
    expect(mafia.available({ ...m.state, phase: null }, 't1', [])).toEqual([]);
    expect(offers(m, 'nobody')).toEqual([]);
  });
});

describe('MAF-3 the day', () => {
  it('MAF-3.1 MAF-3.8 D25 on day 1 a townsman may vote for any other player in town or search for a map, and nothing else', () => {
    const m = eight();
    expect(offers(m, 't1')).toEqual([vote('t1'), FIND_MAP]);
    expect(offers(m, 'b1')).toEqual([vote('b1'), FIND_MAP]);
  });

  it("MAF-2.4 MAF-3.1 a submitted vote shows in every offer of the basic slot; another player's slot shows nothing", () => {
    const m = eight();
    m.play([['t1', { type: 'vote', target: 'b2' }]]);
    const submitted = { type: 'vote', target: 'b2' };
    expect(offers(m, 't1')).toEqual(withSubmitted([vote('t1'), FIND_MAP], submitted));
    expect(offers(m, 't2')).toEqual([vote('t2'), FIND_MAP]);
  });

  it('MAF-1.8 the designated bandit is offered the switch to each other specialty during day 1, in its own slot', () => {
    const m = eight({}, { setup: { switchBandit: 'b2' } });
    const SWITCH: AvailableAction = {
      type: 'switch-specialty',
      slot: 'switch-specialty',
      fields: { specialty: choice(['blacksmith', 'guard', 'mage']) },
    };
    expect(offers(m, 'b2')).toEqual([vote('b2'), FIND_MAP, SWITCH]);
    expect(offers(m, 'b1')).toEqual([vote('b1'), FIND_MAP]);
    m.play([['b2', { type: 'switch-specialty', specialty: 'guard' }]]);
    expect(offers(m, 'b2')).toEqual([vote('b2'), FIND_MAP, { ...SWITCH, submitted: { type: 'switch-specialty', specialty: 'guard' } }]);
    // after day 1 the switch is closed
    const later = eight({}, { setup: { switchBandit: 'b2', startPhase: 'day-2' } });
    expect(offers(later, 'b2')).toEqual([vote('b2'), FIND_MAP]);
  });

  it('MAF-3.10 MAF-8.2 by day the held day items are offered in their slots (instant ones with no target); night and passive items are not', () => {
    const m = eight({ t4: { inventory: { megaphone: 1, gag: 1, 'tracker-spyglass': 1, 'lucky-coin': 1, 'guardian-amulet': 1 } } });
    expect(offers(m, 't4')).toEqual([
      vote('t4'),
      FIND_MAP,
      { type: 'use-item', slot: 'basic', fields: { item: choice(['gag', 'tracker-spyglass']), target: player(others('t4'), false) } },
      { type: 'use-item', slot: 'instant', fields: { item: choice(['megaphone']) } },
    ]);
  });

  it('MAF-2.4 MAF-3.11 a day item use locks the basic slot: no vote, map search or basic item is offered any more, the instant slot stays open', () => {
    const m = eight({ t4: { inventory: { megaphone: 1, gag: 1 } } });
    m.play([['t4', { type: 'use-item', item: 'gag', target: 't5' }]]);
    expect(offers(m, 't4')).toEqual([{ type: 'use-item', slot: 'instant', fields: { item: choice(['megaphone']) } }]);
  });

  it('MAF-3.13 a day item openly found and used up is still offered (a fake is accepted); a night item used up is not', () => {
    const m = eight({ t4: { inventory: { gag: 1, revolver: 1 } } });
    m.play([['t4', { type: 'use-item', item: 'gag', target: 't5' }]]);
    m.close();
    expect(offers(m, 't4')).toEqual([
      { type: 'use-item', slot: 'basic', fields: { item: choice(['revolver']), target: player(others('t4'), false) } },
      ...plainNight('t4'),
    ]);
    m.play([['t4', { type: 'use-item', item: 'revolver', target: 't6' }]]);
    m.close();
    expect(m.count('t4', 'gag')).toBe(0);
    expect(m.count('t4', 'revolver')).toBe(0);
    const alive = m.facts().alive;
    expect(offers(m, 't4')).toEqual([
      vote('t4', others('t4', alive)),
      FIND_MAP,
      { type: 'use-item', slot: 'basic', fields: { item: choice(['gag']), target: player(others('t4', alive), false) } },
    ]);
  });
});

describe('MAF-4 MAF-7 the night, by specialty', () => {
  it("MAF-4.1 MAF-4.10 MAF-4.19 MAF-7.4 MAF-7.9 MAF-1.4 each player's night offers: searches, theft, preparations, then his specialty's own", () => {
    const m = eightAtNight();
    // b1 the boss holds his starting revolvers (the second copy adds no use, MAF-4.7)
    expect(offers(m, 'b1')).toEqual([
      { type: 'use-item', slot: 'basic', fields: { item: choice(['revolver']), target: player(others('b1'), false) } },
      ...plainNight('b1'),
    ]);
    expect(offers(m, 'b2')).toEqual([...plainNight('b2'), copyMap('b2')]);
    expect(offers(m, 't1')).toEqual([...plainNight('t1'), copyMap('t1')]);
    expect(offers(m, 't2')).toEqual(plainNight('t2'));
    expect(offers(m, 't3')).toEqual([...plainNight('t3'), GUARD_BOOST]);
    // a mage with no item has nothing to enchant
    expect(offers(m, 't4')).toEqual(plainNight('t4'));
  });

  it("MAF-8.2 MAF-2.6 MAF-8.6 MAF-7.12 a mage's night items in their slots, targets by scope, the recharge subject, and the enchantment of his non-Things", () => {
    const m = eightAtNight({
      t5: {
        inventory: {
          revolver: 1,
          poison: 1,
          'elixir-of-life': 1,
          'charging-crystal': 1,
          'lucky-coin': 1,
          'holy-water': 1,
          'guardian-amulet': 1,
          megaphone: 1,
        },
      },
    });
    expect(offers(m, 't5')).toEqual([
      // revolver: others; the elixir, the coin and the holy water: anyone in town, himself included
      {
        type: 'use-item',
        slot: 'basic',
        fields: {
          item: choice(['revolver', 'elixir-of-life', 'lucky-coin', 'holy-water']),
          target: player([...others('t5'), 't5'], false),
        },
      },
      // the crystal (self) recharges one of his multi-use items
      {
        type: 'use-item',
        slot: 'instant',
        fields: {
          item: choice(['poison', 'charging-crystal']),
          target: player(others('t5'), false),
          subject: choice(['lucky-coin', 'holy-water'], false),
        },
      },
      ...plainNight('t5'),
      {
        type: 'enchant',
        slot: 'enchant',
        fields: { item: choice(['lucky-coin', 'guardian-amulet', 'holy-water']), bonus: choice(['theft-avoid', 'death-avoid', 'luck']) },
      },
    ]);
  });

  it('MAF-7.12 the enchantment bonuses are those of the rarities of the items he holds; Things are never enchantable', () => {
    const m = eightAtNight({ t4: { inventory: { 'dowsing-rod': 1, 'guardian-amulet': 1, revolver: 1 } } });
    expect(offers(m, 't4').find((o) => o.type === 'enchant')).toEqual({
      type: 'enchant',
      slot: 'enchant',
      fields: {
        item: choice(['guardian-amulet', 'dowsing-rod']),
        bonus: choice(['theft-avoid', 'death-avoid', 'luck', 'find', 'theft', 'vote-strength']),
      },
    });
    const things = eightAtNight({ t4: { inventory: { revolver: 1, poison: 1 } } });
    expect(types(things, 't4')).toEqual(['use-item', 'use-item', 'search-random', 'steal', 'prepare-search', 'prepare-theft']);
  });

  it('MAF-7.12 MAF-8.1 an item whose rarity has an empty bonus row in a GM catalog is not offered for enchanting', () => {
    const c = structuredClone(starterCatalog());
    const catalog: Catalog = { ...c, enchantments: { ...c.enchantments, relic: {} } };
    const m = eightAtNight({ t4: { inventory: { 'lucky-coin': 1, 'dowsing-rod': 1 } } }, { settings: { catalog } });
    expect(offers(m, 't4').at(-1)).toEqual({
      type: 'enchant',
      slot: 'enchant',
      fields: { item: choice(['dowsing-rod']), bonus: choice(['theft-avoid', 'death-avoid', 'luck', 'find', 'theft', 'vote-strength']) },
    });
    const none = eightAtNight({ t4: { inventory: { 'lucky-coin': 1 } } }, { settings: { catalog } });
    expect(types(none, 't4')).toEqual(['use-item', 'search-random', 'steal', 'prepare-search', 'prepare-theft']);
  });

  it('MAF-7.6 MAF-4.3 a blacksmith may smelt each non-Thing he holds into Things (3 at most), and search the missing pieces of a set he started', () => {
    const m = eightAtNight({
      t2: { inventory: { 'night-crown': 1, 'dowsing-rod': 1, 'guardian-amulet': 1, 'thieves-gloves': 1, revolver: 1 } },
    });
    expect(offers(m, 't2')).toEqual([
      { type: 'use-item', slot: 'basic', fields: { item: choice(['revolver']), target: player(others('t2'), false) } },
      searchRandom(),
      { type: 'search-set', slot: 'basic', fields: { item: choice(['night-ring', 'night-mantle']) } },
      steal('t2'),
      ...PREPARE,
      {
        type: 'smelt',
        slot: 'smelt',
        fields: {
          item: choice(['guardian-amulet', 'thieves-gloves', 'dowsing-rod', 'night-crown']),
          into: { kind: 'counts', options: Object.fromEntries(THINGS.map((t) => [t, 1])), budget: 3 },
        },
      },
    ]);
    // a smith with only Things has nothing to smelt
    expect(types(eightAtNight({ t2: { inventory: { revolver: 1 } } }), 't2')).toEqual([
      'use-item',
      'search-random',
      'steal',
      'prepare-search',
      'prepare-theft',
    ]);
  });

  it('MAF-7.6 MAF-8.1 a GM recipe that forbids repeats still offers the smelt its recipe allows', () => {
    const c = structuredClone(starterCatalog());
    const catalog: Catalog = {
      ...c,
      recipes: { ...c.recipes, legendary: { count: 3, from: ['revolver', 'dope-potion', 'elixir-of-life', 'poison'], repeats: false } },
    };
    const m = eightAtNight({ t2: { inventory: { 'book-of-names': 1 } } }, { settings: { catalog } });
    const smelt = offers(m, 't2').find((o) => o.type === 'smelt');
    expect(smelt?.fields.item).toEqual(choice(['book-of-names']));
    expect(m.attempt('t2', { type: 'smelt', item: 'book-of-names', into: ['revolver', 'dope-potion', 'poison'] })).toEqual({
      ok: true,
      slot: 'smelt',
    });
    expect(m.attempt('t2', { type: 'smelt', item: 'book-of-names', into: ['revolver', 'revolver', 'poison'] })).toMatchObject({
      ok: false,
      reason: 'bad-recipe',
    });
  });

  it('MAF-2.4 MAF-7.4 MAF-7.7 MAF-7.9 MAF-7.13 submissions show in their slots; the next night no copy-map, guard-boost (once per game), smelt or enchant (not two nights running)', () => {
    const m = eightAtNight({ t2: { inventory: { shackles: 1, 'lucky-coin': 1 } }, t4: { inventory: { 'guardian-amulet': 1 } } });
    const copy = { type: 'copy-map', target: 't5', item: 'revolver' };
    const smelt = { type: 'smelt', item: 'shackles', into: ['elixir-of-life'] };
    const enchant = { type: 'enchant', item: 'guardian-amulet', bonus: 'luck' };
    m.play([
      ['t1', copy],
      ['t2', smelt],
      ['t3', { type: 'guard-boost' }],
      ['t4', enchant],
    ]);
    expect(offers(m, 't1')).toEqual(withSubmitted([...plainNight('t1'), copyMap('t1')], copy));
    expect(offers(m, 't3')).toEqual([...plainNight('t3'), { ...GUARD_BOOST, submitted: { type: 'guard-boost' } }]);
    const t2 = offers(m, 't2');
    expect(t2.find((o) => o.type === 'smelt')).toEqual({
      type: 'smelt',
      slot: 'smelt',
      fields: {
        item: choice(['lucky-coin', 'shackles']),
        into: { kind: 'counts', options: Object.fromEntries(THINGS.map((t) => [t, 1])), budget: 3 },
      },
      submitted: smelt,
    });
    expect(offers(m, 't4').find((o) => o.type === 'enchant')).toEqual({
      type: 'enchant',
      slot: 'enchant',
      fields: { item: choice(['guardian-amulet']), bonus: choice(['theft-avoid', 'death-avoid', 'luck']) },
      submitted: enchant,
    });
    m.close();
    m.close();
    expect(m.phase).toBe('night-2');
    expect(offers(m, 't1')).toEqual(plainNight('t1'));
    expect(offers(m, 't3')).toEqual(plainNight('t3'));
    expect(m.count('t2', 'shackles')).toBe(0);
    expect(types(m, 't2')).toEqual(['use-item', 'search-random', 'steal', 'prepare-search', 'prepare-theft']);
    expect(types(m, 't4')).toEqual(['search-random', 'steal', 'prepare-search', 'prepare-theft']);
  });

  it('MAF-8.5 MAF-8.7 a reloadable night item is not offered while reloading, a multi-use one not once its charges are spent', () => {
    const m = eightAtNight({ t3: { inventory: { 'healers-satchel': 1, shackles: 1 } } });
    const satchel: AvailableAction = {
      type: 'use-item',
      slot: 'basic',
      fields: { item: choice(['healers-satchel']), target: player(others('t3'), false) },
    };
    const shackles: AvailableAction = {
      type: 'use-item',
      slot: 'instant',
      fields: { item: choice(['shackles']), target: player(others('t3'), false) },
    };
    expect(offers(m, 't3')).toEqual([satchel, shackles, ...plainNight('t3'), GUARD_BOOST]);
    m.play([
      ['t3', { type: 'use-item', item: 'healers-satchel', target: 't5' }],
      ['t3', { type: 'use-item', item: 'shackles', target: 't6' }],
    ]);
    m.close();
    m.close();
    expect(m.phase).toBe('night-2');
    expect(types(m, 't3')).toEqual(['use-item', 'search-random', 'steal', 'prepare-search', 'prepare-theft', 'guard-boost']);
    expect(offers(m, 't3')[0]!.slot).toBe('instant');
    m.play([['t3', { type: 'use-item', item: 'shackles', target: 't6' }]]);
    m.close();
    m.close();
    expect(m.phase).toBe('night-3');
    expect(offers(m, 't3')[0]).toEqual(satchel);
    expect(types(m, 't3')).toEqual(['use-item', 'search-random', 'steal', 'prepare-search', 'prepare-theft', 'guard-boost']);
  });

  it('MAF-2.6 an item of scope jailed or dead is offered with the jailed or dead players as targets', () => {
    const m = eightAtNight({
      t3: { state: 'dead' },
      t6: { state: 'jailed' },
      t5: { inventory: { 'letter-of-pardon': 1, 'phoenix-feather': 1 } },
    });
    expect(offers(m, 't5')).toEqual([
      {
        type: 'use-item',
        slot: 'basic',
        fields: { item: choice(['letter-of-pardon', 'phoenix-feather']), target: player(['t6', 't3'], false) },
      },
      ...plainNight('t5', ['b1', 'b2', 't1', 't2', 't4']),
      // the bonus choice is the union of the rows of his items' rarities (artifact, legendary)
      {
        type: 'enchant',
        slot: 'enchant',
        fields: {
          item: choice(['letter-of-pardon', 'phoenix-feather']),
          bonus: choice(['theft-avoid', 'death-avoid', 'luck', 'find', 'theft', 'vote-strength']),
        },
      },
    ]);
  });
});

describe('MAF-4 searches, maps and preparations at night', () => {
  it('MAF-4.2 MAF-4.8 maps are offered as held; after a Thing search no Thing map and no Thing rarity the next night', () => {
    const m = eightAtNight({ t5: { maps: ['revolver', 'lucky-coin'] } }, { dice: 'fail' });
    const mapsOf = (items: string[]): AvailableAction => ({ type: 'search-map', slot: 'basic', fields: { item: choice(items) } });
    expect(offers(m, 't5')).toEqual([mapsOf(['revolver', 'lucky-coin']), ...plainNight('t5')]);
    m.play([['t5', { type: 'search-random', rarity: 'thing' }]]);
    m.close();
    m.close();
    expect(m.phase).toBe('night-2');
    expect(offers(m, 't5')).toEqual([
      mapsOf(['lucky-coin']),
      searchRandom(['relic', 'rare', 'artifact', 'legendary']),
      steal('t5'),
      ...PREPARE,
    ]);
  });

  it('MAF-4.19 MAF-9.3 MAF-4.6 a poisoned player may search the antidote; a held preparation is not offered again; a rarity with an empty deck is not offered', () => {
    const legendaries = CATALOG.filter((i) => i.rarity === 'legendary').map((i) => i.id);
    const m = eightAtNight(
      { t4: { effects: [{ effect: 'poison' }, { effect: 'prepared-search' }] }, t5: { effects: [{ effect: 'prepared-theft' }] } },
      { setup: { destroyed: legendaries } },
    );
    const noLegend = searchRandom(['thing', 'relic', 'rare', 'artifact']);
    expect(offers(m, 't4')).toEqual([noLegend, { type: 'search-antidote', slot: 'basic', fields: {} }, steal('t4'), PREPARE[1]]);
    expect(offers(m, 't5')).toEqual([noLegend, steal('t5'), PREPARE[0]]);
  });
});

describe('MAF-8.9 MAF-6.5 sets', () => {
  it('MAF-8.9 a complete set offers its active bonus with its targets; no piece search for a set held whole; none while it reloads', () => {
    const m = eightAtNight({ t6: { specialty: 'guard', inventory: { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 } } });
    const USE_SET: AvailableAction = {
      type: 'use-set',
      slot: 'basic',
      fields: { set: choice(['tracker-gear']), target: player(others('t6')) },
    };
    expect(offers(m, 't6')).toEqual([USE_SET, ...plainNight('t6'), GUARD_BOOST]);
    // two pieces of three: no bonus, the missing piece may be searched
    const part = eightAtNight({ t6: { specialty: 'guard', inventory: { 'tracker-compass': 1, 'tracker-boots': 1 } } });
    expect(offers(part, 't6')).toEqual([
      searchRandom(),
      { type: 'search-set', slot: 'basic', fields: { item: choice(['tracker-spyglass']) } },
      steal('t6'),
      ...PREPARE,
      GUARD_BOOST,
    ]);
    m.play([['t6', { type: 'use-set', set: 'tracker-gear', target: 't1' }]]);
    expect(offers(m, 't6')[0]).toEqual({ ...USE_SET, submitted: { type: 'use-set', set: 'tracker-gear', target: 't1' } });
    m.close();
    m.close();
    expect(types(m, 't6')).toEqual(['search-random', 'steal', 'prepare-search', 'prepare-theft', 'guard-boost']);
  });

  it('MAF-8.1 MAF-2.6 a GM set whose instant bonus is self (no target) is offered in the instant slot with no target field, and accepted with none', () => {
    const piece = (id: string): ItemDef =>
      gmItem(id, { kind: 'passive', phase: null, scope: null, uses: null, afterUse: null, class: null, set: 'halo' });
    const set: SetDef = {
      id: 'halo',
      name: { ru: 'halo', en: 'halo' },
      pieces: ['halo-a', 'halo-b'],
      passive: [],
      active: {
        id: 'halo-glow',
        phase: 'night',
        instant: true,
        scope: 'self',
        uses: 'infinite',
        interval: null,
        class: 'modify',
        effect: [{ type: 'stat', stat: 'luck', op: 'add', value: 5, duration: 'night' }],
      },
    };
    const c = structuredClone(starterCatalog());
    const catalog: Catalog = { ...c, items: [...c.items, piece('halo-a'), piece('halo-b')], sets: [...c.sets, set] };
    const m = eightAtNight({ t2: { inventory: { 'halo-a': 1, 'halo-b': 1 } } }, { settings: { catalog } });
    // like an item of scope self (MAF-2.6): the form asks for nothing but the set
    expect(offers(m, 't2')[0]).toEqual({ type: 'use-set', slot: 'instant', fields: { set: choice(['halo']) } });
    // the bonus acts on its holder: the accepted action names no target, whatever the form sent
    expect(mafia.validate(m.state, 't2', { type: 'use-set', set: 'halo' }, m.pending)).toEqual({
      ok: true,
      slot: 'instant',
      owner: 't2',
      action: { type: 'use-set', set: 'halo' },
    });
    expect(types(m, 't2')).toEqual(['use-set', 'search-random', 'steal', 'prepare-search', 'prepare-theft', 'smelt']);
  });
});

describe('MAF-8.9 a set with no active bonus', () => {
  it('MAF-8.9 MAF-8.1 a GM set with only a passive bonus offers no use-set to its holder, and the rest of his night is offered as usual', () => {
    const piece = (id: string): ItemDef =>
      gmItem(id, { kind: 'passive', phase: null, scope: null, uses: null, afterUse: null, class: null, set: 'moon-pair' });
    const set: SetDef = {
      id: 'moon-pair',
      name: { ru: 'moon-pair', en: 'moon-pair' },
      pieces: ['moon-shard', 'moon-dust'],
      passive: [],
      active: null,
    };
    const c = structuredClone(starterCatalog());
    const catalog: Catalog = { ...c, items: [...c.items, piece('moon-shard'), piece('moon-dust')], sets: [...c.sets, set] };
    const m = eightAtNight({ t5: { inventory: { 'moon-shard': 1, 'moon-dust': 1 } } }, { settings: { catalog } });
    expect(types(m, 't5')).not.toContain('use-set');
    // t5 is the mage: the two pieces he holds are items he may enchant
    expect(types(m, 't5')).toEqual(['search-random', 'steal', 'prepare-search', 'prepare-theft', 'enchant']);
  });
});

describe('MAF-4.10 MAF-4.17 theft', () => {
  it("MAF-4.10 D48 a steal without an item locks the basic slot and offers the pick among the victim's visible non-Things", () => {
    const m = eightAtNight({ b1: { inventory: { shackles: 1, 'lucky-coin': 1 } }, t4: { inventory: { poison: 1 } } });
    m.play([['t4', { type: 'steal', target: 'b1' }]]);
    expect(offers(m, 't4')).toEqual([
      { type: 'use-item', slot: 'instant', fields: { item: choice(['poison']), target: player(others('t4'), false) } },
      {
        type: 'steal-pick',
        slot: 'basic',
        fields: { item: choice(['lucky-coin', 'shackles']) },
        submitted: { type: 'steal', target: 'b1' },
      },
    ]);
    // with the item named in the steal, nothing is left to pick
    m.play([['t5', { type: 'steal', target: 'b1', item: 'shackles' }]]);
    expect(offers(m, 't5')).toEqual([]);
    // a victim with only Things shows an empty list: no pick is offered
    m.play([['t6', { type: 'steal', target: 't4' }]]);
    expect(offers(m, 't6')).toEqual([]);
  });

  it("MAF-4.17 MAF-4.14 an item stolen last night is not in any thief's pick list; it is listed again the night after", () => {
    const m = eightAtNight({ b1: { inventory: { 'lucky-coin': 1 } } });
    m.play([['b2', { type: 'steal', target: 'b1', item: 'lucky-coin' }]]);
    m.close();
    expect(m.count('b2', 'lucky-coin')).toBe(1);
    m.close();
    m.play([['t4', { type: 'steal', target: 'b2' }]]);
    expect(offers(m, 't4')).toEqual([]);
    m.close();
    m.close();
    expect(m.phase).toBe('night-3');
    m.play([['t4', { type: 'steal', target: 'b2' }]]);
    expect(offers(m, 't4')).toEqual([
      { type: 'steal-pick', slot: 'basic', fields: { item: choice(['lucky-coin']) }, submitted: { type: 'steal', target: 'b2' } },
    ]);
  });
});

describe('MAF-1.15 MAF-1.16 Destruction', () => {
  const DESTROY: AvailableAction = { type: 'destroy', slot: 'destroy', fields: { target: player(SEATS), item: choice([], false) } };

  it('MAF-1.15 the bandits are offered Destruction of anyone in town; once named, every bandit is offered the pick among the full list (Things included)', () => {
    const m = eightAtNight({ t4: { inventory: { 'lucky-coin': 1, revolver: 1 } } }, { settings: { 'destruction-min-players': 8 } });
    expect(offers(m, 'b2')).toEqual([...plainNight('b2'), copyMap('b2'), DESTROY]);
    expect(types(m, 't2')).toEqual(['search-random', 'steal', 'prepare-search', 'prepare-theft']);
    m.play([['b1', { type: 'destroy', target: 't4' }]]);
    const pick: AvailableAction = {
      type: 'destroy-pick',
      slot: 'destroy',
      fields: { item: choice(['revolver', 'lucky-coin']) },
      submitted: { type: 'destroy', target: 't4' },
    };
    expect(offers(m, 'b2')).toEqual([...plainNight('b2'), copyMap('b2'), pick]);
    expect(offers(m, 'b1').at(-1)).toEqual(pick);
    expect(types(m, 't4')).toEqual(['use-item', 'search-random', 'steal', 'prepare-search', 'prepare-theft', 'enchant']);
    // with the item named, nothing is left to pick
    const named = eightAtNight({ t4: { inventory: { 'lucky-coin': 1 } } }, { settings: { 'destruction-min-players': 8 } });
    named.play([['b1', { type: 'destroy', target: 't4', item: 'lucky-coin' }]]);
    expect(offers(named, 'b2')).toEqual([...plainNight('b2'), copyMap('b2')]);
  });

  it('MAF-1.16 MAF-1.15 no Destruction under destruction-min-players (the default 18); a target out of town is not offered', () => {
    expect(types(eightAtNight(), 'b1')).not.toContain('destroy');
    const m = eightAtNight({ t6: { state: 'jailed' } }, { settings: { 'destruction-min-players': 8, 'destruction-margin': 0 } });
    expect(offers(m, 'b1').at(-1)).toEqual({ ...DESTROY, fields: { ...DESTROY.fields, target: player(others('t6')) } });
  });

  it('MAF-4.17 MAF-1.15 a Destruction list shows an item stolen the night before', () => {
    const m = eightAtNight({ b1: { inventory: { 'lucky-coin': 1 } } }, { settings: { 'destruction-min-players': 8 } });
    m.play([['b2', { type: 'steal', target: 'b1', item: 'lucky-coin' }]]);
    m.close();
    m.close();
    m.play([['b1', { type: 'destroy', target: 'b2' }]]);
    expect(offers(m, 'b2').at(-1)).toEqual({
      type: 'destroy-pick',
      slot: 'destroy',
      fields: { item: choice(['lucky-coin']) },
      submitted: { type: 'destroy', target: 'b2' },
    });
  });
});

describe('MAF-2.9 last words', () => {
  it('MAF-2.9 MAF-1.11 the player jailed today is offered last words (up to last-words-max-chars) and nothing else, once', () => {
    const m = eight({}, { settings: { 'last-words-max-chars': 300 } });
    m.play(others('t6').map((id) => [id, { type: 'vote', target: 't6' }] as [string, { type: string; target: string }]));
    m.close();
    expect(m.facts().jailed).toEqual(['t6']);
    expect(offers(m, 't6')).toEqual([
      { type: 'last-words', slot: 'last-words', fields: { text: { kind: 'text', maxLength: 300, required: true } } },
    ]);
    expect(types(m, 't5')).toEqual(['search-random', 'steal', 'prepare-search', 'prepare-theft']);
    m.play([['t6', { type: 'last-words', text: 'it was b1' }]]);
    expect(offers(m, 't6')).toEqual([]);
    m.close();
    expect(offers(m, 't6')).toEqual([]);
  });
});
