// MAF-11: every GM setting with its default, plus the item catalog a GM may load instead of the starter.
import * as z from 'zod';
import { catalogProblems } from './catalog.js';

const int = (min: number, max: number, def: number) => z.int().min(min).max(max).default(def);
const pct = z.int().min(0).max(100);

const mapOdds = z
  .strictObject({ legendary: pct, artifact: pct, rare: pct, relic: pct, thing: pct })
  .refine((o) => o.legendary + o.artifact + o.rare + o.relic + o.thing === 100, 'map-odds must sum to 100');

/**
 * An optional replacement catalog (the spec's effect grammar). Absent = the starter catalog
 * (`data/mafia-items.json`). Each problem is reported with the entry it concerns.
 */
const catalogSetting = z
  .unknown()
  .superRefine((raw, ctx) => {
    if (raw === undefined || raw === null) return;
    for (const problem of catalogProblems(raw)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  })
  .optional();

export const settingsSchema = z.strictObject({
  quorum: int(4, 40, 11),
  'max-players': int(4, 40, 30),
  'day-minutes': int(10, 10080, 1440),
  'night-minutes': int(10, 10080, 720),
  'tie-free-days': int(0, 10, 3),
  'check-mode': z.boolean().default(false),
  'response-cutoff-minutes': int(0, 1440, 120),
  'destruction-min-players': int(4, 41, 18),
  'destruction-margin': int(0, 10, 2),
  'bandit-items': int(1, 5, 2),
  'bandit-items-large': int(1, 5, 3),
  'bandit-items-large-min-players': int(4, 41, 18),
  'map-odds': mapOdds.default({ legendary: 10, artifact: 15, rare: 25, relic: 30, thing: 20 }),
  'search-odds': z
    .strictObject({ thing: pct, relic: pct, rare: pct, artifact: pct, legendary: pct })
    .default({ thing: 80, relic: 65, rare: 50, artifact: 40, legendary: 20 }),
  'map-bonus': int(0, 100, 10),
  'set-search-odds': z
    .strictObject({ relic: pct, rare: pct, artifact: pct, legendary: pct })
    .default({ relic: 40, rare: 30, artifact: 20, legendary: 10 }),
  'set-piece-bonus': int(0, 100, 10),
  'theft-odds': z
    .strictObject({ relic: pct, rare: pct, artifact: pct, legendary: pct })
    .default({ relic: 50, rare: 40, artifact: 30, legendary: 15 }),
  'antidote-odds': z.tuple([pct, pct]).default([40, 30]),
  'curse-potion-value': int(1, 100, 33),
  'paralysis-lift-chance': int(0, 100, 50),
  'death-avoid-cap': int(0, 100, 100),
  'theft-avoid-cap': int(0, 100, 50),
  'vote-strength-cap': int(1, 20, 10),
  'fortune-cap': int(0, 100, 100),
  'guard-death-avoid': int(0, 100, 30),
  'guard-vote-strength': int(1, 10, 2),
  'blacksmith-theft-bonus': int(0, 100, 20),
  'blacksmith-theft-avoid': int(0, 100, 30),
  'archaeologist-find-bonus': int(0, 100, 10),
  'mage-luck': int(0, 100, 25),
  'resurrection-suspension-phases': int(0, 10, 4),
  'last-words-max-chars': int(0, 10000, 2000),
  catalog: catalogSetting,
});

export type MafiaSettings = z.infer<typeof settingsSchema>;
/** The settings a match keeps in its state (the catalog is kept apart, validated). */
export type RuleSettings = Omit<MafiaSettings, 'catalog'>;

/** MAF-11.1: what the GM may change while the match runs. */
export const LIVE_SETTINGS = ['day-minutes', 'night-minutes', 'check-mode'] as const;
