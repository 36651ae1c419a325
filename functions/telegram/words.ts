// What the bot says in private, in Telegram's HTML: a seat's card from his own view, his events as lines.
import type { GameEvent } from '../../engine/core/types.js';
import { CARDS } from '../../texts/dicts.js';
import type { Refusal } from '../../engine/core/types.js';
import { errorText, eventText, format, humanize, isLang, termText, type Lang } from '../../texts/index.js';
import { escapeHtml } from './html.js';

const CARD_KEYS = ['role', 'specialty'] as const;

/** The seat's card: role (or specialty) with what it does, faction, where he stands, whom he knows. */
export function cardText(lang: Lang, ruleset: string, view: unknown, names: Record<string, string>): string {
  const me = (view as { me?: Record<string, unknown> } | null)?.me;
  const lines = [`<b>${escapeHtml(format(lang, 'tg-card'))}</b>`];
  if (!me) return lines.join('\n');
  const book = (CARDS[lang] as unknown as Record<string, { cards: Record<string, { does: string }> } | undefined>)[ruleset];
  for (const key of CARD_KEYS) {
    const id = me[key];
    if (typeof id !== 'string') continue;
    const does = book?.cards[id]?.does;
    lines.push(`<b>${escapeHtml(termText(lang, id) ?? humanize(id))}</b>${does ? ` — ${escapeHtml(does)}` : ''}`);
  }
  const faction = me.faction ?? me.team;
  if (typeof faction === 'string')
    lines.push(`${escapeHtml(termText(lang, 'faction') ?? 'Faction')}: ${escapeHtml(termText(lang, faction) ?? humanize(faction))}`);
  if (typeof me.zone === 'string') lines.push(`${escapeHtml(termText(lang, 'zone') ?? 'Zone')}: ${escapeHtml(me.zone)}`);
  const known = (view as { known?: Record<string, { role?: string }> }).known;
  if (known && Object.keys(known).length > 0) {
    lines.push(
      Object.entries(known)
        .map(([id, k]) => `• ${escapeHtml(names[id] ?? id)}${k.role ? ` (${escapeHtml(termText(lang, k.role) ?? humanize(k.role))})` : ''}`)
        .join('\n'),
    );
  }
  return lines.join('\n');
}

/** One event the seat may read, as a line: a channel message with its author, any other event in words. */
export function eventLine(lang: Lang, ruleset: string, event: GameEvent, names: Record<string, string>): string {
  if (event.kind === 'message') {
    const from = typeof event.from === 'string' ? (names[event.from] ?? event.from) : '';
    const channel = typeof event.to === 'string' ? event.to : '';
    return `<b>[${escapeHtml(termText(lang, channel) ?? channel)}] ${escapeHtml(from)}</b>: ${escapeHtml(String(event.text ?? ''))}`;
  }
  return escapeHtml(eventText(lang, ruleset, event as unknown as Record<string, unknown>, (id) => names[id]));
}

/** The language a Telegram user speaks, when dusk speaks it. */
export const langOfUser = (code: string | undefined, fallback: Lang): Lang => {
  const short = code?.slice(0, 2).toLowerCase();
  return isLang(short) ? short : fallback;
};

/** A refusal's reason in the seat's language (its message when the catalogue has no text). */
export const refusalText = (lang: Lang, error: Refusal): string => errorText(lang, error.reason, error.params) ?? error.message;
