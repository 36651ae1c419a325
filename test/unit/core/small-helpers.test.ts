// The small helpers of engine/core that every ruleset leans on: the contract check (check.ts), the
// reserved ids (ids.ts), the public seats (seats.ts), the JSON copy (copy.ts), the seeded
// generator (rng.ts) and the value built on first use (lazy.ts), each rule on its boundary.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { checkRuleset, rulesetProblems } from '../../../engine/core/check.js';
import { copyJson } from '../../../engine/core/copy.js';
import { lazy } from '../../../engine/core/lazy.js';
import { collidesWith, KEBAB_ID, kebabId, PLATFORM_IDS, PLAYER_PLACEHOLDER, reservedBy } from '../../../engine/core/ids.js';
import { createRng } from '../../../engine/core/rng.js';
import { rosterOf, seatOf } from '../../../engine/core/seats.js';
import { Refusal, RulesetError, type Ruleset } from '../../../engine/core/types.js';
import { findRuleset, rulesets } from '../../rulesets.js';

const lupus = findRuleset('lupus')!;
const broken = (change: Record<string, unknown>) => ({ ...lupus, ...change }) as unknown as Ruleset;

describe('check.ts: the registry names every member that breaks the contract', () => {
  it('an id that is not a string is refused even when it reads as one (5)', () => {
    expect(rulesetProblems(broken({ id: 5 }))).toEqual(['id 5 is not a kebab-case id']);
    expect(rulesetProblems(broken({ id: 'lupus-2' }))).toEqual([]);
  });

  it('settings without a schema, or one failing {}, say so (with the schema’s first issue when there is one)', () => {
    expect(rulesetProblems(broken({ settings: undefined }))).toEqual(['settings does not parse {} to its defaults']);
    const failing = rulesetProblems(broken({ settings: z.object({ seats: z.number() }) }));
    expect(failing).toHaveLength(1);
    expect(failing[0]).toMatch(/^settings does not parse \{\} to its defaults: \S/);
  });

  it('live settings are checked against the defaults only when the settings parse, and only own keys count', () => {
    // A broken schema hides nothing else, but liveSettings cannot be judged against it.
    expect(rulesetProblems(broken({ settings: undefined, liveSettings: ['moon'] }))).toEqual([
      'settings does not parse {} to its defaults',
    ]);
    expect(rulesetProblems(broken({ liveSettings: ['toString'] }))).toEqual([
      'liveSettings names "toString", not a setting of the settings schema',
    ]);
    expect(rulesetProblems(broken({ liveSettings: [] }))).toEqual([]);
  });

  it('join options must parse {} (a player who chose nothing)', () => {
    expect(rulesetProblems(broken({ options: undefined }))).toEqual(['options does not parse {} (a player who chose nothing)']);
  });

  it('action and reason lists: non-string, not kebab, repeated; a missing reasons list is an empty one', () => {
    expect(rulesetProblems(broken({ actions: ['vote', 5] }))).toEqual(['actions has 5, not a kebab-case id']);
    expect(rulesetProblems(broken({ actions: ['vote', 'maul', 'vote'] }))).toEqual(['actions names "vote" twice']);
    expect(rulesetProblems(broken({ reasons: undefined }))).toEqual(['reasons is empty']);
    expect(rulesetProblems(broken({ reasons: ['not-alive', 'not-alive'] }))).toEqual(['reasons names "not-alive" twice']);
  });

  it('no ruleset may declare any of the platform’s own actions: check, withdraw, post', () => {
    for (const own of ['check', 'withdraw', 'post']) {
      expect(rulesetProblems(broken({ actions: ['vote', own] })), own).toEqual([`actions declares "${own}", the platform's own action`]);
    }
  });

  it('channel patterns: none is fine; each filled pattern is a kebab id, once; {player} is the only placeholder and never the start', () => {
    expect(rulesetProblems(broken({ channelPatterns: [] }))).toEqual([]);
    expect(rulesetProblems(broken({ channelPatterns: ['pack', 'spirit-{player}', 'dead-{player}-ghost'] }))).toEqual([]);
    expect(rulesetProblems(broken({ channelPatterns: ['spirit-{player}', 'spirit-{player}'] }))).toEqual([
      'channelPatterns names "spirit-p1" twice',
    ]);
    expect(rulesetProblems(broken({ channelPatterns: ['Spirit-{name}'] }))).toEqual([
      'channelPatterns has "Spirit-{name}", not a kebab-case id',
      'channelPatterns "Spirit-{name}" has a placeholder other than {player}',
    ]);
    expect(rulesetProblems(broken({ channelPatterns: ['spirit-{player'] }))).toEqual([
      'channelPatterns has "spirit-{player", not a kebab-case id',
      'channelPatterns "spirit-{player" has a placeholder other than {player}',
    ]);
    expect(rulesetProblems(broken({ channelPatterns: ['{player}'] }))).toEqual([
      'channelPatterns "{player}" starts with {player}, so every player id would collide with it',
    ]);
    expect(rulesetProblems(broken({ channelPatterns: ['pack-'] }))).toEqual([
      'channelPatterns has "pack-", not a kebab-case id',
      'channelPatterns "pack-" is not a kebab-case id',
    ]);
  });

  it('every required member must be a function, each named', () => {
    const required = [
      'setup',
      'phase',
      'timing',
      'available',
      'validate',
      'post',
      'mayCheck',
      'checkers',
      'resolve',
      'remove',
      'view',
      'roster',
      'channels',
      'outcome',
      'facts',
      'tally',
    ];
    for (const name of required) expect(rulesetProblems(broken({ [name]: 'not a function' })), name).toEqual([`${name} is not a function`]);
    // Optional hooks are optional.
    expect(rulesetProblems(broken({ groups: undefined, withdraw: undefined, seats: undefined, dealtIn: undefined }))).toEqual([]);
  });

  it('problems come in the order of the members, and checkRuleset hands back the very ruleset that keeps the contract', () => {
    expect(rulesetProblems(broken({ id: 'X', homeLang: 'de', actions: [], view: null }))).toEqual([
      'id "X" is not a kebab-case id',
      'actions is empty',
      'homeLang "de" is not one of it, ru, en',
      'view is not a function',
    ]);
    for (const rs of Object.values(rulesets)) expect(checkRuleset(rs)).toBe(rs);
    expect(() => checkRuleset(broken({ id: 'x', actions: [] }))).toThrow(new Error('Ruleset "x" breaks the contract: actions is empty.'));
    expect(() => checkRuleset(broken({ id: 'x', actions: [], homeLang: 'de' }))).toThrow(
      new Error('Ruleset "x" breaks the contract: actions is empty; homeLang "de" is not one of it, ru, en.'),
    );
  });
});

