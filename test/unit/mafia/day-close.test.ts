// The day close (MAF-3.14) as a whole: the order of day items, their spending and reports, blocks,
// curses and blessings, map searches, the vote and jailing, day-long effects ending, the switch.
import { describe, expect, it } from 'vitest';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef } from '../../../engine/rulesets/mafia/catalog.js';
import { bandit, crowd, eight, eightAtNight, gmItem, Match, town } from './harness.js';

/** A day check item of a GM catalog (MAF-8.1): reusable without limit, its answer public unless told. */
const lens = (id: string, over: Partial<ItemDef> = {}): ItemDef =>
  gmItem(id, { phase: 'day', uses: 'infinite', afterUse: null, class: 'inspect', effect: [{ type: 'check', report: 'public' }], ...over });

const catalog: Catalog = {
  ...structuredClone(starterCatalog()),
  items: [
    ...structuredClone(starterCatalog().items),
    lens('owl-lens', { instant: true, class: 'harm' }),
    lens('hawk-lens'),
    lens('mole-lens', { class: 'fortune' }),
    lens('whisper-lens', { uses: 'multi-use', charges: 2, effect: [{ type: 'check', report: 'private' }] }),
    gmItem('oath-ring', {
      phase: 'day',
      instant: true,
      scope: 'self',
      effect: [{ type: 'stat', stat: 'vote-strength', op: 'add', value: 1, duration: 'held' }],
    }),
  ],
};
const gm = { settings: { catalog } };

/** Every thing item id: with these maps and all odds on `thing`, a map search finds nothing. */
const allThings = starterCatalog()
  .items.filter((i) => i.rarity === 'thing')
  .map((i) => i.id);
const noMaps = { 'map-odds': { legendary: 0, artifact: 0, rare: 0, relic: 0, thing: 100 } };

const noVote = { kind: 'vote-result', to: 'public', tally: {}, leaders: [], jailed: null, decidedBy: 'none' };

describe('MAF-3.14 (2), (3) the order of day items and map searches', () => {
  it('MAF-3.14 (2) day items resolve instants first, then actives by effect class, then by seat, whatever the submission order', () => {
    const m = eight(
      {
        t1: { inventory: { 'hawk-lens': 1 } },
        t2: { inventory: { 'hawk-lens': 1 } },
        t4: { inventory: { 'mole-lens': 1 } },
        t6: { inventory: { 'owl-lens': 1 } },
      },
      gm,
    );
    m.play([
      ['t2', { type: 'use-item', item: 'hawk-lens', target: 'b2' }],
      ['t6', { type: 'use-item', item: 'owl-lens', target: 't1' }],
      ['t4', { type: 'use-item', item: 'mole-lens', target: 'b1' }],
      ['t1', { type: 'use-item', item: 'hawk-lens', target: 'b1' }],
    ]);
    expect(m.close()).toEqual([
      { kind: 'day-item-result', to: 'public', player: 't6', item: 'owl-lens', target: 't1', answer: 'town' },
      { kind: 'day-item-result', to: 'public', player: 't4', item: 'mole-lens', target: 'b1', answer: 'bandit' },
      { kind: 'day-item-result', to: 'public', player: 't1', item: 'hawk-lens', target: 'b1', answer: 'bandit' },
      { kind: 'day-item-result', to: 'public', player: 't2', item: 'hawk-lens', target: 'b2', answer: 'bandit' },
      noVote,
    ]);
    // an infinite item is kept and never reloads: no lastUse
    expect(m.view('t1').me.inventory).toEqual([{ item: 'hawk-lens', rarity: 'rare', active: true, starting: false }]);
  });

  it('MAF-3.14 (3), MAF-3.9 map searches and votes resolve in seat order, whatever the submission order', () => {
    const m = eight({}, { dice: 'succeed' });
    m.play([
      ['t5', { type: 'find-map' }],
      ['t3', { type: 'find-map' }],
      ['t6', { type: 'vote', target: 'b2' }],
    ]);
    expect(m.close()).toEqual([
      { kind: 'map-found', to: 'public', player: 't3', item: 'phoenix-feather', rarity: 'legendary' },
      { kind: 'map-found', to: 'public', player: 't5', item: 'phoenix-feather', rarity: 'legendary' },
      { kind: 'vote-result', to: 'public', tally: { b2: 1 }, leaders: ['b2'], jailed: 'b2', decidedBy: 'votes' },
      { kind: 'jailed', to: 'public', player: 'b2', decidedBy: 'votes' },
    ]);
    expect(m.view('t3').me.maps).toEqual(['phoenix-feather']);
    expect(m.view('t5').me.maps).toEqual(['phoenix-feather']);
    // MAF-3.7, 2.9: the board keeps the last vote; the jailed player may leave last words
    expect(m.view({ as: 'public' }).board).toEqual({
      lastVote: { day: 1, tally: { b2: 1 }, leaders: ['b2'], jailed: 'b2', decidedBy: 'votes' },
    });
    expect(m.view('b2').me.statuses.mayLastWords).toBe(true);
  });
});

