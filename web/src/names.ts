// Display names of game things: the game's own language by default (Italian for Lupus and Kill Game,
// Russian for Mafia), translations on request. Ids never change; only what is shown does.
import mapsData from '../../engine/rulesets/killgame/data/maps.json' with { type: 'json' };
import catalogData from '../../engine/rulesets/mafia/data/mafia-items.json' with { type: 'json' };
import { lang, type Lang } from './lang.js';
import { pref, setPref } from './store.js';

export interface Name {
  /** The original name, in the game's own language. */
  o: string;
  /** A label rather than a name (a stat): always in the reader's language, the original as a hint. */
  ui?: boolean;
  en?: string;
  it?: string;
  ru?: string;
}

type Table = Record<string, Name>;

const n = (o: string, en?: string, ru?: string, it?: string): Name => ({ o, ...(en ? { en } : {}), ...(ru ? { ru } : {}), ...(it ? { it } : {}) });

const LUPUS: Table = {
  'veggente-gufato': n('Veggente Gufato', 'Owl Seer', 'Провидец с совой'),
  parroco: n('Parroco', 'Priest', 'Священник'),
  'spirito-bianco': n('Spirito Bianco', 'White Spirit', 'Белый Дух'),
  'super-medium': n('Super Medium', 'Super Medium', 'Супермедиум'),
  bambina: n('Bambina', 'Little Girl', 'Девочка'),
  strega: n('Strega 🎃', 'Witch 🎃', 'Ведьма 🎃'),
  bardo: n('Bardo 🎃', 'Bard 🎃', 'Бард 🎃'),
  'gatto-nero': n('Gatto Nero 🎃', 'Black Cat 🎃', 'Чёрный Кот 🎃'),
  'zucca-semplice': n('Zucca Semplice', 'Simple Pumpkin', 'Простая Тыква'),
  'lupo-mannaro': n('Lupo Mannaro', 'Werewolf', 'Оборотень'),
  'lupo-dell-incubo': n("Lupo dell'Incubo", 'Nightmare Wolf', 'Волк Кошмаров'),
  'lupo-segugio': n('Lupo Segugio', 'Tracker Wolf', 'Волк-ищейка'),
  'lupo-spirito': n('Lupo Spirito', 'Spirit Wolf', 'Волк-дух'),
  dracula: n('Dracula', 'Dracula', 'Дракула'),
  'vampiro-progenie': n('Vampiro Progenie', 'Vampire Spawn', 'Отродье вампира'),
  negromante: n('Negromante', 'Necromancer', 'Некромант'),
  lupo: n('Lupo', 'Wolf', 'Волк'),
  village: n('Villaggio', 'Village', 'Деревня'),
  pack: n('Branco', 'Pack', 'Стая'),
  coven: n('Congrega', 'Coven', 'Ковен'),
  lone: n('Solitario', 'Loner', 'Одиночка'),
  cemetery: n('Cimitero', 'Cemetery', 'Кладбище'),
  easy: n('Facile', 'Easy', 'Лёгкая'),
  normal: n('Normale', 'Normal', 'Обычная'),
  hard: n('Difficile', 'Hard', 'Сложная'),
};

