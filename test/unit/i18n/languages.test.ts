// Issue 46, decision 15: a language is one folder of texts (texts/<lang>/) and its line in texts/langs.ts.
// The language list is declared there only: every other list of languages (the API's enums, the ports'
// types, the posts, the page's switch) derives from it, and the catalogue's folders are exactly its languages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMON_DICTS, NAMES, POSTS } from '../../../texts/dicts.js';
import { isLang, LANG_NAMES, LANGS } from '../../../texts/langs.js';

const root = join(import.meta.dirname, '../../..');
const texts = join(root, 'texts');

/** The files under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p).map((f) => `${name}/${f}`) : [name];
  });
}

/** The project's own TypeScript sources (tests left out: they may name languages to check them). */
function sources(): string[] {
  return ['engine', 'functions', 'infra', 'web/src', 'texts'].flatMap((d) =>
    filesUnder(join(root, d))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(root, d, f)),
  );
}

describe('a language is one folder plus one line (issue 46, decision 15)', () => {
  it('the folders of texts/ are exactly the languages of texts/langs.ts, each with the same files', () => {
    const folders = readdirSync(texts)
      .filter((name) => statSync(join(texts, name)).isDirectory())
      .sort();
    expect(folders).toEqual([...LANGS].sort());
    const en = filesUnder(join(texts, 'en')).sort();
    expect(en).toContain('index.ts');
    for (const lang of LANGS) expect(filesUnder(join(texts, lang)).sort(), lang).toEqual(en);
  });

  it('every list of languages derives from texts/langs.ts: no other source names two language codes together', () => {
    const codes = LANGS.join('|');
    const list = new RegExp(`['"](${codes})['"]\\s*[|,]\\s*['"](${codes})['"]`);
    const listing = sources()
      .filter((file) => relative(root, file) !== join('texts', 'langs.ts'))
      .filter((file) => list.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(listing).toEqual([]);
  });

  it("each language has its name, its dictionaries, its posts' words and its names, all from its folder", () => {
    expect(Object.keys(LANG_NAMES)).toEqual(LANGS);
    for (const lang of LANGS) {
      expect(isLang(lang)).toBe(true);
      expect(LANG_NAMES[lang].length, lang).toBeGreaterThan(1);
      expect(Object.keys(COMMON_DICTS[lang].ui).length, lang).toBeGreaterThan(100);
      expect(Object.keys(POSTS[lang]).sort(), lang).toEqual(Object.keys(POSTS.en).sort());
      expect(Object.keys(NAMES[lang]).sort(), lang).toEqual(['killgame', 'lupus', 'mafia']);
    }
    expect(isLang('de')).toBe(false);
    expect(isLang('toString')).toBe(false);
  });
});
