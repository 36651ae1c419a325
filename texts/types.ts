// The shapes of the catalogue's texts: a language's dictionary, a ruleset's part, a language's folder.

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

/** A language's folder, texts/<lang>/index.ts: the platform's texts and each ruleset's own. */
export interface LangTexts {
  common: Dict;
  lupus: RulesetDict;
  killgame: RulesetDict;
  mafia: RulesetDict;
}
