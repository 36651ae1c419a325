// MAF-3.8, D30: the day's map draw, its candidates and its fall back to lower rarities, down to Things.
import { describe, expect, it } from 'vitest';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import { eight } from './harness.js';

const things = starterCatalog()
  .items.filter((i) => i.rarity === 'thing')
  .map((i) => i.id);
const onlyThings = { 'map-odds': { legendary: 0, artifact: 0, rare: 0, relic: 0, thing: 100 } };
const onlyRelics = { 'map-odds': { legendary: 0, artifact: 0, rare: 0, relic: 100, thing: 0 } };
const relics = starterCatalog()
  .items.filter((i) => i.rarity === 'relic')
  .map((i) => i.id);
const found = (events: Array<Record<string, unknown>>) => events.filter((e) => e.kind === 'map-found' || e.kind === 'map-search-failed');

describe('MAF-3.8 D30 the map draw', () => {
  it('MAF-3.8 D30 with forced dice the first candidate in catalog order is drawn, skipping the Thing the player holds', () => {
    const m = eight({ t1: { inventory: { [things[0]!]: 1 } } }, { settings: onlyThings, dice: 'succeed' });
    m.play([['t1', { type: 'find-map' }]]);
    expect(found(m.close())).toEqual([{ kind: 'map-found', to: 'public', player: 't1', item: things[1], rarity: 'thing' }]);
  });

  it('MAF-3.8 D30 the Thing he has a map of is skipped too', () => {
    const m = eight({ t1: { maps: [things[0]!] } }, { settings: onlyThings, dice: 'succeed' });
    m.play([['t1', { type: 'find-map' }]]);
    expect(found(m.close())).toEqual([{ kind: 'map-found', to: 'public', player: 't1', item: things[1], rarity: 'thing' }]);
  });

  it('MAF-3.8 with no relic left to draw, the next lower rarity (Things, the lowest) gives the map', () => {
    const m = eight({ t1: { maps: relics } }, { settings: onlyRelics, dice: 'succeed' });
    m.play([['t1', { type: 'find-map' }]]);
    expect(found(m.close())).toEqual([{ kind: 'map-found', to: 'public', player: 't1', item: things[0], rarity: 'thing' }]);
  });

  it('MAF-3.8 with no candidate at any rarity from the drawn one down, the search fails', () => {
    const m = eight({ t1: { maps: [...relics, ...things] } }, { settings: onlyRelics, dice: 'succeed' });
    m.play([['t1', { type: 'find-map' }]]);
    expect(found(m.close())).toEqual([{ kind: 'map-search-failed', to: 'public', player: 't1' }]);
  });
});
