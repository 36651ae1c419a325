// Section 10: messages — results, reasons, one result per action, removals, what the public never gets.
import { describe, expect, it } from 'vitest';
import { bandit, eight, eightAtNight, find, Match, town } from './harness.js';

const REASONS = ['blocked', 'paralysed', 'dice', 'collision', 'item-gone', 'unavailable', 'protected', 'trap', 'cancelled', 'no-item'];

describe('Section 10: messages', () => {
  it('MAF-10.1 action-succeeded means nobody prevented the action, even if its result did not happen; it carries the relevant fields', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2'),
        bandit('b3', 'curser'),
        town('t1', 'mage', { inventory: { 'elixir-of-life': 1, 'detective-loupe': 1 } }),
        town('t2', 'blacksmith', { inventory: { 'lucky-coin': 1 } }),
        town('t3', 'mage', { inventory: { 'dowsing-rod': 1 } }),
        town('t4'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      {
        dice: 'succeed',
        setup: { startPhase: 'night-1' },
      },
    );
    const events = m.night([
      ['t1', { type: 'use-item', item: 'elixir-of-life', target: 't4' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't4' }],
      ['t2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['t3', { type: 'enchant', item: 'dowsing-rod', bonus: 'luck' }],
      ['t5', { type: 'search-random', rarity: 'relic' }],
    ]);
    expect(m.facts().alive).toContain('t4');
    expect(find(events, { kind: 'action-succeeded', to: 'b1' })).toEqual([
      { kind: 'action-succeeded', to: 'b1', action: 'use-item', item: 'revolver', target: 't4' },
    ]);
    expect(find(events, { kind: 'action-succeeded', to: 't2' })[0]).toMatchObject({ item: 'lucky-coin', received: ['dope-potion'] });
    expect(find(events, { kind: 'action-succeeded', to: 't3' })[0]).toMatchObject({ item: 'dowsing-rod', bonus: 'luck' });
    expect(find(events, { kind: 'action-succeeded', to: 't5' })[0]).toMatchObject({ action: 'search-random', item: 'lucky-coin' });
    m.close();
    const check = m.night([['t1', { type: 'use-item', item: 'detective-loupe', target: 'b2' }]]);
    expect(find(check, { kind: 'action-succeeded', to: 't1' })[0]).toMatchObject({
      item: 'detective-loupe',
      target: 'b2',
      answer: 'bandit',
    });
  });

  it('MAF-10.2 action-failed reasons are exactly those of the list', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'blocker'),
        bandit('b3', 'curser'),
        town('t1', 'mage', { inventory: { 'lucky-coin': 1, shackles: 1 } }),
        town('t2', 'mage', { inventory: { 'salamander-flask': 1, 'holy-water': 1 } }),
        town('t3', 'mage', { inventory: { 'invisibility-cloak': 1, 'guardian-amulet': 1 } }),
        town('t4', 'blacksmith', { inventory: { 'detective-loupe': 1 } }),
        town('t5', 'mage', { maps: ['night-crown'] }),
        town('t6', 'mage', { inventory: { 'night-crown': 1 } }),
        town('t7', 'mage', { inventory: { 'bear-trap': 1 } }),
        town('t8', 'mage'),
      ],
      { dice: 'succeed', setup: { startPhase: 'night-1' } },
    );
    m.night([['t7', { type: 'use-item', item: 'bear-trap', target: 't6' }]]);
    m.close();
    m.play([
      ['b2', { type: 'use-item', item: 'dope-potion', target: 'b1' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't8' }],
      ['t1', { type: 'use-item', item: 'shackles', target: 'b2' }],
      ['b2', { type: 'search-random', rarity: 'relic' }],
      ['b3', { type: 'steal', target: 't4', item: 'detective-loupe' }],
      ['t1', { type: 'use-item', item: 'lucky-coin', target: 't8' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't8' }],
      ['t2', { type: 'use-item', item: 'salamander-flask', target: 'b2' }],
      ['t8', { type: 'steal', target: 't2', item: 'salamander-flask' }],
      ['t3', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t7', { type: 'steal', target: 't3', item: 'guardian-amulet' }],
      ['t5', { type: 'search-map', item: 'night-crown' }],
      ['t4', { type: 'steal', target: 't6', item: 'night-crown' }],
      ['t6', { type: 'steal', target: 't1' }],
    ]);
    m.close();
    const collide = eightAtNight({ t6: { inventory: { 'lucky-coin': 1 } } }, { dice: 'succeed' });
    collide.night([
      ['t4', { type: 'steal', target: 't6', item: 'lucky-coin' }],
      ['t5', { type: 'steal', target: 't6', item: 'lucky-coin' }],
    ]);
    const reasons = new Set(
      [...m.events, ...collide.events].filter((e) => e.event.kind === 'action-failed').map((e) => String(e.event.reason)),
    );
    expect([...reasons].sort()).toEqual([...REASONS].sort());
  });

  it('MAF-10.3 each night action carried out or blocked yields exactly one result; completing and free actions none; day actions none', () => {
    const m = busyNight('one');
    const night = m.of('night-1');
    const results = night.filter((e) => e.kind === 'action-succeeded' || e.kind === 'action-failed');
    const count = (to: string) => results.filter((e) => e.to === to).length;
    expect(count('b1')).toBe(1);
    expect(count('t2')).toBe(1);
    expect(count('t4')).toBe(2);
    expect(count('t5')).toBe(1);
    expect(count('t6')).toBe(1);
    expect(results.filter((e) => e.action === 'steal-pick' || e.action === 'last-words')).toEqual([]);
    const d = eight();
    d.play([
      ['t1', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'find-map' }],
    ]);
    const day = d.close();
    expect(day.filter((e) => e.kind === 'action-succeeded' || e.kind === 'action-failed')).toEqual([]);
  });

  it('MAF-10.4 effect-removed only for effects he was told of, while in town; secret ones end silently', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2'),
        bandit('b3', 'curser'),
        town('t1', 'mage', { effects: [{ effect: 'luck', value: 20 }] }),
        town('t2', 'mage', { effects: [{ effect: 'paralysis' }] }),
        town('t3'),
        town('t4'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      {
        dice: 'succeed',
        setup: { startPhase: 'night-1' },
      },
    );
    const events = m.night([['b3', { type: 'use-item', item: 'curse-potion', target: 't1' }]]);
    expect(find(events, { kind: 'effect-removed' })).toEqual([]);
    expect(m.p('t1').fx.luck).toBe(0);
    // the paralysed player jailed: his paralysis ends with nothing said
    m.play([
      ['t3', { type: 'vote', target: 't2' }],
      ['t4', { type: 'vote', target: 't2' }],
    ]);
    m.dice = 'fail';
    const day = m.close();
    expect(find(day, { kind: 'effect-removed' })).toEqual([]);
    // a fixed effect counts as told: lifting it is reported
    const f = eight({ t2: { effects: [{ effect: 'paralysis' }] } }, { dice: 'succeed' });
    expect(find(f.close(), { kind: 'effect-removed' })).toEqual([{ kind: 'effect-removed', to: 't2', effect: 'paralysis' }]);
  });

  it('MAF-10.5 the public never gets a team, role, specialization, specialty, a cause of death or a culprit', () => {
    const m = busyNight('public');
    const pub = m.events.filter((e) => e.event.to === 'public').map((e) => e.event);
    for (const e of pub) {
      const values = Object.values(e).filter((v): v is string => typeof v === 'string');
      for (const secret of [
        'town',
        'bandits',
        'townsperson',
        'bandit',
        'boss',
        'blocker',
        'poisoner',
        'curser',
        'invisible',
        'guard',
        'mage',
        'blacksmith',
        'archaeologist',
      ])
        expect(values).not.toContain(secret);
      if (e.kind === 'died') expect(Object.keys(e).sort()).toEqual(['kind', 'player', 'to']);
    }
    expect(pub.some((e) => e.kind === 'item-stolen' || e.kind === 'action-succeeded')).toBe(false);
  });

  it('MAF-10.6 the seed’s host messages map to these event kinds and audiences (servant-summoned reserved, never sent)', () => {
    const m = busyNight('map');
    const kinds = new Set(m.events.map((e) => e.event.kind));
    for (const kind of ['action-succeeded', 'action-failed', 'stats-changed']) expect(kinds.has(kind), kind).toBe(true);
    const all = m.events.map((e) => e.event);
    for (const e of all.filter((x) =>
      [
        'action-succeeded',
        'action-failed',
        'saved-player',
        'item-stolen',
        'attacked',
        'effect-applied',
        'effect-removed',
        'stats-changed',
      ].includes(x.kind),
    ))
      expect(e.to === 'bandits' || m.state.players.some((p) => p.id === e.to), JSON.stringify(e)).toBe(true);
    expect(kinds.has('servant-summoned')).toBe(false);
  });
});

