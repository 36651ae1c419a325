// Unicode's confusables data as the name check's library ships it (unhomoglyph's data.json: TR39
// confusables.txt, source → prototype), and its pairs as two names a person may type (issue 41).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { checkNameText } from '../../functions/service/names.js';

export const CONFUSABLES: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('unhomoglyph/data.json'), 'utf8'),
);

export interface NamePair {
  /** The source's code point, `U+00B4`. */
  code: string;
  /** The name typed with the source, and as it is stored. */
  typed: string;
  typedStored: string;
  /** The same name with the prototype, as stored. */
  stored: string;
}

/** Every pair of the table whose two sides, in `context`, are valid names that differ once stored. */
export function namePairs(context: (c: string) => string): NamePair[] {
  const pairs: NamePair[] = [];
  for (const [source, prototype] of Object.entries(CONFUSABLES)) {
    // A source NFC rewrites (a composition exclusion) is never in a stored name: the text it becomes is.
    if (source.normalize('NFC') !== source) continue;
    const [a, b] = [checkNameText(context(source)), checkNameText(context(prototype))];
    // Invisible sources are refused on their own (decision 10), and some pairs are one text once stored.
    if (!a.ok || !b.ok || a.name === b.name) continue;
    pairs.push({
      code: `U+${source.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
      typed: context(source),
      typedStored: a.name,
      stored: b.name,
    });
  }
  return pairs;
}
