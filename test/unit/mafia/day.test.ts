// Section 3: the day — votes, tie-breaks, treasure maps, day items, blocks and fakes, the day close.
import { describe, expect, it } from 'vitest';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import { bandit, eight, find, has, Match, town } from './harness.js';

const result = (events: ReturnType<Match['close']>) => find(events, { kind: 'vote-result' })[0]!;

describe('Section 3: the vote', () => {
  it('MAF-3.1 a vote names one player and is announced publicly at once', () => {
    const m = eight();
    m.play([['t1', { type: 'vote', target: 'b2' }]]);
    expect(m.of('day-1').at(-1)).toEqual({ kind: 'vote-cast', to: 'public', voter: 't1', target: 'b2' });
    expect(m.act('t1', { type: 'vote' })).toBe('field-missing');
  });

  it('MAF-3.2 strength: 1, a guard 2, items add, capped at 10; a 0-for-the-day vote counts as absent', () => {
    const m = eight(
      { t3: { specialty: 'guard' }, t4: { inventory: { 'night-crown': 1 } }, t5: { inventory: { gag: 1 } } },
      { setup: { startPhase: 'day-4' } },
    );
    expect(m.stats('t1')['vote-strength']).toBe(1);
    expect(m.stats('t3')['vote-strength']).toBe(2);
    expect(m.stats('t4')['vote-strength']).toBe(3);
    m.play([
      ['t1', { type: 'vote', target: 'b1' }],
      ['t3', { type: 'vote', target: 'b1' }],
      ['t4', { type: 'vote', target: 'b2' }],
      ['t6', { type: 'vote', target: 'b2' }],
      ['t5', { type: 'use-item', item: 'gag', target: 't6' }],
    ]);
    const r = result(m.close());
    expect(r.tally).toEqual({ b1: 3, b2: 3 });
    const capped = eight({ t1: { specialty: 'guard', inventory: { 'night-crown': 1 } } }, { settings: { 'vote-strength-cap': 3 } });
    expect(capped.stats('t1')['vote-strength']).toBe(3);
  });

  it('MAF-3.3 votes count at the close with the strength then, after the day items (a megaphone used later still counts)', () => {
    const m = eight({ t1: { inventory: { megaphone: 1 } } });
    m.play([
      ['t1', { type: 'vote', target: 'b1' }],
      ['t4', { type: 'vote', target: 'b2' }],
      ['t5', { type: 'vote', target: 'b2' }],
      ['t1', { type: 'use-item', item: 'megaphone' }],
    ]);
    const r = result(m.close());
    expect(r.tally).toEqual({ b1: 3, b2: 2 });
    expect(r.jailed).toBe('b1');
  });

  it('MAF-3.4 blocked and 0-strength votes are not counted; no counted vote jails nobody with an empty tally', () => {
    const m = eight({ t1: { inventory: { gag: 1 } } });
    m.p('t2').fx.dayBlock = 1;
    m.play([
      ['t2', { type: 'vote', target: 'b1' }],
      ['t1', { type: 'use-item', item: 'gag', target: 't3' }],
      ['t3', { type: 'vote', target: 'b1' }],
    ]);
    const events = m.close();
    expect(result(events)).toEqual({ kind: 'vote-result', to: 'public', tally: {}, leaders: [], jailed: null, decidedBy: 'none' });
    expect(has(events, { kind: 'jailed' })).toBe(false);
  });

  it('MAF-3.5 one leader is jailed; a tie jails nobody on days 1..tie-free-days, and always someone from the next day', () => {
    const tie = (day: number, settings = {}) => {
      const m = eight({}, { setup: { startPhase: `day-${day}` }, settings, dice: 'fail' });
      m.play([
        ['t1', { type: 'vote', target: 'b1' }],
        ['t2', { type: 'vote', target: 'b2' }],
      ]);
      return result(m.close());
    };
    expect(tie(3)).toMatchObject({ jailed: null, decidedBy: 'none', leaders: ['b1', 'b2'] });
    expect(tie(4).jailed).not.toBeNull();
    expect(tie(2, { 'tie-free-days': 1 }).jailed).not.toBeNull();
    expect(tie(1, { 'tie-free-days': 0 }).jailed).not.toBeNull();
    const one = eight();
    one.play([['t1', { type: 'vote', target: 't2' }]]);
    expect(result(one.close())).toMatchObject({ jailed: 't2', decidedBy: 'votes' });
  });

  it('MAF-3.6 tie-breaks: holding a higher rarity protects (starting items and maps ignored), then guard votes, then random', () => {
    const day4 = { setup: { startPhase: 'day-4' } };
    // legendary beats everything below
    const a = new Match(
      [
        town('x', 'mage', { inventory: { 'night-crown': 1 } }),
        town('y', 'mage', { inventory: { 'dowsing-rod': 1, 'lucky-coin': 1 } }),
        bandit('b1'),
        bandit('b2'),
        town('c'),
        town('d'),
      ],
      day4,
    );
    a.play([
      ['b1', { type: 'vote', target: 'x' }],
      ['b2', { type: 'vote', target: 'y' }],
    ]);
    expect(result(a.close())).toMatchObject({ jailed: 'y', decidedBy: 'legendary' });
    // equal holdings fall through to guard votes; starting items and maps do not protect
    const g = new Match(
      [
        bandit('boss', 'boss'),
        town('y', 'mage', { maps: ['night-crown'] }),
        bandit('b2'),
        bandit('b3', 'curser'),
        town('g1', 'guard'),
        town('c'),
        town('d'),
        town('e'),
        town('f'),
        town('h'),
        town('i'),
      ],
      day4,
    );
    g.play([
      ['g1', { type: 'vote', target: 'boss' }],
      ['c', { type: 'vote', target: 'y' }],
      ['d', { type: 'vote', target: 'y' }],
      ['b2', { type: 'vote', target: 'boss' }],
    ]);
    expect(result(g.close())).toMatchObject({ tally: { boss: 3, y: 2 }, jailed: 'boss', decidedBy: 'votes' });
    const g2 = new Match(
      [
        bandit('boss', 'boss'),
        town('y', 'mage', { maps: ['night-crown'] }),
        bandit('b2'),
        bandit('b3', 'curser'),
        town('g1', 'guard'),
        town('c'),
        town('d'),
        town('e'),
        town('f'),
        town('h'),
        town('i'),
      ],
      day4,
    );
    g2.play([
      ['g1', { type: 'vote', target: 'boss' }],
      ['c', { type: 'vote', target: 'y' }],
      ['d', { type: 'vote', target: 'y' }],
    ]);
    expect(result(g2.close())).toMatchObject({ leaders: ['boss', 'y'], jailed: 'boss', decidedBy: 'guards' });
    // nothing separates them: random (forced dice: the first in seat order); natural dice vary
    const r = new Match([town('x'), town('y'), bandit('b1'), bandit('b2'), town('c'), town('d')], { ...day4, dice: 'succeed' });
    r.play([
      ['b1', { type: 'vote', target: 'y' }],
      ['b2', { type: 'vote', target: 'x' }],
    ]);
    expect(result(r.close())).toMatchObject({ jailed: 'x', decidedBy: 'random' });
    const jailed = new Set<string>();
    for (let i = 0; i < 16; i++) {
      const n = new Match([town('x'), town('y'), bandit('b1'), bandit('b2'), town('c'), town('d')], { ...day4, seed: `r${i}` });
      n.play([
        ['b1', { type: 'vote', target: 'y' }],
        ['b2', { type: 'vote', target: 'x' }],
      ]);
      jailed.add(String(result(n.close()).jailed));
    }
    expect(jailed).toEqual(new Set(['x', 'y']));
  });

  it('MAF-3.7 vote-result carries tally, leaders in seat order, jailed and decidedBy; a jailing adds a public jailed', () => {
    const m = eight();
    m.play([
      ['t1', { type: 'vote', target: 't4' }],
      ['t2', { type: 'vote', target: 't4' }],
      ['t5', { type: 'vote', target: 't2' }],
    ]);
    const events = m.close();
    expect(result(events)).toEqual({
      kind: 'vote-result',
      to: 'public',
      tally: { t2: 1, t4: 2 },
      leaders: ['t4'],
      jailed: 't4',
      decidedBy: 'votes',
    });
    expect(find(events, { kind: 'jailed' })).toEqual([{ kind: 'jailed', to: 'public', player: 't4', decidedBy: 'votes' }]);
  });
});

