// Every card of every ruleset in every language, and the one look-up the page uses to show one.
import type { Card, RulesetCards } from '../../texts/cards.js';
import { CARDS } from '../../texts/dicts.js';
import type { Lang } from '../../texts/langs.js';

export type { Card, RulesetCards };

export const CARD_RULESETS = ['lupus', 'mafia', 'killgame'] as const;
export type CardRuleset = (typeof CARD_RULESETS)[number];

export { CARDS };

export const isCardRuleset = (x: unknown): x is CardRuleset => typeof x === 'string' && (CARD_RULESETS as readonly string[]).includes(x);

/** The card of a game id in a ruleset, in a language (English when that language lacks it); null for no card. */
export function cardOf(lang: Lang, ruleset: string, id: string): Card | null {
  if (!isCardRuleset(ruleset)) return null;
  return CARDS[lang][ruleset].cards[id] ?? CARDS.en[ruleset].cards[id] ?? null;
}
