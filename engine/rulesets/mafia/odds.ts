// The chance formulas of searches and thefts (MAF-4.1–4.4, 4.11, 4.14, 4.20, 9.2–9.5), in one place:
// the night resolution rolls against them and the page's randomizer shows them.
import type { MafiaSettings } from './settings.js';

export type OddsAction = 'search-random' | 'search-map' | 'search-set' | 'search-antidote' | 'steal';
export type OddsRarity = 'thing' | 'relic' | 'rare' | 'artifact' | 'legendary';

/** The settings the formulas read (the ruleset's defaults when shown outside a match). */
export const ODDS_SETTINGS = ['search-odds', 'map-bonus', 'set-search-odds', 'set-piece-bonus', 'theft-odds', 'antidote-odds'] as const;
export type OddsSettings = Pick<MafiaSettings, (typeof ODDS_SETTINGS)[number]>;

export interface OddsInput {
  action: OddsAction;
  rarity: OddsRarity;
  /** A preparation of the action's kind is held (MAF-4.20): the base counts twice. */
  prepared: boolean;
  /** The actor's `find-bonus` (searches) or `theft-bonus` (theft). */
  bonus: number;
  /** `search-set`: pieces of that set held (≥ 1). */
  piecesHeld?: number;
  /** `search-antidote`: antidote night 1 or 2 (MAF-9.3). */
  antidoteNight?: 1 | 2;
  /** The actor's luck and curse (MAF-9.4, 9.5). */
  luck: number;
  curse: number;
  /** `steal`: the victim's theft-avoid (MAF-9.2). */
  theftAvoid?: number;
  /** `steal`: a bandit stealing from a bandit (MAF-4.14). */
  banditOnBandit?: boolean;
}

export interface OddsTerm {
  /** `base`, `map-bonus`, `set-piece-bonus`, `preparation`, `bonus`, `antidote`, `bandit-on-bandit`. */
  id: string;
  value: number;
}

export interface Odds {
  /** The own check's chance, as the rules add it up (may be below 0 or above 100). */
  chance: number;
  terms: OddsTerm[];
  /** Probabilities 0..1 after the own check, then luck, then curse, and of the whole action. */
  own: number;
  afterLuck: number;
  afterCurse: number;
  final: number;
}

/** MAF-9.3: the antidote's chance on the first or second night of the poison. */
export function antidoteChance(settings: OddsSettings, night: number): number {
  return settings['antidote-odds'][Math.min(2, Math.max(1, night)) - 1]!;
}

/** The terms of an own check's chance (not for antidote searches or bandit-on-bandit thefts). */
export function chanceTerms(
  settings: OddsSettings,
  input: Pick<OddsInput, 'action' | 'rarity' | 'prepared' | 'bonus' | 'piecesHeld'>,
): OddsTerm[] {
  const r = input.rarity;
  const base =
    input.action === 'search-random' || input.action === 'search-map'
      ? settings['search-odds'][r]
      : r === 'thing'
        ? 0
        : input.action === 'search-set'
          ? settings['set-search-odds'][r]
          : settings['theft-odds'][r];
  const terms: OddsTerm[] = [{ id: 'base', value: base }];
  // MAF-4.3: a map adds its bonus; MAF-4.4: each set piece held beyond the first adds its bonus.
  if (input.action === 'search-map') terms.push({ id: 'map-bonus', value: settings['map-bonus'] });
  if (input.action === 'search-set') {
    terms.push({ id: 'set-piece-bonus', value: settings['set-piece-bonus'] * Math.max(0, (input.piecesHeld ?? 1) - 1) });
  }
  // MAF-4.20: a preparation adds the base once more.
  if (input.prepared) terms.push({ id: 'preparation', value: base });
  terms.push({ id: 'bonus', value: input.bonus });
  return terms;
}

export const sumTerms = (terms: OddsTerm[]) => terms.reduce((sum, t) => sum + t.value, 0);

const p = (chance: number) => Math.min(100, Math.max(0, chance)) / 100;

/** The whole chain a player studies: own check, luck (MAF-9.5), curse (MAF-9.4), theft-avoid (MAF-9.2). */
export function odds(settings: OddsSettings, input: OddsInput): Odds {
  if (input.action === 'search-antidote') {
    const chance = antidoteChance(settings, input.antidoteNight ?? 1);
    const own = p(chance);
    return { chance, terms: [{ id: 'antidote', value: chance }], own, afterLuck: own, afterCurse: own, final: own };
  }
  if (input.action === 'steal' && input.banditOnBandit) {
    return { chance: 100, terms: [{ id: 'bandit-on-bandit', value: 100 }], own: 1, afterLuck: 1, afterCurse: 1, final: 1 };
  }
  const terms = chanceTerms(settings, input);
  const chance = sumTerms(terms);
  const own = p(chance);
  const afterLuck = own + (1 - own) * (input.luck > 0 ? p(input.luck) : 0);
  const afterCurse = afterLuck * (1 - (input.curse > 0 ? p(input.curse) : 0));
  const final = input.action === 'steal' ? afterCurse * (1 - p(input.theftAvoid ?? 0)) : afterCurse;
  return { chance, terms, own, afterLuck, afterCurse, final };
}
