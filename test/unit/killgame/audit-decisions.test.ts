// The four divergences of the first conformance audit, Kill Game side: §19 decisions 41–43.
import { describe, expect, it } from 'vitest';
import { at } from './helpers.js';

/** tactic-1 with a at energy 20 (so a medikit heals), b idle. */
const firstTurn = () => at([{ id: 'a', energy: 20 }, { id: 'b' }], { turn: 1 });

/** tactic-2 with a holding tokens and the given backpack, b beside him. */
const laterTurn = (inventory: Record<string, number> = {}) =>
  at([
    { id: 'a', zone: 'campi', inventory, energy: 20, tokens: 500 },
    { id: 'b', zone: 'campi' },
  ]);

const inEffect = (m: ReturnType<typeof at>, player: string) =>
  m.pending
    .filter((p) => p.owner === player && p.action.type !== 'withdrawn')
    .map((p) => p.slot)
    .sort();

describe('KG-2.5 KG-4.3 decision 41: the default loadout is a fallback, not a plan', () => {
  it('KG-2.5 KG-4.3 decision 41 in tactic-1 a medikit without an accepted shop is refused not-owned, not full-energy', () => {
    const m = firstTurn();
    expect(m.act('a', { type: 'medikit' })).toMatchObject({ ok: false, reason: 'not-owned' });
    expect(m.act('a', { type: 'antidote' })).toMatchObject({ ok: false, reason: 'not-owned' });
    expect(m.pending).toEqual([]);
    // The same player at full energy is told he owns nothing, not that his energy is full.
    const full = at([{ id: 'a' }, { id: 'b' }], { turn: 1 });
    expect(full.act('a', { type: 'medikit' })).toMatchObject({ ok: false, reason: 'not-owned' });
  });

  it('KG-2.5 KG-4.3 decision 41 once a basket holding the item is accepted the medikit passes and heals at T3', () => {
    const m = firstTurn();
    m.must('a', { type: 'shop', items: { medikit: 1 } });
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-1');
    m.close();
    expect(m.player('a').energy).toBe(22);
    expect(m.player('a').inventory.medikit ?? 0).toBe(0);
  });

  it('KG-2.5 decision 41 a player who never shops still receives the default loadout at the close', () => {
    const m = firstTurn();
    m.close();
    expect(m.player('a').inventory).toMatchObject({ 'sniper-rifle': 1, knife: 1, medikit: 1, vest: 1 });
    expect(m.eventsOf('tactic-1', 'a', 'loadout')[0]).toMatchObject({ default: true });
  });
});

describe('KG-4.2 decision 43: countable slot numbers are never reused', () => {
  it('KG-4.2 decision 43 buy, withdraw trade-1, buy again: the second buy takes trade-2, which can then be withdrawn', () => {
    const m = laterTurn();
    expect(m.must('a', { type: 'buy', item: 'medikit' })).toBe('trade-1');
    expect(m.act('a', { type: 'withdraw', slot: 'trade-1' })).toMatchObject({ ok: true });
    expect(m.must('a', { type: 'buy', item: 'medikit' })).toBe('trade-2');
    expect(m.act('a', { type: 'withdraw', slot: 'trade-2' })).toMatchObject({ ok: true });
    expect(m.must('a', { type: 'buy', item: 'vest' })).toBe('trade-3');
    expect(inEffect(m, 'a')).toEqual(['trade-3']);
    m.close();
    expect(m.player('a').inventory).toMatchObject({ vest: 1 });
    expect(m.player('a').inventory.medikit ?? 0).toBe(0);
  });

  it('KG-4.2 decision 43 withdrawing a slot already withdrawn, or never used, is refused nothing-to-withdraw', () => {
    const m = laterTurn({ medikit: 2 });
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-1');
    m.must('a', { type: 'withdraw', slot: 'medikit-1' });
    expect(m.act('a', { type: 'withdraw', slot: 'medikit-1' })).toMatchObject({ ok: false, reason: 'nothing-to-withdraw' });
    expect(m.act('a', { type: 'withdraw', slot: 'medikit-7' })).toMatchObject({ ok: false, reason: 'nothing-to-withdraw' });
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-2');
    // Other players count their own numbers.
    expect(m.must('b', { type: 'buy', item: 'vest' })).toBe('trade-1');
  });

  it('KG-4.2 decision 43 a withdrawn medikit never happens', () => {
    const m = laterTurn({ medikit: 1 });
    m.must('a', { type: 'medikit' });
    m.must('a', { type: 'withdraw', slot: 'medikit-1' });
    m.close();
    expect(m.player('a').energy).toBe(20);
    expect(m.player('a').inventory.medikit).toBe(1);
  });
});

