// The events' words for a post: the page's own catalog (texts/, pure and Node-importable), with the
// public record's names. The catalog gives plain text; the markup's `text` escapes the whole line.
import mapsData from '../../../engine/rulesets/killgame/data/maps.json' with { type: 'json' };
import catalogData from '../../../engine/rulesets/mafia/data/mafia-items.json' with { type: 'json' };
import type { GameEvent } from '../../../engine/core/types.js';
import { eventText as catalogText, humanize, phaseText, termText } from '../../../texts/index.js';
import type { Lang } from './phrases.js';

type Names = Record<string, string>;

/** Names of game things the public record uses (zones, Mafia items, rarities and sets), in the game's own language. */
const GAME: Record<string, Record<string, { o: string; en: string }>> = { killgame: {}, mafia: {} };
for (const map of Object.values((mapsData as { maps: Record<string, { zones: Array<{ id: string; name: string }> }> }).maps)) {
  for (const z of map.zones) GAME.killgame![z.id] = { o: z.name, en: z.name };
}
const catalog = catalogData as { rarities: Array<{ id: string; ru: string; en: string }>; items: Array<{ id: string; name: { ru: string; en: string } }>; sets: Array<{ id: string; name: { ru: string; en: string } }> };
for (const r of catalog.rarities) GAME.mafia![r.id] = { o: r.ru, en: r.en };
for (const i of catalog.items) GAME.mafia![i.id] = { o: i.name.ru, en: i.name.en };
for (const s of catalog.sets) GAME.mafia![s.id] = { o: s.name.ru, en: s.name.en };

/** `night-2` → `Notte 2`. */
export const phaseTitle = (lang: Lang, phase: string): string => phaseText(lang, phase);

export interface Fill {
  lang: Lang;
  ruleset: string;
  names: Names;
  /** Escapes plain text for the markup. */
  esc: (raw: string) => string;
}

/** An id as the thread reads it: a player's name, a game thing's name, a term; undefined for the catalog to decide. */
function idText(f: Fill, id: string): string | undefined {
  const player = f.names[id];
  if (player !== undefined) return player;
  const game = GAME[f.ruleset]?.[id];
  if (game) return f.lang === 'en' ? game.en : game.o;
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
