// The languages dusk speaks, and nothing else: the server imports this without the dictionaries.
export type Lang = 'it' | 'ru' | 'en';
export const LANGS: Lang[] = ['it', 'ru', 'en'];
export const LANG_NAMES: Record<Lang, string> = { it: 'Italiano', ru: 'Русский', en: 'English' };

export const isLang = (x: unknown): x is Lang => x === 'it' || x === 'ru' || x === 'en';
