// The markups a forum thread reads, one per forum software (a match's `forum` setting): each writes only the
// tags its software ships with, and the fallback its users know where a tag is missing (a bold line for a
// size, a plain bold title above the text for a spoiler). Text from players (names, last words) goes through
// `text`, so it can never open, close or mention anything.
import { FORUM_IDS, type Forum } from '../../../texts/forums.js';
import { escapeAttribute, escapeHtml } from '../../telegram/html.js';

/**
 * The forum software a post is written for. BBCode: phpBB 3.3, Invision Community, XenForo 2, vBulletin 5,
 * SMF 2.1, ForumFree/ForumCommunity. Markdown: Discourse, Reddit.
 */
export const DIALECTS = FORUM_IDS as [Forum, ...Forum[]];
export type Dialect = Forum;

/** What `?format=` takes: a dialect, or the two older names (`bbcode` = phpBB, `markdown`/`md` = Discourse). */
export const FORMATS = [...DIALECTS, 'bbcode', 'markdown', 'md'] as [
  Forum | 'bbcode' | 'markdown' | 'md',
  ...Array<Forum | 'bbcode' | 'markdown' | 'md'>,
];
export type Format = (typeof FORMATS)[number];

const ALIASES: Record<string, Dialect> = { bbcode: 'phpbb', markdown: 'discourse', md: 'discourse' };
export const dialectOf = (format: Format): Dialect => ALIASES[format] ?? (format as Dialect);
export const isMarkdown = (d: Dialect): boolean => d === 'discourse' || d === 'reddit';

/** The match's forum (its `forum` setting), phpBB when none was chosen. */
export const matchDialect = (settings: Record<string, unknown>): Dialect =>
  typeof settings.forum === 'string' && (DIALECTS as readonly string[]).includes(settings.forum) ? (settings.forum as Dialect) : 'phpbb';

export interface Markup {
  /** Plain text shown literally: markup, mentions and line breaks in it do nothing. */
  text(raw: string): string;
  bold(inner: string): string;
  italic(inner: string): string;
  /** Struck or greyed: a vote that is no longer there. */
  gone(inner: string): string;
  color(inner: string, color: 'red' | 'green' | 'gray'): string;
  heading(inner: string): string;
  list(items: string[]): string;
  spoiler(title: string, body: string): string;
  link(url: string, label: string): string;
  /** A line break inside a block (Reddit joins single newlines into one paragraph: it needs two trailing spaces). */
  br: string;
}

const ZWSP = '\u200B';
/** One line: a player cannot start a new line (a list item, a heading) from inside a name. */
const oneLine = (raw: string) => raw.replace(/[\r\n\u2028\u2029]+/g, ' ');

/**
 * BBCode has no escape character: a zero-width space after every `[` keeps the bracket on screen and stops
 * any parser from reading a tag there. `@` gets one too, so a board's mention plugin sees no name.
 */
