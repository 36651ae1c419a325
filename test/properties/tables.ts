// How to seat a match of each ruleset for cross-ruleset tests: the settings for n players.
// A ruleset that is not listed here is tried with its default settings at a few common sizes.
import * as z from 'zod';
import { startMatch } from '../../engine/core/match.js';
import type { GameEvent, Ruleset, SetupPlayer } from '../../engine/core/types.js';

export interface Table {
  players: number;
  settings: Record<string, unknown>;
}

/** Lupus: a custom table of n roles (LUP-4.2), wolves and powers first. */
const LUPUS_ROLES = [
  'lupo-mannaro',
  'veggente-gufato',
  'zucca-semplice',
  'parroco',
  'lupo-segugio',
  'bambina',
  'dracula',
  'strega',
  'spirito-bianco',
  'super-medium',
  'negromante',
  'bardo',
  'lupo-dell-incubo',
  'gatto-nero',
  'zucca-semplice',
  'zucca-semplice',
  'lupo-spirito',
  'zucca-semplice',
  'zucca-semplice',
  'zucca-semplice',
];

const KNOWN: Record<string, { sizes: [number, number]; settings: (n: number) => Record<string, unknown> }> = {
  lupus: { sizes: [4, 20], settings: (n) => ({ 'player-count': n, roles: LUPUS_ROLES.slice(0, n) }) },
  killgame: { sizes: [2, 24], settings: () => ({}) },
};

const FALLBACK_SIZES = [13, 10, 8, 12, 6, 16];

/**
 * Join options for seat i: every option with a list of values (Mafia's `specialty`) takes them in
 * turn, so that nobody is left out for lack of one.
 */
export function optionsFor(rs: Ruleset, i: number): Record<string, unknown> {
  const schema = z.toJSONSchema(rs.options, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { enum?: unknown[] }>;
  };
  const options: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.enum && property.enum.length > 0) options[key] = property.enum[i % property.enum.length];
  }
  return options;
}

export function seats(n: number, rs?: Ruleset): SetupPlayer[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Player ${i + 1}`,
    options: rs ? optionsFor(rs, i) : {},
    fixed: {},
  }));
}

/** The range of table sizes a test may draw from for this ruleset. */
export function sizesFor(rs: Ruleset): [number, number] | null {
  return KNOWN[rs.id]?.sizes ?? null;
}

/** The table for n players (a known ruleset), or the first default-settings size that starts. */
export function tableFor(rs: Ruleset, n?: number): Table {
  const known = KNOWN[rs.id];
  if (known) {
    const players = n ?? known.sizes[1];
    return { players, settings: rs.settings.parse(known.settings(players)) as Record<string, unknown> };
  }
  const settings = rs.settings.parse({}) as Record<string, unknown>;
  // A real match starts only within the ruleset's seats (Mafia's quorum): sizes are clamped to them.
  const seatRange = rs.seats?.(settings) ?? {};
  const clamp = (x: number) => Math.min(seatRange.max ?? x, Math.max(seatRange.min ?? x, x));
  for (const players of (n !== undefined ? [n, ...FALLBACK_SIZES] : FALLBACK_SIZES).map(clamp)) {
    try {
      startMatch(rs, { players: seats(players, rs), settings, seed: 'probe', dice: 'natural', setup: {} });
      return { players, settings };
    } catch {
      // try the next size
    }
  }
  throw new Error(`no table for ${rs.id}: add it to test/properties/tables.ts`);
}

/** Starts a match on a table: its state, opening events and phase. */
export function open(rs: Ruleset, table: Table, seed: string): { state: unknown; events: GameEvent[]; phase: string | null } {
  return startMatch(rs, { players: seats(table.players, rs), settings: table.settings, seed, dice: 'natural', setup: {} });
}
