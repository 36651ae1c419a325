// The catalogue's languages (texts/langs.ts): every key in every language, every key the page uses exists,
// every reason id and every event kind of every ruleset has its text in each language (a unit test over texts/).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DICTS, errorText, eventText, format } from '../../../texts/index.js';
import { LANGS } from '../../../texts/langs.js';
import { eventKinds, reasonIds, rulesetEventKinds } from './sources.js';

const dicts = DICTS;
const { en } = DICTS;
const sections = ['ui', 'terms', 'actions', 'fields', 'errors', 'events'] as const;

describe('the catalogue speaks each of its languages whole', () => {
  it('has the same keys in every language', () => {
    for (const section of sections) {
      const keys = Object.keys(en[section]).sort();
      for (const [lang, dict] of Object.entries(dicts)) expect(Object.keys(dict[section]).sort(), `${lang}.${section}`).toEqual(keys);
    }
  });

  it('has a text for every UI key the page uses', () => {
    const dir = join(import.meta.dirname, '../../../web/src');
    const used = new Set<string>();
    // Every page module, web/src/match/ included.
    const pageFiles = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    for (const file of pageFiles) {
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

  it('issue 15: every reason id and every event kind the engine and the API give has its own text in it, ru and en', () => {
    const reasons = reasonIds();
    const kinds = eventKinds();
    expect(reasons.size).toBeGreaterThan(100);
    expect(kinds.size).toBeGreaterThan(70);
    for (const [lang, dict] of Object.entries(dicts)) {
      expect(
        [...reasons].filter(([id]) => dict.errors[id] === undefined).map(([id, file]) => `${id} (${file})`),
        `${lang}.errors`,
      ).toEqual([]);
      const hasEvent = (kind: string) =>
        dict.events[kind] !== undefined || ['lupus', 'mafia', 'killgame'].some((r) => dict.events[`${r}:${kind}`] !== undefined);
      expect(
        [...kinds].filter(([kind]) => !hasEvent(kind)).map(([kind, file]) => `${kind} (${file})`),
        `${lang}.events`,
      ).toEqual([]);
    }
  });

  it.each(['lupus', 'mafia', 'killgame'])(
    'issue 46: every event kind %s gives has a text of its own in each language (its `ruleset:kind`, or the shared `kind`)',
    (ruleset) => {
      const kinds = rulesetEventKinds(ruleset);
      expect(kinds.size).toBeGreaterThan(10);
      for (const lang of LANGS) {
        const events = DICTS[lang].events;
        const missing = [...kinds].filter(([kind]) => events[`${ruleset}:${kind}`] === undefined && events[kind] === undefined);
        expect(
          missing.map(([kind, file]) => `${kind} (${file})`),
          `${lang}: ${ruleset}'s events`,
        ).toEqual([]);
      }
    },
  );

  it('issue 15: plurals follow each language (Intl.PluralRules), numbers of a refusal are filled in, and the catalog renders events from Node', () => {
    expect(format('ru', 'headline-sent', { n: 1 })).toBe('Отправлено 1 действие.');
    expect(format('ru', 'headline-sent', { n: 3 })).toBe('Отправлено 3 действия.');
    expect(format('ru', 'headline-sent', { n: 5 })).toBe('Отправлено 5 действий.');
    expect(format('it', 'headline-sent', { n: 1 })).toBe('1 azione inviata.');
    expect(errorText('ru', 'quorum-not-reached', { dealt: 3, joined: 5, quorum: 4 })).toBe(
      'Недостаточно игроков в раздаче: 3 из 5 записавшихся, для старта нужно 4.',
    );
    expect(errorText('it', 'invalid-settings', { reason: 'table-size', roles: 13, playerCount: 7 })).toBe(
      'Il tavolo ha 13 ruoli ma il numero di giocatori è 7: devono coincidere.',
    );
    expect(errorText('en', 'no-such-reason')).toBeNull();
    const names = (id: string) => ({ carla: 'Carla' })[id];
    expect(eventText('it', 'lupus', { kind: 'death', to: 'public', player: 'carla', cause: 'mauled' }, names)).toMatch(/^Carla/);
  });
});
