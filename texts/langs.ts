// The list of languages, derived from their folders (texts/folders.ts): zod enums derive from LANGS
// (`z.enum(LANGS)`). Every Lambda's bundle carries the texts anyway, so the list loads with them.
import * as FOLDERS from './folders.js';

export type Lang = keyof typeof FOLDERS;

/** By code (a module namespace lists its names in that order too): the page's language switch, the posts' files. */
export const LANGS = Object.keys(FOLDERS).sort() as [Lang, ...Lang[]];

/** Each language's own name. */
export const LANG_NAMES = Object.fromEntries(LANGS.map((l) => [l, FOLDERS[l].name])) as Record<Lang, string>;

export const isLang = (x: unknown): x is Lang => typeof x === 'string' && Object.hasOwn(FOLDERS, x);