describe('KG-4.2 KG-4.3 decision 42: a replacement re-validates like a withdrawal, in resolution order', () => {
  it('KG-4.2 KG-4.3 decision 42 shop {medikit}, medikit, replacing shop {medikit, vest}: the medikit still heals at T3', () => {
    const m = firstTurn();
    m.must('a', { type: 'shop', items: { medikit: 1 } });
    m.must('a', { type: 'medikit' });
    expect(m.must('a', { type: 'shop', items: { medikit: 1, vest: 1 } })).toBe('shop');
    expect(m.eventsOf('tactic-1', 'a', 'action-withdrawn')).toEqual([]);
    expect(inEffect(m, 'a')).toEqual(['medikit-1', 'shop']);
    m.close();
    expect(m.player('a').energy).toBe(22);
    expect(m.player('a').inventory).toMatchObject({ vest: 1 });
    expect(m.player('a').inventory.medikit ?? 0).toBe(0);
  });

  it('KG-4.2 decision 42 a replacing shop without the medikit withdraws it and tells the player the slot and the reason', () => {
    const m = firstTurn();
    m.must('a', { type: 'shop', items: { medikit: 1 } });
    m.must('a', { type: 'medikit' });
    m.must('a', { type: 'shop', items: { vest: 1 } });
    expect(m.eventsOf('tactic-1', 'a', 'action-withdrawn')).toEqual([
      { kind: 'action-withdrawn', to: 'a', slot: 'medikit-1', reason: 'not-owned' },
    ]);
    expect(m.eventsOf('tactic-1', 'b', 'action-withdrawn')).toEqual([]);
    expect(inEffect(m, 'a')).toEqual(['shop']);
    expect(m.act('a', { type: 'withdraw', slot: 'medikit-1' })).toMatchObject({ ok: false, reason: 'nothing-to-withdraw' });
    // A later basket with a medikit does not bring the withdrawn one back; a new one takes medikit-2.
    m.must('a', { type: 'shop', items: { medikit: 1, vest: 1 } });
    expect(inEffect(m, 'a')).toEqual(['shop']);
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-2');
    m.close();
    expect(m.player('a').energy).toBe(22);
  });

  it('KG-4.2 decision 42 withdrawing the buy that paid for a medikit withdraws the medikit too, with action-withdrawn', () => {
    const m = laterTurn();
    expect(m.must('a', { type: 'buy', item: 'medikit' })).toBe('trade-1');
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-1');
    m.must('a', { type: 'withdraw', slot: 'trade-1' });
    expect(m.eventsOf('tactic-2', 'a', 'action-withdrawn')).toEqual([
      { kind: 'action-withdrawn', to: 'a', slot: 'medikit-1', reason: 'not-owned' },
    ]);
    expect(inEffect(m, 'a')).toEqual([]);
    m.close();
    expect(m.player('a').energy).toBe(20);
    expect(m.player('a').tokens).toBe(500);
  });

  it('KG-4.3 decision 42 the projection applies T1 trades before T3 medikits: a sell after a medikit that used the last one is refused', () => {
    const m = laterTurn({ medikit: 1 });
    m.must('a', { type: 'medikit' });
    expect(m.act('a', { type: 'sell', item: 'medikit' })).toMatchObject({ ok: false, reason: 'not-owned' });
    m.close();
    expect(m.player('a').energy).toBe(22);
  });
});
