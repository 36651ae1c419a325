// Section 6 (second part): how each stat is summed, capped and limited in time, global passives
// (MAF-8.2) and calm (MAF-9.24); and the chance figures the night rolls against (MAF-4, 9.2–9.5).
import { describe, expect, it } from 'vitest';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { chanceTerms, odds } from '../../../engine/rulesets/mafia/odds.js';
import { isCalm, statOf, statsOf } from '../../../engine/rulesets/mafia/stats.js';
import { newCopy } from '../../../engine/rulesets/mafia/state.js';
import type { Mod, PhaseRef } from '../../../engine/rulesets/mafia/state.js';
import { eight, gmItem } from './harness.js';
import type { Match } from './harness.js';

const passive = (id: string, over: Partial<ItemDef> = {}): ItemDef =>
  gmItem(id, { rarity: 'relic', kind: 'passive', phase: null, scope: null, uses: null, afterUse: null, class: null, ...over });
const globalItem = (id: string, global: ItemDef['global']): ItemDef => passive(id, { rarity: 'artifact', kind: 'global-passive', global });

const gm = (items: ItemDef[]): Catalog => {
  const c = structuredClone(starterCatalog());
  return { ...c, items: [...c.items, ...items] };
};

const catalog = gm([
  // a Thing with a passive bonus (MAF-6.3: stacked Things add it once)
  gmItem('clover', {
    rarity: 'thing',
    scope: 'self',
    passive: [{ type: 'stat', stat: 'blessing', op: 'add', value: 10, duration: 'held' }],
    effect: [{ type: 'luck', value: 5 }],
  }),
  passive('score-ring', {
    passive: [{ type: 'stat', stat: 'vote-strength', op: 'add', value: 1, duration: 'held', condition: 'points >= 12' }],
  }),
  passive('calm-charm', { passive: [{ type: 'calm' }] }),
  globalItem('fog-bell', [{ type: 'stat', stat: 'death-avoid', op: 'set', value: 5, duration: 'held', appliesTo: 'every player in town' }]),
  globalItem('mist-bell', [
    { type: 'stat', stat: 'death-avoid', op: 'set', value: 15, duration: 'held', appliesTo: 'every player in town except the holder' },
  ]),
  globalItem('hush-stone', [
    { type: 'stat', stat: 'vote-strength', op: 'add', value: -5, duration: 'held', appliesTo: 'every player in town' },
  ]),
  globalItem('lantern', [
    {
      type: 'stat',
      stat: 'find-bonus',
      op: 'add',
      value: 10,
      duration: 'held',
      appliesTo: 'every player in town',
      condition: 'points >= 3',
    },
  ]),
  // a plain passive whose `global` list is not a global passive's: it acts on nobody else (MAF-8.1, 8.2)
  passive('odd-charm', {
    global: [{ type: 'stat', stat: 'theft-avoid', op: 'add', value: -10, duration: 'held', appliesTo: 'every player in town' }],
  }),
]);

const day = (n: number): PhaseRef => ({ kind: 'day', n });
const night = (n: number): PhaseRef => ({ kind: 'night', n });
const mod = (value: number, kind: Mod['kind'], n: number, op: Mod['op'] = 'add', stat: Mod['stat'] = 'death-avoid'): Mod => ({
  stat,
  op,
  value,
  kind,
  n,
});
const at = (m: Match, id: string, stat: Parameters<typeof statOf>[3], when: PhaseRef = day(1)) => statOf(m.state, m.p(id), when, stat);