describe('MAF-3.13, MAF-3.11 what a day item spends and reports', () => {
  it('MAF-3.11, MAF-8.1 a private check is told to its user only; multi-use spends a charge, reloadable records the day, one-use is gone, a held stat stays', () => {
    const m = eight(
      {
        t1: { inventory: { 'whisper-lens': 1 } },
        t2: { inventory: { 'tracker-spyglass': 1 } },
        t4: { inventory: { 'oath-ring': 1 } },
        t5: { inventory: { gag: 1 } },
        t6: { inventory: { megaphone: 1 } },
      },
      gm,
    );
    m.play([
      ['t1', { type: 'use-item', item: 'whisper-lens', target: 'b2' }],
      ['t2', { type: 'use-item', item: 'tracker-spyglass', target: 'b1' }],
      ['t4', { type: 'use-item', item: 'oath-ring' }],
      ['t5', { type: 'use-item', item: 'gag', target: 't4' }],
      ['t6', { type: 'use-item', item: 'megaphone' }],
    ]);
    expect(m.close()).toEqual([
      { kind: 'day-item-result', to: 'public', player: 't2', item: 'tracker-spyglass', target: 'b1', answer: 'bandit' },
      noVote,
      { kind: 'action-succeeded', to: 't1', action: 'use-item', item: 'whisper-lens', target: 'b2', answer: 'bandit' },
      { kind: 'stats-changed', to: 't4', changes: { 'vote-strength': 2 } },
    ]);
    expect(m.seenBy('t2').filter((e) => e.kind === 'action-succeeded')).toEqual([]);
    expect(m.view('t1').me.inventory).toEqual([{ item: 'whisper-lens', rarity: 'rare', active: true, starting: false, charges: 1 }]);
    expect(m.view('t2').me.inventory).toEqual([
      { item: 'tracker-spyglass', rarity: 'artifact', active: true, starting: false, lastUse: 1 },
    ]);
    expect(m.view('t4').me.inventory).toEqual([]);
    expect(m.view('t5').me.inventory).toEqual([]);
    expect(m.view('t6').me.inventory).toEqual([]);
    // (6) day-long effects end, held ones stay (the GM's view of the effects in force)
    const fx = (id: string) => m.view({ as: 'gm' }).state.players.find((p: { id: string }) => p.id === id).fx;
    expect(fx('t4').mods).toEqual([{ stat: 'vote-strength', op: 'add', value: 1, kind: 'held', n: 1 }]);
    expect(fx('t6').mods).toEqual([]);
    expect(m.stats('t4')['vote-strength']).toBe(2);
    expect(m.stats('t6')['vote-strength']).toBe(1);
  });

  it('MAF-3.13 a fake by a day-blocked player has no report at all, not even action-failed', () => {
    const m = eight({ t1: { inventory: { megaphone: 1 } }, t2: { inventory: { 'sleeping-draught': 1 } } });
    m.play([['t1', { type: 'use-item', item: 'megaphone' }]]);
    m.close();
    m.night([['t2', { type: 'use-item', item: 'sleeping-draught', target: 't1' }]]);
    expect(m.p('t1').fx.dayBlock).toBe(2);
    m.play([['t1', { type: 'use-item', item: 'megaphone' }]]);
    expect(m.pending[0]).toMatchObject({ player: 't1', action: { fake: true } });
    expect(m.close()).toEqual([noVote]);
  });
});