const bbText = (raw: string) => oneLine(raw).replace(/\[/g, `[${ZWSP}`).replace(/@/g, `@${ZWSP}`);
/** A spoiler's title sits inside a tag's option: no brackets, no quotes. */
const bbOption = (raw: string) => raw.replace(/["\][]/g, '');

const BB_COLORS = { red: '#c0392b', green: '#27ae60', gray: '#7f8c8d' } as const;

/** What every BBCode board here ships with: bold, italic, colour, `[list]`/`[*]`, `[url=]`. */
function bbcodeOf(d: {
  /** The heading's size tag, or null where a bold line is the fallback. */
  size: string | null;
  /** Whether `[s]` exists (struck votes); else greyed italics. */
  strike: boolean;
  spoiler: (title: string, body: string) => string;
  item?: (s: string) => string;
}): Markup {
  const item = d.item ?? ((s: string) => `[*]${s}`);
  return {
    text: bbText,
    bold: (s) => `[b]${s}[/b]`,
    italic: (s) => `[i]${s}[/i]`,
    gone: (s) => (d.strike ? `[color=${BB_COLORS.gray}][s]${s}[/s][/color]` : `[color=${BB_COLORS.gray}][i]${s}[/i][/color]`),
    color: (s, c) => `[color=${BB_COLORS[c]}]${s}[/color]`,
    heading: (s) => (d.size === null ? `[b]${s}[/b]` : `[size=${d.size}][b]${s}[/b][/size]`),
    list: (items) => (items.length ? `[list]\n${items.map(item).join('\n')}\n[/list]` : ''),
    spoiler: d.spoiler,
    // The URL is ours (the match page), never a player's: only the label needs escaping.
    link: (url, label) => `[url=${url}]${label}[/url]`,
    br: '\n',
  };
}

/** No spoiler tag in the stock software: the title as a bold line, the text under it. */
const titled = (title: string, body: string) => `[b]${bbOption(title)}[/b]\n${body}`;

/** BBCode per forum software (their stock tag lists; see docs/posts.md for the table). */
export const BBCODE: Record<Exclude<Dialect, 'discourse' | 'reddit'>, Markup> = {
  // phpBB 3.3: `[size]` is a percentage (max 200); no `[s]`, no `[spoiler]` without an extension.
  phpbb: bbcodeOf({ size: '150', strike: false, spoiler: titled }),
  // Invision Community: `[size]` 1–7, `[s]`, `[spoiler]` without a title.
  ipb: bbcodeOf({ size: '5', strike: true, spoiler: (title, body) => `[b]${bbOption(title)}[/b]\n[spoiler]\n${body}\n[/spoiler]` }),
  // XenForo 2: `[size]` 1–7, `[s]`, `[spoiler="title"]`.
  xenforo: bbcodeOf({ size: '5', strike: true, spoiler: (title, body) => `[spoiler="${bbOption(title)}"]\n${body}\n[/spoiler]` }),
  // vBulletin 5: `[size]` 1–7; no stock `[s]` or `[spoiler]`.
  vbulletin: bbcodeOf({ size: '5', strike: false, spoiler: titled }),
  // SMF 2.1: `[size]` in points, `[s]`, list items as `[li]…[/li]`; no stock `[spoiler]`.
  smf: bbcodeOf({ size: '14pt', strike: true, spoiler: titled, item: (s) => `[li]${s}[/li]` }),
  // ForumFree/ForumCommunity: `[size]` 1–7, `[s]`, `[spoiler]` without a title.
  forumfree: bbcodeOf({ size: '4', strike: true, spoiler: (title, body) => `[b]${bbOption(title)}[/b]\n[spoiler]\n${body}\n[/spoiler]` }),
};

/**
 * CommonMark lets a backslash escape any ASCII punctuation (Discourse and Reddit both honour it): every
 * character that opens something inline (emphasis, code, links, HTML, entities, emoji, autolinks) is escaped.
 * Names never start a line, so line-start marks (`-`, `+`, `1.`) need nothing. `@` also gets a zero-width
 * space, since Discourse and Reddit read mentions (`u/`, `@`) before escapes; `/` too, for Reddit's `u/name`.
 */
const mdText = (raw: string) =>
  oneLine(raw)
    .replace(/[\\`*_~|<>[\]()#!:&^]/g, (c) => `\\${c}`)
    .replace(/@/g, `@${ZWSP}`)
    .replace(/\b([ur])\//g, `$1${ZWSP}/`);

const mdBase = {
  text: mdText,
  bold: (s: string) => `**${s}**`,
  italic: (s: string) => `*${s}*`,
  gone: (s: string) => `~~${s}~~`,
  // Markdown has no colours: the words carry the meaning, emphasis marks it.
  color: (s: string) => `*${s}*`,
  heading: (s: string) => `## ${s}`,
  list: (items: string[]) => items.map((i) => `- ${i}`).join('\n'),
  br: '\n',
};

export const MARKDOWN: Record<'discourse' | 'reddit', Markup> = {
  discourse: {
    ...mdBase,
    spoiler: (title, body) => `[details="${title.replace(/["\]\[]/g, '')}"]\n${body}\n[/details]`,
    link: (url, label) => `[${label}](<${url}>)`,
  },
  // Reddit has no collapsible block (its `>!…!<` spoiler is one paragraph): a plain heading, then the list.
  reddit: {
    ...mdBase,
    spoiler: (title, body) => `**${mdText(title)}**\n\n${body}`,
    link: (url, label) => `[${label}](${url})`,
    br: '  \n',
  },
};

/** Kept under their older names: phpBB's BBCode and Discourse's Markdown. */
export const bbcode = BBCODE.phpbb;
export const markdown = MARKDOWN.discourse;

/**
 * Telegram's HTML subset (parse_mode HTML, the bot's group posts): bold, italic, strike, links and an
 * expandable quote; no sizes, colours or lists, so a heading is a bold line and a list is bulleted lines.
 */
export const TELEGRAM: Markup = {
  text: (raw) => escapeHtml(oneLine(raw)),
  bold: (s) => `<b>${s}</b>`,
  italic: (s) => `<i>${s}</i>`,
  gone: (s) => `<s>${s}</s>`,
  color: (s) => s,
  heading: (s) => `<b>${s}</b>`,
  list: (items) => items.map((i) => `• ${i}`).join('\n'),
  spoiler: (title, body) => `<b>${escapeHtml(oneLine(title))}</b>\n<blockquote expandable>${body}</blockquote>`,
  link: (url, label) => `<a href="${escapeAttribute(url)}">${label}</a>`,
  br: '\n',
};

/** Where a post goes: a forum's dialect, or a Telegram chat. */
export type Target = Format | 'telegram';

export const markupOf = (format: Target): Markup => {
  if (format === 'telegram') return TELEGRAM;
  const d = dialectOf(format);
  return d === 'discourse' || d === 'reddit' ? MARKDOWN[d] : BBCODE[d];
};
