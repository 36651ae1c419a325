// Filling a UI string or a refusal text: `{name}` holes from params, and ICU plurals
// (`{n, plural, =0 {…} one {# point} few {# очка} other {# points}}`) by FormatJS's
// intl-messageformat, with each language's plural rules.
import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import type { Lang } from './langs.js';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/** A message's holes: the plural ones (numbers) and the plain ones (text). */
interface Holes {
  plural: Set<string>;
  plain: Set<string>;
}

const PLURAL = /\{\w+, plural,/;

/** `#` is the plain number (`1000`, `1.5`), as the texts were written, not a locale's grouping. */
const plainNumber = { format: (n: number) => String(n) } as unknown as Intl.NumberFormat;
const rules = new Map<string, Intl.PluralRules>();
const FORMATTERS: Formatters = {
  getNumberFormat: () => plainNumber,
  getDateTimeFormat: (...args) => new Intl.DateTimeFormat(...args),
  getPluralRules: (locale, opts) => {
    const key = `${String(locale)}/${opts?.type ?? 'cardinal'}`;
    let r = rules.get(key);
    if (!r) rules.set(key, (r = new Intl.PluralRules(locale, opts)));
    return r;
  },
};

const compiled = new Map<string, { message: IntlMessageFormat; holes: Holes }>();

function holesOf(elements: Element[], holes: Holes): Holes {
  for (const el of elements) {
    if ('options' in el) {
      if ('pluralType' in el) holes.plural.add(el.value);
      else holes.plain.add(el.value);
      for (const option of Object.values(el.options)) holesOf(option.value, holes);
    } else if ('children' in el) holesOf(el.children, holes);
    else if (el.type !== 0 && el.type !== 7 && 'value' in el) holes.plain.add(el.value);
  }
  return holes;
}

function compile(lang: Lang, text: string) {
  const key = `${lang}\u0000${text}`;
  let c = compiled.get(key);
  if (!c) {
    const message = new IntlMessageFormat(text, lang, undefined, { ignoreTag: true, formatters: FORMATTERS });
    c = { message, holes: holesOf(message.getAst(), { plural: new Set(), plain: new Set() }) };
    compiled.set(key, c);
  }
  return c;
}

/** `{name}` holes only; a hole without its param stays as it is. */
const fillHoles = (text: string, params: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (all, k: string) => (params[k] !== undefined && params[k] !== null ? String(params[k]) : all));

/** Fills `{name}` holes and `{name, plural, …}` blocks from params; a text whose plural count is missing keeps its blocks. */
export function fill(lang: Lang, text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  if (!PLURAL.test(text)) return fillHoles(text, params);
  const { message, holes } = compile(lang, text);
  const values: Record<string, string | number> = {};
  for (const k of holes.plural) {
    const n = Number(params[k]);
    if (!Number.isFinite(n)) return fillHoles(text, params);
    values[k] = n;
  }
  for (const k of holes.plain)
    if (!holes.plural.has(k)) values[k] = params[k] !== undefined && params[k] !== null ? String(params[k]) : `{${k}}`;
  return String(message.format(values));
}