describe('ids.ts: no player id is public or a channel id (ARCHITECTURE, ids)', () => {
  it('KEBAB_ID takes lowercase ASCII words joined by single hyphens, nothing else', () => {
    for (const ok of ['a', 'night-1', 'p10', 'a1-b2-c3']) expect(KEBAB_ID.test(ok), ok).toBe(true);
    for (const bad of ['', '-a', 'a-', 'a--b', 'Night-1', 'a_b', 'a b', 'é', 'a-1 ', ' a'])
      expect(KEBAB_ID.test(bad), JSON.stringify(bad)).toBe(false);
  });

  it('a request id is a kebab id of at most 64 characters', () => {
    expect(kebabId.safeParse('a'.repeat(64)).success).toBe(true);
    expect(kebabId.safeParse('a'.repeat(65)).success).toBe(false);
    const bad = kebabId.safeParse('Not_Kebab');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('kebab-case ASCII');
  });

  it('the platform’s own readers and outcomes are reserved, and the placeholder is {player}', () => {
    expect([...PLATFORM_IDS]).toEqual(['public', 'gm', 'draw']);
    expect(PLAYER_PLACEHOLDER).toBe('{player}');
    for (const id of PLATFORM_IDS) expect(reservedBy(id, [])).toBe(id);
    expect(reservedBy('gm-2', [])).toBe('gm');
    expect(reservedBy('gmx', [])).toBeUndefined();
    expect(reservedBy('publican', [])).toBeUndefined();
  });

  // [id, reserved, collides]
  const bySegments: Array<[string, string, boolean]> = [
    ['pack', 'pack', true],
    ['pack-1', 'pack', true],
    ['pack', 'pack-1', true],
    ['pa', 'pack', false],
    ['packs', 'pack', false],
    ['pack-2', 'pack-1', false],
    ['x-pack', 'pack', false],
  ];
  it.each(bySegments)('collides by whole kebab segments, either being a prefix of the other: %s vs %s → %s', (id, reserved, collides) => {
    expect(collidesWith(id, reserved)).toBe(collides);
  });

  // A pattern that starts with the placeholder has no fixed head, so every id collides with it.
  const byPattern: Array<[string, string, boolean]> = [
    ['spirit-p3', 'spirit-{player}', true],
    ['spirit', 'spirit-{player}', true],
    ['spirited', 'spirit-{player}', false],
    ['dead-spirit-p1', 'dead-spirit-{player}', true],
    ['dead-p1', 'dead-spirit-{player}', false],
    ['p1', 'p1-ghost-{player}', true],
    ['p1', '{player}-ghost', true],
    ['anyone', '{player}', true],
  ];
  it.each(byPattern)(
    'a pattern collides through its fixed head (spirit-{player} with spirit and spirit-p3, not spirited): %s vs %s → %s',
    (id, pattern, collides) => {
      expect(collidesWith(id, pattern)).toBe(collides);
    },
  );

  it('reservedBy names the first reserved id in order: the platform’s, then the ruleset’s patterns', () => {
    expect(reservedBy('pack-1', ['pack', 'pack-{player}'])).toBe('pack');
    expect(reservedBy('pack-1', ['pack-{player}', 'pack'])).toBe('pack-{player}');
    expect(reservedBy('spirit-9', ['pack', 'spirit-{player}'])).toBe('spirit-{player}');
    expect(reservedBy('villager', ['pack', 'spirit-{player}'])).toBeUndefined();
    expect(reservedBy('villager', [])).toBeUndefined();
  });
});