describe('Section 6: stat sums, caps and durations', () => {
  it('MAF-6.1 MAF-6.2 a held modifier always acts; a day or night one only in its own phase; two "give N" give the lowest', () => {
    const m = eight();
    m.p('t3').fx.mods = [mod(5, 'held', 0), mod(7, 'day', 2), mod(11, 'night', 2)];
    // guard 30 + held 5, plus the modifier of that very phase
    expect([day(1), night(1), day(2), night(2), day(3)].map((w) => at(m, 't3', 'death-avoid', w))).toEqual([35, 35, 42, 46, 35]);
    expect(statsOf(m.state, m.p('t3'), day(2))['death-avoid']).toBe(42);
    m.p('t3').fx.mods = [mod(40, 'held', 0, 'set'), mod(10, 'held', 0, 'set')];
    expect(at(m, 't3', 'death-avoid')).toBe(10);
  });

  it('MAF-6.1 MAF-9.5 a curse makes luck 0 and nothing else; curse and blessing are capped at fortune-cap', () => {
    const m = eight({ t3: { inventory: { 'night-mantle': 1 }, effects: [{ effect: 'curse', value: 20 }] } });
    expect(m.stats('t3')).toMatchObject({ 'death-avoid': 30, 'vote-strength': 2, luck: 0, curse: 20, blessing: 20 });
    m.p('t3').fx.curse = 150;
    m.p('t3').fx.blessing = 95;
    expect(statsOf(m.state, m.p('t3'), day(1))).toMatchObject({ curse: 100, blessing: 100, luck: 0 });
    const low = eight(
      {
        t3: {
          inventory: { 'night-mantle': 1 },
          effects: [
            { effect: 'curse', value: 70 },
            { effect: 'blessing', value: 50 },
          ],
        },
      },
      { settings: { 'fortune-cap': 40 } },
    );
    expect(low.stats('t3')).toMatchObject({ curse: 40, blessing: 40 });
  });

  it('MAF-6.3 MAF-9.20 stacked Things give their bonus once; a bonus with a points condition acts only from N points on', () => {
    const m = eight({ t1: { inventory: { clover: 3 } }, t4: { inventory: { 'score-ring': 1 } } }, { settings: { catalog } });
    expect(m.stats('t1').blessing).toBe(10);
    m.p('t4').items[0]!.points = 11;
    expect(at(m, 't4', 'vote-strength')).toBe(1);
    m.p('t4').items[0]!.points = 12;
    expect(at(m, 't4', 'vote-strength')).toBe(2);
    // book-of-names: +2 vote strength at 2 points
    const b = eight({ t4: { inventory: { 'book-of-names': 1 } } });
    expect(b.stats('t4')['vote-strength']).toBe(1);
    b.p('t4').items[0]!.points = 2;
    expect(at(b, 't4', 'vote-strength')).toBe(3);
  });

  it('MAF-4.7 MAF-6.3 the enchantment of a second copy of a non-Thing does not act', () => {
    const m = eight({ t4: { inventory: { 'guardian-amulet': 2 } } });
    m.p('t4').items[1]!.enchant = { bonus: 'luck', stat: 'luck', value: 10 };
    expect(at(m, 't4', 'luck')).toBe(25);
    m.p('t4').items[0]!.enchant = { bonus: 'luck', stat: 'luck', value: 10 };
    expect(at(m, 't4', 'luck')).toBe(35);
  });

  it('MAF-3.2 vote strength never drops below 1 from an "add" effect', () => {
    const m = eight({ t5: { inventory: { 'hush-stone': 1 } } }, { settings: { catalog } });
    expect(['t5', 't3', 't4'].map((id) => m.stats(id)['vote-strength'])).toEqual([1, 1, 1]);
    m.p('t4').fx.mods = [mod(-4, 'held', 0, 'add', 'vote-strength')];
    expect(at(m, 't4', 'vote-strength')).toBe(1);
  });
});

describe('MAF-8.2 global passives', () => {
  it('MAF-8.2 MAF-6.1 thieves-moon lowers theft-avoid of every other player in town, not its holder’s, nor other stats', () => {
    const m = eight({ t2: { inventory: { 'thieves-moon': 1, 'guardian-amulet': 1 } }, t5: { specialty: 'blacksmith' } });
    expect(m.stats('t2')).toMatchObject({ 'theft-avoid': 30, 'death-avoid': 20 });
    expect(m.stats('t5')['theft-avoid']).toBe(10);
    expect(m.stats('t4')).toMatchObject({ luck: 25, 'vote-strength': 1, 'theft-avoid': 0 });
    expect(m.stats('t3')).toMatchObject({ 'death-avoid': 30, 'vote-strength': 2 });
  });

  it('MAF-8.2 a global passive held by a jailed player does not act; a player out of town is not affected', () => {
    const m = eight({ t6: { state: 'jailed', inventory: { 'thieves-moon': 1 } } });
    expect(m.stats('t2')['theft-avoid']).toBe(30);
    const d = eight({ t6: { inventory: { 'thieves-moon': 1 } }, t5: { specialty: 'blacksmith', state: 'dead' } });
    expect(d.stats('t2')['theft-avoid']).toBe(10);
    expect(statsOf(d.state, d.p('t5'), day(1))['theft-avoid']).toBe(30);
  });

  it('MAF-8.2 MAF-6.2 "every player in town" includes the holder; global "give N" overrides, the lowest wins', () => {
    const m = eight({ t5: { inventory: { 'fog-bell': 1 } }, t6: { inventory: { 'mist-bell': 1 } } }, { settings: { catalog } });
    // guard 30 → fog 5 and mist 15 → 5
    expect(m.stats('t3')['death-avoid']).toBe(5);
    expect(m.stats('t5')['death-avoid']).toBe(5);
    // mist does not act on its holder; fog does
    expect(m.stats('t6')['death-avoid']).toBe(5);
    const mist = eight({ t6: { inventory: { 'mist-bell': 1 } } }, { settings: { catalog } });
    expect(mist.stats('t3')['death-avoid']).toBe(15);
    expect(mist.stats('t6')['death-avoid']).toBe(0);
  });

  it('MAF-8.2 MAF-9.20 a global bonus with a points condition acts from N points on; a plain passive’s global list acts on nobody', () => {
    const m = eight({ t6: { inventory: { lantern: 1 } }, t5: { inventory: { 'odd-charm': 1 } } }, { settings: { catalog } });
    expect(m.stats('t4')['find-bonus']).toBe(0);
    expect(m.stats('t2')['theft-avoid']).toBe(30);
    m.p('t6').items[0]!.points = 3;
    expect(at(m, 't4', 'find-bonus')).toBe(10);
    expect(at(m, 't6', 'find-bonus')).toBe(10);
  });

  it('MAF-8.2 a global passive acts from the moment it is obtained until it leaves its holder’s hands, read again after each change', () => {
    const m = eight({ t5: { specialty: 'blacksmith' } }, { settings: { catalog } });
    const s = m.state;
    const ta = () => ['t2', 't5'].map((id) => statOf(s, m.p(id), day(1), 'theft-avoid'));
    expect(ta()).toEqual([30, 30]);
    // a copy comes into the game (found): it acts at once
    m.p('t3').items.push(newCopy(s, 'thieves-moon'));
    expect(ta()).toEqual([10, 10]);
    // it changes hands (stolen by t2): the new holder is exempt, the old one is not
    const moon = m.p('t3').items.pop()!;
    m.p('t2').items.push(moon);
    expect(ta()).toEqual([30, 10]);
    // its holder leaves the town while it passes to another player in the same step
    m.p('t2').status = 'dead';
    m.p('t2').items = [];
    m.p('t4').items.push(moon);
    expect(ta()).toEqual([30, 10]);
    // a holder of two globals passes the first on: both still act
    m.p('t4').items = [];
    m.p('t3').items.push(moon, newCopy(s, 'hush-stone'));
    expect(statOf(s, m.p('t5'), day(1), 'theft-avoid')).toBe(10);
    m.p('t3').items.shift();
    m.p('t6').items.push(moon);
    expect(ta()).toEqual([30, 10]);
    // two holders, one of them passes his global on: the other still holds his
    m.p('t6').items = [];
    m.p('t4').items.push(moon);
    expect(statOf(s, m.p('t5'), day(1), 'theft-avoid')).toBe(10);
  });
});