describe('Section 3: maps, day items, fakes, the day close', () => {
  it('MAF-3.8 a map search always yields one map, skipping held and mapped items and legendaries out of the deck; falls back lower', () => {
    const legendaries = starterCatalog()
      .items.filter((i) => i.rarity === 'legendary')
      .map((i) => i.id);
    const m = eight(
      { t1: { inventory: { 'phoenix-feather': 1 }, maps: ['ring-of-immortality'] } },
      { dice: 'succeed', setup: { destroyed: ['thieves-moon'] } },
    );
    m.play([
      ['t1', { type: 'find-map' }],
      ['t2', { type: 'find-map' }],
    ]);
    m.close();
    expect(find(m.of('day-1'), { kind: 'map-found' }).map((e) => [e.player, e.item])).toEqual([
      ['t1', 'book-of-names'],
      ['t2', 'ring-of-immortality'],
    ]);
    // no legendary left for him: the next lower rarity with a candidate (forced dice draw legendary first)
    const f = eight({ t1: { maps: legendaries } }, { dice: 'succeed' });
    f.play([['t1', { type: 'find-map' }]]);
    f.close();
    expect(find(f.of('day-1'), { kind: 'map-found' })[0]).toMatchObject({ item: 'dowsing-rod', rarity: 'artifact' });
    // nothing at all from the drawn rarity down: the search fails
    const none = eight(
      {
        t1: {
          maps: starterCatalog()
            .items.filter((i) => i.rarity === 'thing')
            .map((i) => i.id),
        },
      },
      { settings: { 'map-odds': { legendary: 0, artifact: 0, rare: 0, relic: 0, thing: 100 } } },
    );
    none.play([['t1', { type: 'find-map' }]]);
    expect(find(none.close(), { kind: 'map-search-failed' })).toEqual([{ kind: 'map-search-failed', to: 'public', player: 't1' }]);
  });

  it('MAF-3.9 map-found is public at the close and the map is added; a cursed search is announced the same but not added', () => {
    const m = eight({ t2: { effects: [{ effect: 'curse', value: 100 }] } }, { dice: 'succeed' });
    m.play([
      ['t1', { type: 'find-map' }],
      ['t2', { type: 'find-map' }],
    ]);
    const events = m.close();
    expect(find(events, { kind: 'map-found' })).toEqual([
      { kind: 'map-found', to: 'public', player: 't1', item: 'phoenix-feather', rarity: 'legendary' },
      { kind: 'map-found', to: 'public', player: 't2', item: 'phoenix-feather', rarity: 'legendary' },
    ]);
    expect(m.count('t1', 'map:phoenix-feather')).toBe(1);
    expect(m.count('t2', 'map:phoenix-feather')).toBe(0);
    expect(find(events, { kind: 'action-failed' })).toEqual([{ kind: 'action-failed', to: 't2', action: 'find-map', reason: 'dice' }]);
    expect(has(m.seenBy('t1'), { kind: 'action-failed' })).toBe(false);
  });

  it('MAF-3.10 a day-blocked player: vote, map search and item use are announced but count for nothing; he gets action-failed blocked', () => {
    const m = eightAtNight2();
    m.night([['t1', { type: 'use-item', item: 'sleeping-draught', target: 't2' }]]);
    expect(m.p('t2').fx.dayBlock).toBe(2);
    m.play([
      ['t2', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'use-item', item: 'megaphone' }],
    ]);
    expect(has(m.of('day-2'), { kind: 'vote-cast', voter: 't2' })).toBe(true);
    expect(has(m.of('day-2'), { kind: 'day-item-used', player: 't2', item: 'megaphone' })).toBe(true);
    const events = m.close();
    expect(result(events).tally).toEqual({});
    // D50: carried out and spent, with no result.
    expect(m.count('t2', 'megaphone')).toBe(0);
    expect(
      find(events, { kind: 'action-failed', to: 't2' })
        .map((e) => e.action)
        .sort(),
    ).toEqual(['use-item', 'vote']);
    const b = eight({}, { dice: 'succeed' });
    b.p('t3').fx.dayBlock = 1;
    b.play([['t3', { type: 'find-map' }]]);
    const ev = b.close();
    expect(has(ev, { kind: 'map-found', player: 't3' })).toBe(true);
    expect(b.count('t3', 'map:phoenix-feather')).toBe(0);
    expect(has(ev, { kind: 'action-failed', to: 't3', action: 'find-map', reason: 'blocked' })).toBe(true);
  });

  it('MAF-3.11 day item uses are public at submission; reported results are public at the close', () => {
    const m = eight({ t1: { inventory: { 'tracker-spyglass': 1 } } });
    m.play([['t1', { type: 'use-item', item: 'tracker-spyglass', target: 'b2' }]]);
    expect(m.of('day-1').at(-1)).toEqual({ kind: 'day-item-used', to: 'public', player: 't1', item: 'tracker-spyglass', target: 'b2' });
    expect(find(m.close(), { kind: 'day-item-result' })).toEqual([
      { kind: 'day-item-result', to: 'public', player: 't1', item: 'tracker-spyglass', target: 'b2', answer: 'bandit' },
    ]);
  });

  it('MAF-3.12 the response cutoff is a setting (120 minutes); no starter day item needs answers, so none is ever too late', () => {
    expect((mafia.settings.parse({}) as Record<string, unknown>)['response-cutoff-minutes']).toBe(120);
    expect(mafia.settings.safeParse({ 'response-cutoff-minutes': 1441 }).success).toBe(false);
    expect(
      starterCatalog()
        .items.filter((i) => i.phase === 'day')
        .every((i) => i.effect.every((e) => e.type === 'stat' || e.type === 'check')),
    ).toBe(true);
  });

  it('MAF-3.13 a day item he openly found but cannot use is a fake: accepted, announced like a real use, with no effect at all', () => {
    const m = eight({ t1: { inventory: { megaphone: 1 } } });
    m.play([['t1', { type: 'use-item', item: 'megaphone' }]]);
    m.close();
    m.close();
    expect(m.count('t1', 'megaphone')).toBe(0);
    expect(m.act('t2', { type: 'use-item', item: 'megaphone' })).toBe('no-item');
    expect(m.act('t1', { type: 'use-item', item: 'megaphone' })).toBe('ok');
    expect(m.pending[0]).toMatchObject({ slot: 'instant', action: { fake: true } });
    expect(m.of('day-2').at(-1)).toEqual({ kind: 'day-item-used', to: 'public', player: 't1', item: 'megaphone' });
    m.play([
      ['t1', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'vote', target: 'b2' }],
    ]);
    const events = m.close();
    expect(result(events).tally).toEqual({ b1: 1, b2: 1 });
    expect(events.filter((e) => e.to === 't1' && e.kind !== 'stats-changed')).toEqual([]);
    // a stolen item was not openly found: no fake when it reloads; an openly found one may be faked then
    const s = eight(
      { t2: { specialty: 'mage', inventory: { 'tracker-spyglass': 1 } }, t3: { specialty: 'mage', inventory: { 'tracker-spyglass': 1 } } },
      { dice: 'succeed', setup: { startPhase: 'night-1' } },
    );
    s.night([['t1', { type: 'steal', target: 't2', item: 'tracker-spyglass' }]]);
    s.play([
      ['t1', { type: 'use-item', item: 'tracker-spyglass', target: 'b1' }],
      ['t3', { type: 'use-item', item: 'tracker-spyglass', target: 'b1' }],
    ]);
    s.close();
    s.close();
    expect(s.act('t1', { type: 'use-item', item: 'tracker-spyglass', target: 'b1' })).toBe('no-item');
    expect(s.act('t3', { type: 'use-item', item: 'tracker-spyglass', target: 'b1' })).toBe('ok');
    expect(s.act('t3', { type: 'vote', target: 'b1' })).toBe('action-locked');
    expect(find(s.close(), { kind: 'day-item-result' })).toEqual([]);
  });

  it('MAF-3.14 day close order: items, maps, the vote (a jailed player’s megaphone still counts), losses, day effects end, switch, lifts', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'blocker'),
        bandit('b3', 'curser'),
        town('t1', 'mage', { inventory: { megaphone: 1 } }),
        town('t2'),
        town('t3'),
        town('t4', 'mage', { effects: [{ effect: 'paralysis' }] }),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      { dice: 'succeed', setup: { switchBandit: 'b2' } },
    );
    m.play([
      ['t1', { type: 'use-item', item: 'megaphone' }],
      ['t1', { type: 'vote', target: 't2' }],
      ['t2', { type: 'vote', target: 't1' }],
      ['t3', { type: 'vote', target: 't1' }],
      ['b2', { type: 'switch-specialty', specialty: 'guard' }],
    ]);
    const events = m.close();
    expect(result(events)).toMatchObject({ tally: { t1: 2, t2: 3 }, jailed: 't2' });
    expect(events.map((e) => e.kind).slice(0, 2)).toEqual(['vote-result', 'jailed']);
    expect(m.stats('t1')['vote-strength']).toBe(1);
    expect(has(events, { kind: 'specialty-switched', to: 'b2', specialty: 'guard' })).toBe(true);
    expect(has(events, { kind: 'effect-removed', to: 't4', effect: 'paralysis' })).toBe(true);
    expect(has(events, { kind: 'stats-changed', to: 'b2', changes: { 'vote-strength': 2, 'death-avoid': 30, luck: 0 } })).toBe(true);
    expect(events.findIndex((e) => e.kind === 'specialty-switched')).toBeGreaterThan(events.findIndex((e) => e.kind === 'vote-result'));
  });
});

/** A table at night 1 where t1 holds a sleeping draught and t2 a megaphone. */
function eightAtNight2(): Match {
  return eight({ t1: { inventory: { 'sleeping-draught': 1 } }, t2: { inventory: { megaphone: 1 } } }, { setup: { startPhase: 'night-1' } });
}
