// The dictionaries: each language's folder (texts/<lang>/index.ts) holds the platform's texts (common)
// beside each ruleset's own (lupus, killgame, mafia), merged here into one Dict per language. A
// ruleset's part holds the actions, fields, reasons, events and UI keys only that ruleset uses; a key
// lives in exactly one part (test/unit/i18n/dictionaries.test.ts).
import type { LangCards } from './cards.js';
import * as folders from './folders.js';
import type { Dict, LangTexts, NameTexts, PostTexts, RulesetDict } from './types.js';
import { LANGS, type Lang } from './langs.js';

const RULESETS = ['lupus', 'killgame', 'mafia'] as const;

const perLang = <T>(of: (lang: Lang) => T): Record<Lang, T> => Object.fromEntries(LANGS.map((l) => [l, of(l)])) as Record<Lang, T>;

/** Each language's folder (texts/folders.ts, generated from texts/langs.ts): one per language. */
const FOLDERS: Record<Lang, LangTexts> = folders;

export const COMMON_DICTS: Record<Lang, Dict> = perLang((l) => FOLDERS[l].common);

export const RULESET_DICTS = Object.fromEntries(RULESETS.map((r) => [r, perLang((l) => FOLDERS[l][r])])) as Record<
  (typeof RULESETS)[number],
  Record<Lang, RulesetDict>
>;

const SECTIONS = ['ui', 'terms', 'actions', 'fields', 'errors', 'events'] as const;

function merged(lang: Lang): Dict {
  const parts = [COMMON_DICTS[lang], ...Object.values(RULESET_DICTS).map((r) => r[lang])];
  return Object.fromEntries(SECTIONS.map((s) => [s, Object.assign({}, ...parts.map((p) => p[s] ?? {}))])) as unknown as Dict;
}

export const DICTS: Record<Lang, Dict> = perLang(merged);

/** Each language's role, specialty and item cards. */
export const CARDS: Record<Lang, LangCards> = perLang((l) => FOLDERS[l].cards);

/** The forum posts' own words (texts/<lang>/posts.ts). */
export const POSTS: Record<Lang, PostTexts> = perLang((l) => FOLDERS[l].posts);

/** The display names of game things (texts/<lang>/names.ts; read through texts/names.ts). */
export const NAMES: Record<Lang, NameTexts> = perLang((l) => FOLDERS[l].names);
