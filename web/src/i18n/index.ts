// Languages: Italian, Russian, English; chosen from the browser, switchable, remembered.
import { pref, setPref } from '../store.js';
import en from './en.js';
import it from './it.js';
import ru from './ru.js';

export type Lang = 'it' | 'ru' | 'en';
export const LANGS: Lang[] = ['it', 'ru', 'en'];
export const LANG_NAMES: Record<Lang, string> = { it: 'Italiano', ru: 'Русский', en: 'English' };

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

const DICTS: Record<Lang, Dict> = { en, it, ru };

function fromBrowser(): Lang {
  for (const l of navigator.languages ?? [navigator.language]) {
    const short = (l ?? '').slice(0, 2).toLowerCase();
    if (short === 'it' || short === 'ru' || short === 'en') return short;
  }
  return 'en';
}

let current: Lang = (LANGS as string[]).includes(pref('lang', '')) ? (pref('lang', '') as Lang) : fromBrowser();

export const lang = (): Lang => current;
export const dict = (): Dict => DICTS[current];

export function setLang(l: Lang): void {
  current = l;
  setPref('lang', l);
  document.documentElement.lang = l;
}

function fill(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all));
}

/** A UI string in the current language (English, then the key, as fallbacks). */
export function t(key: string, params?: Record<string, string | number>): string {
  return fill(DICTS[current].ui[key] ?? DICTS.en.ui[key] ?? key, params);
}

/** `some-id` → `Some id`: the last resort for an id nobody translated. */
export function humanize(id: string): string {
  const s = id.replace(/[-_]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function term(id: string): string | undefined {
  return DICTS[current].terms[id] ?? DICTS.en.terms[id];
}

export const actionLabel = (type: string): string => DICTS[current].actions[type] ?? DICTS.en.actions[type] ?? humanize(type);
export const fieldLabel = (name: string): string => DICTS[current].fields[name] ?? DICTS.en.fields[name] ?? humanize(name);

/** A refusal in the reader's language, keeping the server's own words as a detail. */
export function errorText(code: string, message?: string): string {
  const known = DICTS[current].errors[code] ?? DICTS.en.errors[code];
  if (!known) return message ? `${humanize(code)}: ${message}` : humanize(code);
  return current === 'en' || !message ? known : `${known} (${message})`;
}

/** `night-2` → `Notte 2`. */
export function phaseLabel(phase: string | null | undefined): string {
  if (!phase) return '—';
  const m = /^([a-z-]+?)-(\d+)$/.exec(phase);
  if (!m) return humanize(phase);
  const kind = term(`phase-${m[1]}`) ?? humanize(m[1]!);
  return `${kind} ${m[2]}`;
}

export function eventTemplate(ruleset: string, kind: string): Template | undefined {
  const d = DICTS[current].events;
  return d[`${ruleset}:${kind}`] ?? d[kind] ?? DICTS.en.events[`${ruleset}:${kind}`] ?? DICTS.en.events[kind];
}

/** Every language has every UI key (checked by the tests). */
export const allDicts = DICTS;
