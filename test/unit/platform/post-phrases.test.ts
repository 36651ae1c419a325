// The forum post's own words in it, ru, en (texts/<lang>/posts.ts through functions/service/posts/phrases.ts):
// every phrase is there in each language and is that language's own, the plurals follow each language's rules
// (ICU messages, filled by the catalogue's one plural mechanism, texts/message.ts),
// and a deadline reads in the match's time zone. The page's promise holds for posts too: nothing in English
// reaches an Italian or a Russian thread.
import { describe, expect, it } from 'vitest';
import { formatAt, LANGS, PHRASES, type Lang } from '../../../functions/service/posts/phrases.js';
import { fill } from '../../../texts/index.js';

/** Each phrase as a thread would read it (functions called with sample arguments). */
function said(lang: Lang): Record<string, string> {
  const p = PHRASES[lang];
  return Object.fromEntries(
    Object.entries(p).map(([key, value]) => {
      if (typeof value === 'string') return [key, value];
      const text =
        key === 'rule'
          ? p.rule('lupus')
          : key === 'outcome'
            ? p.outcome('stake', 'lupus', true)
            : key === 'nobody'
              ? p.nobody('mafia', false)
              : key === 'next'
                ? p.next('Giorno 2', '21:00')
                : key === 'historyVote'
                  ? p.historyVote('Anna', 'Bruno')
                  : (value as (a: unknown) => string)(key.startsWith('history') ? 'Anna' : key === 'deadline' ? '21:00' : 3);
      return [key, text];
    }),
  );
}

describe('the post phrases', () => {
  it("every phrase is said in every language, none empty, and no language borrows another one's words", () => {
    const keys = Object.keys(PHRASES.en).sort();
    expect(keys.length).toBe(21);
    for (const lang of LANGS) {
      expect(Object.keys(PHRASES[lang]).sort(), lang).toEqual(keys);
      for (const [key, text] of Object.entries(said(lang))) expect(text.trim().length, `${lang} ${key}`).toBeGreaterThan(3);
    }
    for (const key of keys) {
      const [it, ru, en] = (['it', 'ru', 'en'] as const).map((l) => said(l)[key]);
      expect(new Set([it, ru, en]).size, key).toBe(3);
    }
  });

  it('the arguments land in the phrase: counts, names, phase and deadline', () => {
    for (const lang of LANGS) {
      const p = PHRASES[lang];
      expect(p.notVoting(6)).toContain('(6)');
      expect(p.abstaining(2)).toContain('(2)');
      expect(p.deadline('Tue 21:00')).toContain('Tue 21:00');
      expect(p.next('Night 2', 'Tue 21:00')).toContain('Night 2');
      expect(p.next('Night 2', 'Tue 21:00')).toContain('Tue 21:00');
      expect(p.next('Night 2', null)).toContain('Night 2');
      expect(p.next('Night 2', null)).not.toBe(p.next('Night 2', 'Tue 21:00'));
      expect(p.historyVote('Anna', 'Bruno')).toMatch(/Anna.*Bruno/);
      expect(p.historyAbstain('Anna')).toContain('Anna');
      expect(p.historyWithdraw('Anna')).toContain('Anna');
    }
    expect(PHRASES.en.next('Night 2', 'Tue 21:00')).toBe('Next phase: Night 2, deadline Tue 21:00.');
    expect(PHRASES.en.next('Night 2', null)).toBe('Next phase: Night 2.');
  });

  it("LUP-8.5 MAF-3.5 the rule and what the close would do, in each ruleset's words; a line merely safe says nothing, a certain one says so", () => {
    for (const lang of LANGS) {
      const p = PHRASES[lang];
      expect(p.rule('lupus'), lang).not.toBe(p.rule('mafia'));
      expect(p.outcome('stake', 'lupus', false), lang).not.toBe(p.outcome('jailed', 'mafia', false));
      expect(p.outcome('safe', 'lupus', false), lang).toBe('');
      expect(p.outcome('jailed', 'mafia', true).startsWith(p.outcome('jailed', 'mafia', false)), lang).toBe(true);
      expect(p.outcome('jailed', 'mafia', true), lang).not.toBe(p.outcome('jailed', 'mafia', false));
      for (const [outcome, ruleset] of [
        ['stake', 'lupus'],
        ['runoff', 'lupus'],
        ['lot', 'lupus'],
        ['spared', 'lupus'],
        ['jailed', 'mafia'],
        ['tie-break', 'mafia'],
        ['spared', 'mafia'],
        ['safe', 'mafia'],
      ] as const) {
        expect(p.outcome(outcome, ruleset, true), `${lang} ${outcome}`).not.toMatch(/tally-|undefined/);
      }
      expect(p.nobody('lupus', false), lang).not.toMatch(/tally-/);
    }
    expect(PHRASES.en.outcome('stake', 'lupus', true)).toBe('to the stake on these votes (certain)');
    expect(PHRASES.it.outcome('jailed', 'mafia', false)).toBe('in prigione con questi voti');
    expect(PHRASES.ru.outcome('runoff', 'lupus', true)).toBe('равенство: перебаллотировка (наверняка)');
    expect(PHRASES.ru.nobody('mafia', true)).toBe('При этих голосах в тюрьму никто не идёт. (наверняка)');
  });

  it("a plural falls back to the `other` form a message has no own form for (the page's mechanism, the posts' too)", () => {
    expect(fill('ru', '{n, plural, other {голоса}}', { n: 3 })).toBe('голоса');
    expect(fill('ru', '{n, plural, one {голос} few {голоса} other {x}}', { n: 3 })).toBe('голоса');
    expect(fill('en', '{n, plural, one {vote} other {votes}}', { n: 1 })).toBe('vote');
    expect(fill('en', '{n, plural, one {vote} other {votes}}', { n: 0 })).toBe('votes');
    expect(fill('it', '{n, plural, one {voto} other {voti}}', { n: 1.5 })).toBe('voti');
  });

  it("a deadline reads with weekday, date, time and zone, in the match's time zone and the reader's language", () => {
    const at = Date.UTC(2026, 11, 3, 21, 0);
    expect(formatAt('en', at, 'UTC')).toBe('Thursday, December 3 at 09:00 PM UTC');
    expect(formatAt('it', at, 'Europe/Rome')).toBe('giovedì 3 dicembre alle ore 22:00 CET (Europe/Rome)');
    expect(formatAt('ru', at, 'Europe/Moscow')).toMatch(/пятница, 4 декабря.*00:00/);
  });
});
