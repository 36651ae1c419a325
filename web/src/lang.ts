// The page's language: chosen from the browser, switchable, remembered; the page's shortcuts into
// the pure catalog of ./i18n/index.ts in that language.
import { ApiError } from './api.js';
import * as i18n from '../../texts/index.js';
import { humanize, type Lang, type Template } from '../../texts/index.js';
import { pref, setPref } from './store.js';

export { humanize, LANG_NAMES, LANGS, type Lang, type Template } from '../../texts/index.js';

function fromBrowser(): Lang {
  for (const l of navigator.languages ?? [navigator.language]) {
    const short = (l ?? '').slice(0, 2).toLowerCase();
    if (i18n.isLang(short)) return short;
  }
  return 'en';
}

let current: Lang = i18n.isLang(pref('lang', '')) ? (pref('lang', '') as Lang) : fromBrowser();

export const lang = (): Lang => current;
export const dict = (): i18n.Dict => i18n.DICTS[current];

export function setLang(l: Lang): void {
  current = l;
  setPref('lang', l);
  document.documentElement.lang = l;
}

/** A UI string in the current language (English, then the key, as fallbacks). */
export const t = (key: string, params?: Record<string, unknown>): string => i18n.format(current, key, params);

export const term = (id: string): string | undefined => i18n.termText(current, id);
export const actionLabel = (type: string): string => i18n.DICTS[current].actions[type] ?? i18n.DICTS.en.actions[type] ?? humanize(type);
export const fieldLabel = (name: string): string => i18n.DICTS[current].fields[name] ?? i18n.DICTS.en.fields[name] ?? humanize(name);

/**
 * A refusal in the reader's language, with its numbers. A reason the catalog lacks (the i18n test keeps
 * that from happening) shows its id; the server's English message goes to the developer's console only.
 */
export function errorText(code: string, message?: string, params?: Record<string, unknown>): string {
  const known = i18n.errorText(current, code, params);
  if (known !== null) return known;
  if (message) console.warn(`dusk: no text for reason ${code}: ${message}`);
  if (/^http-5\d\d$/.test(code)) return t('server-trouble');
  return `${t('refused')} (${code})`;
}

export const phaseLabel = (phase: string | null | undefined): string => i18n.phaseText(current, phase);
export const eventTemplate = (ruleset: string, kind: string): Template | undefined => i18n.eventTemplate(current, ruleset, kind);

/** Any failure as the reader's sentence: an API refusal by its reason id and numbers. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) return errorText(error.code, error.message, error.params);
  console.warn('dusk:', error);
  return t('error-unexpected');
}
