// MAF-8.1 a GM may load his own item catalog through the settings (the spec's "Effect grammar of
// mafia-items.json"). A bad one is refused, each problem reported as a settings issue at the
// catalog path it concerns, its message naming the bad entry; a good one is indexed for the engine.
import { describe, expect, it } from 'vitest';
import { RulesetError } from '../../../engine/core/types.js';
import { catalogProblems, indexCatalog, parseCatalog, scopeNeedsTarget, starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { gmItem } from './harness.js';

/** The starter catalog, as a raw JSON-like object a test may break at will. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any;
const starter = (): Raw => structuredClone(starterCatalog());
/** The starter catalog with extra items, appended after its 34 (so they are items[34], items[35]…). */
const withItems = (...items: unknown[]): Raw => {
  const c = starter();
  c.items.push(...items);
  return c;
};

/** A passive item (no phase, scope, uses, class, use effect). */
const passive = (id: string, over: Partial<ItemDef> = {}): ItemDef =>
  gmItem(id, { kind: 'passive', phase: null, scope: null, uses: null, afterUse: null, class: null, ...over });
/** A well-formed active night item that kills. */
const killer = (id: string, over: Partial<ItemDef> = {}): ItemDef => gmItem(id, { class: 'harm', effect: [{ type: 'kill' }], ...over });

/** What the settings parse reports about a catalog: each issue's code, path and message. */
function issues(catalog: unknown): Array<{ code: string; path: PropertyKey[]; message: string }> {
  const result = mafia.settings.safeParse({ catalog });
  if (result.success) return [];
  return result.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message }));
}

/** One expected issue: the path below `catalog` and the message. */
const issue = (path: PropertyKey[], message: string) => ({ code: 'custom', path: ['catalog', ...path], message });

const CLASS_ORDER_MSG =
  'classOrder must list each of block, protect, cleanse, fortune, modify, inspect, harm, restore, craft once, "block" first';

describe('MAF-8.1 a GM catalog that breaks the schema is refused, naming the entry', () => {
  const rows: Array<[string, () => unknown, ReturnType<typeof issue>[]]> = [
    [
      'MAF-8.1 an item id must be kebab-case',
      () => withItems(killer('Bad_Id')),
      [issue(['items', 34, 'id'], 'item "Bad_Id" (items[34]) field id: must be a kebab-case ASCII id')],
    ],
    [
      'MAF-8.1 an item whose id is not a string is named by its position only',
      () => withItems({ ...killer('x'), id: 7 }),
      [issue(['items', 34, 'id'], 'item (items[34]) field id: Invalid input: expected string, received number')],
    ],
    [
      'MAF-8.1 an item entry that is not an object is named by its position only',
      () => withItems(null),
      [issue(['items', 34], 'item (items[34]): Invalid input: expected object, received null')],
    ],
    [
      'MAF-8.1 a catalog needs at least one item (a field of the catalog itself)',
      () => ({ ...starter(), items: [] }),
      [issue(['items'], 'field items: Too small: expected array to have >=1 items')],
    ],
    [
      'MAF-8.9 a set needs at least two pieces, and the message names the set',
      () => {
        const c = starter();
        c.sets[0].pieces = ['tracker-compass'];
        return c;
      },
      [issue(['sets', 0, 'pieces'], 'set "tracker-gear" (sets[0]) field pieces: Too small: expected array to have >=2 items')],
    ],
    [
      'MAF-5.3 an unknown effect class in classOrder is a catalog field, not an entry',
      () => {
        const c = starter();
        c.classOrder[0] = 'zap';
        return c;
      },
      [
        issue(
          ['classOrder', 0],
          'field classOrder.0: Invalid option: expected one of "block"|"protect"|"cleanse"|"fortune"|"modify"|"inspect"|"harm"|"restore"|"craft"',
        ),
      ],
    ],
    [
      'MAF-8.1 a catalog version must be an integer',
      () => ({ ...starter(), version: 1.5 }),
      [issue(['version'], 'field version: Invalid input: expected int, received number')],
    ],
    [
      'MAF-1.4 a starting item id must be kebab-case (a nested catalog field)',
      () => {
        const c = starter();
        c.startingItems.boss = 'Bad';
        return c;
      },
      [issue(['startingItems', 'boss'], 'field startingItems.boss: must be a kebab-case ASCII id')],
    ],
    ['MAF-8.1 a catalog that is not an object at all', () => 5, [issue([], 'catalog: Invalid input: expected object, received number')]],
    [
      'MAF-9.20 a points condition must start with "points >= "',
      () =>
        withItems(
          passive('odd', { passive: [{ type: 'stat', stat: 'luck', op: 'add', value: 5, duration: 'held', condition: 'xpoints >= 3' }] }),
        ),
      [issue(['items', 34, 'passive', 0, 'condition'], 'item "odd" (items[34]) field passive.0.condition: must read "points >= N"')],
    ],
    [
      'MAF-9.20 a points condition must end with the number',
      () =>
        withItems(
          passive('odd', {
            passive: [{ type: 'stat', stat: 'luck', op: 'add', value: 5, duration: 'held', condition: 'points >= 3 or so' }],
          }),
        ),
      [issue(['items', 34, 'passive', 0, 'condition'], 'item "odd" (items[34]) field passive.0.condition: must read "points >= N"')],
    ],
  ];
  it.each(rows)('%s', (_title, build, expected) => {
    expect(issues(build())).toEqual(expected);
  });
});

