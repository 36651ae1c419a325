// A small in-memory Mafia match for the unit tests: the platform's own semantics
// (engine/core/match.ts) applied to the ruleset, with fixed seats as scenarios give them.
import { expect } from 'vitest';
import type { DiceMode } from '../../../engine/core/rng.js';
import type { ActionInput, GameEvent } from '../../../engine/core/types.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { settingsSchema } from '../../../engine/rulesets/mafia/settings.js';
import type { MafiaState, PlayerState } from '../../../engine/rulesets/mafia/state.js';
import type { ItemDef } from '../../../engine/rulesets/mafia/catalog.js';
import { reveals } from '../../scenario/assert.js';
import { MemoryMatch } from '../../support/memory-match.js';

export { find, has } from '../../support/memory-match.js';

export interface Seat {
  id: string;
  name?: string;
  role?: string;
  team?: string;
  specialization?: string;
  specialty?: string;
  inventory?: Record<string, number>;
  maps?: string[];
  effects?: Array<Record<string, unknown>>;
  state?: string;
  /** Join options, besides the fixed keys (MAF-1.9). */
  options?: Record<string, unknown>;
}

export interface MatchOptions {
  settings?: Record<string, unknown>;
  seed?: string;
  dice?: DiceMode;
  setup?: Record<string, unknown>;
}

export class Match extends MemoryMatch<MafiaState> {
  constructor(seats: Seat[], options: MatchOptions = {}) {
    super(mafia, {
      players: seats.map((s, i) => {
        const { id, name, options: opts, ...fixed } = s;
        return { id, name: name ?? `Player ${i + 1}`, options: opts ?? {}, fixed: fixed as Record<string, unknown> };
      }),
      settings: settingsSchema.parse(options.settings ?? {}),
      seed: options.seed ?? 'test',
      dice: options.dice ?? 'natural',
      setup: options.setup ?? {},
    });
  }

  /** Plays the actions (each must be accepted), then closes the phase. */
  night(actions: Array<[string, ActionInput]> = []): GameEvent[] {
    this.play(actions);
    return this.close();
  }

  stats(id: string): Record<string, number> {
    return this.facts().stats![id]!;
  }

  inv(id: string): Record<string, number> {
    return this.facts().inventory![id]!;
  }

  /** How many copies (or `map:<item>`) a player holds; 0 when none. */
  count(id: string, key: string): number {
    return this.inv(id)[key] ?? 0;
  }

  p(id: string): PlayerState {
    return this.state.players.find((p) => p.id === id)!;
  }
}

/**
 * The generic `hidden` check of scenarios/FORMAT.md: no JSON object the reader can see holds the
 * other player's id together with his role or faction.
 */
export function hiddenFrom(match: Match, reader: string, other: string): boolean {
  const facts = match.facts();
  const secrets = [facts.role![other]!, facts.faction![other]!];
  return !reveals([match.view(reader), match.seenBy(reader)], other, secrets);
}

// ---- Tables -------------------------------------------------------------------------------------

/** `town('p3', 'guard', {...})` */
export const town = (id: string, specialty = 'mage', extra: Partial<Seat> = {}): Seat => ({ id, role: 'townsperson', specialty, ...extra });
export const bandit = (id: string, role = 'bandit', specialty = 'mage', extra: Partial<Seat> = {}): Seat => ({
  id,
  role,
  specialty,
  ...extra,
});

/**
 * Eight seats: b1 boss (mage), b2 plain bandit (archaeologist), t1..t6 townsfolk with the given
 * specialties (default archaeologist, blacksmith, guard, mage, mage, mage). Override any seat by id.
 */
export function eight(overrides: Record<string, Partial<Seat>> = {}, options: MatchOptions = {}): Match {
  const seats: Seat[] = [
    bandit('b1', 'boss', 'mage'),
    bandit('b2', 'bandit', 'archaeologist'),
    town('t1', 'archaeologist'),
    town('t2', 'blacksmith'),
    town('t3', 'guard'),
    town('t4', 'mage'),
    town('t5', 'mage'),
    town('t6', 'mage'),
  ].map((s) => ({ ...s, ...(overrides[s.id] ?? {}) }));
  return new Match(seats, options);
}

/** A table opening at night 1 (the usual place for night tests). */
export const eightAtNight = (overrides: Record<string, Partial<Seat>> = {}, options: MatchOptions = {}) =>
  eight(overrides, { ...options, setup: { startPhase: 'night-1', ...(options.setup ?? {}) } });

/** n seats: the first `bandits` fixed as bandits (team only), the rest town; specialties mage. */
export function crowd(n: number, options: MatchOptions = {}, bandits = 0): Match {
  const seats: Seat[] = Array.from({ length: n }, (_, i) =>
    i < bandits ? { id: `p${i + 1}`, team: 'bandits', specialty: 'mage' } : { id: `p${i + 1}`, specialty: 'mage' },
  );
  return new Match(seats, options);
}

/** A night active item for a GM catalog (MAF-8.1): a rare one-use modify item, `over` sets the rest. */
export const gmItem = (id: string, over: Partial<ItemDef> = {}): ItemDef => ({
  id,
  name: { ru: id, en: id },
  rarity: 'rare',
  kind: 'active',
  instant: false,
  phase: 'night',
  scope: 'others',
  uses: 'one-use',
  charges: null,
  recharge: 0,
  interval: null,
  afterUse: 'lost',
  set: null,
  unique: false,
  starting: [],
  class: 'modify',
  effect: [],
  passive: [],
  global: [],
  ...over,
});

/** Plays night N with these actions and the day after it: the match is at night N+1. */
export function nextNight(m: Match, actions: Array<[string, ActionInput]> = []): Match {
  m.night(actions);
  m.close();
  return m;
}

/** One row of a refusal table: the match it is tried on, the submission, and the answer it must get. */
export interface Refusal {
  rule: string;
  what: string;
  match: () => Match;
  player: string;
  action: ActionInput;
  reason: string;
  message: string;
}

/** Submits the row's action: refused with exactly its reason and message (MAF-2.5), nothing pending changed. */
export function expectRefused({ match, player, action, reason, message }: Refusal): Match {
  const m = match();
  const pending = structuredClone(m.pending);
  expect(m.attempt(player, action)).toEqual({ ok: false, reason, message });
  expect(m.pending).toEqual(pending);
  return m;
}

/** A player's statuses in his view when nothing acts on him (MAF-12.2). */
export const freshStatuses = {
  cursed: false,
  poisoned: false,
  paralysed: false,
  prepared: { search: false, theft: false },
  transformation: null,
  marks: [],
  trapsSet: [],
  specialtySuspended: false,
  spent: [],
  maySwitchSpecialty: false,
  mayLastWords: false,
};
