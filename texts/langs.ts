// The languages dusk speaks, declared once: one line each, its code and its own name. A language's
// texts are the folder texts/<code>/ (texts/folders.ts, generated from this list, gathers them). No
// dictionary is imported here, so the server reads the list without the texts (zod enums derive from
// LANGS: `z.enum(LANGS)`).
export const LANG_NAMES = {
  it: 'Italiano',
  ru: 'Русский',
  en: 'English',
} as const;

export type Lang = keyof typeof LANG_NAMES;

/** In LANG_NAMES's order (the page's language switch, the posts' files). */
export const LANGS = Object.keys(LANG_NAMES) as [Lang, ...Lang[]];

export const isLang = (x: unknown): x is Lang => typeof x === 'string' && Object.hasOwn(LANG_NAMES, x);
