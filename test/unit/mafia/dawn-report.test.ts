// MAF-5.9: dawn in order — crafts, the dead, annulments, restorations, the end of night-long
// effects — and the public morning report.
import { describe, expect, it } from 'vitest';
import { eightAtNight, find, has } from './harness.js';

describe('Dawn (1): smelting and enchanting take effect', () => {
  it('MAF-7.7, MAF-5.9 (1) a smelted item used up the same night is gone at dawn: the smelt fails item-gone and gives no Thing', () => {
    const m = eightAtNight({ t2: { inventory: { 'salamander-flask': 1 } } }, { dice: 'succeed' });
    m.night([
      ['t2', { type: 'smelt', item: 'salamander-flask', into: ['revolver'] }],
      ['t2', { type: 'use-item', item: 'salamander-flask', target: 'b2' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't2', action: 'smelt' })).toEqual([
      { kind: 'action-failed', to: 't2', action: 'smelt', reason: 'item-gone', item: 'salamander-flask' },
    ]);
    expect(has(events, { kind: 'action-succeeded', to: 't2', action: 'use-item', item: 'salamander-flask' })).toBe(true);
    expect(m.inv('t2')).toEqual({});
    expect(m.facts().dead).toContain('b2');
  });

  it('D18, MAF-7.7, MAF-9.22 a smelted legendary is destroyed for good; a smelted relic only leaves the game', () => {
    const m = eightAtNight(
      {
        t2: { inventory: { 'lucky-coin': 1 } },
        t3: { specialty: 'blacksmith', inventory: { 'ring-of-immortality': 1 } },
        t5: { maps: ['ring-of-immortality'] },
      },
      { dice: 'succeed' },
    );
    m.night([
      ['t2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['t3', { type: 'smelt', item: 'ring-of-immortality', into: ['revolver', 'revolver', 'poison'] }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't3', action: 'smelt' })).toEqual([
      { kind: 'action-succeeded', to: 't3', action: 'smelt', item: 'ring-of-immortality', received: ['revolver', 'revolver', 'poison'] },
    ]);
    expect(m.inv('t2')).toEqual({ 'dope-potion': 1 });
    expect(m.inv('t3')).toEqual({ revolver: 2, poison: 1 });
    expect(m.state.destroyed).toEqual(['ring-of-immortality']);
    m.close();
    m.night([['t5', { type: 'search-map', item: 'ring-of-immortality' }]]);
    expect(find(m.of('night-2'), { to: 't5', action: 'search-map' })).toEqual([
      { kind: 'action-failed', to: 't5', action: 'search-map', reason: 'unavailable', item: 'ring-of-immortality' },
    ]);
  });

  it('MAF-7.12, MAF-7.13 an enchantment lands on the copy named, with its rarity’s value; `theft` adds to theft-bonus', () => {
    const m = eightAtNight({ t4: { inventory: { 'lucky-coin': 1, 'detective-loupe': 1 } } }, { dice: 'succeed' });
    expect(m.stats('t4')['theft-bonus']).toBe(0);
    m.night([['t4', { type: 'enchant', item: 'detective-loupe', bonus: 'theft' }]]);
    expect(find(m.of('night-1'), { to: 't4', action: 'enchant' })).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'enchant', item: 'detective-loupe', bonus: 'theft' },
    ]);
    expect(m.stats('t4')['theft-bonus']).toBe(10);
    const inventory = m.view('t4').me.inventory as Array<{ item: string; enchant?: unknown }>;
    expect(inventory.map((c) => [c.item, c.enchant ?? null])).toEqual([
      ['lucky-coin', null],
      ['detective-loupe', { bonus: 'theft', value: 10 }],
    ]);
  });

  it('MAF-7.13, MAF-4.18 an item stolen the night it is enchanted: the enchantment fails item-gone at dawn and the thief gets it bare', () => {
    const m = eightAtNight({ t4: { inventory: { 'detective-loupe': 1 } } }, { dice: 'succeed' });
    m.night([
      ['t4', { type: 'enchant', item: 'detective-loupe', bonus: 'theft' }],
      ['t5', { type: 'steal', target: 't4', item: 'detective-loupe' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { to: 't4', action: 'enchant' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'enchant', reason: 'item-gone', item: 'detective-loupe' },
    ]);
    expect(m.count('t5', 'detective-loupe')).toBe(1);
    expect(m.p('t5').items[0]!.enchant).toBeNull();
    expect(m.stats('t5')['theft-bonus']).toBe(0);
    expect(m.stats('t4')['theft-bonus']).toBe(0);
  });
});

describe('Dawn (2)–(5): the dead, restorations, the end of the night', () => {
  it('MAF-9.20, MAF-5.9 (1)–(2) a marked player dies the night the Book of Names is smelted: the book is gone, no point is counted', () => {
    const m = eightAtNight({ t2: { inventory: { 'book-of-names': 1 } } }, { dice: 'succeed' });
    m.night([['t2', { type: 'use-item', item: 'book-of-names', target: 't5' }]]);
    expect(has(m.of('night-1'), { kind: 'effect-applied', to: 't5', effect: 'mark', mark: 'named' })).toBe(true);
    m.close();
    m.night([
      ['t2', { type: 'smelt', item: 'book-of-names', into: ['revolver', 'revolver', 'revolver'] }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't5' }],
    ]);
    expect(m.facts().dead).toContain('t5');
    expect(find(m.of('night-2'), { kind: 'died' })).toEqual([{ kind: 'died', to: 'public', player: 't5' }]);
    expect(m.inv('t2')).toEqual({ revolver: 3 });
    expect(m.state.destroyed).toEqual(['book-of-names']);
    // while the book is held, the death of its marked player gives it a point
    const k = eightAtNight({ t2: { inventory: { 'book-of-names': 1 } } }, { dice: 'succeed' });
    k.night([['t2', { type: 'use-item', item: 'book-of-names', target: 't5' }]]);
    k.close();
    k.night([['b1', { type: 'use-item', item: 'revolver', target: 't5' }]]);
    expect(k.p('t2').items.find((c) => c.item === 'book-of-names')!.points).toBe(1);
  });

  it('MAF-9.10, MAF-7.14 a release is not a resurrection; two pardons for one jailed player release him once', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'letter-of-pardon': 1 } }, t2: { inventory: { 'letter-of-pardon': 1 } }, t6: { state: 'jailed' } },
      { dice: 'succeed' },
    );
    const events = m.night([
      ['t1', { type: 'use-item', item: 'letter-of-pardon', target: 't6' }],
      ['t2', { type: 'use-item', item: 'letter-of-pardon', target: 't6' }],
    ]);
    expect(find(events, { to: 'public' }).filter((e) => e.kind === 'released' || e.kind === 'resurrected')).toEqual([
      { kind: 'released', to: 'public', player: 't6' },
    ]);
    expect(m.facts().alive).toContain('t6');
    expect(m.p('t6').suspendedThrough).toBeNull();
    expect(m.view('t6').me.statuses.specialtySuspended).toBe(false);
    expect(m.stats('t6').luck).toBe(25);
  });

  it('MAF-5.9 (5), MAF-7.9 at dawn the night’s modifiers end; the guard boost’s +1 for the next day stays', () => {
    const m = eightAtNight({}, { dice: 'succeed' });
    m.night([['t3', { type: 'guard-boost' }]]);
    expect(m.p('t3').fx.mods).toEqual([{ stat: 'vote-strength', op: 'add', value: 1, kind: 'day', n: 2 }]);
    expect(m.stats('t3')['vote-strength']).toBe(3);
    expect(m.stats('t3')['death-avoid']).toBe(30);
  });

  it('MAF-9.16, MAF-5.9 (5) a day block given at night outlasts the dawn: the next day’s vote does not count', () => {
    const m = eightAtNight({ t1: { inventory: { 'sleeping-draught': 1 } } }, { dice: 'succeed' });
    m.night([['t1', { type: 'use-item', item: 'sleeping-draught', target: 't3' }]]);
    expect(m.p('t3').fx.dayBlock).toBe(2);
    m.play([['t3', { type: 'vote', target: 'b1' }]]);
    const day = m.close();
    expect(find(day, { kind: 'vote-result' })[0]!.tally).toEqual({});
    expect(find(day, { kind: 'action-failed', to: 't3' })).toEqual([
      { kind: 'action-failed', to: 't3', action: 'vote', reason: 'blocked', target: 'b1' },
    ]);
  });
});

