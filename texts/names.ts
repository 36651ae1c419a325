// The games' own names of their things (Italian for Lupus and Kill Game, Russian for Mafia), shown by
// default whatever the reader's language; each language's translations are texts/<lang>/names.ts. Mafia's
// items, sets and rarities are named by its catalog (engine data), in Russian and English.
import catalogData from '../engine/rulesets/mafia/data/mafia-items.json' with { type: 'json' };
import { NAMES } from './dicts.js';
import type { Lang } from './langs.js';

type Table = Record<string, string>;

const catalog = catalogData as {
  rarities: Array<{ id: string; ru: string; en: string }>;
  items: Array<{ id: string; name: { ru: string; en: string } }>;
  sets: Array<{ id: string; name: { ru: string; en: string } }>;
};

/** The catalog's own names, keyed by language: rarities, items and sets. */
const CATALOG_NAMES: Record<string, Partial<Record<Lang, string>>> = Object.fromEntries([
  ...catalog.rarities.map((r) => [r.id, { ru: r.ru, en: r.en }] as const),
  ...catalog.items.map((i) => [i.id, i.name] as const),
  ...catalog.sets.map((s) => [s.id, s.name] as const),
]);

const ORIGINALS: Record<string, Table> = {
  lupus: {
    'veggente-gufato': 'Veggente Gufato',
    parroco: 'Parroco',
    'spirito-bianco': 'Spirito Bianco',
    'super-medium': 'Super Medium',
    bambina: 'Bambina',
    strega: 'Strega 🎃',
    bardo: 'Bardo 🎃',
    'gatto-nero': 'Gatto Nero 🎃',
    'zucca-semplice': 'Zucca Semplice',
    'lupo-mannaro': 'Lupo Mannaro',
    'lupo-dell-incubo': "Lupo dell'Incubo",
    'lupo-segugio': 'Lupo Segugio',
    'lupo-spirito': 'Lupo Spirito',
    dracula: 'Dracula',
    'vampiro-progenie': 'Vampiro Progenie',
    negromante: 'Negromante',
    lupo: 'Lupo',
    village: 'Villaggio',
    pack: 'Branco',
    coven: 'Congrega',
    lone: 'Solitario',
    cemetery: 'Cimitero',
    easy: 'Facile',
    normal: 'Normale',
    hard: 'Difficile',
  },
  killgame: {
    'sniper-rifle': 'Fucile da Cecchino (PSG)',
    'machine-gun': 'Mitragliatore',
    shotgun: 'Fucile a Pompa',
    flamethrower: 'Lanciafiamme',
    crossbow: 'Balestra Avvelenata',
    knife: 'Coltellino',
    'ninja-knife': 'Coltello da Ninja',
    'rambo-knife': 'Coltello da Rambo',
    grenade: 'Granata',
    c4: 'C4',
    'smoke-grenade': 'Fumogeno',
    'gas-canister': 'Bomboletta di Gas',
    medikit: 'Kit Medico',
    vest: 'Giubbotto Protettivo',
    'gas-mask': 'Maschera Antigas',
    antidote: 'Antidoto',
    amulet: 'Amuleto',
    'k-ration': 'Razione K',
    'gas-launcher': 'Lancia Gas',
    'reinforced-vests': 'Giubbotti Rinforzati',
    fists: 'Pugni',
    'ratto-gigante': 'Ratto Gigante',
    'cinghiale-mutante': 'Cinghiale Mutante',
    'orso-zombie': 'Orso Zombie',
    'lupo-nero': 'Lupo Nero',
    'serpente-di-palude': 'Serpente di Palude',
    'golem-di-fango': 'Golem di Fango',
    'free-for-all': 'Tutti contro tutti',
    teams: 'Squadre',
    districts: 'Distretti',
    classica: 'Classica',
    inferno: 'Inferno',
  },
  mafia: {
    town: 'Мирные',
    bandits: 'Бандиты',
    bandit: 'Бандит',
    townsperson: 'Мирный житель',
    boss: 'Босс',
    blocker: 'Блокировщик',
    poisoner: 'Отравитель',
    curser: 'Проклинатель',
    invisible: 'Невидимка',
    archaeologist: 'Археолог',
    blacksmith: 'Кузнец',
    guard: 'Страж',
    mage: 'Маг',
    'vote-strength': 'Сила голоса',
    'death-avoid': 'ШИС',
    'theft-avoid': 'ШИВ',
    luck: 'Удача',
    curse: 'Проклятие',
    blessing: 'Благословение',
    'find-bonus': 'Бонус поиска',
    'theft-bonus': 'Бонус кражи',
    find: 'Поиск',
    theft: 'Кража',
    werewolf: 'Оборотень',
    named: 'Названный',
  },
};
for (const [id, name] of Object.entries(CATALOG_NAMES)) ORIGINALS.mafia![id] = name.ru!;

/** Labels rather than names (Mafia's stats): always in the reader's language, the original as a hint. */
const LABELS: Record<string, ReadonlySet<string>> = {
  mafia: new Set([
    'vote-strength',
    'death-avoid',
    'theft-avoid',
    'luck',
    'curse',
    'blessing',
    'find-bonus',
    'theft-bonus',
    'find',
    'theft',
  ]),
};

/** A game thing's name in the game's own language; undefined when `id` is not a known game thing. */
export const originalName = (ruleset: string, id: string): string | undefined => ORIGINALS[ruleset]?.[id];

/** Whether a game id is a label (always shown in the reader's language). */
export const isLabel = (ruleset: string, id: string): boolean => LABELS[ruleset]?.has(id) ?? false;

/** A game thing's name in `lang`, else in English, else its original; undefined when not a game thing. */
export function translatedName(lang: Lang, ruleset: string, id: string): string | undefined {
  const original = originalName(ruleset, id);
  if (original === undefined) return undefined;
  const own = (l: Lang) =>
    (NAMES[l] as Record<string, Record<string, string> | undefined>)[ruleset]?.[id] ??
    (ruleset === 'mafia' ? CATALOG_NAMES[id]?.[l] : undefined);
  return own(lang) ?? own('en') ?? original;
}

/** A game thing's name as the page shows it by default: the game's own, a label in `lang`; undefined when not a game thing. */
export function shownName(lang: Lang, ruleset: string, id: string): string | undefined {
  const original = originalName(ruleset, id);
  if (original === undefined) return undefined;
  return isLabel(ruleset, id) ? (translatedName(lang, ruleset, id) ?? original) : original;
}
