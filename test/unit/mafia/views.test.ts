// MAF-12.8, 10.5, 1.7, 7.1: what each reader's view holds — the public board, a spectator, a player's
// own sheet (items, effects, rights), a bandit's knowledge of his team, the GM's whole state.
import { describe, expect, it } from 'vitest';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { bandit, eight, eightAtNight, freshStatuses, hiddenFrom, Match, town } from './harness.js';

const plainStats = {
  'vote-strength': 1,
  'death-avoid': 0,
  'theft-avoid': 0,
  luck: 0,
  curse: 0,
  blessing: 0,
  'find-bonus': 0,
  'theft-bonus': 0,
};

const seatsOf = (m: Match) =>
  m.state.players.map((p, i) => ({
    id: p.id,
    name: `Player ${i + 1}`,
    alive: p.status === 'in-town' || p.status === 'away',
    state: p.status,
  }));

/**
 * Ten seats: b1 boss, b2 plain bandit, t1 with a full bag and effects, t2 (blacksmith) with a secret
 * bag and effects, t3 guard, t4 jailed, t5 dead, t6 away, t7 and t8 mages.
 */
function table(): Match {
  return new Match([
    bandit('b1', 'boss', 'mage'),
    bandit('b2', 'bandit', 'archaeologist'),
    town('t1', 'archaeologist', {
      inventory: { 'lucky-coin': 2, 'detective-loupe': 1, revolver: 2 },
      maps: ['dowsing-rod'],
      effects: [
        { effect: 'curse', value: 20 },
        { effect: 'poison', nightsLeft: 2 },
        { effect: 'paralysis' },
        { effect: 'prepared-search' },
      ],
    }),
    town('t2', 'blacksmith', {
      inventory: { 'guardian-amulet': 1 },
      effects: [{ effect: 'prepared-theft' }, { effect: 'blessing', value: 10 }],
    }),
    town('t3', 'guard'),
    town('t4', 'mage', { state: 'jailed' }),
    town('t5', 'mage', { state: 'dead' }),
    town('t6', 'mage', { state: 'away' }),
    town('t7'),
    town('t8'),
  ]);
}

describe('the public view and the spectator', () => {
  it('MAF-0.3 MAF-12.7 MAF-10.5 the public sees each seat’s name and state, alive only when in town or away, and no team, role or bag', () => {
    const m = table();
    m.remove('t3');
    const v = m.view({ as: 'public' });
    expect(v).toEqual({
      phase: 'day-1',
      players: [
        { id: 'b1', name: 'Player 1', alive: true, state: 'in-town' },
        { id: 'b2', name: 'Player 2', alive: true, state: 'in-town' },
        { id: 't1', name: 'Player 3', alive: true, state: 'in-town' },
        { id: 't2', name: 'Player 4', alive: true, state: 'in-town' },
        { id: 't3', name: 'Player 5', alive: false, state: 'removed' },
        { id: 't4', name: 'Player 6', alive: false, state: 'jailed' },
        { id: 't5', name: 'Player 7', alive: false, state: 'dead' },
        { id: 't6', name: 'Player 8', alive: true, state: 'away' },
        { id: 't7', name: 'Player 9', alive: true, state: 'in-town' },
        { id: 't8', name: 'Player 10', alive: true, state: 'in-town' },
      ],
      board: { lastVote: null },
    });
    const text = JSON.stringify(v);
    for (const secret of ['bandits', 'boss', 'townsperson', 'mage', 'guard', 'revolver', 'lucky-coin', 'curse', 'poison'])
      expect(text).not.toContain(secret);
  });

  it('MAF-12.7 the roster gives every seat in seat order, alive when in town or away', () => {
    const m = table();
    m.remove('t3');
    expect(mafia.roster(m.state)).toEqual([
      { id: 'b1', alive: true },
      { id: 'b2', alive: true },
      { id: 't1', alive: true },
      { id: 't2', alive: true },
      { id: 't3', alive: false },
      { id: 't4', alive: false },
      { id: 't5', alive: false },
      { id: 't6', alive: true },
      { id: 't7', alive: true },
      { id: 't8', alive: true },
    ]);
  });

  it('MAF-1.9 MAF-12.8 a signed-in viewer who is not in the match sees the public view, nothing of anyone’s sheet', () => {
    const m = table();
    const v = m.view('zed');
    expect(v).toEqual({ phase: 'day-1', players: seatsOf(m), board: { lastVote: null } });
    expect(v).toEqual(m.view({ as: 'public' }));
    expect(v).not.toHaveProperty('me');
    expect(v).not.toHaveProperty('known');
  });

  it('MAF-3.5 MAF-12.8 after the day close the board shows the last vote to the public and to each player', () => {
    const m = eight();
    // t3 is a guard: vote strength 2 (MAF-7.8)
    m.play([
      ['t1', { type: 'vote', target: 'b2' }],
      ['t2', { type: 'vote', target: 'b2' }],
      ['t3', { type: 'vote', target: 'b2' }],
      ['b1', { type: 'vote', target: 't1' }],
    ]);
    m.close();
    const lastVote = { day: 1, tally: { b2: 4, t1: 1 }, leaders: ['b2'], jailed: 'b2', decidedBy: 'votes' };
    expect(m.view({ as: 'public' }).board).toEqual({ lastVote });
    expect(m.view('t5').board).toEqual({ lastVote });
    expect(m.view('zed').board).toEqual({ lastVote });
    expect(m.view({ as: 'public' }).players.find((p: { id: string }) => p.id === 'b2')).toEqual({
      id: 'b2',
      name: 'Player 2',
      alive: false,
      state: 'jailed',
    });
  });
});

