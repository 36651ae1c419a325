// Section 6: stats, caps and stacking.
import { describe, expect, it } from 'vitest';
import { eight, eightAtNight, has } from './harness.js';

describe('Section 6: stats', () => {
  it('MAF-6.1 each stat is built as the table says, with its cap, read for the phase that opens', () => {
    const m = eightAtNight({
      t1: { specialty: 'guard', inventory: { 'guardian-amulet': 1, 'night-crown': 1 } },
      t2: { specialty: 'blacksmith', inventory: { 'tracker-boots': 1, 'thieves-gloves': 1 } },
      t3: {
        specialty: 'mage',
        effects: [
          { effect: 'luck', value: 90 },
          { effect: 'blessing', value: 15 },
        ],
      },
      t4: { specialty: 'archaeologist', inventory: { 'dowsing-rod': 1, 'tracker-compass': 1 } },
      t5: { effects: [{ effect: 'curse', value: 70 }] },
    });
    expect(m.stats('t1')).toMatchObject({ 'vote-strength': 4, 'death-avoid': 50 });
    // theft-avoid 30 + 20 = 50 (cap); theft-bonus 20 + 15
    expect(m.stats('t2')).toMatchObject({ 'theft-avoid': 50, 'theft-bonus': 35 });
    expect(m.stats('t3')).toMatchObject({ luck: 100, blessing: 15 });
    expect(m.stats('t4')['find-bonus']).toBe(10 + 20 + 10);
    // luck is 0 while cursed, even a mage's
    expect(m.stats('t5')).toMatchObject({ curse: 70, luck: 0 });
    // the guard's boost: the +1 shows once the night has closed, and is gone after that day
    m.night([['t1', { type: 'guard-boost' }]]);
    expect(m.stats('t1')['vote-strength']).toBe(5);
    m.close();
    expect(m.stats('t1')['vote-strength']).toBe(4);
    const capped = eight({ t1: { specialty: 'guard', inventory: { 'guardian-amulet': 1 } } }, { settings: { 'death-avoid-cap': 40 } });
    expect(capped.stats('t1')['death-avoid']).toBe(40);
  });

  it('MAF-6.2 "give N" sets a stat even lower; "+N" raises it', () => {
    const m = eightAtNight({ t1: { specialty: 'guard' }, t4: { inventory: { 'book-of-names': 1 } } }, { dice: 'succeed' });
    expect(m.stats('t1')['death-avoid']).toBe(30);
    m.night([['t4', { type: 'use-item', item: 'book-of-names', target: 't1' }]]);
    expect(m.stats('t1')['death-avoid']).toBe(0);
    const g = eight({ t1: { specialty: 'guard', inventory: { 'night-crown': 1 } }, t2: { inventory: { gag: 1, megaphone: 1 } } });
    g.play([
      ['t2', { type: 'use-item', item: 'gag', target: 't1' }],
      ['t2', { type: 'use-item', item: 'megaphone' }],
      ['t1', { type: 'vote', target: 'b1' }],
      ['t3', { type: 'vote', target: 'b2' }],
    ]);
    const events = g.close();
    expect(events.find((e) => e.kind === 'vote-result')!.tally).toEqual({ b2: 2 });
  });

  it('MAF-6.3 the same bonus of the same item acts once on a player (a second copy adds nothing)', () => {
    const m = eight({ t1: { inventory: { 'guardian-amulet': 2, 'night-crown': 1 } }, t2: { inventory: { 'guardian-amulet': 1 } } });
    expect(m.stats('t1')['death-avoid']).toBe(20);
    expect(m.stats('t2')['death-avoid']).toBe(20);
    expect(m.stats('t1')['vote-strength']).toBe(3);
  });

  it('MAF-6.4 one transformation per player: a new one removes the old one and its bonuses', () => {
    const m = eightAtNight({ t1: { inventory: { 'werewolf-pelt': 1 } }, t2: { inventory: { 'werewolf-pelt': 1 } } });
    m.night([['t1', { type: 'use-item', item: 'werewolf-pelt', target: 't4' }]]);
    expect(m.stats('t4')['death-avoid']).toBe(30);
    m.close();
    const events = m.night([['t2', { type: 'use-item', item: 'werewolf-pelt', target: 't4' }]]);
    expect(m.p('t4').fx.transformation!.uid).toBe(m.p('t2').items[0]!.uid);
    expect(m.p('t1').items[0]!.bearers).toEqual([]);
    expect(m.stats('t4')['death-avoid']).toBe(30);
    expect(has(events, { kind: 'effect-removed', to: 't4', effect: 'transformation' })).toBe(true);
    expect(has(events, { kind: 'effect-applied', to: 't4', effect: 'transformation', form: 'werewolf' })).toBe(true);
  });

  it('MAF-6.5 only one set’s active bonus per player while that set stays complete', () => {
    const m = eightAtNight(
      {
        t4: {
          inventory: {
            'tracker-compass': 1,
            'tracker-boots': 1,
            'tracker-spyglass': 1,
            'night-ring': 1,
            'night-mantle': 1,
            'night-crown': 1,
          },
        },
        t5: { maps: ['dowsing-rod'] },
      },
      { dice: 'succeed' },
    );
    m.night([['t4', { type: 'use-set', set: 'tracker-gear', target: 't5' }]]);
    expect(m.count('t4', 'map:dowsing-rod')).toBe(1);
    m.close();
    expect(m.act('t4', { type: 'use-set', set: 'night-regalia', target: 't6' })).toBe('not-allowed');
    expect(m.act('t4', { type: 'use-set', set: 'tracker-gear', target: 't6' })).toBe('reloading');
    // once the first set is broken, the other one's bonus may be used
    m.p('t4').items = m.p('t4').items.filter((c) => c.item !== 'tracker-boots');
    expect(m.act('t4', { type: 'use-set', set: 'night-regalia', target: 't6' })).toBe('ok');
  });

  it('MAF-6.6 with a completed set theft-avoid is exactly 50 and only global effects lower it', () => {
    const m = eight({
      t1: { specialty: 'mage', inventory: { 'night-ring': 1, 'night-mantle': 1, 'night-crown': 1 } },
      t2: { specialty: 'blacksmith' },
    });
    expect(m.stats('t1')['theft-avoid']).toBe(50);
    expect(m.stats('t2')['theft-avoid']).toBe(30);
    const moon = eight({
      t1: { specialty: 'mage', inventory: { 'night-ring': 1, 'night-mantle': 1, 'night-crown': 1 } },
      t3: { inventory: { 'thieves-moon': 1 } },
    });
    expect(moon.stats('t1')['theft-avoid']).toBe(30);
    expect(moon.stats('t3')['theft-avoid']).toBe(0);
    expect(moon.stats('t4')['theft-avoid']).toBe(0);
  });
});
