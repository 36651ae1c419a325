// Section 7: the four specialties and their suspension.
import { describe, expect, it } from 'vitest';
import { bandit, eight, eightAtNight, find, has, hiddenFrom, Match, town } from './harness.js';

describe('Section 7: specialties', () => {
  it('MAF-7.1 the specialty is the join option and stays secret from everyone else, bandit teammates included', () => {
    const m = eight({ b1: { specialty: 'blacksmith' }, b2: { specialty: 'guard' } });
    expect(m.p('b1').specialty).toBe('blacksmith');
    for (const reader of ['b2', 't1']) {
      const seen = JSON.stringify([m.view(reader).players, m.view(reader).known, m.seenBy(reader).filter((e) => e.to !== reader)]);
      expect(seen).not.toContain('blacksmith');
    }
    expect(m.view('b1').me.specialty).toBe('blacksmith');
    expect(hiddenFrom(m, 't1', 'b1')).toBe(true);
  });

  it('MAF-7.2 archaeologist: +10 find, +10 per consecutive failed night search, reset by a success', () => {
    const m = eightAtNight({ t1: { maps: ['phoenix-feather'] } }, { dice: 'fail' });
    expect(m.stats('t1')['find-bonus']).toBe(10);
    m.night([['t1', { type: 'search-random', rarity: 'legendary' }]]);
    m.close();
    expect(m.stats('t1')['find-bonus']).toBe(20);
    m.night([['t1', { type: 'search-map', item: 'phoenix-feather' }]]);
    m.close();
    expect(m.stats('t1')['find-bonus']).toBe(30);
    // a search not carried out does not count; a success resets
    m.dice = 'succeed';
    m.night([['t1', { type: 'search-random', rarity: 'relic' }]]);
    expect(m.stats('t1')['find-bonus']).toBe(10);
    // an unavailable legendary counts as a failure
    const u = eightAtNight({ t1: { maps: ['night-crown'] }, t4: { inventory: { 'night-crown': 1 } } }, { dice: 'succeed' });
    u.night([['t1', { type: 'search-map', item: 'night-crown' }]]);
    expect(has(u.of('night-1'), { kind: 'action-failed', to: 't1', reason: 'unavailable' })).toBe(true);
    expect(u.stats('t1')['find-bonus']).toBe(20);
  });

  it('MAF-7.3 an archaeologist keeps his search preparation on a failure and loses it on a success', () => {
    const m = eightAtNight(
      { t1: { effects: [{ effect: 'prepared-search' }] }, t4: { effects: [{ effect: 'prepared-search' }] } },
      { dice: 'fail' },
    );
    m.night([
      ['t1', { type: 'search-random', rarity: 'legendary' }],
      ['t4', { type: 'search-random', rarity: 'legendary' }],
    ]);
    expect(m.p('t1').fx.prepared.search).toBe(true);
    expect(m.p('t4').fx.prepared.search).toBe(false);
    m.close();
    m.dice = 'succeed';
    m.night([['t1', { type: 'search-random', rarity: 'legendary' }]]);
    expect(m.p('t1').fx.prepared.search).toBe(false);
  });

  it('MAF-7.4 copy-map once per game: he gains the copy if the target has it and he does not; otherwise item-gone, spent all the same', () => {
    const m = eightAtNight({ t4: { maps: ['dowsing-rod'] } });
    expect(m.act('t2', { type: 'copy-map', target: 't4', item: 'dowsing-rod' })).toBe('not-your-specialty');
    m.night([['t1', { type: 'copy-map', target: 't4', item: 'dowsing-rod' }]]);
    expect(m.count('t1', 'map:dowsing-rod')).toBe(1);
    expect(m.count('t4', 'map:dowsing-rod')).toBe(1);
    expect(has(m.of('night-1'), { kind: 'action-succeeded', to: 't1', action: 'copy-map', target: 't4', item: 'dowsing-rod' })).toBe(true);
    m.close();
    expect(m.act('t1', { type: 'copy-map', target: 't4', item: 'dowsing-rod' })).toBe('once-per-game');
    const miss = eightAtNight();
    miss.night([['t1', { type: 'copy-map', target: 't4', item: 'dowsing-rod' }]]);
    expect(has(miss.of('night-1'), { kind: 'action-failed', to: 't1', reason: 'item-gone' })).toBe(true);
    miss.close();
    expect(miss.act('t1', { type: 'copy-map', target: 't5', item: 'dowsing-rod' })).toBe('once-per-game');
  });

  it('MAF-7.5 blacksmith: +20 theft chance and 30 theft-avoid', () => {
    const m = eight();
    expect(m.stats('t2')).toMatchObject({ 'theft-bonus': 20, 'theft-avoid': 30 });
    expect(m.stats('t4')).toMatchObject({ 'theft-bonus': 0, 'theft-avoid': 0 });
  });

  it('MAF-7.6 smelting follows the recipe table in its own instant slot; Things cannot be smelted; anything else is bad-recipe', () => {
    const m = eightAtNight({
      t2: { inventory: { 'lucky-coin': 1, 'detective-loupe': 1, 'dowsing-rod': 1, 'night-crown': 1, 'elixir-of-life': 1 } },
    });
    const smelt = (item: string, into: string[]) => m.act('t2', { type: 'smelt', item, into });
    expect(smelt('lucky-coin', ['revolver'])).toBe('bad-recipe');
    expect(smelt('elixir-of-life', ['dope-potion'])).toBe('bad-recipe');
    expect(smelt('detective-loupe', ['poison', 'poison'])).toBe('bad-recipe');
    expect(smelt('night-crown', ['revolver', 'revolver'])).toBe('bad-recipe');
    expect(smelt('night-crown', ['revolver', 'antidote', 'poison'])).toBe('bad-recipe');
    expect(smelt('lucky-coin', ['dope-potion'])).toBe('ok');
    expect(smelt('detective-loupe', ['elixir-of-life'])).toBe('ok');
    expect(smelt('detective-loupe', ['poison'])).toBe('ok');
    expect(smelt('dowsing-rod', ['revolver'])).toBe('ok');
    expect(smelt('night-crown', ['revolver', 'revolver', 'dope-potion'])).toBe('ok');
    expect(m.pending.filter((p) => p.player === 't2').map((p) => p.slot)).toEqual(['smelt']);
    expect(m.act('t2', { type: 'search-random', rarity: 'relic' })).toBe('ok');
  });

  it('MAF-7.7 only the smith learns; the item acts until dawn, then leaves the game for its Things; not two nights running', () => {
    const m = eightAtNight({ t2: { inventory: { 'night-crown': 1, 'detective-loupe': 1 } } });
    const events = m.night([
      ['t2', { type: 'smelt', item: 'night-crown', into: ['revolver', 'revolver', 'poison'] }],
      ['t5', { type: 'steal', target: 't2', item: 'night-crown' }],
    ]);
    expect(find(events, { kind: 'action-succeeded', to: 't2' })).toEqual([
      { kind: 'action-succeeded', to: 't2', action: 'smelt', item: 'night-crown', received: ['revolver', 'revolver', 'poison'] },
    ]);
    expect(has(events, { kind: 'action-failed', to: 't5', reason: 'item-gone' })).toBe(true);
    expect(m.inv('t2')).toEqual({ 'detective-loupe': 1, revolver: 2, poison: 1 });
    expect(m.state.destroyed).toContain('night-crown');
    expect(events.filter((e) => JSON.stringify(e).includes('smelt') && e.to !== 't2')).toEqual([]);
    m.close();
    expect(m.act('t2', { type: 'smelt', item: 'detective-loupe', into: ['poison'] })).toBe('not-two-nights');
    m.close();
    m.close();
    expect(m.act('t2', { type: 'smelt', item: 'detective-loupe', into: ['poison'] })).toBe('ok');
    // its passives act until dawn: the crown's vote strength is still there during the night
    const v = eightAtNight({ t2: { inventory: { 'night-crown': 1 } } });
    v.play([['t2', { type: 'smelt', item: 'night-crown', into: ['revolver', 'revolver', 'revolver'] }]]);
    expect(v.stats('t2')['vote-strength']).toBe(3);
  });

  it('MAF-7.8 guard: 30 death-avoid and base vote strength 2', () => {
    const m = eight();
    expect(m.stats('t3')).toMatchObject({ 'death-avoid': 30, 'vote-strength': 2 });
    const s = eight({}, { settings: { 'guard-death-avoid': 45, 'guard-vote-strength': 3 } });
    expect(s.stats('t3')).toMatchObject({ 'death-avoid': 45, 'vote-strength': 3 });
  });

  it('MAF-7.9 guard-boost, once per game: +1 vote for the next day only; death-avoid 0 for the rest of that night', () => {
    const m = eightAtNight({}, { dice: 'succeed' });
    m.night([
      ['t3', { type: 'guard-boost' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't3' }],
    ]);
    expect(m.facts().dead).toContain('t3');
    const g = eightAtNight();
    g.night([['t3', { type: 'guard-boost' }]]);
    g.play([
      ['t3', { type: 'vote', target: 't6' }],
      ['t1', { type: 'vote', target: 't5' }],
      ['t2', { type: 'vote', target: 't5' }],
    ]);
    expect(g.close().find((e) => e.kind === 'vote-result')!.tally).toEqual({ t5: 2, t6: 3 });
    expect(g.stats('t3')['vote-strength']).toBe(2);
    expect(g.act('t3', { type: 'guard-boost' })).toBe('once-per-game');
  });

  it('MAF-7.10 a guard who survives through death-avoid alone is told how many attempts; healed or invisible, nothing', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'boss'),
        bandit('b3', 'curser'),
        town('t1', 'guard'),
        town('t2', 'guard', { inventory: { 'elixir-of-life': 1 } }),
        town('t3', 'guard', { inventory: { 'invisibility-cloak': 1 } }),
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
      ['b1', { type: 'use-item', item: 'revolver', target: 't1' }],
      ['b2', { type: 'use-item', item: 'revolver', target: 't1' }],
      ['t2', { type: 'use-item', item: 'elixir-of-life', target: 't2' }],
      ['t3', { type: 'use-item', item: 'invisibility-cloak' }],
    ]);
    expect(find(events, { kind: 'attacked' })).toEqual([{ kind: 'attacked', to: 't1', count: 2 }]);
    m.close();
    const again = m.night([
      ['b1', { type: 'use-item', item: 'revolver', target: 't2' }],
      ['b2', { type: 'use-item', item: 'revolver', target: 't3' }],
    ]);
    expect(find(again, { kind: 'attacked' }).map((e) => e.to)).toEqual(['t2', 't3']);
    const none = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2'),
        town('t2', 'guard', { inventory: { 'elixir-of-life': 1 } }),
        town('t3', 'guard', { inventory: { 'invisibility-cloak': 1 } }),
        town('t4'),
        town('t5'),
      ],
      { dice: 'succeed', setup: { startPhase: 'night-1' } },
    );
    const quiet = none.night([
      ['t2', { type: 'use-item', item: 'elixir-of-life', target: 't2' }],
      ['t3', { type: 'use-item', item: 'invisibility-cloak' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't2' }],
    ]);
    expect(find(quiet, { kind: 'attacked' })).toEqual([]);
  });

  it('MAF-7.11 mage: 25 luck', () => {
    const m = eight();
    expect(m.stats('t4').luck).toBe(25);
    expect(m.stats('t3').luck).toBe(0);
  });

  it('MAF-7.12 enchanting follows the rarity table; Things cannot be enchanted; anything else is bad-bonus', () => {
    const m = eightAtNight({
      t4: { inventory: { 'lucky-coin': 1, 'detective-loupe': 1, 'dowsing-rod': 1, 'night-crown': 1, 'elixir-of-life': 1 } },
    });
    const enchant = (item: string, bonus: string) => m.act('t4', { type: 'enchant', item, bonus });
    expect(enchant('elixir-of-life', 'luck')).toBe('bad-bonus');
    expect(enchant('lucky-coin', 'find')).toBe('bad-bonus');
    expect(enchant('detective-loupe', 'luck')).toBe('bad-bonus');
    expect(enchant('night-crown', 'luck')).toBe('bad-bonus');
    expect(enchant('dowsing-rod', 'vote-strength')).toBe('ok');
    expect(enchant('night-crown', 'vote-strength')).toBe('ok');
    expect(enchant('lucky-coin', 'death-avoid')).toBe('ok');
    expect(m.act('t1', { type: 'enchant', item: 'lucky-coin', bonus: 'luck' })).toBe('no-item');
    expect(m.pending.map((p) => p.slot)).toEqual(['enchant']);
  });

  it('MAF-7.13 the enchantment applies at dawn for the holder, one per item, lost when it changes hands; not two nights running', () => {
    const m = eightAtNight({ t4: { inventory: { 'dowsing-rod': 1 } } }, { dice: 'succeed' });
    expect(m.act('t4', { type: 'enchant', item: 'dowsing-rod', bonus: 'vote-strength' })).toBe('ok');
    expect(m.stats('t4')['vote-strength']).toBe(1);
    const events = m.close();
    expect(find(events, { kind: 'action-succeeded', to: 't4' })).toEqual([
      { kind: 'action-succeeded', to: 't4', action: 'enchant', item: 'dowsing-rod', bonus: 'vote-strength' },
    ]);
    expect(events.filter((e) => e.to !== 't4' && JSON.stringify(e).includes('enchant'))).toEqual([]);
    expect(m.stats('t4')['vote-strength']).toBe(2);
    m.close();
    expect(m.act('t4', { type: 'enchant', item: 'dowsing-rod', bonus: 'find' })).toBe('not-two-nights');
    m.close();
    m.close();
    m.night([['t4', { type: 'enchant', item: 'dowsing-rod', bonus: 'find' }]]);
    expect(m.stats('t4')).toMatchObject({ 'vote-strength': 1, 'find-bonus': 20 + 20 });
    m.close();
    m.night([['b2', { type: 'steal', target: 't4', item: 'dowsing-rod' }]]);
    expect(m.p('b2').items.find((c) => c.item === 'dowsing-rod')!.enchant).toBeNull();
  });

  it('MAF-7.14 a resurrected player has no specialty for the four phases after his return, nor counts as a guard', () => {
    const m = eightAtNight({ t3: { state: 'dead' }, t4: { inventory: { 'phoenix-feather': 1 } } });
    m.night([['t4', { type: 'use-item', item: 'phoenix-feather', target: 't3' }]]);
    expect(m.facts().alive).toContain('t3');
    expect(m.stats('t3')).toMatchObject({ 'vote-strength': 1, 'death-avoid': 0 });
    m.close();
    expect(m.act('t3', { type: 'guard-boost' })).toBe('not-your-specialty');
    m.close();
    m.close();
    expect(m.phase).toBe('night-3');
    expect(m.act('t3', { type: 'guard-boost' })).toBe('not-your-specialty');
    m.close();
    expect(m.phase).toBe('day-4');
    expect(m.stats('t3')).toMatchObject({ 'vote-strength': 2, 'death-avoid': 30 });
    // while suspended his votes are no guard votes in a tie-break
    const tie = (suspended: boolean, withC = false) => {
      const t = new Match([town('x'), town('y'), bandit('b1'), bandit('b2'), town('g', 'guard'), town('c'), town('d')], {
        setup: { startPhase: 'day-4' },
        dice: 'fail',
      });
      if (suspended) t.p('g').suspendedThrough = 99;
      t.play([
        ['g', { type: 'vote', target: 'y' }],
        ['b1', { type: 'vote', target: 'x' }],
        ['b2', { type: 'vote', target: 'x' }],
      ]);
      if (withC) t.play([['c', { type: 'vote', target: 'y' }]]);
      return t.close().find((e) => e.kind === 'vote-result')!;
    };
    // a guard's vote alone (strength 2) ties with two plain votes; the tie-break then counts guard votes
    expect(tie(false)).toMatchObject({ tally: { x: 2, y: 2 }, decidedBy: 'guards', jailed: 'y' });
    // suspended, he votes with strength 1 and is no guard: x leads alone
    expect(tie(true)).toMatchObject({ tally: { x: 2, y: 1 }, decidedBy: 'votes', jailed: 'x' });
    // suspended and tied with a plain vote beside his: no guard votes, so the random draw decides
    expect(tie(true, true)).toMatchObject({ tally: { x: 2, y: 2 }, decidedBy: 'random', jailed: 'x' });
  });
});
