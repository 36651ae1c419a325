// KG-4.3 projected validation: what a player's own accepted actions of the phase have already
// spent, bought, sold or healed is what his next action is checked against (decision 42).
import { describe, expect, it } from 'vitest';
import { buyPrice, sellPrice } from '../../../engine/rulesets/killgame/market.js';
import { at } from './helpers.js';

/** tactic-2 with a (the given fields) and b beside him in `campi`, both there in the last action phase (KG-18.1). */
const tactic2 = (a: Record<string, unknown>) =>
  at([
    { id: 'a', zone: 'campi', tokens: 0, ...a },
    { id: 'b', zone: 'campi' },
  ]);

const withdrawn = (m: ReturnType<typeof at>) => m.eventsOf('tactic-2', 'a', 'action-withdrawn');

describe('KG-4.3 KG-13.2 KG-13.3 trades change the tokens the next trade is checked against', () => {
  it('KG-13.3 KG-4.3 the tokens of a sale pay for a later buy of the same phase', () => {
    const m = tactic2({ inventory: { medikit: 2 } });
    const earned = 2 * sellPrice(m.state.settings, 'medikit');
    expect(m.act('a', { type: 'buy', item: 'vest' })).toMatchObject({ ok: false, reason: 'not-enough-tokens' });
    expect(m.must('a', { type: 'sell', item: 'medikit', count: 2 })).toBe('trade-1');
    const grenade = buyPrice(m.state.settings, m.state.regime!, 'grenade');
    expect(grenade).toBeLessThanOrEqual(earned);
    expect(m.must('a', { type: 'buy', item: 'grenade' })).toBe('trade-2');
    // What is left after the grenade is not enough for a second one.
    expect(earned - grenade).toBeLessThan(grenade);
    expect(m.act('a', { type: 'buy', item: 'grenade' })).toMatchObject({ ok: false, reason: 'not-enough-tokens' });
  });

  it('KG-13.2 KG-4.3 a buy spends the price of the open regime, so the tokens left decide the next buy', () => {
    const m = tactic2({ inventory: {} });
    const regime = m.state.regime!;
    const price = buyPrice(m.state.settings, regime, 'gas-mask');
    // Priced under this regime, a player holding two gas masks' worth of tokens buys exactly two.
    expect(price).not.toBe(buyPrice(m.state.settings, 'unchanged', 'gas-mask'));
    m.state.players[0]!.tokens = 2 * price;
    expect(m.must('a', { type: 'buy', item: 'gas-mask' })).toBe('trade-1');
    expect(m.must('a', { type: 'buy', item: 'gas-mask' })).toBe('trade-2');
    expect(m.act('a', { type: 'buy', item: 'gas-mask' })).toMatchObject({ ok: false, reason: 'not-enough-tokens' });
    m.close();
    expect(m.player('a').tokens).toBe(0);
    expect(m.player('a').inventory).toEqual({ 'gas-mask': 2 });
  });
});

describe('KG-4.3 decision 42 an item committed to a use is no longer owned', () => {
  const uses: [string, Record<string, unknown>, string][] = [
    ['antidote', { type: 'antidote' }, 'antidote'],
    ['smoke', { type: 'smoke', zone: 'campi' }, 'smoke-grenade'],
    ['gas', { type: 'gas', zone: 'campi' }, 'gas-canister'],
    ['medikit', { type: 'medikit' }, 'medikit'],
  ];
  for (const [name, use, item] of uses) {
    it(`KG-4.3 KG-13.3 after a ${name} the ${item} it uses cannot be sold; sold first, it cannot be used`, () => {
      const m = tactic2({ inventory: { [item]: 1 }, poison: 2, energy: 20 });
      m.must('a', use as never);
      expect(m.act('a', { type: 'sell', item })).toMatchObject({ ok: false, reason: 'not-owned' });
      const n = tactic2({ inventory: { [item]: 1 }, poison: 2, energy: 20 });
      n.must('a', { type: 'sell', item });
      expect(n.act('a', use as never)).toMatchObject({ ok: false, reason: 'not-owned' });
    });
  }

  it("KG-6.1 KG-4.3 a medikit given to a partner leaves the user's energy as it was", () => {
    // At 24 one self-heal fills the energy (⌈1·40 %⌉ = 1); healing b first must not count as that heal.
    const m = tactic2({ inventory: { medikit: 3 }, energy: 24 });
    expect(m.must('a', { type: 'medikit', target: 'b' })).toBe('medikit-1');
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-2');
    expect(m.act('a', { type: 'medikit' })).toMatchObject({ ok: false, reason: 'full-energy' });
  });
});

describe('KG-8.1 KG-4.3 decision 42 replays run in resolution order: trades first, then submission order', () => {
  it('KG-4.3 decision 42 withdrawing the buy that refilled a smoke grenade withdraws the smoke, not the later sale', () => {
    const m = tactic2({ inventory: { 'smoke-grenade': 1 }, tokens: 500 });
    expect(m.must('a', { type: 'smoke', zone: 'campi' })).toBe('smoke');
    expect(m.must('a', { type: 'buy', item: 'smoke-grenade' })).toBe('trade-1');
    expect(m.must('a', { type: 'sell', item: 'smoke-grenade' })).toBe('trade-2');
    expect(m.act('a', { type: 'withdraw', slot: 'trade-1' })).toMatchObject({ ok: true });
    // The sale lands at T1, before the smoke at T4: the smoke is what no longer has its grenade.
    expect(withdrawn(m)).toEqual([{ kind: 'action-withdrawn', to: 'a', slot: 'smoke', reason: 'not-owned' }]);
    m.close();
    expect(m.player('a').inventory['smoke-grenade'] ?? 0).toBe(0);
    expect(m.eventsOf('tactic-2', 'a', 'smoke-landed')).toEqual([]);
  });

  it('KG-4.3 decision 42 within the trades, submission order: a buy then the sale of what it bought both stay', () => {
    const m = tactic2({ tokens: 500 });
    m.must('a', { type: 'buy', item: 'vest' });
    m.must('a', { type: 'sell', item: 'vest' });
    expect(m.act('a', { type: 'stay' })).toMatchObject({ ok: true });
    expect(withdrawn(m)).toEqual([]);
    expect(
      m.pending
        .filter((p) => p.owner === 'a')
        .map((p) => p.slot)
        .sort(),
    ).toEqual(['position', 'trade-1', 'trade-2']);
  });
});