describe('MAF-8.1 the schema accepts what the effect grammar allows', () => {
  const rows: Array<[string, () => unknown]> = [
    [
      'MAF-9.20 a points threshold of several digits',
      () =>
        withItems(
          passive('odd', { passive: [{ type: 'stat', stat: 'luck', op: 'add', value: 5, duration: 'held', condition: 'points >= 12' }] }),
        ),
    ],
    [
      'MAF-8.2 a global passive acting on every player in town, holder included',
      () =>
        withItems(
          passive('sun-disc', {
            kind: 'global-passive',
            rarity: 'legendary',
            global: [{ type: 'stat', stat: 'luck', op: 'add', value: 5, duration: 'held', appliesTo: 'every player in town' }],
          }),
        ),
    ],
    [
      'MAF-8.9 a set active bonus with two effects',
      () => {
        const c = starter();
        c.sets[1].active.effect = [{ type: 'incinerate' }, { type: 'poison' }];
        return c;
      },
    ],
    [
      'MAF-7.6 a smelting recipe giving two Things',
      () => {
        const c = starter();
        c.recipes.relic = [['revolver', 'poison']];
        return c;
      },
    ],
  ];
  it.each(rows)('%s', (_title, build) => {
    const raw = build();
    expect(issues(raw)).toEqual([]);
    expect(parseCatalog(raw)).toEqual(raw);
  });
});

