// The languages dusk speaks, declared once: one line each in LANGUAGES, its code, its own name and its
// folder of texts (texts/<code>/, imported above it). Everything else that lists languages derives from
// it: the dictionaries (texts/dicts.ts), the zod enums (`z.enum(LANGS)`), the page's language switch.
import en from './en/index.js';
import it from './it/index.js';
import ru from './ru/index.js';
import type { LangTexts } from './types.js';

/** In the order of the page's language switch and the posts' files. */
export const LANGUAGES = {
  it: { name: 'Italiano', texts: it },
  ru: { name: 'Русский', texts: ru },
  en: { name: 'English', texts: en },
} as const satisfies Record<string, { name: string; texts: LangTexts }>;

export type Lang = keyof typeof LANGUAGES;

/** Each language's own name. */
export const LANG_NAMES = Object.fromEntries(Object.entries(LANGUAGES).map(([lang, { name }]) => [lang, name])) as Record<Lang, string>;

/** In LANGUAGES's order. */
export const LANGS = Object.keys(LANGUAGES) as [Lang, ...Lang[]];

export const isLang = (x: unknown): x is Lang => typeof x === 'string' && Object.hasOwn(LANGUAGES, x);
