// Issue 18: plurals by FormatJS's intl-messageformat read as the hand parser they replace did: each
// language's plural rules, `=n` before them, `#` as the plain number, holes inside the branches,
// and a text whose count is missing left as it is (a hole without its param stays visible).
import { describe, expect, it } from 'vitest';
import { fill, format } from '../../../texts/index.js';

const POINTS = '{n, plural, =0 {no points} one {# point for {name}} few {# очка} many {# очков} other {# points}}';

describe('issue 18: ICU plurals through intl-messageformat', () => {
  it('chooses the branch by the language (ru: one, few, many) and an exact =0 first', () => {
    expect([1, 2, 5, 21, 22, 25].map((n) => fill('ru', POINTS, { n, name: 'Юлия' }))).toEqual([
      '1 point for Юлия',
      '2 очка',
      '5 очков',
      '21 point for Юлия',
      '22 очка',
      '25 очков',
    ]);
    expect([0, 1, 2].map((n) => fill('en', POINTS, { n, name: 'Ann' }))).toEqual(['no points', '1 point for Ann', '2 points']);
    expect(format('ru', 'vote-not-voted', { n: 0 })).toBe(format('ru', 'vote-not-voted', { n: '0' }));
  });

  it('writes # as the plain number, without a locale grouping', () => {
    expect(fill('en', POINTS, { n: 12345 })).toBe('12345 points');
    expect(fill('it', POINTS, { n: 1.5 })).toBe('1.5 points');
  });

  it('leaves a text whose count is missing as written, and keeps a hole without its param', () => {
    expect(fill('en', POINTS, {})).toBe(POINTS);
    expect(fill('en', POINTS, { n: 'many' })).toBe(POINTS);
    expect(fill('en', POINTS, { n: 1 })).toBe('1 point for {name}');
    expect(fill('en', 'Hi {name}, {n, plural, one {# vote} other {# votes}}', { n: 2 })).toBe('Hi {name}, 2 votes');
  });
});
