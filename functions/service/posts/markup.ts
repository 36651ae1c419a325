// The two markups a forum thread reads: BBCode (phpBB, ForumFree/ForumCommunity) and Markdown (Discourse, Discord).
// Text from players (names, last words) goes through `text`, so it can never open, close or mention anything.

export const FORMATS = ['bbcode', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

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
}

const ZWSP = '\u200B';
/** One line: a player cannot start a new line (a list item, a heading) from inside a name. */
const oneLine = (raw: string) => raw.replace(/[\r\n\u2028\u2029]+/g, ' ');

/**
 * BBCode has no escape character: a zero-width space after every `[` keeps the bracket on screen and stops
 * any parser from reading a tag there. `@` gets one too, so a board's mention plugin sees no name.
 */
const bbText = (raw: string) => oneLine(raw).replace(/\[/g, `[${ZWSP}`).replace(/@/g, `@${ZWSP}`);

const BB_COLORS = { red: '#c0392b', green: '#27ae60', gray: '#7f8c8d' } as const;

export const bbcode: Markup = {
  text: bbText,
  bold: (s) => `[b]${s}[/b]`,
  italic: (s) => `[i]${s}[/i]`,
  gone: (s) => `[color=${BB_COLORS.gray}][i]${s}[/i][/color]`,
  color: (s, c) => `[color=${BB_COLORS[c]}]${s}[/color]`,
  heading: (s) => `[size=150][b]${s}[/b][/size]`,
  list: (items) => (items.length ? `[list]\n${items.map((i) => `[*]${i}`).join('\n')}\n[/list]` : ''),
  spoiler: (title, body) => `[spoiler=${title.replace(/[\]\[]/g, '')}]\n${body}\n[/spoiler]`,
  // The URL is ours (the match page), never a player's: only the label needs escaping.
  link: (url, label) => `[url=${url}]${label}[/url]`,
};

/**
 * CommonMark lets a backslash escape any ASCII punctuation (Discourse and Discord both honour it): every
 * character that opens something inline (emphasis, code, links, HTML, entities, emoji, autolinks) is escaped.
 * Names never start a line, so line-start marks (`-`, `+`, `1.`) need nothing. `@` also gets a zero-width
 * space, since Discourse and Discord read mentions before escapes.
 */
const mdText = (raw: string) =>
  oneLine(raw)
    .replace(/[\\`*_~|<>[\]()#!:&]/g, (c) => `\\${c}`)
    .replace(/@/g, `@${ZWSP}`);

export const markdown: Markup = {
  text: mdText,
  bold: (s) => `**${s}**`,
  italic: (s) => `*${s}*`,
  gone: (s) => `~~${s}~~`,
  // Markdown has no colours: the words carry the meaning, emphasis marks it.
  color: (s) => `*${s}*`,
  heading: (s) => `## ${s}`,
  list: (items) => items.map((i) => `- ${i}`).join('\n'),
  spoiler: (title, body) => `[details="${title.replace(/["\]\[]/g, '')}"]\n${body}\n[/details]`,
  link: (url, label) => `[${label}](<${url}>)`,
};

export const markupOf = (format: Format): Markup => (format === 'bbcode' ? bbcode : markdown);