describe('MAF-9.24 calm', () => {
  it('MAF-9.24 calm comes from an item or a completed set with a calm bonus, not from other passives', () => {
    const m = eight(
      {
        t1: { inventory: { 'calm-charm': 1 } },
        t2: { inventory: { 'guardian-amulet': 1 } },
        t3: { inventory: { 'night-ring': 1, 'night-mantle': 1, 'night-crown': 1 } },
        t4: { inventory: { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 } },
      },
      { settings: { catalog } },
    );
    expect(['t1', 't2', 't3', 't4', 't5'].map((id) => isCalm(m.state, m.p(id)))).toEqual([true, false, false, true, false]);
  });
});

const settings = mafia.settings.parse({}) as never;
const plain = { luck: 0, curse: 0, bonus: 0, prepared: false } as const;

describe('chance figures (MAF-4.1–4.4, 4.11, 4.14, 4.20, 9.2–9.5)', () => {
  it('MAF-4.4 MAF-4.20 the terms of a set search and a prepared theft, each named', () => {
    expect(chanceTerms(settings, { action: 'search-set', rarity: 'rare', prepared: true, bonus: 5, piecesHeld: 3 })).toEqual([
      { id: 'base', value: 30 },
      { id: 'set-piece-bonus', value: 20 },
      { id: 'preparation', value: 30 },
      { id: 'bonus', value: 5 },
    ]);
    // a Thing cannot be stolen by chance (nor searched for by set): its base is 0
    expect(chanceTerms(settings, { action: 'steal', rarity: 'thing', prepared: false, bonus: 0 })).toEqual([
      { id: 'base', value: 0 },
      { id: 'bonus', value: 0 },
    ]);
  });

  it('MAF-9.3 MAF-4.14 the antidote and bandit-on-bandit figures are whole', () => {
    expect(odds(settings, { ...plain, action: 'search-antidote', rarity: 'thing', antidoteNight: 2 })).toEqual({
      chance: 30,
      terms: [{ id: 'antidote', value: 30 }],
      own: 0.3,
      afterLuck: 0.3,
      afterCurse: 0.3,
      final: 0.3,
    });
    expect(odds(settings, { ...plain, action: 'steal', rarity: 'rare', banditOnBandit: true })).toEqual({
      chance: 100,
      terms: [{ id: 'bandit-on-bandit', value: 100 }],
      own: 1,
      afterLuck: 1,
      afterCurse: 1,
      final: 1,
    });
  });

  it('MAF-4.14 MAF-9.2 only a theft is certain between bandits, and only a theft meets theft-avoid', () => {
    const search = odds(settings, { ...plain, action: 'search-random', rarity: 'rare', banditOnBandit: true, theftAvoid: 50 });
    expect(search).toEqual({
      chance: 50,
      terms: [
        { id: 'base', value: 50 },
        { id: 'bonus', value: 0 },
      ],
      own: 0.5,
      afterLuck: 0.5,
      afterCurse: 0.5,
      final: 0.5,
    });
  });
});
