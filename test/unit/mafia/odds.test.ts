// The chance formulas the night rolls against are the ones the randomizer shows (engine/rulesets/mafia/odds.ts).
import { describe, expect, it } from 'vitest';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { odds, chanceTerms, sumTerms } from '../../../engine/rulesets/mafia/odds.js';

const settings = mafia.settings.parse({}) as never;
const base = { luck: 0, curse: 0, bonus: 0, prepared: false } as const;

describe('search and theft odds', () => {
  it('MAF-4.20 a preparation counts the base twice; MAF-4.3 a map adds its bonus', () => {
    const plain = odds(settings, { ...base, action: 'search-random', rarity: 'rare' });
    const prepared = odds(settings, { ...base, action: 'search-random', rarity: 'rare', prepared: true });
    expect(prepared.chance).toBe(plain.chance * 2);
    const map = odds(settings, { ...base, action: 'search-map', rarity: 'rare' });
    expect(map.terms.map((t) => t.id)).toEqual(['base', 'map-bonus', 'bonus']);
    expect(map.chance).toBe(sumTerms(chanceTerms(settings, { action: 'search-map', rarity: 'rare', prepared: false, bonus: 0 })));
  });

  it('MAF-9.5 luck gives a failed check a second chance; MAF-9.4 a curse can undo a success; MAF-9.2 theft-avoid last', () => {
    const o = odds(settings, { ...base, action: 'steal', rarity: 'relic', luck: 50, curse: 20, theftAvoid: 50 });
    expect(o.afterLuck).toBeCloseTo(o.own + (1 - o.own) * 0.5);
    expect(o.afterCurse).toBeCloseTo(o.afterLuck * 0.8);
    expect(o.final).toBeCloseTo(o.afterCurse * 0.5);
  });

  it('MAF-4.14 a bandit stealing from a bandit always succeeds; MAF-9.3 the antidote has its own odds', () => {
    expect(odds(settings, { ...base, action: 'steal', rarity: 'legendary', banditOnBandit: true }).final).toBe(1);
    const first = odds(settings, { ...base, action: 'search-antidote', rarity: 'thing', antidoteNight: 1 });
    const second = odds(settings, { ...base, action: 'search-antidote', rarity: 'thing', antidoteNight: 2 });
    expect([first.chance, second.chance]).toEqual([40, 30]);
  });
});
