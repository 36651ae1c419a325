// Sections 11 and 12: settings, live settings, and the scenario contract.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { RulesetError } from '../../../engine/core/types.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { STATS } from '../../../engine/rulesets/mafia/ids.js';
import { bandit, crowd, eight, eightAtNight, find, has, Match, town } from './harness.js';

const DEFAULTS: Record<string, unknown> = {
  quorum: 11,
  'max-players': 30,
  'day-minutes': 1440,
  'night-minutes': 720,
  'tie-free-days': 3,
  'check-mode': false,
  'response-cutoff-minutes': 120,
  'destruction-min-players': 18,
  'destruction-margin': 2,
  'bandit-items': 2,
  'bandit-items-large': 3,
  'bandit-items-large-min-players': 18,
  'map-odds': { legendary: 10, artifact: 15, rare: 25, relic: 30, thing: 20 },
  'search-odds': { thing: 80, relic: 65, rare: 50, artifact: 40, legendary: 20 },
  'map-bonus': 10,
  'set-search-odds': { relic: 40, rare: 30, artifact: 20, legendary: 10 },
  'set-piece-bonus': 10,
  'theft-odds': { relic: 50, rare: 40, artifact: 30, legendary: 15 },
  'antidote-odds': [40, 30],
  'curse-potion-value': 33,
  'paralysis-lift-chance': 50,
  'death-avoid-cap': 100,
  'theft-avoid-cap': 50,
  'vote-strength-cap': 10,
  'fortune-cap': 100,
  'guard-death-avoid': 30,
  'guard-vote-strength': 2,
  'blacksmith-theft-bonus': 20,
  'blacksmith-theft-avoid': 30,
  'archaeologist-find-bonus': 10,
  'mage-luck': 25,
  'resurrection-suspension-phases': 4,
  'last-words-max-chars': 2000,
};

const setupOf = (
  players: Array<{ id: string; fixed: Record<string, unknown>; options?: Record<string, unknown> }>,
  setup: Record<string, unknown> = {},
) =>
  mafia.setup({
    players: players.map((p) => ({ id: p.id, name: p.id, options: p.options ?? {}, fixed: p.fixed })),
    settings: mafia.settings.parse({}),
    rng: createRng('x', 'succeed', 'setup'),
    setup,
  });

describe('Section 11: settings', () => {
  it('MAF-11.1 every setting of the table has its default and range; only phase lengths and check-mode are live', () => {
    const parsed = mafia.settings.parse({}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(DEFAULTS)) expect(parsed[key], key).toEqual(value);
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(DEFAULTS).sort());
    for (const bad of [
      { quorum: 3 },
      { 'day-minutes': 9 },
      { 'tie-free-days': 11 },
      { 'antidote-odds': [40, 101] },
      { 'map-odds': { legendary: 10, artifact: 15, rare: 25, relic: 30, thing: 21 } },
      { 'destruction-min-players': 42 },
    ])
      expect(mafia.settings.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect([...mafia.liveSettings].sort()).toEqual(['check-mode', 'day-minutes', 'night-minutes']);
  });
});

