import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { buyPrice, drawRegime, sellPrice } from '../../../engine/rulesets/killgame/market.js';
import { at, toAction } from './helpers.js';

const settings = killgame.settings.parse({});

describe('market', () => {
  it('KG-13.1 the market opens from tactic-2 on, never in turn 1 nor in action phases', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', tokens: 500 },
        { id: 'b', zone: 'campi' },
      ],
      { turn: 1 },
    );
    expect(m.act('a', { type: 'buy', item: 'knife' })).toMatchObject({ reason: 'not-on-turn-1' });
    m.close();
    expect(m.act('a', { type: 'buy', item: 'knife' })).toMatchObject({ reason: 'wrong-phase' });
    m.close();
    expect(m.eventsOf('tactic-2', 'public', 'market-open')).toEqual([{ kind: 'market-open', to: 'public', turn: 2, regime: 'discounted' }]);
    expect(m.state.regime).toBe('discounted');
  });

  it('KG-13.2 prices per regime (integer rounding): weapons flat +100/+150, the rest ×110 %/×130 %', () => {
    expect(['discounted', 'unchanged', 'raised', 'crazy'].map((r) => buyPrice(settings, r as 'raised', 'shotgun'))).toEqual([
      175, 250, 350, 400,
    ]);
    expect(['discounted', 'unchanged', 'raised', 'crazy'].map((r) => buyPrice(settings, r as 'raised', 'knife'))).toEqual([
      21, 30, 130, 180,
    ]);
    expect(['discounted', 'unchanged', 'raised', 'crazy'].map((r) => buyPrice(settings, r as 'raised', 'gas-mask'))).toEqual([
      14, 20, 22, 26,
    ]);
    // round(45·70 %) = 32 (31.5 rounds up), round(45·110 %) = 50 (49.5 rounds up).
    const odd = killgame.settings.parse({ prices: { vest: 45 } });
    expect(buyPrice(odd, 'discounted', 'vest')).toBe(32);
    expect(buyPrice(odd, 'raised', 'vest')).toBe(50);
  });

  it('KG-13.2 seeded: regimes are drawn with weights 8/17/50/25', () => {
    const counts: Record<string, number> = {};
    const n = 20000;
    for (let i = 0; i < n; i++) {
      const r = drawRegime(createRng('regimes', 'natural', `t${i}`));
      counts[r] = (counts[r] ?? 0) + 1;
    }
    expect(counts.discounted! / n).toBeCloseTo(0.08, 1);
    expect(Math.abs(counts.discounted! / n - 0.08)).toBeLessThan(0.012);
    expect(Math.abs(counts.unchanged! / n - 0.17)).toBeLessThan(0.015);
    expect(Math.abs(counts.raised! / n - 0.5)).toBeLessThan(0.02);
    expect(Math.abs(counts.crazy! / n - 0.25)).toBeLessThan(0.015);
  });

  it('KG-13.3 selling pays ⌊base·70 %⌋ whatever the regime', () => {
    expect(sellPrice(settings, 'shotgun')).toBe(175);
    expect(sellPrice(settings, 'knife')).toBe(21);
    const odd = killgame.settings.parse({ prices: { vest: 45 } });
    expect(sellPrice(odd, 'vest')).toBe(31);
    const m = at([
      { id: 'a', zone: 'campi', inventory: { vest: 2 }, tokens: 0 },
      { id: 'b', zone: 'campi' },
    ]);
    m.state.regime = 'crazy';
    m.must('a', { type: 'sell', item: 'vest', count: 2 });
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'trade')).toEqual([
      { kind: 'trade', to: 'a', op: 'sell', item: 'vest', count: 2, price: 70, tokens: 70 },
    ]);
  });

  it('KG-13.4 options and fists are not traded; K rations only when on', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'gas-launcher': 1 }, tokens: 1000 },
      { id: 'b', zone: 'campi' },
    ]);
    expect(m.act('a', { type: 'sell', item: 'gas-launcher' })).toMatchObject({ reason: 'not-for-sale' });
    expect(m.act('a', { type: 'buy', item: 'reinforced-vests' })).toMatchObject({ reason: 'not-for-sale' });
    expect(m.act('a', { type: 'buy', item: 'fists' })).toMatchObject({ reason: 'not-for-sale' });
    expect(m.act('a', { type: 'buy', item: 'k-ration' })).toMatchObject({ reason: 'not-for-sale' });
    expect(m.act('a', { type: 'buy', item: 'knife', count: 0 })).toMatchObject({ reason: 'invalid-count' });
    expect(m.act('a', { type: 'sell', item: 'knife' })).toMatchObject({ reason: 'not-owned' });
  });

  it('KG-13.5 at most market-trades units bought per phase; sales unlimited; tokens projected', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { grenade: 5 }, tokens: 100 },
      { id: 'b', zone: 'campi' },
    ]);
    m.state.regime = 'unchanged';
    m.must('a', { type: 'buy', item: 'gas-mask', count: 2 });
    expect(m.act('a', { type: 'buy', item: 'gas-mask', count: 2 })).toMatchObject({ reason: 'trade-limit' });
    expect(m.act('a', { type: 'buy', item: 'medikit' })).toMatchObject({ reason: 'not-enough-tokens' });
    for (let i = 0; i < 5; i++) m.must('a', { type: 'sell', item: 'grenade' });
    expect(m.act('a', { type: 'buy', item: 'medikit' })).toMatchObject({ ok: true });
    expect(m.act('a', { type: 'buy', item: 'medikit' })).toMatchObject({ reason: 'trade-limit' });
    m.close();
    expect(m.facts().inventory!.a).toMatchObject({ grenade: 0, 'gas-mask': 2, medikit: 1 });
    expect(m.facts().stats!.a!.tokens).toBe(100 - 40 + 5 * 56 - 70);
  });

  it('KG-13.6 goods bought are usable in the same tactic phase', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {}, tokens: 500, energy: 10, poison: 1 },
      { id: 'b', zone: 'campi' },
    ]);
    m.state.regime = 'unchanged';
    expect(m.act('a', { type: 'medikit' })).toMatchObject({ reason: 'not-owned' });
    m.must('a', { type: 'buy', item: 'medikit' });
    m.must('a', { type: 'buy', item: 'antidote' });
    m.must('a', { type: 'buy', item: 'smoke-grenade' });
    m.must('a', { type: 'medikit' });
    m.must('a', { type: 'antidote' });
    m.must('a', { type: 'smoke', zone: 'campi' });
    m.close();
    expect(m.facts().stats!.a).toMatchObject({ energy: 16, poison: 0 });
    expect(m.state.smokeEnd.campi).toBe(3);
  });

  it('KG-13.2 KG-8.3 the regime of the open phase sets the buying price', () => {
    const m = at([
      { id: 'a', zone: 'campi', tokens: 349 },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    m.state.regime = 'raised';
    m.must('a', { type: 'sell', item: 'sniper-rifle' });
    expect(m.act('a', { type: 'buy', item: 'shotgun' })).toMatchObject({ ok: true });
    toAction(m);
    expect(m.facts().inventory!.a).toMatchObject({ shotgun: 1, 'sniper-rifle': 0 });
    expect(m.facts().stats!.a!.tokens).toBe(349 + 105 - 350);
  });
});
