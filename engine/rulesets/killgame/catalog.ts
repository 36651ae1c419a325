// The Kill Game catalogue: items and their classes, base prices, weapon stats, monsters, tables.

/** KG-2.3 item classes. "Weapons" are firearms and knives. */
export type ItemClass = 'firearm' | 'knife' | 'explosive' | 'item' | 'option';

export const FIREARMS = ['sniper-rifle', 'machine-gun', 'shotgun', 'flamethrower', 'crossbow'] as const;
export const KNIVES = ['knife', 'ninja-knife', 'rambo-knife'] as const;
export const EXPLOSIVES = ['grenade', 'c4', 'smoke-grenade', 'gas-canister'] as const;
export const GEAR = ['medikit', 'vest', 'gas-mask', 'antidote', 'amulet', 'k-ration'] as const;
export const OPTIONS = ['gas-launcher', 'reinforced-vests'] as const;

export type Firearm = (typeof FIREARMS)[number];
export type Knife = (typeof KNIVES)[number];

/** Every item id in the order of the KG-2.3 table. */
export const ITEM_IDS: readonly string[] = [...FIREARMS, ...KNIVES, ...EXPLOSIVES, ...GEAR, ...OPTIONS];

export function itemClass(id: string): ItemClass | null {
  if ((FIREARMS as readonly string[]).includes(id)) return 'firearm';
  if ((KNIVES as readonly string[]).includes(id)) return 'knife';
  if ((EXPLOSIVES as readonly string[]).includes(id)) return 'explosive';
  if ((GEAR as readonly string[]).includes(id)) return 'item';
  if ((OPTIONS as readonly string[]).includes(id)) return 'option';
  return null;
}

export const isFirearm = (id: string): id is Firearm => itemClass(id) === 'firearm';
export const isKnife = (id: string): id is Knife => itemClass(id) === 'knife';
export const isWeapon = (id: string) => isFirearm(id) || isKnife(id);

/** KG-2.3 base prices (setting `prices`). */
export const BASE_PRICES: Record<string, number> = {
  'sniper-rifle': 150,
  'machine-gun': 250,
  shotgun: 250,
  flamethrower: 300,
  crossbow: 200,
  knife: 30,
  'ninja-knife': 60,
  'rambo-knife': 90,
  grenade: 80,
  c4: 100,
  'smoke-grenade': 40,
  'gas-canister': 60,
  medikit: 70,
  vest: 50,
  'gas-mask': 20,
  antidote: 30,
  amulet: 40,
  'k-ration': 10,
  'gas-launcher': 120,
  'reinforced-vests': 150,
};

/** KG-5.3 default weapon stats (setting `weapons`); `fists` is the punch. */
export const WEAPON_DEFAULTS: Record<string, { damage: number; shots: number }> = {
  'sniper-rifle': { damage: 3, shots: 1 },
  'machine-gun': { damage: 2, shots: 2 },
  shotgun: { damage: 6, shots: 1 },
  flamethrower: { damage: 2, shots: 1 },
  crossbow: { damage: 2, shots: 1 },
  knife: { damage: 1, shots: 1 },
  'ninja-knife': { damage: 1, shots: 2 },
  'rambo-knife': { damage: 3, shots: 1 },
  fists: { damage: 1, shots: 1 },
};

/** KG-5.4 weapons that need a turn to reload after firing. */
export const RELOADING_WEAPONS: readonly string[] = ['machine-gun', 'shotgun'];

/** KG-2.5 the default loadout: one of each listed item (K rations come on top, KG-2.4). */
export const DEFAULT_LOADOUT: readonly string[] = [
  'sniper-rifle',
  'knife',
  'grenade',
  'c4',
  'smoke-grenade',
  'gas-canister',
  'medikit',
  'vest',
  'gas-mask',
  'antidote',
  'amulet',
];

/** KG-11.2 monster roster, cycled by creation order. */
export const ROSTER: ReadonlyArray<{ species: string; damage: number }> = [
  { species: 'ratto-gigante', damage: 6 },
  { species: 'cinghiale-mutante', damage: 7 },
  { species: 'orso-zombie', damage: 8 },
  { species: 'lupo-nero', damage: 6 },
  { species: 'serpente-di-palude', damage: 7 },
  { species: 'golem-di-fango', damage: 8 },
];

export function speciesDamage(species: string): number {
  return ROSTER.find((r) => r.species === species)?.damage ?? 0;
}

/** KG-13.2 market regimes and weights, in the stated order. */
export const REGIMES = ['discounted', 'unchanged', 'raised', 'crazy'] as const;
export type Regime = (typeof REGIMES)[number];
export const REGIME_WEIGHTS: ReadonlyArray<readonly [Regime, number]> = [
  ['discounted', 8],
  ['unchanged', 17],
  ['raised', 50],
  ['crazy', 25],
];

/** KG-14.3 prize table, in order. */
export const PRIZES: ReadonlyArray<{ item: string; count: number; weight: number }> = [
  { item: 'gas-mask', count: 1, weight: 30 },
  { item: 'k-ration', count: 3, weight: 20 },
  { item: 'antidote', count: 1, weight: 15 },
  { item: 'amulet', count: 1, weight: 15 },
  { item: 'vest', count: 1, weight: 10 },
  { item: 'medikit', count: 1, weight: 7 },
  { item: 'medikit', count: 2, weight: 3 },
];

/** KG-14.4 punishment table (energy lost), in order. */
export const PUNISHMENTS: ReadonlyArray<readonly [number, number]> = [
  [1, 30],
  [2, 25],
  [3, 20],
  [4, 12],
  [5, 8],
  [6, 5],
];

/** Fixed numbers (§17, "Fixed (not settings)"). */
export const ENERGY_CAP = 25;
export const EVICTION_DAMAGE = 5;
export const HUNGER_DAMAGE = 2;
export const MEDIKIT_PERCENT = 40;
export const SELL_PERCENT = 70;
export const PERSUASION_STEP = 20;
export const MONSTER_STOP_LIVING = 4;
