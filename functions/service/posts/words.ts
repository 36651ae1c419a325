// The events' words for a post: the page's own catalog (web/src/i18n), read from Node, filled as text.
// This is the one place that knows the catalog's shape; every value is escaped by the markup's `text`.
import mapsData from '../../../engine/rulesets/killgame/data/maps.json' with { type: 'json' };
import catalogData from '../../../engine/rulesets/mafia/data/mafia-items.json' with { type: 'json' };
import en from '../../../web/src/i18n/en.js';
import it from '../../../web/src/i18n/it.js';
import ru from '../../../web/src/i18n/ru.js';
import type { GameEvent } from '../../../engine/core/types.js';
import type { Lang } from './phrases.js';

const DICTS = { en, it, ru };

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

const humanize = (id: string) => {
  const s = id.replace(/[-_]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

const term = (lang: Lang, id: string): string | undefined => DICTS[lang].terms[id] ?? DICTS.en.terms[id];

/** `night-2` → `Notte 2`. */
export function phaseTitle(lang: Lang, phase: string): string {
  const m = /^([a-z-]+?)-(\d+)$/.exec(phase);
  if (!m) return humanize(phase);
  return `${term(lang, `phase-${m[1]}`) ?? humanize(m[1]!)} ${m[2]}`;
}

export interface Fill {
  lang: Lang;
  ruleset: string;
  names: Names;
  /** Escapes a value for the markup (every value is a player's or the game's, never the template's). */
  esc: (raw: string) => string;
}

function idText(f: Fill, id: string): string {
  const player = f.names[id];
  if (player !== undefined) return player;
  const game = GAME[f.ruleset]?.[id];
  if (game) return f.lang === 'en' ? game.en : game.o;
  const known = term(f.lang, id);
  if (known !== undefined) return known;
  const team = /^(team|district)-(\d+)$/.exec(id);
  if (team) return `${term(f.lang, team[1]!) ?? humanize(team[1]!)} ${team[2]}`;
  if (/^(night|day|runoff|tactic|action)-\d+$/.test(id)) return phaseTitle(f.lang, id);
  return /^[a-z0-9]+(-[a-z0-9]+)+$/.test(id) ? humanize(id) : id;
}

function valueText(f: Fill, value: unknown, mod?: string): string {
  const nobody = term(f.lang, 'nobody') ?? '—';
  if (value === null || value === undefined) return nobody;
  if (typeof value === 'boolean') return term(f.lang, value ? 'yes' : 'no') ?? String(value);
  if (typeof value === 'number') return mod === 'signed' && value > 0 ? `+${value}` : String(value);
  if (typeof value === 'string') return f.esc(idText(f, value));
  if (Array.isArray(value)) {
    if (mod === 'count') return String(value.length);
    if (value.length === 0) return nobody;
    return value.map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? inline(f, v as Record<string, unknown>) : valueText(f, v))).join(', ');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (mod === 'count') return String(entries.length);
    if (entries.length === 0) return '—';
    return entries.map(([k, v]) => `${valueText(f, k)}${mod === 'arrow' ? ' → ' : ': '}${valueText(f, v)}`).join('; ');
  }
  return f.esc(String(value));
}

/** An object inside a list ({player, specialization}): "first (rest)". */
function inline(f: Fill, v: Record<string, unknown>): string {
  const [first, ...rest] = Object.values(v);
  return rest.length ? `${valueText(f, first)} (${rest.map((x) => valueText(f, x)).join(', ')})` : valueText(f, first);
}

/** One public event as a line in `lang`, in the ruleset's words; null when the catalog has no words for it. */
export function eventText(f: Fill, event: GameEvent): string | null {
  const d = DICTS[f.lang].events;
  const kind = event.kind;
  const tpl = d[`${f.ruleset}:${kind}`] ?? d[kind] ?? DICTS.en.events[`${f.ruleset}:${kind}`] ?? DICTS.en.events[kind];
  if (tpl === undefined) return null;
  const e = event as Record<string, unknown>;
  let text: string;
  try {
    text = typeof tpl === 'function' ? tpl(e) : tpl;
  } catch {
    return null;
  }
  return text.replace(/\{([\w-]+)(?:\|(\w+))?\}/g, (_all, field: string, mod?: string) => valueText(f, e[field], mod));
}

/** A player's (or any id's) display text, escaped. */
export const nameOf = (f: Fill, id: string): string => f.esc(idText(f, id));
