// Issue 46, decision 15: adding a language is a folder of texts and its line in texts/langs.ts; texts/folders.ts
// is generated from that list (`npm run texts`, which npm start and npm test run first). A copy of the catalogue
// gets a fake language `xx` (a copy of English) that way, and every per-language table of texts/dicts.ts then
// has it, with nothing else edited by hand.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const texts = join(import.meta.dirname, '..', '..', '..', 'texts');
const copy = mkdtempSync(join(tmpdir(), 'dusk-texts-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** A table's content as data: functions (a template's code) by their source, since each copy has its own. */
const shape = (value: unknown): unknown =>
  typeof value === 'function'
    ? String(value)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
      : value;

/** texts/langs.ts with one more language: its line in LANG_NAMES. */
function withLanguage(source: string, code: string, name: string): string {
  const lines = source.split('\n');
  const entry = lines.findIndex((l) => /^\s+en: 'English',$/.test(l));
  expect(entry, 'the English line of LANG_NAMES').toBeGreaterThan(0);
  lines.splice(entry + 1, 0, `  ${code}: '${name}',`);
  return lines.join('\n');
}

describe('a language is a folder plus one line (issue 46, decision 15)', () => {
  it('issue 46: the committed texts/folders.ts is what npm run texts generates from texts/langs.ts', async () => {
    const { foldersSource } = await import('../../../texts/folders-source.js');
    expect(readFileSync(join(texts, 'folders.ts'), 'utf8')).toBe(foldersSource());
  });

  it('issue 46: a fake language added that way reaches every per-language table of the catalogue', async () => {
    cpSync(texts, copy, { recursive: true });
    cpSync(join(copy, 'en'), join(copy, 'xx'), { recursive: true });
    writeFileSync(join(copy, 'langs.ts'), withLanguage(readFileSync(join(copy, 'langs.ts'), 'utf8'), 'xx', 'Xx'));
    const { foldersSource } = await import(pathToFileURL(join(copy, 'folders-source.ts')).href);
    writeFileSync(join(copy, 'folders.ts'), foldersSource());

    const langs = await import(pathToFileURL(join(copy, 'langs.ts')).href);
    const dicts = await import(pathToFileURL(join(copy, 'dicts.ts')).href);
    expect(langs.LANGS).toEqual(['it', 'ru', 'en', 'xx']);
    expect(langs.LANG_NAMES.xx).toBe('Xx');
    expect(langs.isLang('xx')).toBe(true);
    for (const table of ['COMMON_DICTS', 'DICTS', 'CARDS', 'POSTS', 'NAMES'] as const) {
      expect(Object.keys(dicts[table]), table).toEqual(langs.LANGS);
      expect(shape(dicts[table].xx), table).toEqual(shape(dicts[table].en));
    }
    for (const ruleset of Object.keys(dicts.RULESET_DICTS))
      expect(shape(dicts.RULESET_DICTS[ruleset].xx), ruleset).toEqual(shape(dicts.RULESET_DICTS[ruleset].en));
  });
});
