// Section 2: the cycle, slots, the action table, refusals, scopes, withdrawal, check mode, channels.
import { describe, expect, it } from 'vitest';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { eight, eightAtNight, find, has } from './harness.js';

describe('Section 2: cycle and slots', () => {
  it('MAF-2.1 the match opens with day-1; each phase lasts day-minutes or night-minutes and closes into the next', () => {
    const m = eight({}, { settings: { 'day-minutes': 90, 'night-minutes': 30 } });
    expect(m.phase).toBe('day-1');
    expect(mafia.timing(m.state, m.settings as never)).toEqual({ minutes: 90 });
    m.close();
    expect(m.phase).toBe('night-1');
    expect(mafia.timing(m.state, m.settings as never)).toEqual({ minutes: 30 });
    expect(mafia.timing(m.state, { ...m.settings, 'night-minutes': 45 } as never)).toEqual({ minutes: 45 });
  });

  it('MAF-2.2 one basic and one instant slot per phase; smelt and enchant have their own; free actions use their type; destroy is the team’s', () => {
    const m = eightAtNight({
      t2: { specialty: 'blacksmith', inventory: { 'lucky-coin': 1, 'invisibility-cloak': 1 } },
      t4: { specialty: 'mage', inventory: { 'detective-loupe': 1, shackles: 1 } },
    });
    m.play([
      ['t2', { type: 'search-random', rarity: 'relic' }],
      ['t2', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t2', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }],
      ['t4', { type: 'use-item', item: 'detective-loupe', target: 'b1' }],
      ['t4', { type: 'use-item', item: 'shackles', target: 'b2' }],
      ['t4', { type: 'enchant', item: 'detective-loupe', bonus: 'find' }],
    ]);
    expect(
      m.pending
        .filter((p) => p.player === 't2')
        .map((p) => p.slot)
        .sort(),
    ).toEqual(['basic', 'instant', 'smelt']);
    expect(
      m.pending
        .filter((p) => p.player === 't4')
        .map((p) => p.slot)
        .sort(),
    ).toEqual(['basic', 'enchant', 'instant']);
    // a second basic action replaces the first
    m.play([['t2', { type: 'prepare-search' }]]);
    expect(m.pending.find((p) => p.player === 't2' && p.slot === 'basic')!.action.type).toBe('prepare-search');
    expect(mafia.slotOwner!(m.state, 'b1', 'destroy')).toBe('bandits');
    expect(mafia.slotOwner!(m.state, 'b1', 'basic')).toBe('b1');
  });

  it('MAF-2.3 every action type of the table exists, each bound to its phase', () => {
    expect([...mafia.actions].sort()).toEqual(
      [
        'vote',
        'find-map',
        'use-item',
        'use-set',
        'search-map',
        'search-random',
        'search-set',
        'search-antidote',
        'steal',
        'steal-pick',
        'prepare-search',
        'prepare-theft',
        'copy-map',
        'enchant',
        'smelt',
        'guard-boost',
        'destroy',
        'destroy-pick',
        'switch-specialty',
        'last-words',
      ].sort(),
    );
    expect([...mafia.actions]).not.toContain('post');
    const day = eight({ t1: { inventory: { 'detective-loupe': 1, megaphone: 1 } } });
    for (const type of [
      'search-random',
      'steal',
      'prepare-search',
      'prepare-theft',
      'search-antidote',
      'guard-boost',
      'use-set',
      'copy-map',
      'enchant',
      'smelt',
      'destroy',
      'last-words',
    ])
      expect(
        day.act('t1', { type, rarity: 'relic', target: 'b1', item: 'x', set: 'tracker-gear', bonus: 'luck', into: ['x'], text: 'x' }),
        type,
      ).toBe('wrong-phase');
    expect(day.act('t1', { type: 'use-item', item: 'detective-loupe', target: 'b1' })).toBe('wrong-phase');
    expect(day.act('t1', { type: 'use-item', item: 'megaphone' })).toBe('ok');
    day.close();
    expect(day.act('t2', { type: 'vote', target: 'b1' })).toBe('wrong-phase');
    expect(day.act('t2', { type: 'find-map' })).toBe('wrong-phase');
    expect(day.act('t1', { type: 'use-item', item: 'detective-loupe', target: 'b1' })).toBe('ok');
  });

  it('MAF-2.4 a new action replaces the slot (a replaced vote is announced again) unless the slot holds steal, destroy or a day item use', () => {
    const m = eight({ t1: { inventory: { gag: 1 } } });
    m.play([
      ['t2', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'vote', target: 'b2' }],
    ]);
    expect(find(m.of('day-1'), { kind: 'vote-cast', voter: 't2' }).map((e) => e.target)).toEqual(['b1', 'b2']);
    expect(m.act('t1', { type: 'use-item', item: 'gag', target: 'b1' })).toBe('ok');
    expect(m.act('t1', { type: 'vote', target: 'b1' })).toBe('action-locked');
    expect(m.act('t1', { type: 'find-map' })).toBe('action-locked');
    m.close();
    m.play([['t3', { type: 'steal', target: 'b1' }]]);
    expect(m.act('t3', { type: 'search-random', rarity: 'relic' })).toBe('action-locked');
    expect(m.act('t3', { type: 'steal', target: 't4' })).toBe('action-locked');
  });

  it('MAF-2.5 refusals change nothing and reveal nothing; each check has its id', () => {
    const m = eightAtNight({
      t1: {
        specialty: 'mage',
        inventory: { 'lucky-coin': 1, 'healers-satchel': 1, 'guardian-amulet': 1 },
        effects: [{ effect: 'prepared-search' }],
      },
      t3: { effects: [{ effect: 'paralysis' }] },
      t5: { state: 'dead' },
      t6: { state: 'jailed' },
    });
    const before = JSON.stringify(m.state);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['t5', { type: 'steal', target: 'b1' }, 'not-alive'],
      ['t6', { type: 'steal', target: 'b1' }, 'not-in-town'],
      ['t3', { type: 'steal', target: 'b1' }, 'paralysed'],
      ['t1', { type: 'steal' }, 'field-missing'],
      ['t1', { type: 'steal', target: 'nobody' }, 'illegal-target'],
      ['t1', { type: 'steal', target: 't1' }, 'target-self'],
      ['t1', { type: 'use-item', item: 'revolver', target: 'b1' }, 'no-item'],
      ['t1', { type: 'use-item', item: 'guardian-amulet' }, 'no-item'],
      ['t1', { type: 'search-map', item: 'dowsing-rod' }, 'no-map'],
      ['t1', { type: 'guard-boost' }, 'not-your-specialty'],
      ['t1', { type: 'prepare-search' }, 'already-prepared'],
      ['t1', { type: 'search-set', item: 'night-ring' }, 'not-in-set'],
      ['t1', { type: 'steal', target: 'b1', item: 'revolver' }, 'not-stealable'],
      ['t1', { type: 'steal', target: 't2', item: 'map:lucky-coin' }, 'item-not-visible'],
      ['t1', { type: 'search-antidote' }, 'not-poisoned'],
      ['t1', { type: 'enchant', item: 'lucky-coin', bonus: 'luck' }, 'ok'],
      ['t1', { type: 'destroy', target: 't2' }, 'not-allowed'],
      ['b1', { type: 'destroy', target: 't2' }, 'destruction-not-allowed'],
      ['t1', { type: 'last-words', text: 'x' }, 'not-allowed'],
      ['t1', { type: 'switch-specialty', specialty: 'guard' }, 'not-allowed'],
      ['t1', { type: 'smelt', item: 'lucky-coin', into: ['dope-potion'] }, 'not-your-specialty'],
    ];
    for (const [player, action, reason] of cases) {
      const events = m.events.length;
      const pending = m.pending.length;
      expect(m.act(player, action as never), JSON.stringify(action)).toBe(reason);
      if (reason !== 'ok') {
        expect(m.events.length).toBe(events);
        expect(m.pending.length).toBe(pending);
      }
    }
    expect(JSON.stringify(m.state)).toBe(before);
    // reloading and no-charges
    m.close();
    const r = eightAtNight({ t1: { inventory: { 'healers-satchel': 1, 'holy-water': 1 } } });
    r.night([['t1', { type: 'use-item', item: 'healers-satchel', target: 't2' }]]);
    r.close();
    expect(r.act('t1', { type: 'use-item', item: 'healers-satchel', target: 't2' })).toBe('reloading');
    r.p('t1').items.find((c) => c.item === 'holy-water')!.charges = 0;
    expect(r.act('t1', { type: 'use-item', item: 'holy-water', target: 't2' })).toBe('no-charges');
  });

  it('MAF-2.6 scopes: self takes no target, others excludes oneself, all includes oneself, dead and jailed name those', () => {
    const m = eightAtNight({
      t1: {
        inventory: { 'invisibility-cloak': 1, 'elixir-of-life': 1, 'healers-satchel': 1, 'phoenix-feather': 1, 'letter-of-pardon': 1 },
      },
      t5: { state: 'dead' },
      t6: { state: 'jailed' },
    });
    expect(m.act('t1', { type: 'use-item', item: 'invisibility-cloak' })).toBe('ok');
    expect(m.act('t1', { type: 'use-item', item: 'elixir-of-life', target: 't1' })).toBe('ok');
    expect(m.act('t1', { type: 'use-item', item: 'healers-satchel', target: 't1' })).toBe('target-self');
    expect(m.act('t1', { type: 'use-item', item: 'healers-satchel', target: 't5' })).toBe('illegal-target');
    expect(m.act('t1', { type: 'use-item', item: 'phoenix-feather', target: 't2' })).toBe('illegal-target');
    expect(m.act('t1', { type: 'use-item', item: 'phoenix-feather', target: 't5' })).toBe('ok');
    expect(m.act('t1', { type: 'use-item', item: 'letter-of-pardon', target: 't5' })).toBe('illegal-target');
    expect(m.act('t1', { type: 'use-item', item: 'letter-of-pardon', target: 't6' })).toBe('ok');
    expect(m.act('t1', { type: 'use-item', item: 'elixir-of-life' })).toBe('field-missing');
  });

  it('MAF-2.7 nothing changes before the close; submissions emit only the listed events', () => {
    const m = eight({ t1: { inventory: { megaphone: 1 } } });
    const before = JSON.stringify(m.state);
    m.play([
      ['t1', { type: 'use-item', item: 'megaphone' }],
      ['t2', { type: 'vote', target: 'b1' }],
      ['t3', { type: 'find-map' }],
    ]);
    expect(JSON.stringify(m.state)).toBe(before);
    expect(
      m
        .of('day-1')
        .slice(-2)
        .map((e) => e.kind),
    ).toEqual(['day-item-used', 'vote-cast']);
    m.close();
    m.play([
      ['t2', { type: 'steal', target: 't1' }],
      ['t4', { type: 'search-random', rarity: 'relic' }],
    ]);
    expect(m.of('night-1').map((e) => e.kind)).toEqual(['theft-list']);
  });

  it('MAF-2.8 items and maps cannot be given or traded: there is no such action', () => {
    const m = eight({ t1: { inventory: { 'lucky-coin': 1 } } });
    for (const type of ['give', 'trade', 'give-item', 'give-map']) {
      expect(Object.hasOwn(mafia.actions, type)).toBe(false);
      expect(m.act('t1', { type, target: 't2', item: 'lucky-coin' })).toBe('unknown-action');
    }
  });

  it('MAF-2.9 only the player jailed at the close of day-N speaks, once, during night-N, within last-words-max-chars', () => {
    const m = eight({}, { settings: { 'last-words-max-chars': 10 } });
    m.play([['t1', { type: 'vote', target: 't2' }]]);
    m.close();
    expect(m.act('t3', { type: 'last-words', text: 'hi' })).toBe('not-allowed');
    expect(m.act('t2', { type: 'last-words', text: 'far too long text' })).toBe('not-allowed');
    expect(m.act('t2', { type: 'last-words', text: 'bye all' })).toBe('ok');
    expect(m.act('t2', { type: 'last-words', text: 'again' })).toBe('not-allowed');
    expect(find(m.of('night-1'), { kind: 'last-words' })).toEqual([{ kind: 'last-words', to: 'public', player: 't2', text: 'bye all' }]);
    m.close();
    m.close();
    expect(m.act('t2', { type: 'last-words', text: 'late' })).toBe('not-allowed');
  });

  it('MAF-2.10 a withdrawal empties the slot, except a locked one or last words; a withdrawn vote is announced', () => {
    const m = eight();
    m.play([['t1', { type: 'vote', target: 'b1' }]]);
    expect(m.withdraw('t1', 'basic')).toBe('ok');
    expect(m.pending).toEqual([]);
    expect(find(m.of('day-1'), { kind: 'vote-withdrawn' })).toEqual([{ kind: 'vote-withdrawn', to: 'public', voter: 't1' }]);
    expect(m.withdraw('t1', 'basic')).toBe('nothing-to-withdraw');
    m.play([['t2', { type: 'vote', target: 't3' }]]);
    m.close();
    m.play([
      ['t4', { type: 'steal', target: 't5' }],
      ['t3', { type: 'last-words', text: 'bye' }],
      ['t5', { type: 'search-random', rarity: 'relic' }],
    ]);
    expect(m.withdraw('t4', 'basic')).toBe('action-locked');
    expect(m.withdraw('t3', 'last-words')).toBe('action-locked');
    expect(m.withdraw('t5', 'basic')).toBe('ok');
  });

  it('MAF-2.11 check mode: off refuses check-disabled; on, the phase closes once every player in town has checked', () => {
    const off = eight();
    expect(off.act('t1', { type: 'check' })).toBe('check-disabled');
    const m = eight({ t6: { state: 'jailed' } }, { settings: { 'check-mode': true } });
    expect(m.act('t6', { type: 'check' })).toBe('not-in-town');
    for (const id of ['b1', 'b2', 't1', 't2', 't3', 't4']) expect(m.act(id, { type: 'check' })).toBe('ok');
    expect(m.act('t1', { type: 'vote', target: 'b1' })).toBe('already-checked');
    expect(m.phase).toBe('day-1');
    expect(m.act('t5', { type: 'check' })).toBe('ok');
    expect(m.phase).toBe('night-1');
    expect(mafia.liveSettings).toContain('check-mode');
  });

  it('MAF-2.12 public is read by all and written by players in town; bandits by bandits in town; a jailed bandit loses it', () => {
    const m = eight();
    expect(m.act('t1', { type: 'post', channel: 'public', text: 'hello' })).toBe('ok');
    expect(m.act('t1', { type: 'post', channel: 'bandits', text: 'hi' })).toBe('channel-forbidden');
    expect(m.act('b2', { type: 'post', channel: 'bandits', text: 'psst' })).toBe('ok');
    expect(m.act('b2', { type: 'post', channel: 'cemetery', text: 'x' })).toBe('channel-forbidden');
    expect(find(m.of('day-1'), { kind: 'message' })).toEqual([
      { kind: 'message', to: 'public', from: 't1', text: 'hello' },
      { kind: 'message', to: 'bandits', from: 'b2', text: 'psst' },
    ]);
    expect(has(m.seenBy('t1'), { kind: 'message', to: 'bandits' })).toBe(false);
    expect(has(m.seenBy('b1'), { kind: 'message', to: 'bandits' })).toBe(true);
    m.play([
      ['t1', { type: 'vote', target: 'b2' }],
      ['t2', { type: 'vote', target: 'b2' }],
    ]);
    m.close();
    expect(m.act('b2', { type: 'post', channel: 'bandits', text: 'x' })).toBe('channel-forbidden');
    expect(m.act('b2', { type: 'post', channel: 'public', text: 'x' })).toBe('channel-forbidden');
    const channels = mafia.channels(m.state);
    expect(channels.find((c) => c.id === 'bandits')!.readers).toEqual(['b1']);
    expect(channels.find((c) => c.id === 'public')!.readers).toContain('b2');
  });
});
