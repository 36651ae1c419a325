// The page's three languages: every key in every language, every key the page uses exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.js';
import it_ from '../../web/src/i18n/it.js';
import ru from '../../web/src/i18n/ru.js';

const dicts = { en, it: it_, ru };
const sections = ['ui', 'terms', 'actions', 'fields', 'errors', 'events'] as const;

describe('the page speaks Italian, Russian and English', () => {
  it('has the same keys in every language', () => {
    for (const section of sections) {
      const keys = Object.keys(en[section]).sort();
      for (const [lang, dict] of Object.entries(dicts)) expect(Object.keys(dict[section]).sort(), `${lang}.${section}`).toEqual(keys);
    }
  });

  it('has a text for every UI key the page uses', () => {
    const dir = join(import.meta.dirname, '../../web/src');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const m of source.matchAll(/\bt\(\s*'([^']+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !(k in en.ui))).toEqual([]);
  });

  it('keeps the same holes in every translation of a UI string', () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(en.ui)) {
      for (const [lang, dict] of Object.entries(dicts)) expect(holes(dict.ui[key]!), `${lang}.ui.${key}`).toEqual(holes(text));
    }
  });
});
