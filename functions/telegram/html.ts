// Telegram's HTML subset (parse_mode HTML): only <b>, <i>, <u>, <s>, <a href>, <code>, <pre>,
// <blockquote> and <tg-spoiler>; every other character that HTML reads is escaped.

/** A text put into a message as it is: `<`, `>` and `&` escaped, as the Bot API requires. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** An attribute value (a link): quotes escaped too. */
export function escapeAttribute(text: string): string {
  return escapeHtml(text).replaceAll('"', '&quot;');
}

export const TELEGRAM_TAGS = ['b', 'i', 'u', 's', 'a', 'code', 'pre', 'blockquote', 'tg-spoiler'] as const;
