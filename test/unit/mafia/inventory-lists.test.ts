// Bags: which copies act (MAF-4.7), why a copy cannot be used (MAF-8.5, 8.7), the deck (MAF-4.6),
// copies found by uid (MAF-9.20) and taken out of a bag.
import { describe, expect, it } from 'vitest';
import { copyByUid, inDeck, removeCopy, useBlock } from '../../../engine/rulesets/mafia/inventory.js';
import { catalogOf } from '../../../engine/rulesets/mafia/state.js';
import { eight } from './harness.js';

const def = (id: string) => catalogOf(eight().state).item.get(id)!;

describe('bags and the deck', () => {
  it('MAF-4.7 a second copy of a non-Thing is held but inactive; every copy of a Thing stacks', () => {
    const m = eight({ t4: { inventory: { 'guardian-amulet': 2, revolver: 2 } } });
    expect(m.view('t4').me.inventory).toEqual([
      { item: 'guardian-amulet', rarity: 'relic', active: true, starting: false },
      { item: 'guardian-amulet', rarity: 'relic', active: false, starting: false },
      { item: 'revolver', rarity: 'thing', active: true, starting: false },
      { item: 'revolver', rarity: 'thing', active: true, starting: false },
    ]);
  });

  it('MAF-8.1 MAF-8.5 MAF-8.7 why a copy cannot be used: none, a passive item, no charges left, still reloading', () => {
    const m = eight({ t4: { inventory: { 'guardian-amulet': 1, 'healers-satchel': 1, 'lucky-coin': 1, 'werewolf-pelt': 1 } } });
    const [amulet, satchel, coin, pelt] = m.p('t4').items;
    const night = (n: number) => ({ kind: 'night' as const, n });
    expect(useBlock(def('guardian-amulet'), amulet, night(1))).toBe('no-item');
    expect(useBlock(def('healers-satchel'), undefined, night(1))).toBe('no-item');
    satchel!.lastUse = 1;
    // interval 1: used on night 1, usable again on night 3
    expect([1, 2, 3, 4].map((n) => useBlock(def('healers-satchel'), satchel, night(n)))).toEqual(['reloading', 'reloading', null, null]);
    expect(useBlock(def('lucky-coin'), coin, night(1))).toBeNull();
    coin!.charges = 0;
    expect(useBlock(def('lucky-coin'), coin, night(1))).toBe('no-charges');
    pelt!.lastUse = 1;
    expect([1, 2].map((n) => useBlock(def('werewolf-pelt'), pelt, night(n)))).toEqual([null, null]);
  });

  it('MAF-4.6 the deck: an unknown item is never in it; a non-legendary always; a legendary only while nobody holds it', () => {
    const m = eight({ t4: { inventory: { 'thieves-moon': 1, 'guardian-amulet': 1 } } });
    expect(['no-such-item', 'guardian-amulet', 'thieves-moon', 'night-crown'].map((id) => inDeck(m.state, id))).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it('MAF-9.20 a copy is found by its uid in whatever bag it is, even after it moved', () => {
    const m = eight({ t4: { inventory: { 'guardian-amulet': 1, 'healers-satchel': 1, 'lucky-coin': 1 } } });
    const uids = m.p('t4').items.map((c) => c.uid);
    const look = () =>
      uids.map((uid) => {
        const f = copyByUid(m.state, uid)!;
        return [f.owner.id, f.copy.item];
      });
    const where = [
      ['t4', 'guardian-amulet'],
      ['t4', 'healers-satchel'],
      ['t4', 'lucky-coin'],
    ];
    expect(copyByUid(m.state, uids[1]!)!.copy.item).toBe('healers-satchel');
    expect(look()).toEqual(where);
    expect(look()).toEqual(where);
    const satchel = m.p('t4').items.splice(1, 1)[0]!;
    m.p('t5').items.push(satchel);
    expect(look()).toEqual([
      ['t4', 'guardian-amulet'],
      ['t5', 'healers-satchel'],
      ['t4', 'lucky-coin'],
    ]);
    expect(copyByUid(m.state, 9999)).toBeUndefined();
  });

  it('MAF-9.21 taking out a copy the bag does not hold changes nothing', () => {
    const m = eight({ t4: { inventory: { 'guardian-amulet': 1, 'lucky-coin': 1 } } });
    const bag = m.p('t4');
    expect(removeCopy(bag, 9999)).toBeUndefined();
    expect(bag.items.map((c) => c.item)).toEqual(['guardian-amulet', 'lucky-coin']);
    expect(removeCopy(bag, bag.items[0]!.uid)!.item).toBe('guardian-amulet');
    expect(bag.items.map((c) => c.item)).toEqual(['lucky-coin']);
  });
});