const KILLGAME: Table = {
  'sniper-rifle': n('Fucile da Cecchino (PSG)', 'Sniper Rifle', 'Снайперская винтовка'),
  'machine-gun': n('Mitragliatore', 'Machine Gun', 'Автомат'),
  shotgun: n('Fucile a Pompa', 'Shotgun', 'Дробовик'),
  flamethrower: n('Lanciafiamme', 'Flamethrower', 'Огнемёт'),
  crossbow: n('Balestra Avvelenata', 'Poisoned Crossbow', 'Отравленный арбалет'),
  knife: n('Coltellino', 'Knife', 'Ножик'),
  'ninja-knife': n('Coltello da Ninja', 'Ninja Knife', 'Нож ниндзя'),
  'rambo-knife': n('Coltello da Rambo', 'Rambo Knife', 'Нож Рэмбо'),
  grenade: n('Granata', 'Grenade', 'Граната'),
  c4: n('C4', 'C4', 'C4'),
  'smoke-grenade': n('Fumogeno', 'Smoke Grenade', 'Дымовая граната'),
  'gas-canister': n('Bomboletta di Gas', 'Gas Canister', 'Газовый баллон'),
  medikit: n('Kit Medico', 'Medikit', 'Аптечка'),
  vest: n('Giubbotto Protettivo', 'Vest', 'Бронежилет'),
  'gas-mask': n('Maschera Antigas', 'Gas Mask', 'Противогаз'),
  antidote: n('Antidoto', 'Antidote', 'Противоядие'),
  amulet: n('Amuleto', 'Amulet', 'Амулет'),
  'k-ration': n('Razione K', 'K Ration', 'Сухпаёк K'),
  'gas-launcher': n('Lancia Gas', 'Gas Launcher', 'Газомёт'),
  'reinforced-vests': n('Giubbotti Rinforzati', 'Reinforced Vests', 'Усиленные бронежилеты'),
  fists: n('Pugni', 'Fists', 'Кулаки'),
  'ratto-gigante': n('Ratto Gigante', 'Giant Rat', 'Гигантская крыса'),
  'cinghiale-mutante': n('Cinghiale Mutante', 'Mutant Boar', 'Кабан-мутант'),
  'orso-zombie': n('Orso Zombie', 'Zombie Bear', 'Медведь-зомби'),
  'lupo-nero': n('Lupo Nero', 'Black Wolf', 'Чёрный волк'),
  'serpente-di-palude': n('Serpente di Palude', 'Swamp Snake', 'Болотная змея'),
  'golem-di-fango': n('Golem di Fango', 'Mud Golem', 'Грязевой голем'),
  'free-for-all': n('Tutti contro tutti', 'Free for all', 'Каждый сам за себя'),
  teams: n('Squadre', 'Teams', 'Команды'),
  districts: n('Distretti', 'Districts', 'Округа'),
  classica: n('Classica', 'Classic', 'Классическая'),
  inferno: n('Inferno', 'Inferno', 'Инферно'),
};

interface CatalogItem {
  id: string;
  name: { ru: string; en: string };
  rarity: string;
  kind: string;
  instant: boolean;
  phase: string | null;
  scope: string | null;
  uses: string | null;
  charges: number | null;
  recharge: number;
  interval: number | null;
  afterUse: string | null;
  set: string | null;
  unique: boolean;
  starting: string[];
  class: string | null;
  effect: Array<Record<string, unknown>>;
  passive: Array<Record<string, unknown>>;
  global: Array<Record<string, unknown>>;
}
export interface MafiaCatalog {
  rarities: Array<{ id: string; ru: string; en: string }>;
  items: CatalogItem[];
  sets: Array<{ id: string; name: { ru: string; en: string }; pieces: string[]; passive: Array<Record<string, unknown>>; active: Record<string, any> | null }>;
}
export const MAFIA_CATALOG = catalogData as unknown as MafiaCatalog;
export type MafiaItem = CatalogItem;