describe('a player’s own view', () => {
  it('MAF-12.8 MAF-6.3 MAF-8.5 a townsperson sees his team, specialty, stats, each copy (rarity, active, charges), maps and the effects he was told of', () => {
    const m = table();
    const v = m.view('t1');
    expect(v).toEqual({
      phase: 'day-1',
      me: {
        id: 't1',
        name: 'Player 3',
        alive: true,
        state: 'in-town',
        team: 'town',
        faction: 'town',
        role: 'townsperson',
        specialization: null,
        specialty: 'archaeologist',
        stats: { ...plainStats, curse: 20, 'find-bonus': 10 },
        inventory: [
          // a second copy of the same non-Thing adds nothing (MAF-6.3): only the first is active
          { item: 'lucky-coin', rarity: 'relic', active: true, starting: false, charges: 2 },
          { item: 'lucky-coin', rarity: 'relic', active: false, starting: false, charges: 2 },
          { item: 'detective-loupe', rarity: 'rare', active: true, starting: false },
          { item: 'revolver', rarity: 'thing', active: true, starting: false },
          { item: 'revolver', rarity: 'thing', active: true, starting: false },
        ],
        maps: ['dowsing-rod'],
        found: ['lucky-coin', 'detective-loupe', 'revolver'],
        statuses: { ...freshStatuses, cursed: true, poisoned: true, paralysed: true, prepared: { search: true, theft: false } },
      },
      players: seatsOf(m),
      known: {},
      board: { lastVote: null },
    });
  });

  it('MAF-12.8 MAF-7.1 MAF-1.10 a townsperson never sees another player’s role, team, specialty, items or effects', () => {
    const m = table();
    const v = m.view('t1');
    for (const other of ['b1', 'b2', 't2', 't3', 't4', 't5', 't6', 't7', 't8']) expect(hiddenFrom(m, 't1', other), other).toBe(true);
    const others = JSON.stringify({ players: v.players, known: v.known, board: v.board });
    for (const secret of ['bandits', 'boss', 'blacksmith', 'guard', 'mage', 'guardian-amulet', 'revolver', 'blessing', 'theft'])
      expect(others).not.toContain(secret);
    // t2's bag and effects appear nowhere in t1's view; t2 sees them in his own
    expect(JSON.stringify(v)).not.toContain('guardian-amulet');
    const t2 = m.view('t2');
    expect(t2.me.inventory).toEqual([{ item: 'guardian-amulet', rarity: 'relic', active: true, starting: false }]);
    expect(t2.me.statuses).toEqual({ ...freshStatuses, prepared: { search: false, theft: true } });
    expect(t2.me.stats.blessing).toBe(10);
    expect(JSON.stringify(t2)).not.toContain('lucky-coin');
    expect(JSON.stringify(t2)).not.toContain('dowsing-rod');
  });

  it('MAF-12.8 a player with no effects reads every status as off (not cursed, not poisoned)', () => {
    const m = table();
    expect(m.view('t3').me.statuses).toEqual(freshStatuses);
    expect(m.view('t3').me.inventory).toEqual([]);
  });

  it('MAF-1.7 MAF-1.8 MAF-1.4 a bandit sees his starting items and his fellow bandits with their specializations; the switching bandit is told he may switch', () => {
    const m = eight({ t6: { role: 'poisoner', specialty: 'guard' } }, { setup: { switchBandit: 'b2' } });
    expect(m.view('b2')).toEqual({
      phase: 'day-1',
      me: {
        id: 'b2',
        name: 'Player 2',
        alive: true,
        state: 'in-town',
        team: 'bandits',
        faction: 'bandits',
        role: 'bandit',
        specialization: null,
        specialty: 'archaeologist',
        stats: { ...plainStats, 'find-bonus': 10 },
        inventory: [],
        maps: [],
        found: [],
        statuses: { ...freshStatuses, maySwitchSpecialty: true },
      },
      players: seatsOf(m),
      known: { b1: { role: 'boss', faction: 'bandits' }, t6: { role: 'poisoner', faction: 'bandits' } },
      board: { lastVote: null },
    });
    const boss = m.view('b1');
    expect(boss.me.role).toBe('boss');
    expect(boss.me.specialization).toBe('boss');
    expect(boss.me.inventory).toEqual([
      { item: 'revolver', rarity: 'thing', active: true, starting: true },
      { item: 'revolver', rarity: 'thing', active: true, starting: true },
    ]);
    expect(boss.known).toEqual({ b2: { role: 'bandit', faction: 'bandits' }, t6: { role: 'poisoner', faction: 'bandits' } });
    // only the designated bandit may switch, not his teammates nor the town
    expect(boss.me.statuses.maySwitchSpecialty).toBe(false);
    expect(m.view('t6').me.statuses.maySwitchSpecialty).toBe(false);
    expect(m.view('t1').me.statuses.maySwitchSpecialty).toBe(false);
    // fellow bandits' bags stay private (the poisoner's poisons are not in the boss's view)
    expect(JSON.stringify(boss)).not.toContain('"item":"poison"');
    // nobody learns a specialty of another player, bandits included
    expect(JSON.stringify(boss.known)).not.toContain('guard');
    // the town learns none of it
    expect(m.view('t1').known).toEqual({});
    expect(JSON.stringify(m.view('t1'))).not.toContain('poisoner');
    m.close();
    expect(m.view('b2').me.statuses.maySwitchSpecialty).toBe(false);
  });

  it('MAF-2.9 MAF-1.11 only the player jailed at the day close may send last words, during that night', () => {
    const m = eight({ t4: { state: 'jailed' } });
    m.play([
      ['t1', { type: 'vote', target: 'b2' }],
      ['t2', { type: 'vote', target: 'b2' }],
    ]);
    expect(m.view('b2').me.statuses.mayLastWords).toBe(false);
    m.close();
    expect(m.phase).toBe('night-1');
    const b2 = m.view('b2');
    expect(b2.me).toMatchObject({ state: 'jailed', alive: false });
    expect(b2.me.statuses).toEqual({ ...freshStatuses, mayLastWords: true });
    // jailed earlier (not at this close): no last words; nor for those in town
    expect(m.view('t4').me.statuses.mayLastWords).toBe(false);
    expect(m.view('t1').me.statuses.mayLastWords).toBe(false);
    expect(m.view('b1').me.statuses.mayLastWords).toBe(false);
    // the jailed bandit keeps what he knew of his team
    expect(b2.known).toEqual({ b1: { role: 'boss', faction: 'bandits' } });
    m.close();
    expect(m.view('b2').me.statuses.mayLastWords).toBe(false);
  });
});

