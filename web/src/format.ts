// Turning ids and events into text: player names, game names, and event templates in the reader's language.
import { cardName } from './card-dialog.js';
import { h, type Child } from './dom.js';
import { dict, eventTemplate, humanize, lang, phaseLabel, t, term } from './lang.js';
import { gameName, otherName } from './names.js';

/** What the page knows to turn ids into names. */
export interface Ctx {
  ruleset: string;
  players: Map<string, string>;
  me?: string | undefined;
  zones: Map<string, string>;
  /** Monster id → species. */
  monsters: Map<string, string>;
}

export const emptyCtx = (ruleset: string): Ctx => ({ ruleset, players: new Map(), zones: new Map(), monsters: new Map() });

/** The plain display text of a string id. */
export function nameText(ctx: Ctx, id: string): string {
  const player = ctx.players.get(id);
  if (player !== undefined) return player;
  const zone = ctx.zones.get(id);
  if (zone !== undefined) return zone;
  const species = ctx.monsters.get(id);
  if (species !== undefined) return `${gameName(ctx.ruleset, species) ?? humanize(species)} (${id})`;
  const game = gameName(ctx.ruleset, id);
  if (game !== undefined) return game;
  const known = term(id);
  if (known !== undefined) return known;
  const team = /^(team|district)-(\d+)$/.exec(id);
  if (team) return `${term(team[1]!) ?? humanize(team[1]!)} ${team[2]}`;
  const spirit = /^spirit-(.+)$/.exec(id);
  if (spirit)
    return spirit[1] === ctx.me
      ? (term('spirit-channel') ?? 'Spirit')
      : `${term('spirit-channel') ?? 'Spirit'}: ${ctx.players.get(spirit[1]!) ?? spirit[1]}`;
  const phase = /^(night|day|runoff|tactic|action)-\d+$/.exec(id);
  if (phase) return phaseLabel(id);
  const action = dict().actions[id];
  if (action !== undefined) return action;
  return id;
}

/** A player's name, as text inside a marked span. */
export function playerNode(ctx: Ctx, id: string): HTMLElement {
  const name = ctx.players.get(id) ?? id;
  return h('b', { class: id === ctx.me ? 'pl me' : 'pl', 'data-player': id }, name);
}

/** One value of an event field as nodes; strings from players stay text. */
export function fmtValue(ctx: Ctx, value: unknown, mod?: string): Child {
  if (value === null || value === undefined) return term('nobody') ?? '—';
  if (typeof value === 'boolean') return term(value ? 'yes' : 'no') ?? String(value);
  if (typeof value === 'number') return mod === 'signed' && value > 0 ? `+${value}` : String(value);
  if (typeof value === 'string') {
    if (ctx.players.has(value)) return playerNode(ctx, value);
    const text = nameText(ctx, value);
    const other = otherName(ctx.ruleset, value);
    return (
      cardName(ctx.ruleset, value, text, other) ??
      (text !== value || other ? h('span', { class: 'gn', title: other ?? undefined }, text) : value)
    );
  }
  if (Array.isArray(value)) {
    if (mod === 'count') return String(value.length);
    if (value.length === 0) return term('nobody') ?? '—';
    const out: Child[] = [];
    value.forEach((v, i) => {
      if (i > 0) out.push(', ');
      out.push(fmtValue(ctx, v));
    });
    return out;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (mod === 'count') return String(entries.length);
    if (entries.length === 0) return '—';
    // An object inside a list ({player, specialization}): "first (rest)".
    if (mod === 'inline') {
      const [first, ...rest] = entries;
      return [fmtValue(ctx, first![1]), rest.length ? [' (', rest.map(([, v], i) => [i ? ', ' : '', fmtValue(ctx, v)]), ')'] : null];
    }
    const out: Child[] = [];
    entries.forEach(([k, v], i) => {
      if (i > 0) out.push('; ');
      out.push(fmtValue(ctx, k), mod === 'arrow' ? ' → ' : ': ', fmtValue(ctx, v));
    });
    return out;
  }
  return String(value);
}

function fmtList(ctx: Ctx, value: unknown, mod?: string): Child {
  if (Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
    return value.map((v, i) => [i ? ', ' : '', v && typeof v === 'object' ? fmtValue(ctx, v, 'inline') : fmtValue(ctx, v)]);
  }
  return fmtValue(ctx, value, mod);
}

/** Fills a template: `{field}` and `{field|mod}` become formatted values, the rest is plain text. */
export function fillTemplate(ctx: Ctx, template: string, e: Record<string, unknown>): Child[] {
  const out: Child[] = [];
  const re = /\{([\w-]+)(?:\|(\w+))?\}/g;
  let last = 0;
  for (let m = re.exec(template); m; m = re.exec(template)) {
    if (m.index > last) out.push(template.slice(last, m.index));
    out.push(fmtList(ctx, e[m[1]!], m[2]));
    last = m.index + m[0].length;
  }
  if (last < template.length) out.push(template.slice(last));
  return out;
}

const HIDDEN_FIELDS = new Set(['kind', 'to', 'phase']);

/** The generic rendering of an event nobody wrote a template for: its kind and fields, legibly. */
function fallback(ctx: Ctx, e: Record<string, unknown>): Child[] {
  const fields = Object.entries(e).filter(([k]) => !HIDDEN_FIELDS.has(k));
  const out: Child[] = [h('span', { class: 'ev-kind' }, term(`ev-${String(e.kind)}`) ?? humanize(String(e.kind)))];
  if (fields.length) out.push(': ');
  fields.forEach(([k, v], i) => {
    if (i) out.push('; ');
    out.push(h('i', null, humanize(k)), ' ', fmtList(ctx, v));
  });
  return out;
}

/** One event as a line of text in the reader's language. */
export function renderEvent(ctx: Ctx, e: Record<string, unknown>): HTMLElement {
  const kind = String(e.kind ?? '');
  let body: Child[];
  const tpl = eventTemplate(ctx.ruleset, kind);
  try {
    const text = typeof tpl === 'function' ? tpl(e) : tpl;
    body = text ? fillTemplate(ctx, text, e) : fallback(ctx, e);
  } catch {
    body = fallback(ctx, e);
  }
  return h('span', { class: `ev ev-${kind.replace(/[^a-z0-9-]/g, '')}`, 'data-kind': kind }, body);
}

/** "3 h 12 min 05 s". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86400);
  const hh = Math.floor((total % 86400) / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = total % 60;
  const parts: string[] = [];
  if (d) parts.push(`${d} ${t('unit-d')}`);
  if (d || hh) parts.push(`${hh} ${t('unit-h')}`);
  parts.push(`${String(mm).padStart(d || hh ? 2 : 1, '0')} ${t('unit-m')}`);
  if (!d) parts.push(`${String(ss).padStart(2, '0')} ${t('unit-s')}`);
  return parts.join(' ');
}

/** A moment in the reader's own time zone, with the zone's name. */
export function formatTime(ms: number): string {
  try {
    return new Intl.DateTimeFormat(lang(), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(ms));
  } catch {
    return new Date(ms).toLocaleString();
  }
}