describe('Section 12: the scenario contract', () => {
  it('MAF-12.1 winners are town, bandits or draw; roles are role ids', () => {
    const m = eight();
    expect(
      Object.values(m.facts().role!).every((r) =>
        ['townsperson', 'bandit', 'boss', 'blocker', 'poisoner', 'curser', 'invisible'].includes(r),
      ),
    ).toBe(true);
    m.remove('b1');
    m.remove('b2');
    expect(mafia.outcome(m.state)).toBe('town');
  });

  it('MAF-12.2 the player keys fix the deal even against the table; unknown keys and ids are refused by name', () => {
    const m = new Match([bandit('a', 'boss'), town('b'), town('c'), town('d'), town('e'), town('f')]);
    expect(m.facts().role!.a).toBe('boss');
    expect(m.inv('a')).toEqual({ revolver: 2 });
    const fixed = new Match([
      {
        id: 'x',
        team: 'bandits',
        specialization: 'curser',
        specialty: 'guard',
        inventory: { 'lucky-coin': 2 },
        maps: ['dowsing-rod'],
        state: 'in-town',
      },
      town('y'),
      town('z'),
      town('w'),
    ]);
    expect(fixed.inv('x')).toEqual({ 'curse-potion': 2, 'lucky-coin': 2, 'map:dowsing-rod': 1 });
    expect(fixed.p('x').found).toEqual(['lucky-coin']);
    const fail = (players: Array<{ id: string; fixed: Record<string, unknown> }>, setup = {}) => {
      try {
        setupOf(players, setup);
      } catch (e) {
        return e instanceof RulesetError ? `${e.code}: ${e.message}` : String(e);
      }
      return 'ok';
    };
    expect(fail([{ id: 'a', fixed: { specialty: 'mage', zone: 'x' } }])).toMatch(/^unknown-scenario-key: .*"zone"/);
    expect(fail([{ id: 'a', fixed: { specialty: 'mage', role: 'priest' } }])).toMatch(/^unknown-id: .*priest/);
    expect(fail([{ id: 'a', fixed: { specialty: 'mage', inventory: { 'magic-wand': 1 } } }])).toMatch(/^unknown-id: .*magic-wand/);
    expect(fail([{ id: 'a', fixed: { specialty: 'mage', maps: ['nope'] } }])).toMatch(/^unknown-id: .*nope/);
    expect(fail([{ id: 'a', fixed: { specialty: 'mage', effects: [{ effect: 'rage' }] } }])).toMatch(/^unknown-id: .*rage/);
    expect(fail([{ id: 'a', fixed: { specialty: 'mage', state: 'sleeping' } }])).toMatch(/^unknown-id: .*sleeping/);
    expect(fail([{ id: 'a', fixed: { specialty: 'mage' } }], { dawn: 1 })).toMatch(/^unknown-scenario-key: .*dawn/);
    expect(fail([{ id: 'a', fixed: { specialty: 'mage' } }], { destroyed: ['lucky-coin'] })).toMatch(/^unknown-id: .*lucky-coin/);
    expect(fail([{ id: 'a', fixed: { specialty: 'mage' } }], { startPhase: 'dusk-1' })).toMatch(/^unknown-id: .*dusk-1/);
  });

  it('MAF-12.3 effects entries: curse, luck, blessing, poison with nightsLeft, paralysis and preparations, all counted as told', () => {
    const m = eightAtNight(
      {
        t1: { effects: [{ effect: 'curse', value: 40 }] },
        t4: {
          effects: [
            { effect: 'luck', value: 10 },
            { effect: 'blessing', value: 20 },
            { effect: 'prepared-search' },
            { effect: 'prepared-theft' },
          ],
        },
        t5: { effects: [{ effect: 'poison', nightsLeft: 2 }] },
        t6: { effects: [{ effect: 'poison', nightsLeft: 1 }, { effect: 'paralysis' }] },
      },
      { dice: 'fail' },
    );
    expect(m.stats('t1').curse).toBe(40);
    expect(m.stats('t4')).toMatchObject({ luck: 35, blessing: 20 });
    expect(m.p('t4').fx.prepared).toEqual({ search: true, theft: true });
    expect(m.act('t6', { type: 'search-antidote' })).toBe('paralysed');
    m.close();
    expect(m.facts().dead).toEqual(['t6']);
    expect(m.facts().alive).toContain('t5');
    m.close();
    m.close();
    expect(m.facts().dead).toEqual(['t5', 't6']);
  });

  it('MAF-12.4 setup: startPhase (earlier phases count as played), switchBandit, destroyed; thresholds use the players list', () => {
    const m = eight({}, { setup: { startPhase: 'day-4' } });
    expect(m.phase).toBe('day-4');
    expect(m.act('b1', { type: 'switch-specialty', specialty: 'guard' })).toBe('not-allowed');
    const s = new Match([bandit('b1', 'boss'), bandit('b2', 'blocker'), bandit('b3', 'curser'), town('t1'), town('t2'), town('t3')], {
      setup: { switchBandit: 'b2', destroyed: ['night-crown'] },
    });
    expect(find(s.of('day-1'), { kind: 'may-switch-specialty' })).toEqual([{ kind: 'may-switch-specialty', to: 'b2' }]);
    expect(s.state.destroyed).toEqual(['night-crown']);
    const none = new Match([bandit('b1', 'boss'), bandit('b2', 'blocker'), bandit('b3', 'curser'), town('t1'), town('t2'), town('t3')], {
      setup: { switchBandit: null },
    });
    expect(find(none.of('day-1'), { kind: 'may-switch-specialty' })).toEqual([]);
    // eighteen players listed: the large starting items, whatever the quorum
    expect(crowd(18, { dice: 'succeed', settings: { quorum: 40 } }).inv('p1')).toEqual({ revolver: 3 });
    // no lift check precedes the opening phase
    const p = eightAtNight({ t4: { effects: [{ effect: 'paralysis' }] } }, { dice: 'succeed' });
    expect(p.act('t4', { type: 'search-random', rarity: 'relic' })).toBe('paralysed');
  });

  it('MAF-12.5 forced dice: what success means for each check', () => {
    // search: found / not found
    const ok = eightAtNight({}, { dice: 'succeed' });
    ok.night([['t4', { type: 'search-random', rarity: 'legendary' }]]);
    expect(has(ok.of('night-1'), { kind: 'item-found', player: 't4' })).toBe(true);
    const ko = eightAtNight({}, { dice: 'fail' });
    ko.night([['t4', { type: 'search-random', rarity: 'legendary' }]]);
    expect(has(ko.of('night-1'), { kind: 'item-found' })).toBe(false);
    // theft passes to theft-avoid, whose success avoids it
    const t = eightAtNight(
      { t2: { specialty: 'blacksmith', inventory: { 'lucky-coin': 1 } }, t5: { inventory: { 'lucky-coin': 1 } } },
      { dice: 'succeed' },
    );
    t.night([
      ['t4', { type: 'steal', target: 't2', item: 'lucky-coin' }],
      ['t6', { type: 'steal', target: 't5', item: 'lucky-coin' }],
    ]);
    expect([t.count('t4', 'lucky-coin'), t.count('t6', 'lucky-coin')]).toEqual([0, 1]);
    // death-avoid success survives; curse success fails the action; blessing success stops the effect; lift success ends it
    const d = eightAtNight(
      {
        t3: { specialty: 'guard' },
        t4: { effects: [{ effect: 'curse', value: 10 }] },
        t5: { effects: [{ effect: 'blessing', value: 10 }] },
      },
      { dice: 'succeed' },
    );
    d.night([
      ['b1', { type: 'use-item', item: 'revolver', target: 't3' }],
      ['t4', { type: 'prepare-search' }],
    ]);
    expect(d.facts().alive).toContain('t3');
    expect(d.p('t4').fx.prepared.search).toBe(false);
    const f = eightAtNight({ t3: { specialty: 'guard' } }, { dice: 'fail' });
    f.night([['b1', { type: 'use-item', item: 'revolver', target: 't3' }]]);
    expect(f.facts().dead).toContain('t3');
  });

  it('MAF-12.6 forced draws take the first candidate in the stated orders', () => {
    const m = crowd(11, { dice: 'fail' });
    expect(m.state.players.filter((p) => p.team === 'bandits').map((p) => [p.id, p.specialization])).toEqual([
      ['p1', 'boss'],
      ['p2', 'blocker'],
      ['p3', 'poisoner'],
    ]);
    expect(m.state.switchBandit).toBe('p1');
    m.play([['p5', { type: 'find-map' }]]);
    expect(find(m.close(), { kind: 'map-found' })[0]).toMatchObject({ item: 'phoenix-feather', rarity: 'legendary' });
    const r = eightAtNight(
      {},
      { dice: 'fail', settings: { 'search-odds': { thing: 100, relic: 65, rare: 50, artifact: 40, legendary: 20 } } },
    );
    r.night([['t4', { type: 'search-random', rarity: 'thing' }]]);
    expect(r.count('t4', 'revolver')).toBe(1);
  });

  it('MAF-12.7 facts: stats by their ids, inventories with starting items and map:<item>, alive includes away, phase null at the end', () => {
    const m = eight({ t1: { maps: ['night-crown'], state: 'away' } });
    expect(Object.keys(m.stats('t2')).sort()).toEqual([...STATS].sort());
    expect(m.inv('b1')).toEqual({ revolver: 2 });
    expect(m.inv('t1')).toEqual({ 'map:night-crown': 1 });
    expect(m.facts().alive).toContain('t1');
    m.remove('b1');
    m.remove('b2');
    expect(mafia.phase(m.state)).toBeNull();
  });

  it('MAF-12.8 a player sees the public events, his own, his channels’ events of their time, and his own state', () => {
    const m = eight();
    m.play([['b1', { type: 'post', channel: 'bandits', text: 'early' }]]);
    m.play([
      ['t1', { type: 'vote', target: 'b2' }],
      ['t2', { type: 'vote', target: 'b2' }],
    ]);
    m.close();
    m.play([['b1', { type: 'post', channel: 'bandits', text: 'late' }]]);
    // b2, jailed, read the first message but not the second
    const texts = m
      .seenBy('b2')
      .filter((e) => e.kind === 'message')
      .map((e) => e.text);
    expect(texts).toEqual(['early']);
    expect(m.view('t1').me).toMatchObject({ id: 't1', team: 'town', role: 'townsperson', specialty: 'archaeologist' });
    expect(m.view('t1').known).toEqual({});
  });
});
