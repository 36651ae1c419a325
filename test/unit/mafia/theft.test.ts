// Section 4 (second part): theft — the list, odds, the step V order, collisions, visibility, effects.
import { describe, expect, it } from 'vitest';
import { theftChance } from '../../../engine/rulesets/mafia/night/thefts.js';
import { eightAtNight, find, has } from './harness.js';

describe('Section 4: theft', () => {
  it('MAF-4.10 steal sends the visible list at once (no Things, no maps); a bad item refuses the whole steal; no item named fails', () => {
    const m = eightAtNight({ t5: { inventory: { 'lucky-coin': 1, 'elixir-of-life': 2, 'dowsing-rod': 1 }, maps: ['night-crown'] } });
    expect(m.act('t4', { type: 'steal', target: 't5', item: 'elixir-of-life' })).toBe('not-stealable');
    expect(m.act('t4', { type: 'steal', target: 't5', item: 'map:night-crown' })).toBe('item-not-visible');
    expect(m.of('night-1').filter((e) => e.kind === 'theft-list')).toEqual([]);
    expect(m.act('t4', { type: 'steal', target: 't5' })).toBe('ok');
    expect(find(m.of('night-1'), { kind: 'theft-list' })).toEqual([
      { kind: 'theft-list', to: 't4', target: 't5', items: ['lucky-coin', 'dowsing-rod'] },
    ]);
    expect(m.act('t4', { type: 'search-random', rarity: 'relic' })).toBe('action-locked');
    expect(m.act('t4', { type: 'steal-pick', item: 'elixir-of-life' })).toBe('not-stealable');
    expect(m.act('t4', { type: 'steal-pick', item: 'night-ring' })).toBe('item-not-visible');
    expect(m.act('t6', { type: 'steal-pick', item: 'lucky-coin' })).toBe('not-allowed');
    expect(m.act('t6', { type: 'steal', target: 't5' })).toBe('ok');
    m.close();
    expect(find(m.of('night-1'), { kind: 'action-failed', reason: 'no-item' }).map((e) => e.to)).toEqual(['t4', 't6']);
  });

  it('MAF-4.11 theft chance = base(rarity) + preparation + the thief’s theft-bonus (a blacksmith +20)', () => {
    const m = eightAtNight({ t4: { inventory: { 'thieves-gloves': 1 } } });
    const at = m.state.phase!;
    expect(theftChance(m.state, m.p('t6'), 'relic', false, at)).toBe(50);
    expect(theftChance(m.state, m.p('t2'), 'rare', false, at)).toBe(40 + 20);
    expect(theftChance(m.state, m.p('t4'), 'legendary', true, at)).toBe(15 + 15 + 15);
    expect(theftChance(m.state, m.p('t6'), 'artifact', true, at)).toBe(60);
  });

  it('MAF-4.12 step V order: item gone, trap, invisible, bandit-on-bandit, own check, theft-avoid; the preparation is used', () => {
    const m = eightAtNight(
      {
        t1: { specialty: 'mage', inventory: { 'salamander-flask': 1 } },
        t2: { specialty: 'mage', inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } },
        t3: { specialty: 'blacksmith', inventory: { 'lucky-coin': 1 } },
        t4: { effects: [{ effect: 'prepared-theft' }] },
      },
      { dice: 'succeed' },
    );
    m.night([
      ['t1', { type: 'use-item', item: 'salamander-flask', target: 'b2' }],
      ['t4', { type: 'steal', target: 't1', item: 'salamander-flask' }],
      ['t2', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t5', { type: 'steal', target: 't2', item: 'lucky-coin' }],
      ['t6', { type: 'steal', target: 't3', item: 'lucky-coin' }],
    ]);
    const events = m.of('night-1');
    expect(has(events, { kind: 'action-failed', to: 't4', reason: 'item-gone' })).toBe(true);
    expect(m.p('t4').fx.prepared.theft).toBe(false);
    expect(has(events, { kind: 'action-failed', to: 't5', reason: 'protected' })).toBe(true);
    // the blacksmith's theft-avoid 30: under succeeding dice the avoid check succeeds
    expect(has(events, { kind: 'action-failed', to: 't6', reason: 'dice' })).toBe(true);
    expect(m.count('t3', 'lucky-coin')).toBe(1);
  });

  it('MAF-4.13 a failed theft is not reported to the victim; a success tells the thief (target, item) and the victim (item)', () => {
    const m = eightAtNight(
      { t5: { inventory: { 'lucky-coin': 1 } }, t3: { specialty: 'blacksmith', inventory: { 'holy-water': 1 } } },
      { dice: 'succeed' },
    );
    m.night([
      ['t4', { type: 'steal', target: 't5', item: 'lucky-coin' }],
      ['t6', { type: 'steal', target: 't3', item: 'holy-water' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { kind: 'action-succeeded', to: 't4' })).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'steal', target: 't5', item: 'lucky-coin' },
    ]);
    expect(find(events, { kind: 'item-stolen' })).toEqual([{ kind: 'item-stolen', to: 't5', item: 'lucky-coin' }]);
    expect(m.seenBy('t3').filter((e) => JSON.stringify(e).includes('holy-water'))).toEqual([]);
    expect(m.seenBy('t5').some((e) => JSON.stringify(e).includes('"t4"'))).toBe(false);
  });

  it('MAF-4.14 a bandit stealing from a bandit always succeeds and beats every other thief', () => {
    const m = eightAtNight({ b1: { inventory: { 'lucky-coin': 1 }, specialty: 'blacksmith' } }, { dice: 'fail' });
    m.night([
      ['t4', { type: 'steal', target: 'b1', item: 'lucky-coin' }],
      ['b2', { type: 'steal', target: 'b1', item: 'lucky-coin' }],
    ]);
    expect(m.count('b2', 'lucky-coin')).toBe(1);
    const c = eightAtNight({ b1: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed' });
    c.night([
      ['t1', { type: 'steal', target: 'b1', item: 'lucky-coin' }],
      ['b2', { type: 'steal', target: 'b1', item: 'lucky-coin' }],
    ]);
    expect(c.count('b2', 'lucky-coin')).toBe(1);
    expect(has(c.of('night-1'), { kind: 'action-failed', to: 't1', reason: 'collision' })).toBe(true);
  });

  it('MAF-4.15 more successful thieves than copies: the first in order keep them (forced dice: seat order), the rest fail collision', () => {
    const m = eightAtNight({ t6: { inventory: { 'lucky-coin': 2, shackles: 1 } } }, { dice: 'succeed' });
    m.night([
      ['t5', { type: 'steal', target: 't6', item: 'lucky-coin' }],
      ['t4', { type: 'steal', target: 't6', item: 'lucky-coin' }],
      ['t1', { type: 'steal', target: 't6', item: 'lucky-coin' }],
    ]);
    expect([m.count('t1', 'lucky-coin'), m.count('t4', 'lucky-coin'), m.count('t5', 'lucky-coin')]).toEqual([1, 1, 0]);
    expect(find(m.of('night-1'), { kind: 'action-failed', reason: 'collision' }).map((e) => e.to)).toEqual(['t5']);
  });

  it('MAF-4.16 several searches on one legendary: a map search wins over set and random searches; losers keep their maps', () => {
    const m = eightAtNight(
      { t1: { maps: ['night-crown'] }, t4: { inventory: { 'night-ring': 1 } }, t5: { maps: ['night-crown'] } },
      { dice: 'succeed', setup: { destroyed: ['phoenix-feather', 'ring-of-immortality', 'thieves-moon', 'book-of-names'] } },
    );
    m.night([
      ['t4', { type: 'search-set', item: 'night-crown' }],
      ['t6', { type: 'search-random', rarity: 'legendary' }],
      ['t5', { type: 'search-map', item: 'night-crown' }],
      ['t1', { type: 'search-map', item: 'night-crown' }],
    ]);
    expect(m.count('t1', 'night-crown')).toBe(1);
    expect(find(m.of('night-1'), { kind: 'action-failed', reason: 'collision' }).map((e) => e.to)).toEqual(['t4', 't5', 't6']);
    expect(m.count('t5', 'map:night-crown')).toBe(1);
  });

  it('D48 / MAF-4.10 / MAF-10.2 a steal answers the same whatever the target holds: the lock first, a named item never checked against his hand', () => {
    const m = eightAtNight({ t5: { inventory: { 'lucky-coin': 1 } }, t6: { inventory: { 'holy-water': 1 } } }, { dice: 'succeed' });
    // Named before the list: accepted whether he holds it or not; the list comes at once.
    expect(m.act('t4', { type: 'steal', target: 't5', item: 'holy-water' })).toBe('ok');
    expect(find(m.of('night-1'), { kind: 'theft-list', to: 't4' })[0]!.items).toEqual(['lucky-coin']);
    // Once locked, every further steal answers action-locked, held or not.
    for (const [target, item] of [
      ['t6', 'holy-water'],
      ['t6', 'lucky-coin'],
      ['t5', 'lucky-coin'],
      ['t1', 'night-ring'],
    ]) {
      expect(m.act('t4', { type: 'steal', target, item }), `${target} ${item}`).toBe('action-locked');
    }
    expect(m.act('t4', { type: 'steal-pick', item: 'lucky-coin' })).toBe('action-locked');
    m.close();
    expect(find(m.of('night-1'), { kind: 'action-failed', to: 't4' }).map((e) => e.reason)).toEqual(['item-not-visible']);
    expect(m.count('t5', 'lucky-coin')).toBe(1);
  });

  it('MAF-4.17 an item stolen during night N is hidden from thieves during N+1 and listed again from N+2', () => {
    const m = eightAtNight({ t5: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed' });
    m.night([['t4', { type: 'steal', target: 't5', item: 'lucky-coin' }]]);
    m.close();
    // D48: the steal is accepted (its list shows nothing) and fails at the close.
    m.play([['t6', { type: 'steal', target: 't4', item: 'lucky-coin' }]]);
    expect(find(m.of('night-2'), { kind: 'theft-list' })[0]!.items).toEqual([]);
    m.close();
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 't6', reason: 'item-not-visible' })).toBe(true);
    expect(m.count('t4', 'lucky-coin')).toBe(1);
    m.close();
    expect(m.act('t6', { type: 'steal', target: 't4', item: 'lucky-coin' })).toBe('ok');
  });

  it('MAF-4.18 passives change hands at step V; charges and reload stay, the enchantment is lost, a transformation ends at dawn', () => {
    const m = eightAtNight(
      {
        t5: { inventory: { 'guardian-amulet': 1, 'holy-water': 1 } },
        b1: { inventory: { 'werewolf-pelt': 1 } },
      },
      { dice: 'succeed' },
    );
    m.p('t5').items.find((c) => c.item === 'holy-water')!.charges = 1;
    m.p('t5').items.find((c) => c.item === 'guardian-amulet')!.enchant = { bonus: 'luck', stat: 'luck', value: 10 };
    m.night([['b1', { type: 'use-item', item: 'werewolf-pelt', target: 'b1' }]]);
    expect(m.p('b1').fx.transformation?.form).toBe('werewolf');
    m.close();
    m.night([
      ['t4', { type: 'steal', target: 't5', item: 'guardian-amulet' }],
      ['b2', { type: 'steal', target: 'b1', item: 'werewolf-pelt' }],
      ['t6', { type: 'steal', target: 't5', item: 'holy-water' }],
      // the victim lost the amulet's death-avoid at step V, before the shot at step VI
      ['b1', { type: 'use-item', item: 'revolver', target: 't5' }],
    ]);
    const events = m.of('night-2');
    expect(m.facts().dead).toContain('t5');
    expect(m.stats('t4')['death-avoid']).toBe(20);
    expect(m.p('t4').items[0]!.enchant).toBeNull();
    expect(m.p('t6').items[0]!.charges).toBe(1);
    expect(m.p('b1').fx.transformation).toBeNull();
    expect(has(events, { kind: 'effect-removed', to: 'b1', effect: 'transformation' })).toBe(true);
  });
});
