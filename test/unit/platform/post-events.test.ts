// A phase post's event lines and markup (functions/service/posts/render.ts, words.ts, markup.ts): deaths
// stand out, returns are marked, the end is bold, ballots and chat are left to the count and the thread;
// ids read as names (players, Kill Game zones, Mafia items in the game's own language, teams); each
// markup builds its blocks as the forum software reads them.
import { describe, expect, it } from 'vitest';
import { bbcode, FORMATS, markdown, markupOf } from '../../../functions/service/posts/markup.js';
import { phasePost, type PhasePostInput } from '../../../functions/service/posts/render.js';
import { nameOf, type Fill } from '../../../functions/service/posts/words.js';

const names = { p1: 'Anna', p2: 'Bruno' };
const input = (events: PhasePostInput['events'], ruleset = 'lupus'): PhasePostInput => ({
  match: { id: 'm1', name: 'Village [one]', ruleset, timeZone: 'UTC', url: 'https://dusk.example/m/m1' },
  phase: 'night-1',
  events,
  names,
  votes: null,
  next: { phase: 'day-1', deadline: null, paused: false },
});
const results = (post: string) => post.split('\n\n')[1]!;

describe('event lines', () => {
  const events = [
    { kind: 'death', to: 'public', player: 'p1' },
    { kind: 'resurrected', to: 'public', player: 'p2' },
    { kind: 'vote-cast', to: 'public', voter: 'p1', target: 'p2' },
    { kind: 'vote-withdrawn', to: 'public', voter: 'p1' },
    { kind: 'message', to: 'public', from: 'p2', text: 'hello' },
    { kind: 'match-ended', to: 'public', winner: 'village' },
  ];

  it('LUP-10.2 a death in bold red, a return in green, the end in bold; ballots and chat are not repeated (BBCode)', () => {
    expect(results(phasePost(input(events), { lang: 'en', format: 'bbcode' }))).toBe(
      [
        '[b]Results[/b]',
        '[list]',
        '[*][b][color=#c0392b]Anna died: nobody.[/color][/b]',
        '[*][color=#27ae60]Bruno is alive again.[/color]',
        '[*][b]The match is over. Villaggio wins: nobody. Roles: nobody.[/b]',
        '[/list]',
      ].join('\n'),
    );
  });

  it('LUP-10.2 the same in Markdown, where emphasis stands for colour', () => {
    expect(results(phasePost(input(events), { lang: 'en', format: 'markdown' }))).toBe(
      [
        '**Results**',
        '- ***Anna died\\: nobody.***',
        '- *Bruno is alive again.*',
        '- **The match is over. Villaggio wins\\: nobody. Roles\\: nobody.**',
      ].join('\n'),
    );
  });

  it('every kind of death and of return is marked, and nothing else', () => {
    const line = (kind: string) =>
      results(phasePost(input([{ kind, to: 'public', player: 'p1' }]), { lang: 'en', format: 'bbcode' })).split('\n')[2]!;
    for (const kind of ['death', 'died', 'player-died', 'jailed', 'left-town'])
      expect(line(kind), kind).toMatch(/^\[\*\]\[b\]\[color=#c0392b\].*\[\/color\]\[\/b\]$/);
    for (const kind of ['resurrected', 'released']) expect(line(kind), kind).toMatch(/^\[\*\]\[color=#27ae60\].*\[\/color\]$/);
    for (const kind of ['shot', 'protected']) expect(line(kind), kind).not.toMatch(/color|\[b\]/);
  });

  it('a phase with nothing public says so; the blocks are apart by one blank line, the post ends with one newline', () => {
    const post = phasePost(input([{ kind: 'vote-cast', to: 'public', voter: 'p1', target: 'p2' }]), { lang: 'en', format: 'markdown' });
    expect(results(post)).toBe('**Results**\n*No public events.*');
    expect(post.split('\n\n')).toHaveLength(4);
    expect(post.endsWith('never sleeps.*\n')).toBe(true);
    expect(post).not.toMatch(/\n\n\n/);
    expect(post.startsWith('## Village \\[one\\] — Night 1\n\n')).toBe(true);
  });
});

describe('names in a post', () => {
  const fill = (ruleset: string, lang: 'it' | 'ru' | 'en'): Fill => ({
    lang,
    ruleset,
    names: { p1: 'Anna', revolver: 'Rev the player' },
    esc: (s) => s,
  });

  it('a player is his name, even where a game thing has the same id', () => {
    expect(nameOf(fill('mafia', 'en'), 'p1')).toBe('Anna');
    expect(nameOf(fill('mafia', 'en'), 'revolver')).toBe('Rev the player');
  });

  it('KG-1.8 a Kill Game zone reads as the map names it, in every language; not in another ruleset', () => {
    for (const lang of ['it', 'ru', 'en'] as const) expect(nameOf(fill('killgame', lang), 'landa-del-sud')).toBe('Landa del Sud');
    expect(nameOf(fill('lupus', 'en'), 'landa-del-sud')).toBe('Landa del sud');
  });

  it("MAF-2.1, issue 42: a Mafia item, rarity or set reads as the page shows it by default, in the game's own Russian; a stat label in the reader's language", () => {
    const f = (lang: 'it' | 'ru' | 'en', id: string) => nameOf({ ...fill('mafia', lang), names: {} }, id);
    expect([f('ru', 'revolver'), f('it', 'revolver'), f('en', 'revolver')]).toEqual(['Револьвер', 'Револьвер', 'Револьвер']);
    expect([f('ru', 'thing'), f('en', 'thing')]).toEqual(['Вещь', 'Вещь']);
    expect([f('ru', 'tracker-gear'), f('en', 'tracker-gear')]).toEqual(['Снаряжение следопыта', 'Снаряжение следопыта']);
    expect([f('ru', 'luck'), f('en', 'luck')]).toEqual(['Удача', 'Luck']);
  });

  it("a team or district by its number, in the reader's language; an id with no term reads as words", () => {
    expect(nameOf(fill('killgame', 'it'), 'team-3')).toBe('Squadra 3');
    expect(nameOf(fill('killgame', 'ru'), 'district-12')).toBe('Округ 12');
    expect(nameOf(fill('killgame', 'en'), 'team-x')).toBe('Team x');
    expect(nameOf(fill('killgame', 'en'), 'xteam-3')).toBe('xteam-3');
    expect(nameOf(fill('killgame', 'en'), 'team-3b')).toBe('team-3b');
    expect(nameOf(fill('lupus', 'en'), 'village-idiot')).toBe('Village idiot');
    expect(nameOf(fill('lupus', 'en'), 'seer')).not.toBe('');
    expect(nameOf(fill('lupus', 'en'), 'zed')).toBe('zed');
    expect(nameOf(fill('lupus', 'en'), 'Odd-Id')).toBe('Odd-Id');
    expect(nameOf(fill('lupus', 'en'), 'night-2x')).toBe('night-2x');
    expect(nameOf(fill('lupus', 'en'), '1a-b')).toBe('1a-b');
    expect(nameOf(fill('lupus', 'en'), 'a-b1')).toBe('a-b1');
    // A kebab id the catalog has a term for reads as that term, not as the id's words.
    expect(nameOf(fill('lupus', 'en'), 'no-lynch')).not.toBe('No lynch');
    expect(nameOf(fill('lupus', 'en'), 'no-lynch')).toBe(nameOf(fill('mafia', 'en'), 'no-lynch'));
  });
});

describe('the markups', () => {
  it('name every forum software, the older names as aliases (bbcode = phpBB, markdown/md = Discourse)', () => {
    expect(FORMATS).toEqual([
      'phpbb',
      'ipb',
      'xenforo',
      'vbulletin',
      'smf',
      'forumfree',
      'discourse',
      'reddit',
      'bbcode',
      'markdown',
      'md',
    ]);
    expect(markupOf('bbcode')).toBe(bbcode);
    expect(markupOf('phpbb')).toBe(bbcode);
    expect(markupOf('markdown')).toBe(markdown);
    expect(markupOf('md')).toBe(markdown);
    expect(markupOf('discourse')).toBe(markdown);
  });

  it('BBCode: every block as stock phpBB 3.3 reads it (no [s], no [spoiler]: a bold title instead)', () => {
    expect(bbcode.italic('x')).toBe('[i]x[/i]');
    expect(bbcode.gone('x')).toBe('[color=#7f8c8d][i]x[/i][/color]');
    expect(bbcode.color('x', 'green')).toBe('[color=#27ae60]x[/color]');
    expect(bbcode.heading('x')).toBe('[size=150][b]x[/b][/size]');
    expect(bbcode.list(['a', 'b'])).toBe('[list]\n[*]a\n[*]b\n[/list]');
    expect(bbcode.list([])).toBe('');
    expect(bbcode.spoiler('Vote [history]', 'body')).toBe('[b]Vote history[/b]\nbody');
    expect(bbcode.link('https://x.example/m', 'Match')).toBe('[url=https://x.example/m]Match[/url]');
  });

  it('Markdown: every block as Discourse reads it', () => {
    expect(markdown.italic('x')).toBe('*x*');
    expect(markdown.gone('x')).toBe('~~x~~');
    expect(markdown.color('x', 'red')).toBe('*x*');
    expect(markdown.heading('x')).toBe('## x');
    expect(markdown.list(['a', 'b'])).toBe('- a\n- b');
    expect(markdown.spoiler('Vote "history" [1]', 'body')).toBe('[details="Vote history 1"]\nbody\n[/details]');
    expect(markdown.link('https://x.example/m', 'Match')).toBe('[Match](<https://x.example/m>)');
  });

  it('a name cannot break a line: a run of line breaks of any kind is one space', () => {
    expect(bbcode.text('a\r\n\n\u2028b')).toBe('a b');
    expect(markdown.text('a\n\nb\u2029c')).toBe('a b c');
  });
});
