// MAF-11 the GM settings that check more than a range (map-odds, the catalog), and the rules the
// catalog carries as data: the antidote (MAF-9.3) and the smelting recipes (MAF-7.6).
import { describe, expect, it } from 'vitest';
import { indexCatalog, parseCatalog, starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { CatalogIndex } from '../../../engine/rulesets/mafia/catalog.js';
import type { Rarity } from '../../../engine/rulesets/mafia/ids.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { antidoteId, recipeAccepts } from '../../../engine/rulesets/mafia/rules-data.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any;
const starter = (): Raw => structuredClone(starterCatalog());
const index = (raw: unknown): CatalogIndex => indexCatalog(parseCatalog(raw));

describe('MAF-11 map-odds', () => {
  it('MAF-11 MAF-3.8 odds given explicitly that sum to 100 are kept as given', () => {
    const odds = { legendary: 10, artifact: 15, rare: 25, relic: 30, thing: 20 };
    const result = mafia.settings.safeParse({ 'map-odds': odds });
    expect(result.success).toBe(true);
    expect(result.data!['map-odds']).toEqual(odds);
    const skewed = { legendary: 40, artifact: 5, rare: 5, relic: 10, thing: 40 };
    expect(mafia.settings.safeParse({ 'map-odds': skewed }).data?.['map-odds']).toEqual(skewed);
  });

  it('MAF-11 MAF-3.8 odds that do not sum to 100 are refused with the rule', () => {
    const result = mafia.settings.safeParse({ 'map-odds': { legendary: 10, artifact: 15, rare: 25, relic: 30, thing: 30 } });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => ({ code: i.code, path: i.path, message: i.message }))).toEqual([
      { code: 'custom', path: ['map-odds'], message: 'map-odds must sum to 100' },
    ]);
  });
});

describe('MAF-8.1 the catalog setting', () => {
  it('MAF-8.1 no catalog, or a null one, means the starter catalog: the settings are accepted', () => {
    expect(mafia.settings.safeParse({}).success).toBe(true);
    const nulled = mafia.settings.safeParse({ catalog: null });
    expect(nulled.success).toBe(true);
    expect(nulled.data!.catalog).toBeNull();
  });
});

describe('MAF-9.3 the antidote is the Thing that cures poison', () => {
  it('MAF-9.3 in the starter catalog it is `antidote`', () => {
    expect(antidoteId(indexCatalog(starterCatalog()))).toBe('antidote');
  });

  it('MAF-9.3 a GM catalog may rename it and give it more effects; a cure of curse alone is no antidote', () => {
    const c = starter();
    const antidote = c.items.find((it: Raw) => it.id === 'antidote');
    antidote.id = 'serum';
    antidote.effect = [
      { type: 'luck', value: 5 },
      { type: 'cure', effects: ['curse', 'poison'] },
    ];
    c.items.splice(1, 0, { ...structuredClone(antidote), id: 'holy-salt', effect: [{ type: 'cure', effects: ['curse'] }] });
    expect(antidoteId(index(c))).toBe('serum');
  });

  it('MAF-9.3 a GM catalog without any poison cure has no antidote', () => {
    const c = starter();
    c.items = c.items.filter((it: Raw) => it.id !== 'antidote');
    expect(antidoteId(index(c))).toBeNull();
  });
});

describe('MAF-7.6 smelting recipes', () => {
  const accepts = (cat: CatalogIndex, rarity: Rarity, into: string[]) => recipeAccepts(cat, rarity, into);

  it('MAF-7.6 the starter recipes: the table of the spec, Things not smeltable', () => {
    const cat = indexCatalog(starterCatalog());
    const table: Array<[Rarity, string[], boolean]> = [
      ['relic', ['dope-potion'], true],
      ['relic', ['revolver'], false],
      ['rare', ['elixir-of-life'], true],
      ['rare', ['poison'], true],
      ['rare', ['elixir-of-life', 'poison'], false],
      ['artifact', ['revolver'], true],
      ['artifact', [], false],
      ['legendary', ['revolver', 'revolver', 'revolver'], true],
      ['legendary', ['revolver', 'dope-potion', 'poison'], true],
      ['legendary', ['revolver', 'dope-potion'], false],
      ['legendary', ['revolver', 'antidote', 'poison'], false],
      ['thing', ['revolver'], false],
    ];
    expect(table.map(([rarity, into]) => accepts(cat, rarity, into))).toEqual(table.map(([, , ok]) => ok));
  });

  it('MAF-7.6 a GM recipe: a two-Thing row must match exactly; no recipe means nothing smelts; "any 3" without repeats', () => {
    const c = starter();
    c.recipes = {
      relic: [['revolver', 'poison']],
      legendary: { count: 3, from: ['revolver', 'dope-potion', 'elixir-of-life', 'poison'], repeats: false },
    };
    const cat = index(c);
    const table: Array<[Rarity, string[], boolean]> = [
      ['relic', ['revolver', 'poison'], true],
      ['relic', ['revolver', 'dope-potion'], false],
      ['relic', ['poison', 'revolver'], false],
      ['relic', ['revolver'], false],
      ['rare', ['poison'], false],
      ['artifact', ['revolver'], false],
      ['legendary', ['revolver', 'dope-potion', 'poison'], true],
      ['legendary', ['revolver', 'revolver', 'poison'], false],
    ];
    expect(table.map(([rarity, into]) => accepts(cat, rarity, into))).toEqual(table.map(([, , ok]) => ok));
  });
});
