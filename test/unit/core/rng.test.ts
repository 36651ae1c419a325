// The seeded generator and the dice modes of scenarios/FORMAT.md.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';

describe('createRng', () => {
  it('gives the same sequence for the same seed and stream, another for another stream', () => {
    const a = createRng('seed', 'natural', 'night-1');
    const b = createRng('seed', 'natural', 'night-1');
    const c = createRng('seed', 'natural', 'night-2');
    const draw = (r: typeof a) => Array.from({ length: 20 }, () => r.int(1, 1000));
    const first = draw(a);
    expect(draw(b)).toEqual(first);
    expect(draw(c)).not.toEqual(first);
  });

  it('natural percentage checks follow their odds', () => {
    const r = createRng('odds', 'natural', 's');
    let hits = 0;
    for (let i = 0; i < 20_000; i++) if (r.chance(30)) hits++;
    expect(hits / 20_000).toBeGreaterThan(0.28);
    expect(hits / 20_000).toBeLessThan(0.32);
  });

  it('picks, rolls and shuffles are uniform under natural dice', () => {
    const r = createRng('uniform', 'natural', 's');
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 20_000; i++) counts[r.pick([0, 1, 2, 3])]!++;
    for (const n of counts) expect(Math.abs(n / 20_000 - 0.25)).toBeLessThan(0.02);
    const weights = { a: 0, b: 0 };
    for (let i = 0; i < 20_000; i++)
      weights[
        r.weighted([
          ['a', 1],
          ['b', 3],
        ] as const)
      ]++;
    expect(weights.b / 20_000).toBeGreaterThan(0.72);
    expect(weights.b / 20_000).toBeLessThan(0.78);
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('a natural percentage check succeeds only strictly below its odds: a draw of exactly the odds fails', () => {
    // Fractional odds are odds too; 25 % is exactly the draws below 0.25, not one more.
    const draws = createRng('edge', 'natural', 's');
    const exact = createRng('edge', 'natural', 's');
    const above = createRng('edge', 'natural', 's');
    for (let i = 0; i < 50; i++) {
      const odds = draws.next() * 100;
      expect(exact.chance(odds), `draw ${i}`).toBe(false);
      expect(above.chance(odds + 1e-9), `draw ${i}`).toBe(true);
    }
  });

  it('a natural weighted pick gives each candidate the draws from where its weight starts up to, not including, where it ends', () => {
    // Weights x and 1 − x: a draw of exactly x is the first draw of the second candidate.
    const draws = createRng('bounds', 'natural', 's');
    const exact = createRng('bounds', 'natural', 's');
    const inside = createRng('bounds', 'natural', 's');
    for (let i = 0; i < 50; i++) {
      const x = draws.next();
      expect(
        exact.weighted([
          ['first', x],
          ['second', 1 - x],
        ] as const),
        `draw ${i}`,
      ).toBe('second');
      expect(
        inside.weighted([
          ['first', x + 1e-9],
          ['second', 1 - x],
        ] as const),
        `draw ${i}`,
      ).toBe('first');
    }
  });

  it('a natural weighted pick always returns one of its candidates, even when the weights add up past the largest number', () => {
    const r = createRng('huge', 'natural', 's');
    for (let i = 0; i < 20; i++) {
      expect(['a', 'b']).toContain(
        r.weighted([
          ['a', Number.MAX_VALUE],
          ['b', Number.MAX_VALUE],
        ] as const),
      );
      expect(
        r.weighted([
          ['zero', 0],
          ['a', 1],
          ['b', Infinity],
        ] as const),
      ).toBe('b');
    }
  });

  it('decision 9: a natural shuffle of n items draws n − 1 times, so every draw after it replays the same', () => {
    for (const n of [0, 1, 2, 5, 12]) {
      const r = createRng('count', 'natural', 's');
      r.shuffle(Array.from({ length: n }, (_, i) => i));
      const fresh = createRng('count', 'natural', 's');
      for (let i = 0; i < n - 1; i++) fresh.next();
      expect(r.next(), `${n} items`).toBe(fresh.next());
    }
  });

  it('succeed: every check succeeds, picks take the first candidate; 0 % still fails', () => {
    const r = createRng('x', 'succeed', 's');
    expect(r.chance(1)).toBe(true);
    expect(r.chance(0)).toBe(false);
    expect(r.pick(['first', 'second'])).toBe('first');
    expect(
      r.weighted([
        ['zero', 0],
        ['a', 1],
        ['b', 9],
      ] as const),
    ).toBe('a');
    expect(r.shuffle([3, 1, 2])).toEqual([3, 1, 2]);
  });

  it('fail: every check fails, 100 % still succeeds, picks take the first candidate', () => {
    const r = createRng('x', 'fail', 's');
    expect(r.chance(99)).toBe(false);
    expect(r.chance(100)).toBe(true);
    expect(r.pick(['first', 'second'])).toBe('first');
  });
});