describe('Dawn (6): the morning report', () => {
  it('MAF-5.9 (6) the dead are listed in seat order, a poison death of an earlier seat before a later seat’s shooting', () => {
    const m = eightAtNight({ t1: { effects: [{ effect: 'poison', nightsLeft: 1 }] } }, { dice: 'fail' });
    const events = m.night([['b1', { type: 'use-item', item: 'revolver', target: 't5' }]]);
    expect(find(events, { kind: 'died' })).toEqual([
      { kind: 'died', to: 'public', player: 't1' },
      { kind: 'died', to: 'public', player: 't5' },
    ]);
  });

  it('MAF-8.9, MAF-5.9 (6) set-completed: only sets newly completed that night by players in town, once each', () => {
    const gear = { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 };
    const m = eightAtNight(
      {
        t3: { inventory: { 'night-ring': 1, 'night-mantle': 1, 'night-crown': 1 } },
        t4: { inventory: { 'tracker-compass': 1, 'tracker-boots': 1 }, maps: ['tracker-spyglass'] },
        t6: { state: 'away', inventory: gear },
      },
      { dice: 'succeed' },
    );
    const events = m.night([['t4', { type: 'search-map', item: 'tracker-spyglass' }]]);
    expect(m.count('t4', 'tracker-spyglass')).toBe(1);
    expect(find(events, { kind: 'set-completed' })).toEqual([{ kind: 'set-completed', to: 'public', set: 'tracker-gear' }]);
    // a second night: nothing new, nothing announced
    m.close();
    const quiet = m.night([]);
    expect(has(quiet, { kind: 'set-completed' })).toBe(false);
  });
});
