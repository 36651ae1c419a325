// Every card of every ruleset in every language, and the one look-up the page uses to show one.
import enKillgame from '../../texts/en/cards/killgame.js';
import enLupus from '../../texts/en/cards/lupus.js';
import enMafia from '../../texts/en/cards/mafia.js';
import itKillgame from '../../texts/it/cards/killgame.js';
import itLupus from '../../texts/it/cards/lupus.js';
import itMafia from '../../texts/it/cards/mafia.js';
import ruKillgame from '../../texts/ru/cards/killgame.js';
import ruLupus from '../../texts/ru/cards/lupus.js';
import ruMafia from '../../texts/ru/cards/mafia.js';
import type { Card, RulesetCards } from '../../texts/cards.js';
import type { Lang } from './i18n/langs.js';

export type { Card, RulesetCards };

export const CARD_RULESETS = ['lupus', 'mafia', 'killgame'] as const;
export type CardRuleset = (typeof CARD_RULESETS)[number];

export const CARDS: Record<Lang, Record<CardRuleset, RulesetCards>> = {
  it: { lupus: itLupus, mafia: itMafia, killgame: itKillgame },
  ru: { lupus: ruLupus, mafia: ruMafia, killgame: ruKillgame },
  en: { lupus: enLupus, mafia: enMafia, killgame: enKillgame },
};

export const isCardRuleset = (x: unknown): x is CardRuleset => typeof x === 'string' && (CARD_RULESETS as readonly string[]).includes(x);

/** The card of a game id in a ruleset, in a language (English when that language lacks it); null for no card. */
export function cardOf(lang: Lang, ruleset: string, id: string): Card | null {
  if (!isCardRuleset(ruleset)) return null;
  return CARDS[lang][ruleset].cards[id] ?? CARDS.en[ruleset].cards[id] ?? null;
}