describe('MAF-3.10, MAF-9.16 day blocks', () => {
  it('MAF-3.10, D50 a day-blocked player gets action-failed blocked for his item use (spent all the same), his failed map search and his vote; the block then ends', () => {
    const m = eightAtNight(
      {
        t1: { inventory: { 'sleeping-draught': 1 } },
        t2: { inventory: { megaphone: 1 } },
        t3: { maps: allThings },
        t4: { inventory: { 'sleeping-draught': 1 } },
        t5: { maps: allThings },
      },
      { settings: noMaps },
    );
    m.night([
      ['t1', { type: 'use-item', item: 'sleeping-draught', target: 't2' }],
      ['t4', { type: 'use-item', item: 'sleeping-draught', target: 't3' }],
    ]);
    m.play([
      ['t2', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'use-item', item: 'megaphone' }],
      ['t5', { type: 'find-map' }],
      ['t3', { type: 'find-map' }],
    ]);
    expect(m.close()).toEqual([
      { kind: 'map-search-failed', to: 'public', player: 't3' },
      { kind: 'map-search-failed', to: 'public', player: 't5' },
      noVote,
      { kind: 'action-failed', to: 't2', action: 'use-item', reason: 'blocked', item: 'megaphone', target: 't2' },
      { kind: 'action-failed', to: 't3', action: 'find-map', reason: 'blocked' },
      { kind: 'action-failed', to: 't2', action: 'vote', reason: 'blocked', target: 'b1' },
    ]);
    // D50: the blocked day use counts as carried out: the one-use megaphone is gone.
    expect(m.view('t2').me.inventory).toEqual([]);
    const gmState = m.view({ as: 'gm' }).state;
    expect(gmState.players.map((p: { fx: { dayBlock: number | null } }) => p.fx.dayBlock)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('MAF-9.4, MAF-9.6 curses and blessings at the day close', () => {
  it('MAF-9.4 a cursed day item use is spent and fails (action-failed dice); a curse check that fails lets it work', () => {
    const cursed = eight({ t1: { inventory: { megaphone: 1 }, effects: [{ effect: 'curse', value: 100 }] } });
    cursed.play([
      ['t1', { type: 'use-item', item: 'megaphone' }],
      ['t1', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'vote', target: 'b2' }],
      ['t3', { type: 'vote', target: 'b2' }],
    ]);
    expect(cursed.close()).toEqual([
      { kind: 'vote-result', to: 'public', tally: { b1: 1, b2: 3 }, leaders: ['b2'], jailed: 'b2', decidedBy: 'votes' },
      { kind: 'jailed', to: 'public', player: 'b2', decidedBy: 'votes' },
      { kind: 'action-failed', to: 't1', action: 'use-item', reason: 'dice', item: 'megaphone', target: 't1' },
    ]);
    expect(cursed.view('t1').me.inventory).toEqual([]);
    const lucky = eight({ t1: { inventory: { megaphone: 1 }, effects: [{ effect: 'curse', value: 50 }] } }, { dice: 'fail' });
    lucky.play([
      ['t1', { type: 'use-item', item: 'megaphone' }],
      ['t1', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'vote', target: 'b2' }],
      ['t3', { type: 'vote', target: 'b2' }],
    ]);
    expect(lucky.close()).toEqual([
      { kind: 'vote-result', to: 'public', tally: { b1: 3, b2: 3 }, leaders: ['b1', 'b2'], jailed: null, decidedBy: 'none' },
    ]);
  });

  it('MAF-9.4 a curse check that fails lets a map search add its map', () => {
    const m = eight(
      { t1: { effects: [{ effect: 'curse', value: 50 }] } },
      { dice: 'fail', settings: { 'map-odds': { legendary: 100, artifact: 0, rare: 0, relic: 0, thing: 0 } } },
    );
    m.play([['t1', { type: 'find-map' }]]);
    const events = m.close();
    const found = events.find((e) => e.kind === 'map-found')!;
    expect(events).toEqual([found, noVote]);
    expect(m.view('t1').me.maps).toEqual([found.item]);
  });

  it('MAF-9.6 a blessing check wards off a negative day effect (a gag) when it succeeds only; positive effects are never warded off', () => {
    const m = eight(
      {
        t1: { inventory: { gag: 1 } },
        t3: { effects: [{ effect: 'blessing', value: 50 }] },
        t4: { inventory: { megaphone: 1 }, effects: [{ effect: 'blessing', value: 100 }] },
        t5: { effects: [{ effect: 'blessing', value: 100 }] },
        t6: { inventory: { gag: 1 } },
      },
      { dice: 'fail' },
    );
    m.play([
      ['t1', { type: 'use-item', item: 'gag', target: 't3' }],
      ['t6', { type: 'use-item', item: 'gag', target: 't5' }],
      ['t4', { type: 'use-item', item: 'megaphone' }],
      ['t3', { type: 'vote', target: 'b1' }],
      ['t4', { type: 'vote', target: 'b2' }],
      ['t5', { type: 'vote', target: 'b1' }],
    ]);
    expect(m.close()).toEqual([
      { kind: 'vote-result', to: 'public', tally: { b1: 1, b2: 3 }, leaders: ['b2'], jailed: 'b2', decidedBy: 'votes' },
      { kind: 'jailed', to: 'public', player: 'b2', decidedBy: 'votes' },
    ]);
  });
});

describe('MAF-1.8 the specialty switch at the day-1 close', () => {
  it('MAF-1.8 the switch applies after the vote and is then closed; unused, it closes too', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'blocker', 'archaeologist'),
        bandit('b3', 'curser'),
        town('t1'),
        town('t2'),
        town('t3'),
        town('t4'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      {
        setup: { switchBandit: 'b2' },
      },
    );
    expect(m.view('b2').me.statuses.maySwitchSpecialty).toBe(true);
    m.play([['b2', { type: 'switch-specialty', specialty: 'guard' }]]);
    expect(m.close()).toEqual([
      noVote,
      { kind: 'specialty-switched', to: 'b2', specialty: 'guard' },
      { kind: 'stats-changed', to: 'b2', changes: { 'vote-strength': 2, 'death-avoid': 30, 'find-bonus': 0 } },
    ]);
    expect(m.view('b2').me).toMatchObject({ specialty: 'guard', statuses: { maySwitchSpecialty: false } });
    expect(m.state.switchOpen).toBe(false);
    const idle = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'blocker'),
        bandit('b3', 'curser'),
        town('t1'),
        town('t2'),
        town('t3'),
        town('t4'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      {
        setup: { switchBandit: 'b2' },
      },
    );
    expect(idle.close()).toEqual([noVote]);
    expect(idle.view('b2').me.statuses.maySwitchSpecialty).toBe(false);
    idle.close();
    expect(idle.phase).toBe('day-2');
    expect(idle.act('b2', { type: 'switch-specialty', specialty: 'guard' })).toBe('not-allowed');
  });
});

describe('MAF-3.14 the day close acts in seat order, not in the order of player ids', () => {
  it('MAF-3.14 MAF-3.8 map searches are drawn and announced in seat order: p2 before p10, though "p10" sorts first', () => {
    const m = crowd(10, {}, 2);
    m.play([
      ['p10', { type: 'find-map' }],
      ['p2', { type: 'find-map' }],
    ]);
    const searches = m.close().filter((e) => e.kind === 'map-found' || e.kind === 'map-search-failed');
    expect(searches.map((e) => e.player)).toEqual(['p2', 'p10']);
  });
});