describe('seats.ts: the public roster (id, name, alive), in seat order', () => {
  it('a seat shows id, name and alive only, never the role', () => {
    const seat = seatOf({ id: 'a', name: 'Ann', alive: false, role: 'lupo-mannaro' } as never);
    expect(seat).toStrictEqual({ id: 'a', name: 'Ann', alive: false });
  });

  it('the roster keeps seat order and shows only id and alive', () => {
    const players = [
      { id: 'z', name: 'Zed', alive: true, role: 'x' },
      { id: 'a', name: 'Ann', alive: false, role: 'y' },
    ];
    expect(rosterOf(players)).toStrictEqual([
      { id: 'z', alive: true },
      { id: 'a', alive: false },
    ]);
    expect(rosterOf([])).toEqual([]);
  });
});

describe('copy.ts: a copy by JSON’s own rules, without the text in between', () => {
  const roundTrip = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

  it('gives what JSON.parse(JSON.stringify(v)) gives: undefined and functions dropped from objects, null in arrays, non-finite numbers null', () => {
    const value = {
      n: 1.5,
      zero: 0,
      s: 'text',
      empty: '',
      t: true,
      f: false,
      nil: null,
      gone: undefined,
      fn: () => 1,
      nan: NaN,
      inf: Infinity,
      list: [1, undefined, () => 2, NaN, -Infinity, 'x', null, { deep: [undefined] }],
      nested: { a: { b: [] as unknown[], c: {} } },
    };
    const copied = copyJson(value);
    expect(copied).toStrictEqual(roundTrip(value));
    expect(Object.keys(copied)).toEqual(['n', 'zero', 's', 'empty', 't', 'f', 'nil', 'nan', 'inf', 'list', 'nested']);
    expect(copied.list).toStrictEqual([1, null, null, null, null, 'x', null, { deep: [null] }]);
  });

  it('copies deeply: changing the copy leaves the original as it was', () => {
    const original = { players: [{ id: 'a', items: { knife: 1 } }], log: [[1, 2]] };
    const copied = copyJson(original);
    expect(copied).not.toBe(original);
    expect(copied.players).not.toBe(original.players);
    expect(copied.players[0]).not.toBe(original.players[0]);
    copied.players[0]!.items.knife = 5;
    copied.log[0]!.push(3);
    expect(original).toEqual({ players: [{ id: 'a', items: { knife: 1 } }], log: [[1, 2]] });
  });

  it('plain values pass as they are; a non-finite number alone becomes null', () => {
    expect(copyJson(7)).toBe(7);
    expect(copyJson('s')).toBe('s');
    expect(copyJson(null)).toBeNull();
    expect(copyJson(true)).toBe(true);
    expect(copyJson(NaN)).toBeNull();
    expect(copyJson(-Infinity)).toBeNull();
    expect(copyJson([])).toEqual([]);
    expect(copyJson([undefined])).toEqual([null]);
  });
});

