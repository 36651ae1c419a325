// The chances of a Mafia search or theft, for the page's "randomizer".
//
// STOPGAP: the Mafia ruleset does not export its chance formulas yet (they are inline in
// engine/rulesets/mafia/night/searches.ts `evaluate` and night/thefts.ts). This file mirrors those
// lines (MAF-4.1–4.4, 4.11, 4.14, 4.20, 9.2–9.5) with the same signature the page wants from
// `engine/rulesets/mafia/odds.ts`; web/build.ts uses that engine module instead of this one as soon
// as it exists, so the page then shows exactly the chances the rules give.

export type OddsAction = 'search-random' | 'search-map' | 'search-set' | 'search-antidote' | 'steal';
export type OddsRarity = 'thing' | 'relic' | 'rare' | 'artifact' | 'legendary';

/** The settings the formulas read (the ruleset's defaults when shown outside a match). */
export interface OddsSettings {
  'search-odds': Record<OddsRarity, number>;
  'map-bonus': number;
  'set-search-odds': Record<Exclude<OddsRarity, 'thing'>, number>;
  'set-piece-bonus': number;
  'theft-odds': Record<Exclude<OddsRarity, 'thing'>, number>;
  'antidote-odds': [number, number];
}

export interface OddsInput {
  action: OddsAction;
  rarity: OddsRarity;
  /** A preparation of the action's kind is held (MAF-4.20). */
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
  /** `base`, `map-bonus`, `set-piece-bonus`, `preparation`, `bonus`, `antidote`. */
  id: string;
  value: number;
}

export interface Odds {
  /** The own check's chance, as the rules add it up (may be below 0 or above 100). */
  chance: number;
  terms: OddsTerm[];
  /** Probabilities 0..1 after each later check, and of the whole action. */
  own: number;
  afterLuck: number;
  afterCurse: number;
  final: number;
}

const p = (chance: number) => Math.min(100, Math.max(0, chance)) / 100;

export function odds(settings: OddsSettings, input: OddsInput): Odds {
  const terms: OddsTerm[] = [];
  const r = input.rarity;
  if (input.action === 'search-antidote') {
    const chance = settings['antidote-odds'][(input.antidoteNight ?? 1) - 1] ?? 0;
    terms.push({ id: 'antidote', value: chance });
    const own = p(chance);
    return { chance, terms, own, afterLuck: own, afterCurse: own, final: own };
  }
  if (input.action === 'steal' && input.banditOnBandit) {
    return { chance: 100, terms: [{ id: 'bandit-on-bandit', value: 100 }], own: 1, afterLuck: 1, afterCurse: 1, final: 1 };
  }
  let base = 0;
  if (input.action === 'search-random' || input.action === 'search-map') base = settings['search-odds'][r];
  else if (input.action === 'search-set') base = r === 'thing' ? 0 : settings['set-search-odds'][r];
  else base = r === 'thing' ? 0 : settings['theft-odds'][r];
  terms.push({ id: 'base', value: base });
  if (input.action === 'search-map') terms.push({ id: 'map-bonus', value: settings['map-bonus'] });
  if (input.action === 'search-set') terms.push({ id: 'set-piece-bonus', value: settings['set-piece-bonus'] * Math.max(0, (input.piecesHeld ?? 1) - 1) });
  if (input.prepared) terms.push({ id: 'preparation', value: base });
  terms.push({ id: 'bonus', value: input.bonus });
  const chance = terms.reduce((sum, term) => sum + term.value, 0);
  const own = p(chance);
  const afterLuck = own + (1 - own) * (input.luck > 0 ? p(input.luck) : 0);
  const afterCurse = afterLuck * (1 - (input.curse > 0 ? p(input.curse) : 0));
  const final = input.action === 'steal' ? afterCurse * (1 - p(input.theftAvoid ?? 0)) : afterCurse;
  return { chance, terms, own, afterLuck, afterCurse, final };
}
