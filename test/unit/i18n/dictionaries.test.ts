// Issue 18: the dictionaries split per ruleset beside a common one. Each ruleset's texts, and the
// platform's, are complete in every language (the keys of the English one, none missing, none
// extra), and a key lives in one dictionary only, so merging them never lets one text hide another.
import { describe, expect, it } from 'vitest';
import { COMMON_DICTS, RULESET_DICTS } from '../../../texts/dicts.js';
import { DICTS, LANGS, type RulesetDict } from '../../../texts/index.js';

const SECTIONS = ['ui', 'terms', 'actions', 'fields', 'errors', 'events'] as const;
const ALL: Record<string, Record<string, RulesetDict>> = { common: COMMON_DICTS, ...RULESET_DICTS };
const keys = (d: RulesetDict) => Object.fromEntries(SECTIONS.filter((s) => d[s]).map((s) => [s, Object.keys(d[s]!).sort()]));

describe('issue 18: a dictionary per ruleset beside a common one', () => {
  for (const [name, byLang] of Object.entries(ALL)) {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      it(`${name}/${lang} has exactly the keys of ${name}/en`, () => {
        expect(keys(byLang[lang]!)).toEqual(keys(byLang.en!));
      });
    }
  }

  it('gives each ruleset texts of its own', () => {
    for (const [name, byLang] of Object.entries(RULESET_DICTS)) {
      const d = byLang.en;
      expect(Object.keys(d.events ?? {}).length, `${name} events`).toBeGreaterThan(10);
      expect(Object.keys(d.actions ?? {}).length, `${name} actions`).toBeGreaterThan(5);
      expect(Object.keys(d.errors ?? {}).length + Object.keys(d.fields ?? {}).length, `${name} errors and fields`).toBeGreaterThan(5);
    }
  });

  it('puts every key in one dictionary only, and the merged one holds them all with their text', () => {
    for (const lang of LANGS) {
      for (const s of SECTIONS) {
        const owners = new Map<string, string[]>();
        for (const [name, byLang] of Object.entries(ALL))
          for (const k of Object.keys(byLang[lang]![s] ?? {})) owners.set(k, [...(owners.get(k) ?? []), name]);
        expect([...owners].filter(([, o]) => o.length > 1).map(([k, o]) => `${lang}.${s}.${k}: ${o.join(', ')}`)).toEqual([]);
        expect(Object.keys(DICTS[lang][s]).sort(), `${lang}.${s}`).toEqual([...owners.keys()].sort());
        for (const [name, byLang] of Object.entries(ALL))
          for (const [k, text] of Object.entries(byLang[lang]![s] ?? {})) expect(DICTS[lang][s][k], `${name}/${lang}.${s}.${k}`).toBe(text);
      }
    }
  });

  it("keeps a ruleset's event under its own name where the kind is shared (`ruleset:kind`)", () => {
    for (const [name, byLang] of Object.entries(RULESET_DICTS)) {
      const foreign = Object.keys(byLang.en.events ?? {}).filter((k) => k.includes(':') && !k.startsWith(`${name}:`));
      expect(foreign, name).toEqual([]);
    }
  });
});
