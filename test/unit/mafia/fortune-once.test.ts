// MAF-6.3, D47: the same bonus from the same item copy acts once on one player, night after night.
import { describe, expect, it } from 'vitest';
import { eightAtNight } from './harness.js';

const coin = (target: string) => ({ type: 'use-item', item: 'lucky-coin', target });

describe('MAF-6.3 D47 one copy, one bonus', () => {
  it('MAF-6.3 D47 the same lucky coin on the same player on two nights adds its luck once (15, not 30)', () => {
    const m = eightAtNight({ t1: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed' });
    m.night([['t1', coin('t2')]]);
    expect(m.stats('t2').luck).toBe(15);
    m.close();
    expect(m.phase).toBe('night-2');
    m.night([['t1', coin('t2')]]);
    expect(m.stats('t2').luck).toBe(15);
    // The charge is spent all the same: two charges, both used.
    expect(m.p('t1').items.find((c) => c.item === 'lucky-coin')?.charges ?? 0).toBe(0);
  });

  it('MAF-6.3 D47 a different copy of the same item stacks, as curses do (MAF-6.1)', () => {
    const m = eightAtNight({ t1: { inventory: { 'lucky-coin': 1 } }, t3: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed' });
    m.night([['t1', coin('t2')]]);
    m.close();
    m.night([['t3', coin('t2')]]);
    expect(m.stats('t2').luck).toBe(30);
  });

  it('MAF-6.3 D47 MAF-9.5 once a curse has taken the luck away, the same copy may give it again', () => {
    const m = eightAtNight({ t1: { inventory: { 'lucky-coin': 1 } }, b1: { inventory: { 'curse-potion': 1 } } }, { dice: 'succeed' });
    m.night([['t1', coin('t2')]]);
    m.close();
    m.night([['b1', { type: 'use-item', item: 'curse-potion', target: 't2' }]]);
    expect(m.stats('t2').luck).toBe(0);
    m.close();
    m.night([['t1', coin('t2')]]);
    expect(m.stats('t2')).toMatchObject({ luck: 15, curse: 0 });
  });
});