describe('MAF-8.1 cross-checks over the whole catalog', () => {
  const rows: Array<[string, () => unknown, ReturnType<typeof issue>[]]> = [
    [
      'MAF-8.1 an item id appears once',
      () => withItems(killer('revolver', { rarity: 'thing' })),
      [issue(['items', 34, 'id'], 'item "revolver" (items[34]): duplicate item id')],
    ],
    [
      'MAF-8.1 an active item needs a phase',
      () => withItems(killer('odd', { phase: null })),
      [issue(['items', 34, 'phase'], 'item "odd" (items[34]): an active item needs a phase')],
    ],
    [
      'MAF-8.1 an active item needs a scope',
      () => withItems(killer('odd', { scope: null })),
      [issue(['items', 34, 'scope'], 'item "odd" (items[34]): an active item needs a scope')],
    ],
    [
      'MAF-8.1 an active item needs uses',
      () => withItems(killer('odd', { uses: null })),
      [issue(['items', 34, 'uses'], 'item "odd" (items[34]): an active item needs uses')],
    ],
    [
      'MAF-5.3 an active item needs an effect class',
      () => withItems(killer('odd', { class: null })),
      [issue(['items', 34, 'class'], 'item "odd" (items[34]): an active item needs an effect class')],
    ],
    [
      'MAF-8.3 an active item needs at least one effect',
      () => withItems(killer('odd', { effect: [] })),
      [issue(['items', 34, 'effect'], 'item "odd" (items[34]): an active item needs at least one effect')],
    ],
    [
      'MAF-8.1 every missing part of an active item is reported, in field order',
      () => withItems(killer('odd', { phase: null, scope: null, uses: null, class: null, effect: [] })),
      [
        issue(['items', 34, 'phase'], 'item "odd" (items[34]): an active item needs a phase'),
        issue(['items', 34, 'scope'], 'item "odd" (items[34]): an active item needs a scope'),
        issue(['items', 34, 'uses'], 'item "odd" (items[34]): an active item needs uses'),
        issue(['items', 34, 'class'], 'item "odd" (items[34]): an active item needs an effect class'),
        issue(['items', 34, 'effect'], 'item "odd" (items[34]): an active item needs at least one effect'),
      ],
    ],
    [
      'MAF-8.5 a multi-use item needs charges',
      () => withItems(killer('odd', { uses: 'multi-use', charges: null })),
      [issue(['items', 34, 'charges'], 'item "odd" (items[34]): a multi-use item needs charges')],
    ],
    [
      'MAF-8.7 a reloadable item needs an interval',
      () => withItems(killer('odd', { uses: 'reloadable', interval: null })),
      [issue(['items', 34, 'interval'], 'item "odd" (items[34]): a reloadable item needs an interval')],
    ],
    [
      'MAF-5.2 a block effect belongs to class "block"',
      () => withItems(killer('odd', { class: 'modify', effect: [{ type: 'block', when: 'current-night' }] })),
      [issue(['items', 34, 'class'], 'item "odd" (items[34]): block and paralysis effects belong to class "block" (step I)')],
    ],
    [
      'MAF-5.2 a paralysis among other effects still puts the item in class "block"',
      () => withItems(killer('odd', { class: 'modify', effect: [{ type: 'luck', value: 5 }, { type: 'paralysis' }] })),
      [issue(['items', 34, 'class'], 'item "odd" (items[34]): block and paralysis effects belong to class "block" (step I)')],
    ],
    [
      'MAF-8.8 a day item supports only stat and check effects (one kill among checks is enough to refuse it)',
      () => withItems(killer('odd', { phase: 'day', class: 'inspect', effect: [{ type: 'check', report: 'public' }, { type: 'kill' }] })),
      [issue(['items', 34, 'effect'], 'item "odd" (items[34]): day items support only stat and check effects')],
    ],
    [
      'MAF-8.2 a passive item has no use effect',
      () => withItems(passive('odd', { effect: [{ type: 'kill' }] })),
      [issue(['items', 34, 'effect'], 'item "odd" (items[34]): a passive item has no use effect')],
    ],
    [
      'MAF-8.2 a global passive needs global effects',
      () => withItems(passive('odd', { kind: 'global-passive' })),
      [issue(['items', 34, 'global'], 'item "odd" (items[34]): a global passive needs global effects')],
    ],
    [
      'MAF-8.9 an item names a set the catalog has',
      () => withItems(killer('odd', { set: 'no-such-set' })),
      [issue(['items', 34, 'set'], 'item "odd" (items[34]): unknown set "no-such-set"')],
    ],
    [
      'MAF-8.9 an item naming a set must be listed among its pieces',
      () => withItems(killer('odd', { set: 'tracker-gear' })),
      [issue(['items', 34, 'set'], 'item "odd" (items[34]): set "tracker-gear" does not list it')],
    ],
    [
      'MAF-8.9 a Thing cannot be a set piece, even when the set lists it',
      () => {
        const c = withItems(killer('odd', { rarity: 'thing', set: 'tracker-gear' }));
        c.sets[0].pieces.push('odd');
        return c;
      },
      [issue(['items', 34, 'set'], 'item "odd" (items[34]): a Thing cannot be a set piece')],
    ],
    [
      'MAF-8.9 a set lists only items of the catalog',
      () => {
        const c = starter();
        c.sets[0].pieces.push('ghost');
        return c;
      },
      [issue(['sets', 0, 'pieces', 3], 'set "tracker-gear" (sets[0]): unknown piece "ghost"')],
    ],
    [
      'MAF-8.9 a set cannot list a piece of another set',
      () => {
        const c = starter();
        c.sets[0].pieces.push('night-ring');
        return c;
      },
      [issue(['sets', 0, 'pieces', 3], 'set "tracker-gear" (sets[0]): piece "night-ring" names set "night-regalia"')],
    ],
    [
      'MAF-8.9 a set cannot list an item that names no set',
      () => {
        const c = starter();
        c.sets[1].pieces.push('lucky-coin');
        return c;
      },
      [issue(['sets', 1, 'pieces', 3], 'set "night-regalia" (sets[1]): piece "lucky-coin" names set null')],
    ],
    [
      'MAF-7.6 a recipe row names only catalog items',
      () => {
        const c = starter();
        c.recipes.relic = [['ghost']];
        return c;
      },
      [issue(['recipes', 'relic', 0, 0], 'recipe for relic: unknown item "ghost"')],
    ],
    [
      'MAF-7.6 smelting gives only Things (a recipe row with a relic)',
      () => {
        const c = starter();
        c.recipes.rare = [['elixir-of-life'], ['poison', 'lucky-coin']];
        return c;
      },
      [issue(['recipes', 'rare', 1, 1], 'recipe for rare: "lucky-coin" is not a Thing')],
    ],
    [
      'MAF-7.6 an any-of recipe draws only from catalog items',
      () => {
        const c = starter();
        c.recipes.legendary.from = ['revolver', 'ghost'];
        return c;
      },
      [issue(['recipes', 'legendary', 'from', 1], 'recipe for legendary: unknown item "ghost"')],
    ],
    [
      'MAF-1.4 a starting bandit item is a catalog item',
      () => {
        const c = starter();
        c.startingItems.curser = 'ghost';
        return c;
      },
      [issue(['startingItems', 'curser'], 'starting item of curser: unknown item "ghost"')],
    ],
    [
      'MAF-1.4 a starting bandit item is a Thing',
      () => {
        const c = starter();
        c.startingItems.invisible = 'lucky-coin';
        return c;
      },
      [issue(['startingItems', 'invisible'], 'starting item of invisible: "lucky-coin" is not a Thing')],
    ],
    [
      'MAF-5.2 MAF-5.3 "block" comes first in classOrder',
      () => {
        const c = starter();
        c.classOrder = ['protect', 'block', ...c.classOrder.slice(2)];
        return c;
      },
      [issue(['classOrder'], CLASS_ORDER_MSG)],
    ],
    [
      'MAF-5.3 classOrder lists every class',
      () => {
        const c = starter();
        c.classOrder.pop();
        return c;
      },
      [issue(['classOrder'], CLASS_ORDER_MSG)],
    ],
    [
      'MAF-5.3 classOrder lists each class once',
      () => {
        const c = starter();
        c.classOrder[8] = 'block';
        return c;
      },
      [issue(['classOrder'], CLASS_ORDER_MSG)],
    ],
    [
      'MAF-0.7 rarities are listed lowest to highest',
      () => {
        const c = starter();
        c.rarities.reverse();
        return c;
      },
      [issue(['rarities'], 'rarities must be thing, relic, rare, artifact, legendary in this order')],
    ],
  ];
  it.each(rows)('%s', (_title, build, expected) => {
    const raw = build();
    expect(issues(raw)).toEqual(expected);
    expect(catalogProblems(raw)).toEqual(expected.map(({ path, message }) => ({ path: path.slice(1), message })));
  });
});

