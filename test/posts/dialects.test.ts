// Issue 42: a post pastes unedited into each forum software. Every event kind of every ruleset, in every
// language and every dialect, is rendered and parsed: BBCode with @bbob/parser (only the tags that software
// ships with, balanced, sizes in its own unit), Markdown with markdown-it (no HTML, no link but the match's).
// No id reaches a reader. One reviewed snapshot per dialect (golden/dialects/).
import { createRequire } from 'node:module';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { DIALECTS, isMarkdown, type Dialect } from '../../functions/service/posts/markup.js';
import { LANGS } from '../../functions/service/posts/phrases.js';
import { phasePost, votePost, type PhasePostInput } from '../../functions/service/posts/render.js';
import type { VoteCount } from '../../functions/service/toolkit/votes.js';
import { DICTS } from '../../texts/index.js';

const require = createRequire(import.meta.url);
const { parse: parseBbcode } = require('@bbob/parser') as { parse: (s: string, o: { onlyAllowTags: string[] }) => BbNode[] };
type BbNode = string | { tag: string; attrs: Record<string, string>; content: BbNode[] | null };
const md = new MarkdownIt({ html: true, linkify: true });

/** Each software's stock BBCode (its own help page), and the unit its `[size]` takes. */
const STOCK: Record<Exclude<Dialect, 'discourse' | 'reddit'>, { tags: string[]; size: RegExp }> = {
  phpbb: { tags: ['b', 'i', 'u', 'quote', 'code', 'list', '*', 'url', 'img', 'email', 'size', 'color'], size: /^(?:[1-9]\d?|1\d\d|200)$/ },
  ipb: { tags: ['b', 'i', 'u', 's', 'color', 'size', 'font', 'list', '*', 'url', 'img', 'quote', 'code', 'spoiler'], size: /^[1-7]$/ },
  xenforo: {
    tags: ['b', 'i', 'u', 's', 'color', 'size', 'font', 'list', '*', 'url', 'img', 'quote', 'code', 'spoiler', 'heading'],
    size: /^[1-7]$/,
  },
  vbulletin: { tags: ['b', 'i', 'u', 'color', 'size', 'font', 'list', '*', 'url', 'img', 'quote', 'code', 'highlight'], size: /^[1-7]$/ },
  smf: { tags: ['b', 'i', 'u', 's', 'color', 'size', 'font', 'list', 'li', 'url', 'img', 'quote', 'code'], size: /^\d{1,2}pt$/ },
  forumfree: {
    tags: ['b', 'i', 'u', 's', 'color', 'size', 'font', 'list', '*', 'url', 'img', 'quote', 'code', 'spoiler'],
    size: /^[1-7]$/,
  },
};

const PLAYERS = { p1: 'Вера', p2: 'Алексей', p3: 'xX_Wolf_Xx', p4: 'Анна-Мария', p5: 'Carla', p6: 'Dario' };
const ids = Object.keys(PLAYERS);

/** A value for each hole of a template: players, numbers, the ruleset's own ids for faction-like holes. */
function synthetic(ruleset: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const winner = { lupus: 'pack', mafia: 'bandits', killgame: 'p1' }[ruleset]!;
  for (const [key, tpl] of Object.entries(DICTS.en.events)) {
    const [r, kind] = key.includes(':') ? key.split(':') : [null, key];
    if (r !== null && r !== ruleset) continue;
    const base: Record<string, unknown> = {
      kind,
      to: 'public',
      winner,
      winners: ['p5', 'p6'],
      roles: { p5: 'lupo', p6: 'lupo' },
      tally: {},
      decidedBy: 'none',
      jailed: null,
      monster: 'm1',
      species: 'ratto-gigante',
      zone: 'Z1',
    };
    const raw = typeof tpl === 'function' ? tpl(base) : tpl;
    for (const [, h] of raw.matchAll(/\{([\w-]+)(?:\|\w+)?\}/g))
      if (!(h! in base)) base[h!] = /damage|count|turns|amount|players|bandits|price|tokens|n$/.test(h!) ? 2 : ids[out.length % ids.length];
    out.push(base);
  }
  return out;
}

function input(ruleset: string): PhasePostInput {
  const votes: VoteCount = {
    match: 'm1',
    phase: 'day-2',
    open: false,
    deadline: null,
    unit: 'heads',
    living: 6,
    lines: [{ target: 'p1', name: 'Вера', count: 2, voters: ['p2', 'p3'], outcome: 'stake', certain: false }],
    abstain: ['p4'],
    notVoting: ['p5', 'p6'],
    barred: [],
    forced: [],
    decision: 'stake',
    certain: false,
    names: PLAYERS,
    history: [
      { at: Date.UTC(2026, 0, 2, 9, 0), voter: 'p2', target: 'p1', change: 'vote' },
      { at: Date.UTC(2026, 0, 2, 9, 5), voter: 'p4', target: null, change: 'abstain' },
    ],
  };
  return {
    match: { id: 'm1', name: 'Villaggio [test]', ruleset, timeZone: 'Europe/Rome', url: 'https://dusk.example/#/m/m1' },
    phase: 'day-2',
    events: synthetic(ruleset) as PhasePostInput['events'],
    names: PLAYERS,
    monsters: { m1: 'ratto-gigante' },
    votes,
    next: { phase: 'night-2', deadline: Date.UTC(2026, 0, 2, 19, 0), paused: false },
  };
}

