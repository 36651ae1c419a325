// Webhook bodies: Discord- and Telegram-compatible JSON, and a plain JSON body, from public data only.
import type { GameEvent } from '../../../engine/core/types.js';
import type { WebhookTarget } from '../../records.js';

/** What a webhook may say: only public facts (public events, names, the deadline). */
export interface Announcement {
  kind: 'results' | 'reminder';
  match: { id: string; name: string; ruleset: string };
  phase: string;
  names: Record<string, string>;
  /** results: the closed phase's public events and what follows. */
  events?: GameEvent[];
  next?: { phase: string | null; deadline: number | null; winner: string | null };
  /** reminder: the deadline it announces. */
  deadline?: number;
}

const DISCORD_MAX = 2000;
const TELEGRAM_MAX = 4096;

const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');

function value(v: unknown, names: Record<string, string>): string {
  if (typeof v === 'string') return names[v] ?? v;
  if (Array.isArray(v)) return v.map((x) => value(x, names)).join(', ');
  if (v !== null && typeof v === 'object') {
    return Object.entries(v)
      .map(([k, x]) => `${names[k] ?? k}→${value(x, names)}`)
      .join(', ');
  }
  return String(v);
}

/** One short line per event: its kind and its fields, player ids shown by name. Plain English, no markup. */
export function eventLine(event: GameEvent, names: Record<string, string>): string {
  const { kind, to: _to, ...fields } = event;
  const parts = Object.entries(fields).map(([k, v]) => `${k}: ${value(v, names)}`);
  const line = parts.length ? `${kind} (${parts.join('; ')})` : kind;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function lines(a: Announcement, time: (t: number) => string): string[] {
  if (a.kind === 'reminder') return [`${a.match.name}: ${a.phase} closes ${time(a.deadline!)}.`];
  const out = [`${a.match.name}: ${a.phase} is over.`];
  for (const e of a.events ?? []) out.push(`• ${eventLine(e, a.names)}`);
  const next = a.next;
  if (next?.phase) out.push(`Now ${next.phase}${next.deadline ? `, until ${time(next.deadline)}` : ''}.`);
  else if (next) out.push(`The match has ended${next.winner ? `: ${a.names[next.winner] ?? next.winner} won` : ''}.`);
  return out;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Discord reads Markdown: names and fields are escaped so nobody can format (or mention) through them. */
const discordEscape = (text: string) => text.replace(/([\\*_~`|>#[\]()@:-])/g, '\\$1');

export function webhookBody(target: WebhookTarget, a: Announcement): string {
  if (target.format === 'discord') {
    const time = (t: number) => `<t:${Math.floor(t / 1000)}:R> (<t:${Math.floor(t / 1000)}:f>)`;
    const escaped: Announcement = {
      ...a,
      match: { ...a.match, name: discordEscape(a.match.name) },
      names: Object.fromEntries(Object.entries(a.names).map(([k, v]) => [k, discordEscape(v)])),
    };
    const content = lines(escaped, time)
      .map((l, i) => (i === 0 ? `**${l}**` : l))
      .join('\n');
    return JSON.stringify({ content: clip(content, DISCORD_MAX), allowed_mentions: { parse: [] } });
  }
  if (target.format === 'telegram') {
    const time = (t: number) => `at ${iso(t)}`;
    return JSON.stringify({
      ...(target.chatId !== undefined ? { chat_id: target.chatId } : {}),
      text: clip(lines(a, time).join('\n'), TELEGRAM_MAX),
      disable_web_page_preview: true,
    });
  }
  const { names, ...rest } = a;
  return JSON.stringify({ type: a.kind, ...rest, names });
}