describe('the night’s effects in the views', () => {
  it('MAF-8.7 MAF-9.20 MAF-9.9 a reloadable copy shows its last use, the Book of Names its points, a marked player his mark', () => {
    const m = eightAtNight({ t1: { inventory: { 'book-of-names': 1 } }, t3: { inventory: { 'detective-loupe': 1 } } }, { dice: 'succeed' });
    m.night([
      ['t1', { type: 'use-item', item: 'book-of-names', target: 't5' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't5' }],
      ['t3', { type: 'use-item', item: 'detective-loupe', target: 'b2' }],
    ]);
    expect(m.facts().dead).toEqual(['t5']);
    expect(m.view('t1').me.inventory).toEqual([
      { item: 'book-of-names', rarity: 'legendary', active: true, starting: false, lastUse: 1, points: 1 },
    ]);
    expect(m.view('t3').me.inventory).toEqual([{ item: 'detective-loupe', rarity: 'rare', active: true, starting: false, lastUse: 1 }]);
    // the boss's spent revolver is gone, the other one untouched
    expect(m.view('b1').me.inventory).toEqual([{ item: 'revolver', rarity: 'thing', active: true, starting: true }]);
    // night 3 (the book reloads every other night): a mark on a survivor is shown to him, never to the others
    m.close();
    m.close();
    m.close();
    expect(m.phase).toBe('night-3');
    m.night([['t1', { type: 'use-item', item: 'book-of-names', target: 't6' }]]);
    expect(m.view('t6').me.statuses).toEqual({ ...freshStatuses, marks: ['named'] });
    expect(m.view('t6').me.stats['death-avoid']).toBe(0);
    expect(m.view('t1').me.statuses.marks).toEqual([]);
    expect(m.view('t1').me.inventory).toEqual([
      { item: 'book-of-names', rarity: 'legendary', active: true, starting: false, lastUse: 3, points: 1 },
    ]);
    expect(JSON.stringify(m.view('t4'))).not.toContain('named');
  });

  it('MAF-9.12 MAF-10.4 a transformed player sees his form; a trap’s setter sees where he set it, its target does not', () => {
    const m = eightAtNight({ t2: { inventory: { 'bear-trap': 1 } }, t4: { inventory: { 'werewolf-pelt': 1 } } });
    m.night([
      ['t2', { type: 'use-item', item: 'bear-trap', target: 't3' }],
      ['t4', { type: 'use-item', item: 'werewolf-pelt', target: 't4' }],
    ]);
    expect(m.view('t4').me.statuses).toEqual({ ...freshStatuses, transformation: 'werewolf' });
    expect(m.view('t4').me.inventory).toEqual([{ item: 'werewolf-pelt', rarity: 'artifact', active: true, starting: false }]);
    expect(m.view('t2').me.statuses).toEqual({ ...freshStatuses, trapsSet: ['t3'] });
    expect(m.view('t2').me.inventory).toEqual([]);
    // the trapped player is not told (no status, no trap in his view), nor anyone else
    expect(m.view('t3').me.statuses).toEqual(freshStatuses);
    for (const reader of ['t3', 't1', 'b1']) expect(JSON.stringify(m.view(reader))).not.toContain('bear-trap');
    expect(JSON.stringify(m.view('t1'))).not.toContain('werewolf');
  });

  it('MAF-7.14 a resurrected player’s specialty is suspended for the four phases after his return, then shown active again', () => {
    const m = eightAtNight({ t5: { state: 'dead' }, t6: { inventory: { 'phoenix-feather': 1 } } });
    m.night([['t6', { type: 'use-item', item: 'phoenix-feather', target: 't5' }]]);
    const seen: Array<[string | null, boolean, number]> = [];
    for (let i = 0; i < 5; i++) {
      const me = m.view('t5').me;
      seen.push([m.phase, me.statuses.specialtySuspended, me.stats.luck]);
      m.close();
    }
    // t5 is a mage: luck 25 (MAF-7.11) only once the suspension is over
    expect(seen).toEqual([
      ['day-2', true, 0],
      ['night-2', true, 0],
      ['day-3', true, 0],
      ['night-3', true, 0],
      ['day-4', false, 25],
    ]);
    expect(m.view('t4').me.statuses.specialtySuspended).toBe(false);
  });
});

