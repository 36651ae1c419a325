// The shape of a card: what a role, specialty or item does, told in one language from the rules.

export interface Card {
  /** What it does, in a sentence or two. */
  does: string;
  /** When it acts (which phases, from when). */
  when: string;
  /** Its side and how it wins or counts; for an item, who may hold or use it. */
  side?: string;
  /** Its limits: uses, targets, what stops it. */
  limits?: string;
}

/** One ruleset's cards in one language, keyed by the engine's own role, specialty and item ids. */
export interface RulesetCards {
  /** The game in a few lines, for the top of the rules page. */
  intro: string;
  cards: Record<string, Card>;
}

/** One language's cards, by ruleset. */
export interface LangCards {
  lupus: RulesetCards;
  mafia: RulesetCards;
  killgame: RulesetCards;
}