describe('MAF-8.1 parseCatalog', () => {
  const refusal = (raw: unknown): RulesetError => {
    try {
      parseCatalog(raw);
    } catch (e) {
      return e as RulesetError;
    }
    throw new Error('the catalog was accepted');
  };

  it('MAF-8.1 a refused catalog throws invalid-catalog listing every problem, separated by "; "', () => {
    const e = refusal(withItems(killer('odd', { set: 'no-such-set' }), killer('odd')));
    expect(e).toBeInstanceOf(RulesetError);
    expect(e.code).toBe('invalid-catalog');
    expect(e.message).toBe('item "odd" (items[34]): unknown set "no-such-set"; item "odd" (items[35]): duplicate item id');
  });

  it('MAF-8.1 a null catalog is refused as a catalog, not with a crash', () => {
    const e = refusal(null);
    expect(e).toBeInstanceOf(RulesetError);
    expect(e.code).toBe('invalid-catalog');
    expect(e.message).toBe('catalog: Invalid input: expected object, received null');
  });
});

describe('MAF-8.1 the index a catalog gets', () => {
  it('MAF-8.2 MAF-12.6 the starter index: items, sets, catalog order, rarities, class ranks and the global passives', () => {
    const cat = starterCatalog();
    const idx = indexCatalog(cat);
    expect(indexCatalog(cat)).toBe(idx);
    expect(idx.catalog).toBe(cat);
    expect(idx.globals).toEqual(new Set(['thieves-moon']));
    expect(idx.item.get('antidote')).toBe(cat.items[5]);
    expect(idx.set.get('night-regalia')).toBe(cat.sets[1]);
    expect(idx.order.get('revolver')).toBe(0);
    expect(idx.order.get('night-crown')).toBe(33);
    expect(idx.byRarity.legendary.map((it) => it.id)).toEqual([
      'phoenix-feather',
      'ring-of-immortality',
      'thieves-moon',
      'book-of-names',
      'night-crown',
    ]);
    expect(idx.classRank.get('block')).toBe(0);
    expect(idx.classRank.get('craft')).toBe(8);
  });

  it('MAF-8.2 a GM catalog with two global passives indexes both, and only them', () => {
    const raw = withItems(
      passive('sun-disc', {
        kind: 'global-passive',
        rarity: 'legendary',
        global: [{ type: 'stat', stat: 'luck', op: 'add', value: 5, duration: 'held', appliesTo: 'every player in town' }],
      }),
      passive('iron-skin', { passive: [{ type: 'stat', stat: 'death-avoid', op: 'add', value: 40, duration: 'held' }] }),
    );
    const idx = indexCatalog(parseCatalog(raw) as Catalog);
    expect(idx.globals).toEqual(new Set(['thieves-moon', 'sun-disc']));
  });

  it('MAF-2.6 only scopes naming other players need a target: self and none do not', () => {
    expect(scopeNeedsTarget(null)).toBe(false);
    expect(scopeNeedsTarget('self')).toBe(false);
    expect(['others', 'all', 'dead', 'jailed'].map((s) => scopeNeedsTarget(s as 'others'))).toEqual([true, true, true, true]);
  });
});