describe('the GM and posts', () => {
  it('MAF-12.8 the GM sees the phase and the whole state', () => {
    const m = table();
    expect(m.view({ as: 'gm' })).toEqual({ phase: 'day-1', state: m.state });
  });

  it('MAF-2.12 a post publishes a message to its channel; an empty one is refused', () => {
    const m = table();
    expect(mafia.post!(m.state, 't1', 'public', 'hello')).toEqual({
      ok: true,
      events: [{ kind: 'message', to: 'public', from: 't1', text: 'hello' }],
    });
    expect(mafia.post!(m.state, 'b1', 'bandits', 'psst')).toEqual({
      ok: true,
      events: [{ kind: 'message', to: 'bandits', from: 'b1', text: 'psst' }],
    });
    const empty = { ok: false, reason: 'field-missing', message: 'The message is empty.' };
    expect(mafia.post!(m.state, 't1', 'public', '')).toEqual(empty);
    expect(mafia.post!(m.state, 't1', 'public', undefined as unknown as string)).toEqual(empty);
    expect(m.post('t1', 'public', '')).toBe('field-missing');
    expect(mafia.post!(m.state, 't1', 'bandits', 'hi')).toMatchObject({ ok: false, reason: 'channel-forbidden' });
    expect(mafia.post!(m.state, 't4', 'public', 'hi')).toMatchObject({ ok: false, reason: 'channel-forbidden' });
  });
});
