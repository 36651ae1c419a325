// Display names of game things: the game's own language by default (Italian for Lupus and Kill Game,
// Russian for Mafia), translations on request. Ids never change; only what is shown does. The names
// themselves are the catalogue's (texts/names.ts, texts/<lang>/names.ts); here, the reader's choice.
import mapsData from '../../engine/rulesets/killgame/data/maps.json' with { type: 'json' };
import catalogData from '../../engine/rulesets/mafia/data/mafia-items.json' with { type: 'json' };
import { isLabel, originalName, translatedName } from '../../texts/names.js';
import { lang } from './lang.js';
import { pref, setPref } from './store.js';

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
  sets: Array<{
    id: string;
    name: { ru: string; en: string };
    pieces: string[];
    passive: Array<Record<string, unknown>>;
    active: Record<string, any> | null;
  }>;
}
export const MAFIA_CATALOG = catalogData as unknown as MafiaCatalog;
export type MafiaItem = CatalogItem;

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

/** The name shown: the original unless translations are asked for (a label always in the reader's language). */
function shown(ruleset: string, id: string, original: string): string {
  if (mode === 'original' && !isLabel(ruleset, id)) return original;
  return translatedName(lang(), ruleset, id) ?? original;
}

/** The display name of a game id in a ruleset, or undefined when it is not a known game thing. */
export function gameName(ruleset: string, id: string): string | undefined {
  const original = originalName(ruleset, id);
  return original === undefined ? undefined : shown(ruleset, id, original);
}

/** The other form of a name (the translation when originals are shown, and back), for a tooltip. */
export function otherName(ruleset: string, id: string): string | undefined {
  const original = originalName(ruleset, id);
  if (original === undefined) return undefined;
  const other = mode === 'original' && !isLabel(ruleset, id) ? translatedName(lang(), ruleset, id) : original;
  return other && other !== shown(ruleset, id, original) ? other : undefined;
}
