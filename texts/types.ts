// The shapes of the catalogue's texts: a language's dictionary, a ruleset's part, the posts' words, a
// language's folder.
import type { LangCards } from './cards.js';

/** A template: text with `{field}` or `{field|mod}` holes, or a function choosing one from the event. */
export type Template = string | ((e: Record<string, any>) => string);

export interface Dict {
  ui: Record<string, string>;
  terms: Record<string, string>;
  actions: Record<string, string>;
  fields: Record<string, string>;
  errors: Record<string, string>;
  /** Keyed by `ruleset:kind` or `kind`. */
  events: Record<string, Template>;
}

/** A ruleset's own texts: the sections it has keys in. */
export type RulesetDict = Partial<Dict>;

/** The forum posts' own words (functions/service/posts), each an ICU message filled by message.ts's `fill`. */
export type PostKey =
  | 'results'
  | 'vote-count'
  | 'final-vote-count'
  | 'no-votes'
  | 'not-voting'
  | 'abstaining'
  | 'deadline'
  | 'next'
  | 'next-unscheduled'
  | 'paused'
  | 'ended'
  | 'match-page'
  | 'changes'
  | 'history'
  | 'history-vote'
  | 'history-abstain'
  | 'history-withdraw'
  | 'nothing-public'
  | 'footer';
export type PostTexts = Record<PostKey, string>;

/** A language's display names of game things, by ruleset then id (texts/names.ts has the games' own). */
export type NameTexts = Record<'lupus' | 'killgame' | 'mafia', Record<string, string>>;

/** A language's folder, texts/<lang>/index.ts: the platform's texts, each ruleset's own, the posts' words, the names. */
export interface LangTexts {
  common: Dict;
  lupus: RulesetDict;
  killgame: RulesetDict;
  mafia: RulesetDict;
  posts: PostTexts;
  names: NameTexts;
  cards: LangCards;
}
