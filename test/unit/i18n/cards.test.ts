// Issue 44: every role, specialty and item an engine declares has a card in every language, with
// what it does and when; and no card names an id the engine does not know.
import { describe, expect, it } from 'vitest';
import { ITEM_IDS } from '../../../engine/rulesets/killgame/catalog.js';
import { ROLE_IDS } from '../../../engine/rulesets/lupus/roles.js';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import { ROLES, SPECIALTIES } from '../../../engine/rulesets/mafia/ids.js';
import { CARDS } from '../../../web/src/cards.js';
import { LANGS } from '../../../texts/langs.js';

const DECLARED: Record<'lupus' | 'mafia' | 'killgame', readonly string[]> = {
  // LUP-3 roles
  lupus: ROLE_IDS,
  // MAF-1.6 roles, MAF-7.1 specialties, the starter catalog's items
  mafia: [...ROLES, ...SPECIALTIES, ...starterCatalog().items.map((i) => i.id)],
  // KG-2.3 items
  killgame: ITEM_IDS,
};

describe('issue 44: a card for every role, specialty and item', () => {
  for (const lang of LANGS) {
    for (const [ruleset, ids] of Object.entries(DECLARED) as [keyof typeof DECLARED, readonly string[]][]) {
      it(`${ruleset}/${lang}: every declared id has a card that says what it does and when`, () => {
        const cards = CARDS[lang][ruleset].cards;
        const missing = ids.filter((id) => !cards[id]?.does.trim() || !cards[id]?.when.trim());
        expect(missing, `no card in ${lang}`).toEqual([]);
        expect(CARDS[lang][ruleset].intro.length).toBeGreaterThan(100);
      });
      it(`${ruleset}/${lang}: no card for an id the engine does not declare`, () => {
        const extra = Object.keys(CARDS[lang][ruleset].cards).filter((id) => !ids.includes(id));
        expect(extra).toEqual([]);
      });
    }
  }

  it('roles and specialties say their side and how they win or count (LUP-11, MAF-1.13, MAF-7.1)', () => {
    for (const lang of LANGS) {
      for (const id of ROLE_IDS) expect(CARDS[lang].lupus.cards[id]?.side, `${lang} ${id}`).toBeTruthy();
      for (const id of [...ROLES, ...SPECIALTIES]) expect(CARDS[lang].mafia.cards[id]?.side, `${lang} ${id}`).toBeTruthy();
    }
  });

  it('a translated card is not the English one left in place', () => {
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      for (const ruleset of Object.keys(DECLARED) as (keyof typeof DECLARED)[]) {
        for (const [id, card] of Object.entries(CARDS[lang][ruleset].cards)) {
          expect(card.does, `${lang} ${ruleset} ${id}`).not.toBe(CARDS.en[ruleset].cards[id]?.does);
        }
      }
    }
  });
});
