// dusk's text catalogue (decision 15): pure data and pure functions, no DOM, no storage, no I/O, imported
// by the page (web/) and the server (functions/: the forum posts in the players' language). A language
// is one folder texts/<lang>/ and its line in texts/langs.ts.
//
//   format(lang, key, params)            a UI string, `{name}` holes filled, ICU plurals (message.ts):
//                                        `{n, plural, one {# point} few {# очка} other {# points}}`
//   errorText(lang, code, params?)       a refusal reason id in words (null when it has no text)
//   eventTemplate(lang, ruleset, kind)   the template of an event kind (`ruleset:kind`, then `kind`)
//   eventText(lang, ruleset, event, names?)  one event as plain text; `names` turns ids into names
//   phaseText(lang, phase)               `night-2` → `Notte 2`
//   postText(lang, key, params?)         a forum post's own words (texts/<lang>/posts.ts), ICU like format's
//   DICTS[lang]                          the dictionaries (ui, terms, actions, fields, errors, events),
//                                        each folder's common and rulesets' parts merged (dicts.ts)
//
// The page's current language (browser, switch, storage) lives in web/src/lang.ts, not here.
import { DICTS, POSTS } from './dicts.js';
import type { Lang } from './langs.js';
import { fill } from './message.js';
import type { PostKey, Template } from './types.js';

export { DICTS, fill };
export { isLang, LANG_NAMES, LANGS, type Lang } from './langs.js';
export type { Dict, LangTexts, NameTexts, PostKey, PostTexts, RulesetDict, Template } from './types.js';

/** `some-id` → `Some id`: the last resort for an id nobody translated. */
export function humanize(id: string): string {
  const s = id.replace(/[-_]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A UI string (English, then the key, as fallbacks). */
export function format(lang: Lang, key: string, params?: Record<string, unknown>): string {
  return fill(lang, DICTS[lang].ui[key] ?? DICTS.en.ui[key] ?? key, params);
}

/** A forum post's own words: an ICU message of texts/<lang>/posts.ts, filled like a UI string. */
export function postText(lang: Lang, key: PostKey, params?: Record<string, unknown>): string {
  return fill(lang, POSTS[lang][key], params);
}

/** A refusal reason id in words, its numbers filled in; null when no language has it. */
export function errorText(lang: Lang, code: string, params?: Record<string, unknown>): string | null {
  // A refusal may name a finer reason among its params (`invalid-settings` → `table-size`).
  const reason = typeof params?.reason === 'string' && DICTS.en.errors[params.reason] !== undefined ? params.reason : code;
  const text = DICTS[lang].errors[reason] ?? DICTS.en.errors[reason];
  return text === undefined ? null : fill(lang, text, params);
}

export function termText(lang: Lang, id: string): string | undefined {
  return DICTS[lang].terms[id] ?? DICTS.en.terms[id];
}

/** `night-2` → `Notte 2`. */
export function phaseText(lang: Lang, phase: string | null | undefined): string {
  if (!phase) return '—';
  const m = /^([a-z-]+?)-(\d+)$/.exec(phase);
  if (!m) return humanize(phase);
  return `${termText(lang, `phase-${m[1]}`) ?? humanize(m[1]!)} ${m[2]}`;
}

export function eventTemplate(lang: Lang, ruleset: string, kind: string): Template | undefined {
  const d = DICTS[lang].events;
  return d[`${ruleset}:${kind}`] ?? d[kind] ?? DICTS.en.events[`${ruleset}:${kind}`] ?? DICTS.en.events[kind];
}

/** A value of an event as plain text: ids through `names`, then terms and actions; lists joined. */
function plainValue(lang: Lang, value: unknown, names: (id: string) => string | undefined, mod?: string): string {
  if (value === null || value === undefined) return termText(lang, 'nobody') ?? '—';
  if (typeof value === 'boolean') return termText(lang, value ? 'yes' : 'no') ?? String(value);
  if (typeof value === 'number') return mod === 'signed' && value > 0 ? `+${value}` : String(value);
  if (typeof value === 'string')
    return (
      names(value) ?? termText(lang, value) ?? DICTS[lang].actions[value] ?? (/^[a-z]+-\d+$/.test(value) ? phaseText(lang, value) : value)
    );
  if (Array.isArray(value)) {
    if (mod === 'count') return String(value.length);
    return value.length
      ? value.map((v) => plainValue(lang, v, names, v && typeof v === 'object' ? 'inline' : undefined)).join(', ')
      : (termText(lang, 'nobody') ?? '—');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (mod === 'count') return String(entries.length);
    if (mod === 'inline' && entries.length) {
      const [first, ...rest] = entries;
      return `${plainValue(lang, first![1], names)}${rest.length ? ` (${rest.map(([, v]) => plainValue(lang, v, names)).join(', ')})` : ''}`;
    }
    return entries
      .map(([k, v]) => `${plainValue(lang, k, names)}${mod === 'arrow' ? ' → ' : ': '}${plainValue(lang, v, names)}`)
      .join('; ');
  }
  return String(value);
}

/** One event as a line of plain text in `lang` (for the forum; the page renders nodes from the same templates). */
export function eventText(
  lang: Lang,
  ruleset: string,
  event: Record<string, unknown>,
  names: (id: string) => string | undefined = () => undefined,
): string {
  const kind = String(event.kind ?? '');
  const tpl = eventTemplate(lang, ruleset, kind);
  let text: string | undefined;
  try {
    text = typeof tpl === 'function' ? tpl(event) : tpl;
  } catch {
    text = undefined;
  }
  if (!text) {
    const fields = Object.entries(event).filter(([k]) => k !== 'kind' && k !== 'to' && k !== 'phase');
    return `${termText(lang, `ev-${kind}`) ?? humanize(kind)}${fields.length ? ': ' : ''}${fields.map(([k, v]) => `${humanize(k)} ${plainValue(lang, v, names)}`).join('; ')}`;
  }
  return text.replace(/\{([\w-]+)(?:\|(\w+))?\}/g, (_all, k: string, mod?: string) => plainValue(lang, event[k], names, mod));
}
