// Step IV in the night (MAF-4.x, 9.3): antidote searches, which maps go, collisions, preparations.
import { describe, expect, it } from 'vitest';
import { searchPlan } from '../../../engine/rulesets/mafia/night/searches.js';
import { eightAtNight, find, has } from './harness.js';
import type { Match } from './harness.js';

const plan = (m: Match, id: string, action: Record<string, unknown>, poisonNight?: number) =>
  searchPlan(m.state, m.p(id), { type: String(action.type), ...action }, m.state.phase!, poisonNight);

const poisoned = (nightsLeft: 1 | 2) => ({ effect: 'poison', nightsLeft });
const odds = (first: number, second: number) => ({ 'antidote-odds': [first, second] });
/** Every other legendary destroyed: the night crown is the only one left in the deck. */
const crownOnly = ['phoenix-feather', 'ring-of-immortality', 'thieves-moon', 'book-of-names'];

describe('Step IV: searches at night', () => {
  it('MAF-9.3 / MAF-4.3 the plans: an antidote search is a Thing at 40 then 30; a set search is kind set', () => {
    const m = eightAtNight({ t4: { effects: [poisoned(2)], inventory: { 'tracker-boots': 1 } } });
    const night = m.p('t4').fx.poison!.night;
    expect(plan(m, 't4', { type: 'search-antidote' }, night)).toEqual({ kind: 'antidote', item: 'antidote', rarity: 'thing', chance: 40 });
    expect(plan(m, 't4', { type: 'search-antidote' }, night - 1).chance).toBe(30);
    expect(plan(m, 't4', { type: 'search-antidote' }).chance).toBe(40);
    expect(plan(m, 't4', { type: 'search-set', item: 'tracker-compass' })).toEqual({
      kind: 'set',
      item: 'tracker-compass',
      rarity: 'relic',
      chance: 40,
    });
  });

  it('MAF-9.3 antidote night 1 uses the first antidote-odds, night 2 the second', () => {
    // night 1 at 100: found even under failing dice
    const first = eightAtNight({ t4: { effects: [poisoned(2)] } }, { dice: 'fail', settings: odds(100, 0) });
    const events = first.night([['t4', { type: 'search-antidote' }]]);
    expect(first.p('t4').fx.poison).toBeNull();
    expect(find(events, { kind: 'effect-removed', to: 't4' })).toEqual([{ kind: 'effect-removed', to: 't4', effect: 'poison' }]);
    expect(first.facts().alive).toContain('t4');
    // night 2 at 0: fails even under succeeding dice, and the poison kills
    const second = eightAtNight({ t4: { effects: [poisoned(1)] } }, { dice: 'succeed', settings: odds(100, 0) });
    const late = second.night([['t4', { type: 'search-antidote' }]]);
    expect(find(late, { kind: 'action-failed', to: 't4' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'search-antidote', reason: 'dice', item: 'antidote' },
    ]);
    expect(second.facts().dead).toContain('t4');
    // poisoned by the poisoner at night 1: night 2 is his antidote night 1
    const real = eightAtNight({ b2: { role: 'poisoner' }, t4: { specialty: 'guard' } }, { dice: 'succeed', settings: odds(100, 0) });
    real.night([['b2', { type: 'use-item', item: 'poison', target: 't4' }]]);
    real.close();
    real.night([['t4', { type: 'search-antidote' }]]);
    expect(real.p('t4').fx.poison).toBeNull();
    expect(has(real.of('night-2'), { kind: 'action-succeeded', to: 't4', action: 'search-antidote' })).toBe(true);
  });

  it('MAF-9.3 / MAF-4.8 / MAF-4.20 a poisoned player’s antidote map search: fixed odds, map used, cured, no Thing search, preparation kept', () => {
    const m = eightAtNight(
      { t4: { effects: [poisoned(2), { effect: 'prepared-search' }], maps: ['antidote'] } },
      { dice: 'fail', settings: odds(100, 30) },
    );
    const events = m.night([['t4', { type: 'search-map', item: 'antidote' }]]);
    expect(find(events, { kind: 'action-succeeded', to: 't4' })).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'search-map', item: 'antidote' },
    ]);
    expect(m.p('t4').fx.poison).toBeNull();
    expect(m.count('t4', 'map:antidote')).toBe(0);
    expect(m.count('t4', 'antidote')).toBe(0);
    expect(events.filter((e) => e.to === 'public' && e.kind === 'item-found')).toEqual([]);
    expect(m.p('t4').fx.prepared.search).toBe(true);
    m.close();
    expect(m.act('t4', { type: 'search-random', rarity: 'thing' })).toBe('ok');
    // at 0 it fails even under succeeding dice: not a map search at 80 + 10
    const zero = eightAtNight({ t4: { effects: [poisoned(2)], maps: ['antidote'] } }, { dice: 'succeed', settings: odds(0, 0) });
    const failed = zero.night([['t4', { type: 'search-map', item: 'antidote' }]]);
    expect(find(failed, { kind: 'action-failed', to: 't4' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'search-map', reason: 'dice', item: 'antidote' },
    ]);
    expect(zero.count('t4', 'map:antidote')).toBe(1);
  });

  it('MAF-9.3 search-antidote by a poisoned player who holds an antidote map leaves the map', () => {
    const m = eightAtNight({ t4: { effects: [poisoned(2)], maps: ['antidote'] } }, { dice: 'fail', settings: odds(100, 30) });
    m.night([['t4', { type: 'search-antidote' }]]);
    expect(m.p('t4').fx.poison).toBeNull();
    expect(m.count('t4', 'map:antidote')).toBe(1);
    expect(m.count('t4', 'antidote')).toBe(0);
  });

  it('MAF-4.1 / MAF-4.5 / MAF-9.3 antidote-odds only bind a poisoned player’s antidote search; other finds are kept and announced', () => {
    const m = eightAtNight(
      { t4: { effects: [poisoned(2)], maps: ['dowsing-rod'] }, t5: { maps: ['antidote'] } },
      { dice: 'succeed', settings: odds(0, 0) },
    );
    const events = m.night([
      ['t4', { type: 'search-map', item: 'dowsing-rod' }],
      ['t5', { type: 'search-map', item: 'antidote' }],
      ['t6', { type: 'search-random', rarity: 'thing' }],
    ]);
    expect(find(events, { kind: 'item-found' })).toEqual([
      { kind: 'item-found', to: 'public', player: 't4', item: 'dowsing-rod', rarity: 'artifact' },
      { kind: 'item-found', to: 'public', player: 't5', item: 'antidote', rarity: 'thing' },
      { kind: 'item-found', to: 'public', player: 't6', item: 'revolver', rarity: 'thing' },
    ]);
    expect(m.count('t4', 'dowsing-rod')).toBe(1);
    expect(m.p('t4').fx.poison).not.toBeNull();
    expect(m.count('t5', 'antidote')).toBe(1);
    expect(m.count('t5', 'map:antidote')).toBe(0);
    expect(find(events, { kind: 'effect-removed' })).toEqual([]);
  });

  it('MAF-9.3 / MAF-9.4 / MAF-9.5 an antidote search gets no luck check and no curse check', () => {
    // t4 is a mage (luck 25): at 0 he fails although a luck check would succeed
    const m = eightAtNight(
      { t4: { effects: [poisoned(2)] }, t5: { effects: [poisoned(2), { effect: 'curse', value: 50 }] } },
      { dice: 'succeed', settings: odds(0, 0) },
    );
    const events = m.night([['t4', { type: 'search-antidote' }]]);
    expect(has(events, { kind: 'action-failed', to: 't4', action: 'search-antidote', reason: 'dice' })).toBe(true);
    expect(m.p('t4').fx.poison).not.toBeNull();
    // at 100 the cursed one is cured: no curse check
    const c = eightAtNight(
      { t5: { effects: [poisoned(2), { effect: 'curse', value: 50 }] } },
      { dice: 'succeed', settings: odds(100, 100) },
    );
    const cured = c.night([['t5', { type: 'search-antidote' }]]);
    expect(has(cured, { kind: 'action-succeeded', to: 't5', action: 'search-antidote' })).toBe(true);
    expect(c.p('t5').fx.poison).toBeNull();
  });

  it('MAF-9.3 an antidote given and one found the same night: he is told once that the poison is gone', () => {
    const m = eightAtNight(
      { t4: { effects: [poisoned(2)] }, t5: { inventory: { antidote: 1 } } },
      { dice: 'fail', settings: odds(100, 30) },
    );
    const events = m.night([
      ['t5', { type: 'use-item', item: 'antidote', target: 't4' }],
      ['t4', { type: 'search-antidote' }],
    ]);
    expect(find(events, { kind: 'effect-removed', to: 't4' })).toEqual([{ kind: 'effect-removed', to: 't4', effect: 'poison' }]);
    expect(has(events, { kind: 'action-succeeded', to: 't4', action: 'search-antidote' })).toBe(true);
    expect(find(events, { kind: 'saved-player' })).toEqual([{ kind: 'saved-player', to: 't5', target: 't4' }]);
  });

  it('MAF-4.1 / MAF-4.2 / MAF-4.3 a success removes only the map searched; random and set finds leave maps alone', () => {
    const m = eightAtNight(
      {
        t4: { maps: ['dowsing-rod', 'lucky-coin'] },
        t5: { maps: ['lucky-coin'] },
        t6: { inventory: { 'tracker-compass': 1 }, maps: ['tracker-boots'] },
      },
      { dice: 'succeed' },
    );
    m.night([
      ['t4', { type: 'search-map', item: 'dowsing-rod' }],
      ['t5', { type: 'search-random', rarity: 'relic' }],
      ['t6', { type: 'search-set', item: 'tracker-boots' }],
    ]);
    expect(m.inv('t4')).toEqual({ 'dowsing-rod': 1, 'map:lucky-coin': 1 });
    expect(m.inv('t5')).toEqual({ 'lucky-coin': 1, 'map:lucky-coin': 1 });
    expect(m.inv('t6')).toEqual({ 'tracker-compass': 1, 'tracker-boots': 1, 'map:tracker-boots': 1 });
  });

  it('MAF-4.16 a map search beats a set search with a higher roll, whichever sits first', () => {
    // the set search is sure (100: no roll), the map search rolls (20 + 10)
    const settings = { 'set-search-odds': { relic: 40, rare: 30, artifact: 20, legendary: 100 } };
    const a = eightAtNight({ t4: { inventory: { 'night-ring': 1 } }, t5: { maps: ['night-crown'] } }, { dice: 'succeed', settings });
    a.night([
      ['t4', { type: 'search-set', item: 'night-crown' }],
      ['t5', { type: 'search-map', item: 'night-crown' }],
    ]);
    expect(a.count('t5', 'night-crown')).toBe(1);
    expect(a.count('t4', 'night-crown')).toBe(0);
    expect(find(a.of('night-1'), { kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 't4', action: 'search-set', reason: 'collision', item: 'night-crown' },
    ]);
    const b = eightAtNight({ t4: { maps: ['night-crown'] }, t5: { inventory: { 'night-ring': 1 } } }, { dice: 'succeed', settings });
    b.night([
      ['t4', { type: 'search-map', item: 'night-crown' }],
      ['t5', { type: 'search-set', item: 'night-crown' }],
    ]);
    expect(b.count('t4', 'night-crown')).toBe(1);
    expect(b.count('t5', 'night-crown')).toBe(0);
    expect(find(b.of('night-1'), { kind: 'action-failed' }).map((e) => [e.to, e.reason])).toEqual([['t5', 'collision']]);
  });

  it('MAF-4.16 among equal kinds the highest roll wins, a sure success (no roll) above all, before seat order', () => {
    const m = eightAtNight(
      { t4: { inventory: { 'night-ring': 1 } } },
      {
        dice: 'succeed',
        settings: { 'search-odds': { thing: 80, relic: 65, rare: 50, artifact: 40, legendary: 100 } },
        setup: { destroyed: crownOnly },
      },
    );
    m.night([
      ['t4', { type: 'search-set', item: 'night-crown' }],
      ['t5', { type: 'search-random', rarity: 'legendary' }],
    ]);
    expect(m.count('t5', 'night-crown')).toBe(1);
    expect(m.count('t4', 'night-crown')).toBe(0);
    expect(find(m.of('night-1'), { kind: 'action-failed' }).map((e) => [e.to, e.reason])).toEqual([['t4', 'collision']]);
  });

  it('MAF-4.5 / MAF-3.13 a found item enters the finder’s found list once, however often found', () => {
    const m = eightAtNight({}, { dice: 'succeed' });
    m.night([['t4', { type: 'search-random', rarity: 'relic' }]]);
    expect(m.view('t4').me.found).toEqual(['lucky-coin']);
    m.close();
    m.night([['t4', { type: 'search-random', rarity: 'relic' }]]);
    expect(m.count('t4', 'lucky-coin')).toBe(2);
    expect(m.view('t4').me.found).toEqual(['lucky-coin']);
  });

  it('MAF-7.2 only an archaeologist builds a streak of failed searches', () => {
    const m = eightAtNight({}, { dice: 'fail' });
    m.night([
      ['t1', { type: 'search-random', rarity: 'legendary' }],
      ['t4', { type: 'search-random', rarity: 'legendary' }],
    ]);
    expect(m.stats('t1')['find-bonus']).toBe(20);
    expect(m.p('t1').searchFails).toBe(1);
    expect(m.p('t4').searchFails).toBe(0);
  });

  it('MAF-4.19 / MAF-9.4 prepare-search gives the search preparation only; a cursed preparation fails (dice)', () => {
    const m = eightAtNight({ t5: { effects: [{ effect: 'curse', value: 50 }] } }, { dice: 'succeed' });
    const events = m.night([
      ['t4', { type: 'prepare-search' }],
      ['t5', { type: 'prepare-theft' }],
    ]);
    expect(m.p('t4').fx.prepared).toEqual({ search: true, theft: false });
    expect(find(events, { kind: 'action-succeeded', to: 't4' })).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'prepare-search' },
    ]);
    expect(find(events, { kind: 'action-failed', to: 't5' })).toEqual([
      { kind: 'action-failed', to: 't5', action: 'prepare-theft', reason: 'dice' },
    ]);
    expect(m.p('t5').fx.prepared).toEqual({ search: false, theft: false });
  });
});
