// Issue 41, decision 10: the name rule over Unicode's confusables data itself. The table is the one the
// name check uses, as its library ships it (unhomoglyph's data.json: Unicode TR39 confusables.txt,
// source → prototype). Every pair whose two sides are names a person may type, in a word of its own
// and alone, is refused as one name within a match (name-taken), both ways; match names refuse a word
// that mixes a look-alike letter into another script.
import { describe, expect, it } from 'vitest';
import { acceptMatchName, checkPlayerName } from '../../../functions/service/names.js';
import { refusalOf } from '../../setup/refusal.js';
import { CONFUSABLES as TABLE, namePairs } from '../../support/confusables.js';

describe('issue 41: names over Unicode’s confusables table', () => {
  it('the table is the library’s whole confusables data, and almost every pair makes two valid names', () => {
    expect(Object.keys(TABLE).length).toBeGreaterThan(6000);
    expect(namePairs((c) => `Anna ${c}x`).length).toBeGreaterThan(5000);
  });

  for (const [label, context] of [
    ['a word of its own (“Anna ·x”)', (c: string) => `Anna ${c}x`],
    ['the whole name', (c: string) => c],
  ] as const) {
    it(`issue 41: two player names differing only by a confusable, as ${label}, are one name in a match: name-taken, both ways`, async () => {
      const missed: string[] = [];
      for (const { code, typed, typedStored, stored } of namePairs(context)) {
        const storedFirst = await checkPlayerName(typed, [stored]);
        const typedFirst = await checkPlayerName(stored, [typedStored]);
        if (storedFirst.ok || storedFirst.code !== 'name-taken' || typedFirst.ok || typedFirst.code !== 'name-taken')
          missed.push(`${code} ${JSON.stringify(typed)} vs ${JSON.stringify(stored)}`);
      }
      expect(missed).toEqual([]);
    });
  }

  it('issue 41: a match name whose word mixes in a look-alike letter of another script is refused invalid-name; the plain word is accepted', async () => {
    const LATIN = /^\p{Script=Latin}$/u;
    const OTHER = /^[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]$/u;
    const lookalikes = Object.entries(TABLE).filter(
      ([source, prototype]) => OTHER.test(source) && LATIN.test(prototype) && /\p{L}/u.test(source),
    );
    expect(lookalikes.length).toBeGreaterThan(50);
    const missed: string[] = [];
    for (const [source, prototype] of lookalikes) {
      const disguised = await refusalOf(Promise.resolve().then(() => acceptMatchName(`Lupus an${source}a`)));
      const plain = await refusalOf(Promise.resolve().then(() => acceptMatchName(`Lupus an${prototype}a`)));
      if (disguised?.reason !== 'invalid-name' || plain !== null)
        missed.push(`${source} (${prototype}): ${disguised?.reason ?? 'accepted'} / ${plain?.reason ?? 'accepted'}`);
    }
    expect(missed).toEqual([]);
  });
});
