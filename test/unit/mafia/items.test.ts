// Section 8: item kinds, scopes, uses, recharges, public and secret uses, sets.
import { describe, expect, it } from 'vitest';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import { inDeck } from '../../../engine/rulesets/mafia/inventory.js';
import { eight, eightAtNight, find, has } from './harness.js';

describe('Section 8: items', () => {
  it('MAF-8.1 each item has a rarity, a kind, and for actives a scope, a phase and its uses; optionally a set', () => {
    for (const item of starterCatalog().items) {
      expect(['thing', 'relic', 'rare', 'artifact', 'legendary']).toContain(item.rarity);
      expect(['passive', 'global-passive', 'active']).toContain(item.kind);
      if (item.kind === 'active') {
        expect(['self', 'others', 'all', 'dead', 'jailed']).toContain(item.scope);
        expect(['day', 'night']).toContain(item.phase);
        expect(['one-use', 'multi-use', 'reloadable', 'infinite']).toContain(item.uses);
      }
    }
    expect(starterCatalog().items).toHaveLength(34);
    expect(
      starterCatalog()
        .items.filter((i) => i.set)
        .map((i) => i.id)
        .sort(),
    ).toEqual(['night-crown', 'night-mantle', 'night-ring', 'tracker-boots', 'tracker-compass', 'tracker-spyglass']);
  });

  it('MAF-8.2 a passive acts while held; a global passive acts on every other player in town until it leaves its holder', () => {
    const m = eightAtNight({ t1: { inventory: { 'thieves-moon': 1 } }, t2: { specialty: 'blacksmith' } }, { dice: 'succeed' });
    expect(m.stats('t2')['theft-avoid']).toBe(10);
    expect(m.stats('t1')['theft-avoid']).toBe(0);
    m.night([['b1', { type: 'use-item', item: 'revolver', target: 't1' }]]);
    expect(m.facts().dead).toContain('t1');
    expect(m.stats('t2')['theft-avoid']).toBe(30);
  });

  it('MAF-8.3 an instant item is a zero action in the instant slot; one basic and one instant use per phase', () => {
    const m = eightAtNight({ t4: { inventory: { 'invisibility-cloak': 1, shackles: 1, 'detective-loupe': 1, 'healers-satchel': 1 } } });
    m.play([
      ['t4', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t4', { type: 'use-item', item: 'detective-loupe', target: 'b1' }],
      ['t4', { type: 'use-item', item: 'shackles', target: 'b2' }],
      ['t4', { type: 'use-item', item: 'healers-satchel', target: 't5' }],
    ]);
    expect(m.pending.map((p) => [p.slot, p.action.item])).toEqual([
      ['instant', 'shackles'],
      ['basic', 'healers-satchel'],
    ]);
  });

  it('MAF-8.4 a one-use item is gone after use whatever the result; "destroyed" takes it out of the game', () => {
    const m = eightAtNight({
      t4: { inventory: { 'bear-trap': 1, 'phoenix-feather': 1 } },
      t5: { state: 'dead' },
      t6: { inventory: { 'invisibility-cloak': 1 } },
    });
    m.night([
      ['t4', { type: 'use-item', item: 'bear-trap', target: 't6' }],
      ['t6', { type: 'use-item', item: 'invisibility-cloak' }],
    ]);
    expect(m.count('t4', 'bear-trap')).toBe(0);
    m.close();
    m.night([['t4', { type: 'use-item', item: 'phoenix-feather', target: 't5' }]]);
    expect(m.count('t4', 'phoenix-feather')).toBe(0);
    expect(inDeck(m.state, 'phoenix-feather')).toBe(false);
    expect(inDeck(m.state, 'bear-trap')).toBe(true);
  });

  it('MAF-8.5 a multi-use item spent to its last charge stays held as an inert item, still counted and stealable', () => {
    const m = eightAtNight({ t4: { inventory: { 'holy-water': 1 } } }, { dice: 'succeed' });
    m.night([['t4', { type: 'use-item', item: 'holy-water', target: 't4' }]]);
    m.close();
    m.night([['t4', { type: 'use-item', item: 'holy-water', target: 't4' }]]);
    m.close();
    expect(m.count('t4', 'holy-water')).toBe(1);
    expect(m.act('t4', { type: 'use-item', item: 'holy-water', target: 't4' })).toBe('no-charges');
    m.night([['t5', { type: 'steal', target: 't4', item: 'holy-water' }]]);
    expect(m.p('t5').items[0]!.charges).toBe(0);
  });

  it('MAF-8.6 a recharge restores every charge of one multi-use item held, once per copy', () => {
    const m = eightAtNight({ t4: { inventory: { 'holy-water': 1, 'charging-crystal': 2, 'detective-loupe': 1 } } });
    m.p('t4').items.find((c) => c.item === 'holy-water')!.charges = 0;
    expect(m.act('t4', { type: 'use-item', item: 'charging-crystal' })).toBe('field-missing');
    expect(m.act('t4', { type: 'use-item', item: 'charging-crystal', subject: 'detective-loupe' })).toBe('illegal-target');
    m.night([['t4', { type: 'use-item', item: 'charging-crystal', subject: 'holy-water' }]]);
    expect(m.p('t4').items.find((c) => c.item === 'holy-water')!.charges).toBe(2);
    m.close();
    expect(m.act('t4', { type: 'use-item', item: 'charging-crystal', subject: 'holy-water' })).toBe('already-recharged');
  });

  it('MAF-8.7 a reloadable item used in phase N is usable again in N+k+1; the interval follows the item; infinite is every phase', () => {
    const m = eightAtNight({ t4: { inventory: { 'ring-of-immortality': 1, 'werewolf-pelt': 1 } } }, { dice: 'succeed' });
    m.night([
      ['t4', { type: 'use-item', item: 'ring-of-immortality' }],
      ['t4', { type: 'use-item', item: 'werewolf-pelt', target: 't4' }],
    ]);
    m.close();
    expect(m.act('t4', { type: 'use-item', item: 'ring-of-immortality' })).toBe('reloading');
    expect(m.act('t4', { type: 'use-item', item: 'werewolf-pelt', target: 't4' })).toBe('ok');
    // stolen on night 2, the ring keeps its interval: its new holder waits for night 4 too
    m.night([['b2', { type: 'steal', target: 't4', item: 'ring-of-immortality' }]]);
    expect(m.count('b2', 'ring-of-immortality')).toBe(1);
    m.close();
    expect(m.act('b2', { type: 'use-item', item: 'ring-of-immortality' })).toBe('reloading');
    m.close();
    m.close();
    expect(m.act('b2', { type: 'use-item', item: 'ring-of-immortality' })).toBe('ok');
  });

  it('MAF-8.8 day items are used openly; night items secretly (no public event for the use)', () => {
    const m = eight({ t4: { inventory: { megaphone: 1, 'detective-loupe': 1 } } });
    m.play([['t4', { type: 'use-item', item: 'megaphone' }]]);
    expect(has(m.of('day-1'), { kind: 'day-item-used', to: 'public', player: 't4' })).toBe(true);
    m.close();
    m.night([['t4', { type: 'use-item', item: 'detective-loupe', target: 'b1' }]]);
    expect(m.of('night-1').filter((e) => e.to === 'public')).toEqual([]);
  });

  it('MAF-8.9 a complete set gives its passive bonus and its active bonus; completion is announced unnamed; a lost piece ends it', () => {
    const m = eightAtNight({ b2: { inventory: { 'night-ring': 1, 'night-mantle': 1 }, maps: ['night-crown'] } }, { dice: 'succeed' });
    expect(m.stats('b2')['death-avoid']).toBe(0);
    const events = m.night([['b2', { type: 'search-map', item: 'night-crown' }]]);
    expect(find(events, { kind: 'set-completed' })).toEqual([{ kind: 'set-completed', to: 'public', set: 'night-regalia' }]);
    expect(m.stats('b2')).toMatchObject({ 'death-avoid': 20, 'theft-avoid': 50 });
    m.close();
    m.night([['b2', { type: 'use-set', set: 'night-regalia', target: 't5' }]]);
    expect(m.facts().dead).toContain('t5');
    m.close();
    // a bandit's theft from a bandit always succeeds: the set is broken
    m.night([['b1', { type: 'steal', target: 'b2', item: 'night-ring' }]]);
    expect(m.stats('b2')).toMatchObject({ 'death-avoid': 0, 'theft-avoid': 0 });
  });
});
