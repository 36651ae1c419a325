// Section 4 (first part): searches by map, by rarity and for a set piece; the deck; preparation.
import { describe, expect, it } from 'vitest';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { searchPlan } from '../../../engine/rulesets/mafia/night/searches.js';
import { eightAtNight, find, has } from './harness.js';
import type { Match } from './harness.js';

const plan = (m: Match, id: string, action: Record<string, unknown>) =>
  searchPlan(m.state, m.p(id), { type: String(action.type), ...action }, m.state.phase!);

describe('Section 4: searches', () => {
  it('MAF-4.1 a map search: base + 10 + modifiers; success removes the map, failure keeps it', () => {
    const m = eightAtNight({ t4: { maps: ['dowsing-rod', 'lucky-coin'] }, t1: { maps: ['guardian-amulet'] } });
    expect(plan(m, 't4', { type: 'search-map', item: 'dowsing-rod' }).chance).toBe(40 + 10);
    expect(plan(m, 't1', { type: 'search-map', item: 'guardian-amulet' }).chance).toBe(65 + 10 + 10);
    const win = eightAtNight({ t4: { maps: ['dowsing-rod'] } }, { dice: 'succeed' });
    win.night([['t4', { type: 'search-map', item: 'dowsing-rod' }]]);
    expect(win.inv('t4')).toEqual({ 'dowsing-rod': 1 });
    const lose = eightAtNight({ t4: { maps: ['dowsing-rod'] } }, { dice: 'fail' });
    lose.night([['t4', { type: 'search-map', item: 'dowsing-rod' }]]);
    expect(lose.inv('t4')).toEqual({ 'map:dowsing-rod': 1 });
    // the +10 is what takes a Thing map to 100 (80 + 10 + archaeologist 10): sure even under failing dice
    const sure = eightAtNight({ t1: { maps: ['elixir-of-life'] } }, { dice: 'fail' });
    sure.night([['t1', { type: 'search-map', item: 'elixir-of-life' }]]);
    expect(sure.count('t1', 'elixir-of-life')).toBe(1);
  });

  it('MAF-4.2 a random search: base + modifiers; the item is drawn among the deck of that rarity as the night began', () => {
    const m = eightAtNight({ t4: { inventory: { 'phoenix-feather': 1 } } }, { dice: 'succeed' });
    expect(plan(m, 't5', { type: 'search-random', rarity: 'rare' }).chance).toBe(50);
    m.night([
      ['t5', { type: 'search-random', rarity: 'relic' }],
      ['t6', { type: 'search-random', rarity: 'legendary' }],
    ]);
    // forced dice take the first in catalog order; the held feather is not in the deck
    expect(find(m.of('night-1'), { kind: 'item-found' }).map((e) => [e.player, e.item])).toEqual([
      ['t5', 'lucky-coin'],
      ['t6', 'ring-of-immortality'],
    ]);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const n = eightAtNight(
        {},
        { seed: `r${i}`, settings: { 'search-odds': { thing: 100, relic: 100, rare: 100, artifact: 100, legendary: 100 } } },
      );
      n.night([['t5', { type: 'search-random', rarity: 'relic' }]]);
      seen.add(String(find(n.of('night-1'), { kind: 'item-found' })[0]!.item));
    }
    expect(seen.size).toBe(6);
  });

  it('MAF-4.3 a set search needs a piece of the set and not the chosen one; chance set-base + 10 per extra piece', () => {
    const m = eightAtNight({
      t4: { inventory: { 'tracker-boots': 1, 'tracker-spyglass': 1 } },
      t5: { inventory: { 'tracker-compass': 1 } },
    });
    expect(m.act('t6', { type: 'search-set', item: 'tracker-compass' })).toBe('not-in-set');
    expect(m.act('t5', { type: 'search-set', item: 'tracker-compass' })).toBe('already-owned');
    expect(m.act('t5', { type: 'search-set', item: 'night-mantle' })).toBe('not-in-set');
    expect(m.act('t4', { type: 'search-set', item: 'tracker-compass' })).toBe('ok');
    expect(plan(m, 't4', { type: 'search-set', item: 'tracker-compass' }).chance).toBe(40 + 10);
    // 20 for an artifact piece, +10 find-bonus from the compass itself
    expect(plan(m, 't5', { type: 'search-set', item: 'tracker-spyglass' }).chance).toBe(20 + 10);
    // map and random searches may find an owned piece
    const r = eightAtNight(
      { t5: { inventory: { 'tracker-compass': 1 } } },
      { dice: 'succeed', settings: { 'search-odds': { thing: 80, relic: 65, rare: 50, artifact: 40, legendary: 20 } } },
    );
    r.p('t5').maps.push('tracker-compass');
    r.night([['t5', { type: 'search-map', item: 'tracker-compass' }]]);
    expect(r.count('t5', 'tracker-compass')).toBe(2);
  });

  it('MAF-4.4 the base chances are the spec table, settings search-odds, set-search-odds and theft-odds', () => {
    const s = mafia.settings.parse({}) as Record<string, unknown>;
    expect(s['search-odds']).toEqual({ thing: 80, relic: 65, rare: 50, artifact: 40, legendary: 20 });
    expect(s['set-search-odds']).toEqual({ relic: 40, rare: 30, artifact: 20, legendary: 10 });
    expect(s['theft-odds']).toEqual({ relic: 50, rare: 40, artifact: 30, legendary: 15 });
    const m = eightAtNight(
      { t4: { maps: ['night-crown'] } },
      { settings: { 'search-odds': { thing: 80, relic: 65, rare: 50, artifact: 40, legendary: 33 } } },
    );
    expect(plan(m, 't4', { type: 'search-map', item: 'night-crown' }).chance).toBe(43);
    expect(plan(m, 't4', { type: 'search-random', rarity: 'thing' }).chance).toBe(80);
  });

  it('MAF-4.5 a found item goes to the finder at step IV and acts from then; every find is announced', () => {
    const m = eightAtNight({ t4: { maps: ['guardian-amulet'] } }, { dice: 'succeed' });
    m.night([
      ['t4', { type: 'search-map', item: 'guardian-amulet' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't4' }],
    ]);
    expect(m.facts().alive).toContain('t4');
    expect(find(m.of('night-1'), { kind: 'item-found' })).toEqual([
      { kind: 'item-found', to: 'public', player: 't4', item: 'guardian-amulet', rarity: 'relic' },
    ]);
    expect(has(m.of('night-1'), { kind: 'action-succeeded', to: 't4', action: 'search-map', item: 'guardian-amulet' })).toBe(true);
    const control = eightAtNight({}, { dice: 'succeed' });
    control.night([['b1', { type: 'use-item', item: 'revolver', target: 't4' }]]);
    expect(control.facts().dead).toContain('t4');
  });

  it('MAF-4.6 non-legendaries never run out; a legendary is unique; none left → none-available; a map of a gone one fails unavailable', () => {
    const m = eightAtNight(
      {
        t1: { inventory: { 'ring-of-immortality': 1, 'thieves-moon': 1, 'book-of-names': 1, 'night-crown': 1 } },
        t4: { maps: ['phoenix-feather'] },
        t5: { maps: ['night-crown'] },
      },
      { dice: 'succeed', setup: { destroyed: ['phoenix-feather'] } },
    );
    expect(m.act('t6', { type: 'search-random', rarity: 'legendary' })).toBe('none-available');
    expect(m.act('t4', { type: 'search-map', item: 'phoenix-feather' })).toBe('ok');
    m.play([
      ['t5', { type: 'search-map', item: 'night-crown' }],
      ['t6', { type: 'search-random', rarity: 'relic' }],
      ['t3', { type: 'search-random', rarity: 'relic' }],
    ]);
    const events = m.close();
    expect(find(events, { kind: 'action-failed', reason: 'unavailable' }).map((e) => e.to)).toEqual(['t4', 't5']);
    expect(m.count('t4', 'map:phoenix-feather')).toBe(1);
    expect([m.count('t6', 'lucky-coin'), m.count('t3', 'lucky-coin')]).toEqual([1, 1]);
  });

  it('MAF-4.7 a second copy of a non-Thing has no effect and cannot be used; Things stack, one use each', () => {
    const m = eightAtNight({ t4: { inventory: { 'guardian-amulet': 2, 'holy-water': 2, 'elixir-of-life': 2 } } });
    expect(m.stats('t4')['death-avoid']).toBe(20);
    m.p('t4').items.find((c) => c.item === 'holy-water')!.charges = 0;
    expect(m.act('t4', { type: 'use-item', item: 'holy-water', target: 't4' })).toBe('no-charges');
    m.night([['t4', { type: 'use-item', item: 'elixir-of-life', target: 't4' }]]);
    expect(m.count('t4', 'elixir-of-life')).toBe(1);
    m.close();
    m.night([['t4', { type: 'use-item', item: 'elixir-of-life', target: 't4' }]]);
    expect(m.count('t4', 'elixir-of-life')).toBe(0);
  });

  it('MAF-4.8 no Thing search right after a carried-out Thing search; blocked ones and antidote searches do not count', () => {
    const m = eightAtNight({
      t4: { maps: ['antidote', 'poison'] },
      t5: { effects: [{ effect: 'poison', nightsLeft: 2 }] },
      t6: { inventory: { 'dope-potion': 1 } },
    });
    m.night([
      ['t4', { type: 'search-random', rarity: 'thing' }],
      ['t3', { type: 'search-random', rarity: 'thing' }],
      ['t6', { type: 'use-item', item: 'dope-potion', target: 't3' }],
      ['t5', { type: 'search-antidote' }],
    ]);
    m.close();
    expect(m.act('t4', { type: 'search-random', rarity: 'thing' })).toBe('thing-search-repeat');
    expect(m.act('t4', { type: 'search-map', item: 'poison' })).toBe('thing-search-repeat');
    expect(m.act('t4', { type: 'search-random', rarity: 'relic' })).toBe('ok');
    expect(m.act('t3', { type: 'search-random', rarity: 'thing' })).toBe('ok');
    expect(m.act('t5', { type: 'search-random', rarity: 'thing' })).toBe('ok');
    m.close();
    m.close();
    expect(m.act('t4', { type: 'search-map', item: 'poison' })).toBe('ok');
  });

  it('MAF-4.9 whoever obtains a set piece, by any means, is told the set’s pieces and rarities', () => {
    const m = eightAtNight({ t4: { maps: ['night-ring'] }, b1: { inventory: { 'tracker-boots': 1 } } }, { dice: 'succeed' });
    m.night([
      ['t4', { type: 'search-map', item: 'night-ring' }],
      ['b2', { type: 'steal', target: 'b1', item: 'tracker-boots' }],
    ]);
    const events = m.of('night-1');
    expect(find(events, { kind: 'set-info', to: 't4' })).toEqual([
      {
        kind: 'set-info',
        to: 't4',
        set: 'night-regalia',
        pieces: [
          { item: 'night-ring', rarity: 'relic' },
          { item: 'night-mantle', rarity: 'rare' },
          { item: 'night-crown', rarity: 'legendary' },
        ],
      },
    ]);
    expect(find(events, { kind: 'set-info', to: 'b2' })[0]!.set).toBe('tracker-gear');
  });

  it('MAF-4.19 a preparation may not be repeated while held; the other kind may be prepared', () => {
    const m = eightAtNight({ t4: { effects: [{ effect: 'prepared-search' }] } });
    expect(m.act('t4', { type: 'prepare-search' })).toBe('already-prepared');
    expect(m.act('t4', { type: 'prepare-theft' })).toBe('ok');
    m.close();
    expect(m.p('t4').fx.prepared).toEqual({ search: true, theft: true });
    expect(has(m.of('night-1'), { kind: 'action-succeeded', to: 't4', action: 'prepare-theft' })).toBe(true);
  });

  it('MAF-4.20 the next carried-out search or theft doubles its base and uses the preparation whatever the result', () => {
    const m = eightAtNight(
      {
        t4: { maps: ['dowsing-rod'], effects: [{ effect: 'prepared-search' }, { effect: 'prepared-theft' }] },
        t5: { inventory: { 'lucky-coin': 1 } },
      },
      { dice: 'fail' },
    );
    expect(plan(m, 't4', { type: 'search-map', item: 'dowsing-rod' }).chance).toBe(40 + 40 + 10);
    expect(plan(m, 't4', { type: 'search-random', rarity: 'relic' }).chance).toBe(130);
    m.night([['t4', { type: 'search-map', item: 'dowsing-rod' }]]);
    expect(m.p('t4').fx.prepared).toEqual({ search: false, theft: true });
    m.close();
    m.night([['t4', { type: 'steal', target: 't5', item: 'lucky-coin' }]]);
    expect(m.p('t4').fx.prepared.theft).toBe(false);
    // not used by an antidote search, nor by a search not carried out
    const a = eightAtNight({
      t4: { effects: [{ effect: 'prepared-search' }, { effect: 'poison', nightsLeft: 2 }] },
      t5: { effects: [{ effect: 'prepared-search' }] },
      t6: { inventory: { 'dope-potion': 1 } },
    });
    a.night([
      ['t4', { type: 'search-antidote' }],
      ['t5', { type: 'search-random', rarity: 'relic' }],
      ['t6', { type: 'use-item', item: 'dope-potion', target: 't5' }],
    ]);
    expect(a.p('t4').fx.prepared.search).toBe(true);
    expect(a.p('t5').fx.prepared.search).toBe(true);
  });
});
