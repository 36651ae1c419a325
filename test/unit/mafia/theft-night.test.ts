// Step V in the night (MAF-4.10–4.18, 9.11, D48): what failures name, collisions, traps, doomed copies.
import { describe, expect, it } from 'vitest';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog } from '../../../engine/rulesets/mafia/catalog.js';
import { bandit, eightAtNight, find, has, Match, town } from './harness.js';

/** The starter catalog plus a copy of the bear trap that only does `onTrigger`. */
const withTrap = (id: string, onTrigger: Array<Record<string, unknown>>): Catalog => {
  const cat = structuredClone(starterCatalog());
  const bear = structuredClone(cat.items.find((i) => i.id === 'bear-trap')!);
  const effect = bear.effect.map((e) => (e.type === 'trap' ? { ...e, onTrigger } : e)) as typeof bear.effect;
  return { ...cat, items: [...cat.items, { ...bear, id, name: { ru: id, en: id }, effect }] };
};

describe('Step V: thefts at night', () => {
  it('MAF-4.10 / D48 a theft that fails before its check names the target, and the item when one was named', () => {
    const m = eightAtNight({ t5: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed' });
    m.night([
      ['t4', { type: 'steal', target: 't5' }],
      ['t6', { type: 'steal', target: 't5', item: 'holy-water' }],
    ]);
    expect(find(m.of('night-1'), { kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'steal', reason: 'no-item', target: 't5' },
      { kind: 'action-failed', to: 't6', action: 'steal', reason: 'item-not-visible', target: 't5', item: 'holy-water' },
    ]);
  });

  it('MAF-4.14 / MAF-4.15 a bandit stealing from a bandit beats a townsman seated before him; the loser fails collision', () => {
    const seats = [town('t1'), town('t2'), bandit('b1', 'boss'), bandit('b2'), town('t3'), town('t4'), town('t5'), town('t6')];
    const m = new Match(
      seats.map((s) => (s.id === 'b1' ? { ...s, inventory: { 'lucky-coin': 1 } } : s)),
      { dice: 'succeed', setup: { startPhase: 'night-1' } },
    );
    m.night([
      ['t1', { type: 'steal', target: 'b1', item: 'lucky-coin' }],
      ['b2', { type: 'steal', target: 'b1', item: 'lucky-coin' }],
    ]);
    expect(m.count('b2', 'lucky-coin')).toBe(1);
    expect(m.count('t1', 'lucky-coin')).toBe(0);
    expect(find(m.of('night-1'), { kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't1', action: 'steal', reason: 'collision', target: 'b1', item: 'lucky-coin' },
    ]);
  });

  it('MAF-4.17 / MAF-4.15 a copy stolen last night cannot be taken: two thieves for the one visible copy collide', () => {
    const m = eightAtNight({ t5: { inventory: { 'lucky-coin': 1 } }, t6: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed' });
    m.night([['t5', { type: 'steal', target: 't6', item: 'lucky-coin' }]]);
    expect(m.count('t5', 'lucky-coin')).toBe(2);
    m.close();
    m.night([
      ['t1', { type: 'steal', target: 't5', item: 'lucky-coin' }],
      ['t4', { type: 'steal', target: 't5', item: 'lucky-coin' }],
    ]);
    expect([m.count('t1', 'lucky-coin'), m.count('t4', 'lucky-coin'), m.count('t5', 'lucky-coin')]).toEqual([1, 0, 1]);
    expect(find(m.of('night-2'), { kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'steal', reason: 'collision', target: 't5', item: 'lucky-coin' },
    ]);
  });

  it('MAF-7.7 / MAF-4.12 a thief takes the copy that is not being smelted; the smelting still gives its Thing', () => {
    // sure theft (100), failing dice: the blacksmith's theft-avoid 30 fails
    const m = eightAtNight(
      { t2: { inventory: { 'lucky-coin': 2 } } },
      { dice: 'fail', settings: { 'theft-odds': { relic: 100, rare: 40, artifact: 30, legendary: 15 } } },
    );
    const events = m.night([
      ['t2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['t4', { type: 'steal', target: 't2', item: 'lucky-coin' }],
    ]);
    expect(m.count('t4', 'lucky-coin')).toBe(1);
    expect(m.inv('t2')).toEqual({ 'dope-potion': 1 });
    expect(find(events, { kind: 'action-succeeded', to: 't2' })).toEqual([
      { kind: 'action-succeeded', to: 't2', action: 'smelt', item: 'lucky-coin', received: ['dope-potion'] },
    ]);
  });

  it('MAF-9.11 the bear trap paralyses the thief once: one effect-applied, and he can act no more', () => {
    const m = eightAtNight({ t1: { inventory: { 'bear-trap': 1 } }, t4: { inventory: { 'lucky-coin': 1 } } }, { dice: 'fail' });
    m.night([['t1', { type: 'use-item', item: 'bear-trap', target: 't4' }]]);
    m.close();
    const events = m.night([['t5', { type: 'steal', target: 't4', item: 'lucky-coin' }]]);
    expect(find(events, { kind: 'effect-applied', to: 't5' })).toEqual([{ kind: 'effect-applied', to: 't5', effect: 'paralysis' }]);
    expect(has(events, { kind: 'action-failed', to: 't5', reason: 'trap' })).toBe(true);
    expect(m.p('t5').fx.paralysis).toBe(true);
    expect(m.act('t5', { type: 'vote', target: 'b1' })).toBe('paralysed');
  });

  it('MAF-9.11 / MAF-8.1 a trap acts as its catalog entry says: paralysis alone lets the theft go on, fail-theft alone paralyses nobody', () => {
    const settings = { catalog: withTrap('snare', [{ type: 'paralysis', target: 'thief', negative: true }]) };
    const m = eightAtNight({ t1: { inventory: { snare: 1 } }, t4: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed', settings });
    m.night([['t1', { type: 'use-item', item: 'snare', target: 't4' }]]);
    m.close();
    const events = m.night([['t5', { type: 'steal', target: 't4', item: 'lucky-coin' }]]);
    expect(find(events, { kind: 'trap-triggered' })).toEqual([{ kind: 'trap-triggered', to: 't1', target: 't4', thief: 't5' }]);
    expect(m.count('t5', 'lucky-coin')).toBe(1);
    expect(find(events, { kind: 'effect-applied', to: 't5' })).toEqual([{ kind: 'effect-applied', to: 't5', effect: 'paralysis' }]);
    expect(m.p('t5').fx.paralysis).toBe(true);

    const net = eightAtNight(
      { t1: { inventory: { net: 1 } }, t4: { inventory: { 'lucky-coin': 1 } } },
      { dice: 'succeed', settings: { catalog: withTrap('net', [{ type: 'fail-theft' }]) } },
    );
    net.night([['t1', { type: 'use-item', item: 'net', target: 't4' }]]);
    net.close();
    const caught = net.night([['t5', { type: 'steal', target: 't4', item: 'lucky-coin' }]]);
    expect(find(caught, { kind: 'action-failed', to: 't5' })).toEqual([
      { kind: 'action-failed', to: 't5', action: 'steal', reason: 'trap', target: 't4', item: 'lucky-coin' },
    ]);
    expect(find(caught, { kind: 'effect-applied', to: 't5' })).toEqual([]);
    expect(net.p('t5').fx.paralysis).toBe(false);
    expect(net.count('t4', 'lucky-coin')).toBe(1);
  });
});
