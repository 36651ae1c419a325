import { describe, expect, it } from 'vitest';
import { Match } from './harness.js';

const two = (settings: Record<string, unknown> = {}) =>
  new Match({ players: [{ id: 'p1' }, { id: 'p2' }], settings: { monsters: 0, ...settings }, dice: 'succeed' });

describe('first turn: shop, loadout, start zone', () => {
  it('KG-2.3 a basket within budget is bought at base prices; leftover tokens are kept', () => {
    const m = two();
    m.must('p1', { type: 'shop', items: { 'machine-gun': 1, 'rambo-knife': 1, grenade: 3, 'gas-launcher': 1 } });
    m.close();
    expect(m.facts().stats!.p1!.tokens).toBe(1000 - 250 - 90 - 240 - 120);
    expect(m.facts().inventory!.p1).toMatchObject({ 'machine-gun': 1, 'rambo-knife': 1, grenade: 3, 'gas-launcher': 1, medikit: 0 });
    expect(m.eventsOf('tactic-1', 'p1', 'loadout')).toEqual([{ kind: 'loadout', to: 'p1', default: false, tokens: 300 }]);
  });

  it('KG-2.3 KG-4.5 shop refusals in order: counts, not for sale, one firearm, one knife, budget', () => {
    const m = two({ 'k-rations': false });
    const r = (items: Record<string, unknown>) => m.act('p1', { type: 'shop', items });
    expect(r({ bazooka: 1 })).toMatchObject({ reason: 'unknown-item' });
    expect(m.act('p1', { type: 'shop' })).toMatchObject({ reason: 'field-missing' });
    expect(r({ knife: -1 })).toMatchObject({ reason: 'invalid-count' });
    expect(r({ knife: 1.5 })).toMatchObject({ reason: 'invalid-count' });
    expect(r({ 'gas-launcher': 2 })).toMatchObject({ reason: 'invalid-count' });
    expect(r({ fists: 1 })).toMatchObject({ reason: 'not-for-sale' });
    expect(r({ 'k-ration': 1 })).toMatchObject({ reason: 'not-for-sale' });
    expect(r({ shotgun: 1, crossbow: 1 })).toMatchObject({ reason: 'too-many-firearms' });
    expect(r({ 'sniper-rifle': 2 })).toMatchObject({ reason: 'too-many-firearms' });
    expect(r({ knife: 1, 'ninja-knife': 1 })).toMatchObject({ reason: 'too-many-knives' });
    expect(r({ flamethrower: 1, medikit: 11 })).toMatchObject({ reason: 'over-budget' });
    expect(r({ flamethrower: 1, medikit: 10 })).toMatchObject({ ok: true });
    expect(r({})).toMatchObject({ ok: true });
  });

  it('KG-2.3 KG-2.7 buying nothing leaves only fists, which can punch', () => {
    const m = new Match({ players: [{ id: 'p1' }, { id: 'p2' }], settings: { monsters: 0, 'k-rations': false } });
    m.must('p1', { type: 'shop', items: {} });
    m.must('p1', { type: 'start', zone: 'campi' });
    m.must('p2', { type: 'start', zone: 'campi' });
    m.close();
    expect(Object.values(m.facts().inventory!.p1!).every((n) => n === 0)).toBe(true);
    expect(m.facts().stats!.p1!.tokens).toBe(1000);
    expect(m.act('p1', { type: 'punch', targets: ['p2'] })).toMatchObject({ ok: true });
    expect(m.act('p2', { type: 'punch', targets: ['p1'] })).toMatchObject({ ok: false, reason: 'knife-held' });
    m.close();
    expect(m.eventsOf('action-1', 'p2', 'hit')).toEqual([{ kind: 'hit', to: 'p2', source: 'fists', by: 'p1', damage: 1 }]);
  });

  it('KG-2.4 shoppers and defaulted players get the free K rations; fixed backpacks do not', () => {
    const m = new Match({
      players: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3', inventory: { knife: 1 } }],
      settings: { monsters: 0, 'free-k-rations': 7 },
    });
    m.must('p1', { type: 'shop', items: { knife: 1, 'k-ration': 2 } });
    m.close();
    expect(m.facts().inventory!.p1!['k-ration']).toBe(9);
    expect(m.facts().inventory!.p2!['k-ration']).toBe(7);
    expect(m.facts().inventory!.p3!['k-ration']).toBe(0);
    const off = two({ 'k-rations': false });
    off.close();
    expect(off.facts().inventory!.p1!['k-ration']).toBe(0);
  });

  it('KG-2.5 KG-3.5 a silent player gets the default loadout and tokens = budget − 670', () => {
    const m = two({ budget: 600 });
    m.close();
    const inv = m.facts().inventory!.p2!;
    for (const item of [
      'sniper-rifle',
      'knife',
      'grenade',
      'c4',
      'smoke-grenade',
      'gas-canister',
      'medikit',
      'vest',
      'gas-mask',
      'antidote',
      'amulet',
    ]) {
      expect(inv[item]).toBe(1);
    }
    expect(inv['k-ration']).toBe(5);
    expect(m.facts().stats!.p2!.tokens).toBe(0);
    expect(m.eventsOf('tactic-1', 'p2', 'loadout')).toEqual([{ kind: 'loadout', to: 'p2', default: true, tokens: 0 }]);
  });

  it('KG-2.6 start zones: lit zones only, fallback to the initial zone, no zone before the close', () => {
    const m = two();
    expect(m.act('p1', { type: 'start', zone: 'paese' })).toMatchObject({ ok: false, reason: 'not-a-start-zone' });
    expect(m.act('p1', { type: 'start', zone: 'nowhere' })).toMatchObject({ ok: false, reason: 'unknown-zone' });
    expect(m.act('p1', { type: 'start' })).toMatchObject({ ok: false, reason: 'field-missing' });
    m.must('p1', { type: 'start', zone: 'strada' });
    expect(m.facts().zone!.p1).toBeUndefined();
    m.close();
    expect(m.facts().zone).toEqual({ p1: 'strada', p2: 'ingresso' });
    expect(m.eventsOf('tactic-1', 'p1', 'placed')).toEqual([{ kind: 'placed', to: 'p1', zone: 'strada', default: false }]);
    const inferno = new Match({ players: [{ id: 'p1' }, { id: 'p2' }], settings: { map: 'inferno', monsters: 0 } });
    inferno.close();
    expect(inferno.facts().zone!.p1).toBe('er-cristallo');
  });

  it('KG-2.6 KG-4.5 start and shop are turn-1-only; moves are not for turn 1', () => {
    const m = two();
    expect(m.act('p1', { type: 'move', zone: 'campi' })).toMatchObject({ ok: false, reason: 'not-on-turn-1' });
    expect(m.act('p1', { type: 'stay' })).toMatchObject({ ok: false, reason: 'not-on-turn-1' });
    m.close();
    m.close();
    expect(m.phase).toBe('tactic-2');
    expect(m.act('p1', { type: 'start', zone: 'campi' })).toMatchObject({ ok: false, reason: 'turn-1-only' });
    expect(m.act('p1', { type: 'shop', items: {} })).toMatchObject({ ok: false, reason: 'turn-1-only' });
  });
});
