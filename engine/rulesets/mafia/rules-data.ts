// Rules the catalog carries as data: the antidote, smelting recipes (MAF-7.6), the curse potion's value.
import type { CatalogIndex, Effect, ItemDef } from './catalog.js';
import type { Rarity } from './ids.js';
import type { RuleSettings } from './settings.js';

/** MAF-9.3: the antidote is the Thing whose effect cures poison (`antidote` in the starter catalog). */
export function antidoteId(cat: CatalogIndex): string | null {
  const def = cat.byRarity.thing.find((it) => it.effect.some((e) => e.type === 'cure' && e.effects.includes('poison')));
  return def?.id ?? null;
}

/** MAF-7.6: does `into` match a recipe for an item of this rarity? */
export function recipeAccepts(cat: CatalogIndex, rarity: Rarity, into: string[]): boolean {
  if (rarity === 'thing') return false;
  const recipe = cat.catalog.recipes[rarity];
  if (!recipe) return false;
  if (Array.isArray(recipe)) return recipe.some((row) => row.length === into.length && row.every((id, i) => id === into[i]));
  if (into.length !== recipe.count || !into.every((id) => recipe.from.includes(id))) return false;
  return recipe.repeats || new Set(into).size === into.length;
}

/** The curse an effect lays: the curser's starting Thing uses the setting `curse-potion-value` (MAF-11). */
export function curseValue(
  cat: CatalogIndex,
  def: ItemDef | undefined,
  effect: Effect & { type: 'curse' },
  settings: RuleSettings,
): number {
  return def && cat.catalog.startingItems.curser === def.id ? settings['curse-potion-value'] : effect.value;
}
