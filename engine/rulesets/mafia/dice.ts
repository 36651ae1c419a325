// MAF-0.4 / MAF-12.5: percentage checks that keep their d100 roll (collisions compare rolls).
import type { Rng } from '../../core/rng.js';

export interface Check {
  ok: boolean;
  /** The d100 roll; null when the check was not rolled (chance ≤ 0 or ≥ 100). Forced dice: every roll equal (0). */
  roll: number | null;
}

/** Roll d100; success when the roll is ≤ the chance. Forced dice replace only rolled checks. */
export function percent(rng: Rng, chance: number): Check {
  if (chance <= 0) return { ok: false, roll: null };
  if (chance >= 100) return { ok: true, roll: null };
  if (rng.mode !== 'natural') return { ok: rng.mode === 'succeed', roll: 0 };
  const roll = rng.int(1, 100);
  return { ok: roll <= chance, roll };
}
