// The events' words for a post: the page's own catalog (texts/, pure and Node-importable), with the
// public record's names. The catalog gives plain text; the markup's `text` escapes the whole line.
import mapsData from '../../../engine/rulesets/killgame/data/maps.json' with { type: 'json' };
import type { GameEvent } from '../../../engine/core/types.js';
import { eventText as catalogText, humanize, phaseText, termText } from '../../../texts/index.js';
import { isLabel, originalName, translatedName } from '../../../texts/names.js';
import type { Lang } from './phrases.js';

type Names = Record<string, string>;

/** Kill Game's zones by id, as the page's map names them. */
const ZONES: Record<string, string> = {};
for (const map of Object.values((mapsData as { maps: Record<string, { zones: Array<{ id: string; name: string }> }> }).maps)) {
  for (const z of map.zones) ZONES[z.id] = z.name;
}

/** A game thing's display name as the page shows it by default: the game's own, a label in the reader's language. */
function gameName(lang: Lang, ruleset: string, id: string): string | undefined {
  const original = originalName(ruleset, id);
  if (original === undefined) return undefined;
  return isLabel(ruleset, id) ? (translatedName(lang, ruleset, id) ?? original) : original;
}

/** `night-2` → `Notte 2`. */
export const phaseTitle = (lang: Lang, phase: string): string => phaseText(lang, phase);

export interface Fill {
  lang: Lang;
  ruleset: string;
  names: Names;
  /** Kill Game's monsters: id → species, from the spawns so far. */
  monsters?: Record<string, string> | undefined;
  /** Escapes plain text for the markup. */
  esc: (raw: string) => string;
}

/** An id as the thread reads it: a player's name, a game thing's name, a term; undefined for the catalog to decide. */
function idText(f: Fill, id: string): string | undefined {
  const player = f.names[id];
  if (player !== undefined) return player;
  if (f.ruleset === 'killgame' && ZONES[id] !== undefined) return ZONES[id];
  const species = f.monsters?.[id];
  if (species !== undefined) return `${gameName(f.lang, f.ruleset, species) ?? humanize(species)} (${id})`;
  const game = gameName(f.lang, f.ruleset, id);
  if (game !== undefined) return game;
  const team = /^(team|district)-(\d+)$/.exec(id);
  if (team) return `${termText(f.lang, team[1]!) ?? humanize(team[1]!)} ${team[2]}`;
  // Role and faction ids the catalog has no term for read as words, not as ids.
  if (termText(f.lang, id) === undefined && /^[a-z]+(-[a-z]+)+$/.test(id)) return humanize(id);
  return undefined;
}

/** One public event as a line in `lang`, in the ruleset's words, escaped for the markup as a whole. */
export function eventText(f: Fill, event: GameEvent): string {
  return f.esc(catalogText(f.lang, f.ruleset, event as Record<string, unknown>, (id) => idText(f, id)));
}

/** A player's (or any id's) display text, escaped. */
export const nameOf = (f: Fill, id: string): string => f.esc(idText(f, id) ?? termText(f.lang, id) ?? id);