describe('rng.ts: one seeded generator per match, derived per phase (ARCHITECTURE, randomness)', () => {
  it('decision 9: a stored record replays to the same draws, so the generator’s sequence is fixed', () => {
    // Imported and re-resolved matches depend on these exact draws: changing the hash or the
    // generator would change the outcome of every recorded natural-dice match.
    const r = createRng('dusk', 'natural', 'night-1');
    expect([r.next(), r.next(), r.next()]).toEqual([0.7374149912502617, 0.30612228298559785, 0.8091308849398047]);
    const ints = createRng('dusk', 'natural', 'night-1');
    expect(Array.from({ length: 8 }, () => ints.int(1, 100))).toEqual([74, 31, 81, 72, 44, 16, 62, 85]);
    expect(createRng('', 'natural', '').next()).toBe(0.4223708480130881);
  });

  it('seed and stream are kept apart: seed "ab" stream "c" is not seed "a" stream "bc"', () => {
    expect(createRng('ab', 'natural', 'c').next()).not.toBe(createRng('a', 'natural', 'bc').next());
    expect(createRng('s', 'natural', 'x').next()).not.toBe(createRng('t', 'natural', 'x').next());
  });

  it('next() draws from the seeded stream in every mode, and each generator reports its mode', () => {
    const natural = createRng('s', 'natural', 'x');
    for (const mode of ['succeed', 'fail'] as const) {
      const forced = createRng('s', mode, 'x');
      expect(forced.mode).toBe(mode);
      expect(forced.next()).toBe(createRng('s', 'natural', 'x').next());
    }
    expect(natural.mode).toBe('natural');
    for (let i = 0; i < 1000; i++) {
      const x = natural.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('0 % always fails and 100 % always succeeds, without drawing, in every mode', () => {
    for (const mode of ['natural', 'succeed', 'fail'] as const) {
      const r = createRng('edge', mode, 'x');
      expect(r.chance(0), mode).toBe(false);
      expect(r.chance(-5), mode).toBe(false);
      expect(r.chance(100), mode).toBe(true);
      expect(r.chance(150), mode).toBe(true);
      expect(r.next(), mode).toBe(createRng('edge', 'natural', 'x').next());
    }
  });

  it('forced modes decide without drawing: succeed passes, fail misses, picks first, int min, roll max or 1', () => {
    const fresh = createRng('f', 'natural', 'x').next();
    for (const mode of ['succeed', 'fail'] as const) {
      const r = createRng('f', mode, 'x');
      expect(r.chance(50)).toBe(mode === 'succeed');
      expect(r.chance(1)).toBe(mode === 'succeed');
      expect(r.chance(99)).toBe(mode === 'succeed');
      expect(r.pick(['a', 'b', 'c'])).toBe('a');
      expect(
        r.weighted([
          ['neg', -1],
          ['zero', 0],
          ['b', 2],
          ['c', 5],
        ] as const),
      ).toBe('b');
      expect(r.int(3, 9)).toBe(3);
      expect(r.roll(6)).toBe(mode === 'succeed' ? 6 : 1);
      const items = [3, 1, 2];
      const shuffled = r.shuffle(items);
      expect(shuffled).toEqual([3, 1, 2]);
      expect(shuffled).not.toBe(items);
      expect(r.next(), mode).toBe(fresh);
    }
  });

  it('a natural percentage check draws once and succeeds below its odds', () => {
    const r = createRng('p', 'natural', 'x');
    const draws = createRng('p', 'natural', 'x');
    for (let i = 0; i < 200; i++) {
      const percent = (i % 99) + 1;
      expect(r.chance(percent)).toBe(draws.next() * 100 < percent);
    }
  });

  it('pick, weighted: refuse an empty choice in every mode', () => {
    for (const mode of ['natural', 'succeed', 'fail'] as const) {
      const r = createRng('e', mode, 'x');
      expect(() => r.pick([])).toThrow('pick from no candidates');
      expect(() => r.weighted([])).toThrow('weighted pick with no positive weight');
      expect(() =>
        r.weighted([
          ['a', 0],
          ['b', -3],
        ] as const),
      ).toThrow('weighted pick with no positive weight');
    }
  });

  it('natural int, roll and pick reach both ends of their range and nothing outside it', () => {
    const r = createRng('range', 'natural', 'x');
    const ints = new Set<number>();
    const rolls = new Set<number>();
    const picks = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      ints.add(r.int(3, 5));
      rolls.add(r.roll(4));
      picks.add(r.pick(['a', 'b', 'c']));
    }
    expect([...ints].sort()).toEqual([3, 4, 5]);
    expect([...rolls].sort()).toEqual([1, 2, 3, 4]);
    expect([...picks].sort()).toEqual(['a', 'b', 'c']);
    expect(r.int(7, 7)).toBe(7);
    expect(r.pick(['only'])).toBe('only');
  });

  it('natural weighted picks follow the weights and never take a zero or negative weight', () => {
    const r = createRng('w', 'natural', 'x');
    const counts: Record<string, number> = { zero: 0, neg: 0, a: 0, b: 0, c: 0 };
    const n = 20_000;
    for (let i = 0; i < n; i++)
      counts[
        r.weighted([
          ['zero', 0],
          ['a', 1],
          ['neg', -4],
          ['b', 1],
          ['c', 2],
        ] as const)
      ]!++;
    expect(counts.zero).toBe(0);
    expect(counts.neg).toBe(0);
    expect(Math.abs(counts.a! / n - 0.25)).toBeLessThan(0.02);
    expect(Math.abs(counts.b! / n - 0.25)).toBeLessThan(0.02);
    expect(Math.abs(counts.c! / n - 0.5)).toBeLessThan(0.02);
    expect(r.weighted([['one', 3]] as const)).toBe('one');
  });

  it('natural shuffles give a uniform permutation of a copy, the input untouched', () => {
    const r = createRng('sh', 'natural', 'x');
    const items = [0, 1, 2, 3];
    const firstAt = [0, 0, 0, 0];
    const lastAt = [0, 0, 0, 0];
    const n = 8000;
    for (let i = 0; i < n; i++) {
      const s = r.shuffle(items);
      expect([...s].sort()).toEqual(items);
      firstAt[s[0]!]!++;
      lastAt[s[3]!]!++;
    }
    expect(items).toEqual([0, 1, 2, 3]);
    for (const c of [...firstAt, ...lastAt]) expect(Math.abs(c / n - 0.25)).toBeLessThan(0.03);
    expect(r.shuffle([])).toEqual([]);
    expect(r.shuffle([9])).toEqual([9]);
  });
});

describe('types.ts: the refusal a ruleset throws when a match cannot start as asked', () => {
  it('a RulesetError is a Refusal named RulesetError, its reason id the code the API error gives', () => {
    const error = new RulesetError('player-count', 'A match needs 4–12 players; there are 3.', { min: 4, max: 12 });
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RulesetError');
    expect(String(error)).toBe('RulesetError: A match needs 4–12 players; there are 3.');
    expect([error.reason, error.code, error.message]).toEqual(['player-count', 'player-count', 'A match needs 4–12 players; there are 3.']);
    expect(error.params).toEqual({ min: 4, max: 12 });
  });
});

describe('lazy.ts: a value built on its first use, once', () => {
  it('builds nothing until asked, then keeps what it built, even a falsy value', () => {
    const built: number[] = [];
    const zero = lazy(() => (built.push(built.length), 0));
    expect(built).toEqual([]);
    expect(zero()).toBe(0);
    expect(zero()).toBe(0);
    expect(built).toEqual([0]);
    const list = lazy(() => [1, 2]);
    expect(list()).toBe(list());
  });

  it('a build that throws is tried again at the next use', () => {
    let calls = 0;
    const flaky = lazy(() => {
      calls++;
      if (calls === 1) throw new Error('first');
      return 'second';
    });
    expect(() => flaky()).toThrow('first');
    expect(flaky()).toBe('second');
    expect(calls).toBe(2);
  });
});