/** A night with blocks, searches, thefts and kills; t4 acts in two slots; t6 picks after the list. */
function busyNight(seed: string): Match {
  const m = new Match(
    [
      bandit('b1', 'boss'),
      bandit('b2', 'blocker'),
      bandit('b3', 'curser'),
      town('t1', 'guard', { inventory: { 'lucky-coin': 1 } }),
      town('t2', 'blacksmith', { inventory: { 'detective-loupe': 1 } }),
      town('t3', 'mage', { inventory: { 'guardian-amulet': 1 } }),
      town('t4', 'archaeologist', { inventory: { 'invisibility-cloak': 1 }, maps: ['night-crown'] }),
      town('t5', 'mage'),
      town('t6', 'mage'),
      town('t7', 'mage'),
      town('t8', 'mage'),
    ],
    { seed, setup: { startPhase: 'night-1' } },
  );
  m.play([
    ['b1', { type: 'use-item', item: 'revolver', target: 't3' }],
    ['b2', { type: 'use-item', item: 'dope-potion', target: 't5' }],
    ['b3', { type: 'steal', target: 't1', item: 'lucky-coin' }],
    ['t2', { type: 'use-item', item: 'detective-loupe', target: 'b1' }],
    ['t4', { type: 'use-item', item: 'invisibility-cloak' }],
    ['t4', { type: 'search-map', item: 'night-crown' }],
    ['t5', { type: 'search-random', rarity: 'relic' }],
    ['t6', { type: 'steal', target: 't3' }],
    ['t6', { type: 'steal-pick', item: 'guardian-amulet' }],
  ]);
  m.close();
  return m;
}
