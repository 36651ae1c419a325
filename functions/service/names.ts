// Names a person types (decision 10): NFC, runs of spaces folded to one, 1–40 characters (a match's
// name up to 80), nothing invisible, and no two player names in a match confusable with each other.
// One module for join, substitute, import and match creation.
import { loadOnce } from '../load-once.js';
import { refusal } from './errors.js';

/**
 * Unicode's confusables table (the unhomoglyph package, some 100 KB), imported by the first name check:
 * only joins, substitutions and imports check names, and every cold start of the API and the resolver
 * would otherwise parse it.
 */
const prototypes = loadOnce(async (): Promise<(s: string) => string> => (await import('unhomoglyph')).default);

export const NAME_MAX_CHARS = 40;
export const MATCH_NAME_MAX_CHARS = 80;

/**
 * Characters a reader cannot see or that change how the text around them is shown: controls, format
 * characters (bidi marks, zero-width characters, the soft hyphen, tag characters), Unicode's default
 * ignorables (the Hangul fillers U+3164 / U+FFA0, variation selectors), line and paragraph separators,
 * private use, unpaired surrogates, every space other than U+0020, and the blank Braille pattern U+2800.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|(?! )\p{White_Space}/u;
/** Scripts whose letters pass for each other's (TR39's mixed-script confusables): one word uses one of them. */
const LOOKALIKE_SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
];
const mixesScripts = (name: string) => name.split(' ').some((word) => LOOKALIKE_SCRIPTS.filter((script) => script.test(word)).length > 1);
/** Something a reader sees: a letter, a digit, punctuation or a symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export type NameCheck = { ok: true; name: string } | { ok: false; code: 'invalid-name' | 'name-taken'; message: string };

/** The text as stored (NFC, trimmed, runs of spaces folded), or why it cannot be a name of at most `max` characters. */
export function checkNameText(raw: string, max = NAME_MAX_CHARS): NameCheck {
  const name = raw.normalize('NFC').trim().replace(/ {2,}/g, ' ');
  const bad = (message: string): NameCheck => ({ ok: false, code: 'invalid-name', message });
  // String.trim takes a byte order mark for space: it is refused, never silently cut off.
  if (INVISIBLE.test(name) || raw.includes('\ufeff')) return bad('A name may not contain control, format or invisible characters.');
  const length = [...name].length;
  if (length < 1 || length > max) return bad(`A name has 1 to ${max} characters.`);
  if (!VISIBLE.test(name)) return bad('A name needs a visible character.');
  return { ok: true, name };
}

/** A match's name as stored, or the refusal `invalid-name`. */
export function acceptMatchName(raw: string): string {
  const verdict = checkNameText(raw, MATCH_NAME_MAX_CHARS);
  // A match's name has no other names to be compared with (a player's is compared within the match):
  // `Lupus Аnna` with a Cyrillic А, one word in two look-alike scripts, is a disguise, not a name.
  if (verdict.ok && mixesScripts(verdict.name))
    throw refusal('invalid-name', 'A word of a name may not mix look-alike scripts (Latin, Cyrillic, Greek…).');
  if (verdict.ok) return verdict.name;
  throw refusal(verdict.code, verdict.message);
}

/** The name as stored, or why it cannot be a name; `others` are the names already in the match. */
export async function checkPlayerName(raw: string, others: readonly string[] = []): Promise<NameCheck> {
  const text = checkNameText(raw);
  if (!text.ok) return text;
  const { name } = text;
  const skeletonOf = await skeletons();
  const skeleton = skeletonOf(name);
  const twin = others.find((o) => skeletonOf(o) === skeleton);
  if (twin !== undefined)
    return { ok: false, code: 'name-taken', message: 'Another player already has that name, or one that looks the same.' };
  return { ok: true, name };
}

/** The name as stored, or the refusal `invalid-name` or `name-taken`. */
export async function acceptPlayerName(raw: string, others: readonly string[] = []): Promise<string> {
  const verdict = await checkPlayerName(raw, others);
  if (verdict.ok) return verdict.name;
  throw refusal(verdict.code, verdict.message);
}

/**
 * A name's TR39 skeleton (decomposition, Unicode's confusable prototypes, decomposition), stricter in two
 * ways: compatibility forms fold too (full-width `Ａｎｎａ`), and so does case (`anna` and `Anna`
 * collide). Two names with one skeleton look alike. Resolves to the function once the table is loaded.
 * The table is applied to the canonical decomposition before compatibility folds (issue 41): folded
 * first, a source such as `´` (U+00B4) became a space and a combining accent and missed its prototype `'`.
 */
export async function skeletons(): Promise<(name: string) => string> {
  const unhomoglyph = await prototypes();
  const once = (s: string) => unhomoglyph(unhomoglyph(s.normalize('NFC')).normalize('NFD')).normalize('NFKD');
  return (name) => once(once(name.trim().replace(/ {2,}/g, ' ')).toLowerCase());
}
