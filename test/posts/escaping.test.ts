// Hostile names and last words: whatever a player types shows literally in the thread and never changes the
// post's markup (no tag closed or opened, no link, no mention, no emphasis, no new line item).
import { createRequire } from 'node:module';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../functions/service/posts/phrases.js';
import { phasePost, votePost, type PhasePostInput } from '../../functions/service/posts/render.js';
import type { VoteCount } from '../../functions/service/toolkit/votes.js';

const require = createRequire(import.meta.url);
const { parse: parseBbcode } = require('@bbob/parser') as { parse: (s: string, o: { onlyAllowTags: string[] }) => BbNode[] };
type BbNode = string | { tag: string; attrs: Record<string, string>; content: BbNode[] | null };

/** The tags a phpBB / ForumFree board knows: anything else in brackets is text to it too. */
const BOARD_TAGS = ['b', 'i', 'u', 's', 'color', 'size', 'list', '*', 'spoiler', 'url', 'img', 'quote', 'code', 'mention'];
/** Discourse's parser is markdown-it, with linkify and HTML on. */
const md = new MarkdownIt({ html: true, linkify: true });

const HOSTILE = [
  '[/b][url=https://evil.example]click[/url]',
  '[/list][spoiler]x[/spoiler][img]https://evil.example/a.png[/img]',
  '**bold** _it_ `code` ~~gone~~ ||hid||',
  '@everyone',
  '<@123456789> <@&42> <#7>',
  '[link](https://evil.example) ![i](https://evil.example/i.png)',
  '<b>html</b> &amp; :smile: https://evil.example',
  'two\nlines [*]fake item',
  '\\*escaped\\* # not a heading',
];
const BENIGN = HOSTILE.map((_, i) => `Player${i}`);

const ids = HOSTILE.map((_, i) => `p${i + 1}`);
const names = (list: string[]) => Object.fromEntries(ids.map((id, i) => [id, list[i]!]));

function input(list: string[]): PhasePostInput {
  const votes: VoteCount = {
    match: 'm1',
    phase: 'day-2',
    open: false,
    deadline: null,
    unit: 'units',
    living: ids.length,
    barred: [],
    forced: [],
    decision: 'jailed',
    certain: false,
    lines: [
      { target: 'p1', name: list[0]!, count: 3, voters: ['p2', 'p3', 'p4'], outcome: 'jailed', certain: false },
      { target: 'p5', name: list[4]!, count: 2, voters: ['p6', 'p7'], outcome: 'safe', certain: false },
    ],
    abstain: ['p8'],
    notVoting: ['p1', 'p5', 'p9'],
    names: names(list),
    history: [
      { at: Date.UTC(2026, 0, 2, 9, 0), voter: 'p2', target: 'p1', change: 'vote' },
      { at: Date.UTC(2026, 0, 2, 9, 5), voter: 'p8', target: null, change: 'abstain' },
    ],
  };
  return {
    match: { id: 'm1', name: list[0]!, ruleset: 'mafia', timeZone: 'Europe/Moscow', url: 'https://dusk.example/#/m/m1' },
    phase: 'day-2',
    events: [
      { to: 'public', kind: 'last-words', player: 'p1', text: list[1]! },
      { to: 'public', kind: 'jailed', player: 'p1', decidedBy: 'votes' },
      { to: 'public', kind: 'message', from: 'p2', text: 'chat is the thread’s own' },
    ],
    names: names(list),
    votes,
    next: { phase: 'night-2', deadline: Date.UTC(2026, 0, 2, 19, 0), paused: false },
  };
}

const posts = (list: string[], format: 'bbcode' | 'markdown', lang: 'it' | 'ru' | 'en') => [
  phasePost(input(list), { lang, format }),
  votePost(
    {
      match: input(list).match,
      votes: { ...input(list).votes!, open: true, deadline: Date.UTC(2026, 0, 2, 19, 0) },
      since: Date.UTC(2026, 0, 2, 9, 1),
    },
    { lang, format },
  ),
];

/** The shape of a BBCode post as a board parses it: its tags, nested, with their attributes. */
function bbShape(nodes: BbNode[] | null): unknown[] {
  return (nodes ?? [])
    .filter((n) => typeof n !== 'string')
    .map((n) => {
      const tag = n as Exclude<BbNode, string>;
      return [tag.tag, Object.keys(tag.attrs).length ? tag.attrs : null, bbShape(tag.content)];
    });
}
function bbText(nodes: BbNode[] | null): string {
  return (nodes ?? []).map((n) => (typeof n === 'string' ? n : bbText(n.content))).join('');
}

/** The shape of a Markdown post as Discourse's parser reads it: every token but the text in it. */
function mdShape(text: string): unknown[] {
  const walk = (tokens: ReturnType<typeof md.parse>): unknown[] =>
    tokens
      .filter((t) => t.type !== 'text' && t.type !== 'softbreak')
      .map((t) => [t.type, t.tag, t.attrs, t.children ? walk(t.children) : null]);
  return walk(md.parse(text, {}));
}
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\u200B/g, '');

describe('escaping (issue 19: names and messages never break out of the markup)', () => {
  for (const lang of LANGS) {
    it(`BBCode, ${lang}: a board parses the same tags as with plain names, and shows every name literally`, () => {
      const [hostile, benign] = [posts(HOSTILE, 'bbcode', lang), posts(BENIGN, 'bbcode', lang)];
      hostile.forEach((post, i) => {
        const tree = parseBbcode(post, { onlyAllowTags: BOARD_TAGS });
        expect(bbShape(tree)).toEqual(bbShape(parseBbcode(benign[i]!, { onlyAllowTags: BOARD_TAGS })));
        // Every character the player typed is there, in order (a zero-width space after `[` and `@` aside).
        const shown = post.replace(/\u200B/g, '');
        for (const name of HOSTILE) expect(shown).toContain(name.replace(/\n/g, ' '));
        expect(bbText(tree)).not.toContain('[url=https://evil');
        // No mention a board's plugin could read.
        expect(post).not.toMatch(/@everyone/);
      });
    });

    it(`Markdown, ${lang}: Discourse's parser reads the same structure as with plain names, no link, mention or HTML from a name`, () => {
      const [hostile, benign] = [posts(HOSTILE, 'markdown', lang), posts(BENIGN, 'markdown', lang)];
      hostile.forEach((post, i) => {
        expect(mdShape(post)).toEqual(mdShape(benign[i]!));
        const html = md.render(post);
        expect(html).not.toMatch(/href="https:\/\/evil|<img|<b>html|<code>|<del>|<em>it/);
        expect(post).not.toMatch(/@everyone|(?<!\\)<@/);
        // Rendered, every name reads exactly as typed (a line break as a space).
        const shown = visible(html);
        for (const name of HOSTILE) expect(shown).toContain(name.replace(/\n/g, ' '));
      });
    });
  }

  it('only the match page is linked, in both markups', () => {
    const [bb] = posts(HOSTILE, 'bbcode', 'en');
    const links = [...bb!.matchAll(/\[url=([^\]]+)\]/g)].map((m) => m[1]);
    expect(links).toEqual(['https://dusk.example/#/m/m1']);
    const [mdPost] = posts(HOSTILE, 'markdown', 'en');
    expect([...md.render(mdPost!).matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['https://dusk.example/#/m/m1']);
  });
});