const MAFIA: Table = {
  town: n('Мирные', 'Town', 'Мирные', 'Città'),
  bandits: n('Бандиты', 'Bandits', 'Бандиты', 'Banditi'),
  bandit: n('Бандит', 'Bandit', 'Бандит', 'Bandito'),
  townsperson: n('Мирный житель', 'Townsperson', 'Мирный житель', 'Cittadino'),
  boss: n('Босс', 'Boss', 'Босс', 'Boss'),
  blocker: n('Блокировщик', 'Blocker', 'Блокировщик', 'Bloccatore'),
  poisoner: n('Отравитель', 'Poisoner', 'Отравитель', 'Avvelenatore'),
  curser: n('Проклинатель', 'Curser', 'Проклинатель', 'Maledicente'),
  invisible: n('Невидимка', 'Invisible', 'Невидимка', 'Invisibile'),
  archaeologist: n('Археолог', 'Archaeologist', 'Археолог', 'Archeologo'),
  blacksmith: n('Кузнец', 'Blacksmith', 'Кузнец', 'Fabbro'),
  guard: n('Страж', 'Guard', 'Страж', 'Guardia'),
  mage: n('Маг', 'Mage', 'Маг', 'Mago'),
  'vote-strength': n('Сила голоса', 'Vote strength', 'Сила голоса', 'Forza del voto'),
  'death-avoid': n('ШИС', 'Death avoidance', 'Шанс избежать смерти', 'Schivare la morte'),
  'theft-avoid': n('ШИВ', 'Theft avoidance', 'Шанс избежать кражи', 'Evitare il furto'),
  luck: n('Удача', 'Luck', 'Удача', 'Fortuna'),
  curse: n('Проклятие', 'Curse', 'Проклятие', 'Maledizione'),
  blessing: n('Благословение', 'Blessing', 'Благословение', 'Benedizione'),
  'find-bonus': n('Бонус поиска', 'Find bonus', 'Бонус поиска', 'Bonus di ricerca'),
  'theft-bonus': n('Бонус кражи', 'Theft bonus', 'Бонус кражи', 'Bonus di furto'),
  find: n('Поиск', 'Find', 'Поиск', 'Ricerca'),
  theft: n('Кража', 'Theft', 'Кража', 'Furto'),
  werewolf: n('Оборотень', 'Werewolf', 'Оборотень', 'Lupo mannaro'),
  named: n('Названный', 'Named', 'Названный', 'Nominato'),
};
const RARITY_IT: Record<string, string> = { thing: 'Oggetto', relic: 'Reliquia', rare: 'Rarità', artifact: 'Artefatto', legendary: 'Artefatto leggendario' };
for (const stat of ['vote-strength', 'death-avoid', 'theft-avoid', 'luck', 'curse', 'blessing', 'find-bonus', 'theft-bonus', 'find', 'theft']) MAFIA[stat] = { ...MAFIA[stat]!, ui: true };
for (const r of MAFIA_CATALOG.rarities) MAFIA[r.id] = n(r.ru, r.en, r.ru, RARITY_IT[r.id]);
for (const item of MAFIA_CATALOG.items) MAFIA[item.id] = n(item.name.ru, item.name.en, item.name.ru);
for (const set of MAFIA_CATALOG.sets) MAFIA[set.id] = n(set.name.ru, set.name.en, set.name.ru);

const TABLES: Record<string, Table> = { lupus: LUPUS, killgame: KILLGAME, mafia: MAFIA };

export interface MapZone {
  id: string;
  name: string;
  x: number;
  y: number;
  closes: number | null;
  start: boolean;
  neighbours: string[];
}
export interface KgMap {
  name: string;
  initialZone: string;
  centralZone: string;
  finalZones: string[];
  zones: MapZone[];
}
export const KG_MAPS = (mapsData as unknown as { maps: Record<string, KgMap> }).maps;

export type NameMode = 'original' | 'translated';
let mode: NameMode = pref('names', 'original') === 'translated' ? 'translated' : 'original';
export const nameMode = (): NameMode => mode;
export function setNameMode(m: NameMode): void {
  mode = m;
  setPref('names', m);
}

function pick(entry: Name, l: Lang): string {
  if (mode === 'original' && !entry.ui) return entry.o;
  return entry[l] ?? entry.en ?? entry.o;
}

/** The display name of a game id in a ruleset, or undefined when it is not a known game thing. */
export function gameName(ruleset: string, id: string): string | undefined {
  const entry = TABLES[ruleset]?.[id];
  return entry ? pick(entry, lang()) : undefined;
}

/** The other form of a name (the translation when originals are shown, and back), for a tooltip. */
export function otherName(ruleset: string, id: string): string | undefined {
  const entry = TABLES[ruleset]?.[id];
  if (!entry) return undefined;
  const other = mode === 'original' && !entry.ui ? (entry[lang()] ?? entry.en) : entry.o;
  return other && other !== pick(entry, lang()) ? other : undefined;
}
