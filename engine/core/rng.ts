// The match's seeded random generator, derived per phase, with the dice modes of scenarios/FORMAT.md.

/** Declared once: the type, the API's and the record's zod enums (`z.enum(DICE_MODES)`) derive from it. */
export const DICE_MODES = ['natural', 'succeed', 'fail'] as const;
export type DiceMode = (typeof DICE_MODES)[number];

/**
 * Every random decision a ruleset makes goes through one of these.
 * Under the forced modes a percentage check succeeds (`succeed`) or fails (`fail`),
 * except that 0 % always fails and 100 % always succeeds, and every random pick takes
 * the first candidate in the order the caller gives (the spec's stated order).
 */
export interface Rng {
  readonly mode: DiceMode;
  /** A percentage check: true means the check succeeds. */
  chance(percent: number): boolean;
  /** One candidate, uniformly (forced modes: the first). Throws on an empty list. */
  pick<T>(candidates: readonly T[]): T;
  /** One candidate by weight (forced modes: the first with a positive weight). */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /** A uniform integer in [min, max] (forced modes: min). */
  int(min: number, max: number): number;
  /** A die roll 1..sides (forced modes: see `forcedRoll`). */
  roll(sides: number): number;
  /** A shuffled copy (forced modes: the same order). */
  shuffle<T>(items: readonly T[]): T[];
  /** A uniform float in [0, 1), drawn from the seeded stream even under forced modes. */
  next(): number;
}

/** cyrb128: a fast, well-mixed 128-bit hash of a string, used to seed sfc32. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: a small, fast generator with a 128-bit state. */
function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  const step = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) step();
  return step;
}

/**
 * The generator for one stream of a match: `createRng(seed, dice, 'night-2')`.
 * The same seed, mode and stream name give the same sequence, so any phase can be re-resolved.
 */
export function createRng(seed: string, mode: DiceMode, stream: string): Rng {
  const next = sfc32(hash128(`${seed}\u0000${stream}`));
  const forced = mode !== 'natural';
  const intIn = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    mode,
    next,
    chance(percent) {
      if (percent <= 0) return false;
      if (percent >= 100) return true;
      if (forced) return mode === 'succeed';
      return next() * 100 < percent;
    },
    pick(candidates) {
      if (candidates.length === 0) throw new Error('pick from no candidates');
      if (forced) return candidates[0]!;
      return candidates[intIn(0, candidates.length - 1)]!;
    },
    weighted(entries) {
      const positive = entries.filter(([, w]) => w > 0);
      if (positive.length === 0) throw new Error('weighted pick with no positive weight');
      if (forced) return positive[0]![0];
      const total = positive.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of positive) {
        r -= w;
        if (r < 0) return value;
      }
      return positive[positive.length - 1]![0];
    },
    int(min, max) {
      if (forced) return min;
      return intIn(min, max);
    },
    roll(sides) {
      if (forced) return mode === 'succeed' ? sides : 1;
      return intIn(1, sides);
    },
    shuffle(items) {
      const copy = [...items];
      if (forced) return copy;
      for (let i = copy.length - 1; i > 0; i--) {
        const j = intIn(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
