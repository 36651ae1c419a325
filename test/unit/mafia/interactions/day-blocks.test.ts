// A day block against each kind of day action (MAF-3.10, MAF-9.16, D50): each test fails when the block
// is applied in the wrong scope; the swap it catches is written above it and kept in test/swaps/mafia/.
import { describe, expect, it } from 'vitest';
import { eight, find } from '../harness.js';

describe('MAF-3.10 a day block against each day action', () => {
  // Swap 10: a day-blocked player's map search adds the map.
  it('MAF-3.10 a day-blocked map search is announced as usual but the map is not added', () => {
    const m = eight({}, { dice: 'succeed' });
    m.p('t3').fx.dayBlock = 1;
    m.play([['t3', { type: 'find-map' }]]);
    const events = m.close();
    expect(find(events, { kind: 'map-found' })).toHaveLength(1);
    expect(find(events, { to: 't3', kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't3', action: 'find-map', reason: 'blocked' },
    ]);
    expect(Object.keys(m.inv('t3')).filter((k) => k.startsWith('map:'))).toEqual([]);
  });

  // Swap 09: a day-blocked day item use is not carried out, so nothing is spent (the rule before D50).
  it('D50, MAF-0.5 a day-blocked day item use is spent with no result, and he is told it was blocked', () => {
    const m = eight({ t4: { inventory: { megaphone: 1 } } });
    m.p('t4').fx.dayBlock = 1;
    m.play([['t4', { type: 'use-item', item: 'megaphone' }]]);
    const events = m.close();
    expect(m.count('t4', 'megaphone')).toBe(0);
    expect(find(events, { to: 't4', kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'use-item', reason: 'blocked', item: 'megaphone', target: 't4' },
    ]);
  });

  // Swap 15: a day-blocked fake is reported blocked like a real use (the check for a fake comes after the block).
  it('MAF-3.10, MAF-3.13 a day-blocked fake gets no report at all', () => {
    const m = eight({ t4: { inventory: { megaphone: 1 } } });
    m.play([['t4', { type: 'use-item', item: 'megaphone' }]]);
    m.close();
    m.close();
    m.p('t4').fx.dayBlock = 2;
    m.play([['t4', { type: 'use-item', item: 'megaphone' }]]);
    expect(m.pending[0]).toMatchObject({ player: 't4', action: { fake: true } });
    expect(find(m.close(), { to: 't4' })).toEqual([]);
  });
});