/** Every tag in order; text's own `[` is followed by a zero-width space, so it never matches. */
const TAG = /\[(\/?)([a-z*]+)(?:=("[^"\]]*"|[^\]]*))?\]/gi;
function checkBbcode(post: string, d: Exclude<Dialect, 'discourse' | 'reddit'>): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  for (const [, close, tag, value] of post.matchAll(TAG)) {
    const name = tag!.toLowerCase();
    if (!STOCK[d].tags.includes(name)) problems.push(`unknown [${name}]`);
    if (name === 'size' && !close && !STOCK[d].size.test(value ?? '')) problems.push(`[size=${value}]`);
    if (name === '*') continue;
    if (!close) open.push(name);
    else if (open.pop() !== name) problems.push(`unbalanced [/${name}]`);
  }
  if (open.length) problems.push(`unclosed ${open.join(', ')}`);
  // The board's own parser reads the same tags, and none outside the stock ones.
  const walk = (nodes: BbNode[] | null): void => {
    for (const n of nodes ?? [])
      if (typeof n !== 'string') {
        if (!STOCK[d].tags.includes(n.tag)) problems.push(`parsed [${n.tag}]`);
        walk(n.content);
      }
  };
  walk(parseBbcode(post, { onlyAllowTags: STOCK[d].tags }));
  return problems;
}

function checkMarkdown(post: string, d: 'discourse' | 'reddit'): string[] {
  const problems: string[] = [];
  const walk = (tokens: ReturnType<typeof md.parse>): void => {
    for (const t of tokens) {
      if (t.type.startsWith('html')) problems.push(`html ${t.content}`);
      if (t.type === 'link_open' && t.attrGet('href') !== 'https://dusk.example/#/m/m1') problems.push(`link ${t.attrGet('href')}`);
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(post, {}));
  // Discourse reads `[details]` (its BBCode); Reddit has no such block.
  if (d === 'reddit' && /\[details/.test(post)) problems.push('[details] on Reddit');
  return problems;
}

const posts = (ruleset: string, d: Dialect, lang: (typeof LANGS)[number]) => {
  const i = input(ruleset);
  return [
    phasePost(i, { lang, format: d }),
    votePost(
      { match: i.match, votes: { ...i.votes!, open: true, deadline: Date.UTC(2026, 0, 2, 19, 0) }, since: Date.UTC(2026, 0, 2, 9, 1) },
      { lang, format: d },
    ),
  ];
};

describe('issue 42: every post in each forum software’s own dialect', () => {
  for (const ruleset of ['lupus', 'mafia', 'killgame']) {
    for (const d of DIALECTS) {
      it(`${ruleset}, ${d}: every event kind in it, ru and en parses with only that software's tags, balanced, and names no id`, () => {
        for (const lang of LANGS) {
          for (const post of posts(ruleset, d, lang)) {
            expect(
              isMarkdown(d) ? checkMarkdown(post, d as 'discourse' | 'reddit') : checkBbcode(post, d as keyof typeof STOCK),
              `${lang}`,
            ).toEqual([]);
            // No player id, monster id or faction id reaches the reader.
            const text = post.replace(/https:\/\/dusk\.example\/#\/m\/m1/g, '');
            expect(text.match(/(?<![\p{L}\d_-])(p[1-6])(?![\p{L}\d_-])/u), `${lang}`).toBeNull();
            expect(text).not.toMatch(/Voti: \.|Голоса: \.|Votes: \.|nessuno\)|никем|nobody\)/);
          }
        }
      });
    }
  }

  it('the winners by name, the monster by species (LUP-11.5, KG-1.8)', () => {
    const [lupus] = posts('lupus', 'phpbb', 'it');
    expect(lupus).toContain('Vince il Branco: Carla, Dario.');
    const [kg] = posts('killgame', 'phpbb', 'it');
    expect(kg).toContain('Appare un mostro: Ratto Gigante (m1).');
  });

  for (const d of DIALECTS) {
    it(`${d}: the reviewed snapshot of a Mafia day in Russian`, async () => {
      const i = input('mafia');
      const day: PhasePostInput = {
        ...i,
        events: [
          { kind: 'last-words', to: 'public', player: 'p1', text: 'Я мирная!' },
          { kind: 'vote-result', to: 'public', tally: { p1: 2 }, leaders: ['p1'], jailed: 'p1', decidedBy: 'votes' },
          { kind: 'jailed', to: 'public', player: 'p1', decidedBy: 'votes' },
          { kind: 'item-found', to: 'public', player: 'p4', item: 'invisibility-cloak', rarity: 'rare' },
        ] as PhasePostInput['events'],
      };
      await expect(phasePost(day, { lang: 'ru', format: d })).toMatchFileSnapshot(`golden/dialects/mafia-day.ru.${d}.txt`);
    });
  }
});
