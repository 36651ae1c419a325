// Random legal actions for any ruleset, built from what `available()` offers (the way the page builds forms).
import type { ActionInput, AvailableAction, FieldSpec } from '../../engine/core/types.js';

/** A small seeded random source (mulberry32), independent of the engine's generator. */
export interface Rand {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

export function rand(seed: number): Rand {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    chance: (p) => next() < p,
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}

/** Texts a player might type, including the awkward ones (markup, RTL, emoji, combining marks). */
const TEXTS = ['ok', 'I vote for the quiet one', '<b>bold</b> & "quotes"', 'שלום', 'naïve café', '🐺🌕', 'e\u0301'];

/** One value for a field, or `undefined` to leave an optional field out; `null` when none can be built. */
function fieldValue(spec: FieldSpec, r: Rand): unknown | null {
  switch (spec.kind) {
    case 'player':
    case 'choice':
    case 'zone':
      if (!spec.required && r.chance(0.25)) return undefined;
      if (spec.options.length === 0) return spec.required ? null : undefined;
      return r.pick(spec.options);
    case 'players': {
      const max = Math.min(spec.max, spec.options.length);
      if (max < spec.min) return null;
      return r.shuffle(spec.options).slice(0, r.int(spec.min, max));
    }
    case 'counts': {
      // With a budget the numbers are prices; without one, how many may be taken at most.
      const counts: Record<string, number> = {};
      let left = spec.budget ?? Number.POSITIVE_INFINITY;
      for (const key of r.shuffle(Object.keys(spec.options)).slice(0, r.int(0, 3))) {
        const value = spec.options[key]!;
        const most = spec.budget === undefined ? Math.min(value, 2) : value > 0 ? Math.min(2, Math.floor(left / value)) : 2;
        if (most < 1) continue;
        const n = r.int(1, most);
        counts[key] = n;
        if (spec.budget !== undefined) left -= n * value;
      }
      return counts;
    }
    case 'number':
      if (!spec.required && r.chance(0.25)) return undefined;
      return r.int(Math.ceil(spec.min), Math.floor(Math.min(spec.max, spec.min + 20)));
    case 'boolean':
      if (!spec.required && r.chance(0.25)) return undefined;
      return r.chance(0.5);
    case 'text':
      if (!spec.required && r.chance(0.25)) return undefined;
      return r.pick(TEXTS).slice(0, spec.maxLength);
    default:
      return undefined;
  }
}

/** A payload for one available action, filled at random within its fields; null if a field cannot be filled. */
export function payloadFor(action: AvailableAction, r: Rand): ActionInput | null {
  const payload: ActionInput = { type: action.type };
  for (const [name, spec] of Object.entries(action.fields)) {
    const value = fieldValue(spec, r);
    if (value === null) return null;
    if (value !== undefined) payload[name] = value;
  }
  return payload;
}

/** A payload that is probably wrong: an action type of the ruleset with random or missing fields. */
export function junkFor(types: string[], players: string[], r: Rand): ActionInput {
  const junk: ActionInput = { type: r.pick([...types, 'no-such-action']) };
  const values = [r.pick(players), 'nobody', 42, null, [r.pick(players)], { nested: true }, ''];
  for (const field of r.shuffle(['target', 'targets', 'zone', 'item', 'count', 'guess', 'text']).slice(0, r.int(0, 3))) {
    junk[field] = r.pick(values);
  }
  return junk;
}
