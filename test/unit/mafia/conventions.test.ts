// Section 0: conventions (ids, seat order, player states, percentage checks, carried out, phases, rarities).
import { KEBAB_ID } from '../../../engine/core/ids.js';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { percent } from '../../../engine/rulesets/mafia/dice.js';
import { RARITIES } from '../../../engine/rulesets/mafia/ids.js';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import { bandit, eight, eightAtNight, find, has, Match, town } from './harness.js';

describe('Section 0: conventions', () => {
  it('MAF-0.1 every id (action, setting, item, set, event kind, reason, channel) is kebab-case ASCII', () => {
    const m = eight({ t1: { inventory: { 'lucky-coin': 1 } } });
    m.play([
      ['t1', { type: 'find-map' }],
      ['t2', { type: 'vote', target: 't6' }],
    ]);
    expect(m.act('t3', { type: 'vote', target: 't3' })).toBe('target-self');
    m.close();
    m.night([
      ['b1', { type: 'use-item', item: 'revolver', target: 't5' }],
      ['t2', { type: 'steal', target: 't1', item: 'lucky-coin' }],
      ['t4', { type: 'search-random', rarity: 'relic' }],
    ]);
    const ids = [
      mafia.id,
      ...[...mafia.actions],
      ...Object.keys(mafia.settings.parse({}) as object),
      ...starterCatalog().items.map((i) => i.id),
      ...starterCatalog().sets.map((s) => s.id),
      ...m.events.map((e) => e.event.kind),
      ...m.events.map((e) => e.event.reason).filter((r): r is string => typeof r === 'string'),
      ...mafia.channels(m.state).map((c) => c.id),
    ];
    for (const id of ids) expect(id).toMatch(KEBAB_ID);
    expect(mafia.id).toBe('mafia');
  });

  it('MAF-0.2 seat order is the order of the player list: team lists, deaths and leaders follow it', () => {
    const m = new Match(
      [
        town('z9', 'mage'),
        bandit('a1', 'boss'),
        town('m5', 'mage'),
        bandit('c3', 'curser'),
        bandit('q2', 'blocker'),
        town('k7'),
        town('x1'),
        town('y2'),
        town('w3'),
        town('v4'),
        town('u5'),
      ],
      { setup: { startPhase: 'night-1' } },
    );
    expect(find(m.of('night-1'), { kind: 'bandit-team' })[0]!.members).toEqual([
      { player: 'a1', specialization: 'boss' },
      { player: 'c3', specialization: 'curser' },
      { player: 'q2', specialization: 'blocker' },
    ]);
    const events = m.night([
      ['a1', { type: 'use-item', item: 'revolver', target: 'm5' }],
      ['q2', { type: 'use-item', item: 'dope-potion', target: 'k7' }],
      ['c3', { type: 'use-item', item: 'curse-potion', target: 'z9' }],
    ]);
    expect(events.filter((e) => e.kind === 'died').map((e) => e.player)).toEqual(['m5']);
    const m2 = new Match([town('z9'), town('m5'), bandit('a1'), bandit('b1'), town('c1'), town('d1')], {
      setup: { startPhase: 'day-4' },
      dice: 'fail',
    });
    m2.play([
      ['a1', { type: 'vote', target: 'm5' }],
      ['b1', { type: 'vote', target: 'z9' }],
    ]);
    const result = find(m2.close(), { kind: 'vote-result' })[0]!;
    expect(result.leaders).toEqual(['z9', 'm5']);
    // forced dice: the random tie-break takes the first in seat order
    expect(result.jailed).toBe('z9');
  });

  it('MAF-0.3 only players in town act, are targeted and count; jailed and away players are not in town', () => {
    const m = eight({ t1: { state: 'jailed' }, t2: { state: 'away' }, t3: { state: 'dead' } });
    expect(m.act('t1', { type: 'vote', target: 'b1' })).toBe('not-in-town');
    expect(m.act('t2', { type: 'find-map' })).toBe('not-in-town');
    expect(m.act('t3', { type: 'vote', target: 'b1' })).toBe('not-alive');
    expect(m.act('t4', { type: 'vote', target: 't1' })).toBe('illegal-target');
    expect(m.act('t4', { type: 'vote', target: 't2' })).toBe('illegal-target');
    expect(m.act('t4', { type: 'vote', target: 't3' })).toBe('illegal-target');
    expect(m.facts().alive).toEqual(expect.arrayContaining(['t2']));
    expect(m.facts().jailed).toEqual(['t1']);
    expect(mafia.checkers(m.state)).toEqual(['b1', 'b2', 't4', 't5', 't6']);
  });

  it('MAF-0.4 a chance ≤ 0 is never rolled and fails; ≥ 100 is never rolled and succeeds, whatever the forced dice', () => {
    const succeed = createRng('s', 'succeed', 'x');
    const fail = createRng('s', 'fail', 'x');
    expect(percent(succeed, 0)).toEqual({ ok: false, roll: null });
    expect(percent(fail, 100)).toEqual({ ok: true, roll: null });
    expect(percent(fail, 50).ok).toBe(false);
    expect(percent(succeed, 50).ok).toBe(true);
    // the roll is a d100 that succeeds when ≤ the chance
    const natural = createRng('s', 'natural', 'x');
    for (let i = 0; i < 200; i++) {
      const c = percent(natural, 37);
      expect(c.roll).toBeGreaterThanOrEqual(1);
      expect(c.roll).toBeLessThanOrEqual(100);
      expect(c.ok).toBe(c.roll! <= 37);
    }
    // in play: a doubled Thing search (80 + 80) is not rolled and succeeds even under "fail"
    const m = eightAtNight({ t1: { specialty: 'mage', effects: [{ effect: 'prepared-search' }] } }, { dice: 'fail' });
    m.night([['t1', { type: 'search-random', rarity: 'thing' }]]);
    expect(has(m.of('night-1'), { kind: 'item-found', player: 't1', item: 'revolver' })).toBe(true);
  });

  it('MAF-0.5 an action not carried out (blocked) costs nothing; a carried-out one that fails still spends its item', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'blocker'),
        bandit('b3', 'curser'),
        town('t1'),
        town('t2'),
        town('t3', 'mage', { effects: [{ effect: 'curse', value: 100 }] }),
        town('t4'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      { setup: { startPhase: 'night-1' } },
    );
    m.night([
      ['b2', { type: 'use-item', item: 'dope-potion', target: 'b1' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't1' }],
    ]);
    expect(m.inv('b1').revolver).toBe(2);
    expect(has(m.of('night-1'), { kind: 'action-failed', to: 'b1', reason: 'blocked', item: 'revolver' })).toBe(true);
    expect(m.facts().alive).toContain('t1');
    // the cursed player's search is carried out, fails on the curse, and his preparation is used up
    m.close();
    m.p('t3').fx.prepared.search = true;
    m.night([['t3', { type: 'search-random', rarity: 'relic' }]]);
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 't3', reason: 'dice' })).toBe(true);
    expect(m.p('t3').fx.prepared.search).toBe(false);
  });

  it('MAF-0.6 phases run day-1, night-1, day-2, night-2', () => {
    const m = eight();
    const seen: Array<string | null> = [m.phase];
    for (let i = 0; i < 3; i++) {
      m.close();
      seen.push(m.phase);
    }
    expect(seen).toEqual(['day-1', 'night-1', 'day-2', 'night-2']);
  });

  it('MAF-0.7 rarities run thing < relic < rare < artifact < legendary, and the catalog uses exactly these', () => {
    expect(RARITIES).toEqual(['thing', 'relic', 'rare', 'artifact', 'legendary']);
    expect(new Set(starterCatalog().items.map((i) => i.rarity))).toEqual(new Set(RARITIES));
    // the tie-break walks them from the highest: a relic holder is protected only when nobody holds more
    const m = new Match(
      [
        town('a', 'mage', { inventory: { 'lucky-coin': 1 } }),
        town('b', 'mage', { inventory: { 'detective-loupe': 1 } }),
        bandit('x'),
        bandit('y'),
        town('c'),
        town('d'),
      ],
      {
        setup: { startPhase: 'day-4' },
      },
    );
    m.play([
      ['x', { type: 'vote', target: 'a' }],
      ['y', { type: 'vote', target: 'b' }],
    ]);
    expect(find(m.close(), { kind: 'jailed' })[0]).toMatchObject({ player: 'a', decidedBy: 'rare' });
  });
});
