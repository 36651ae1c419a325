// KG-18.1 KG-18.2 a scenario's fixed keys: each bad value is refused with a code and a message that
// names the key and the player or monster at fault; each good one sets exactly what it says.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { RulesetError } from '../../../engine/core/types.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { at } from './helpers.js';

type Fixed = { id: string } & Record<string, unknown>;

function open(players: Fixed[], settings: unknown = {}, setup: Record<string, unknown> = {}) {
  return killgame.setup({
    players: players.map(({ id, ...fixed }) => ({ id, name: id, options: {}, fixed })),
    settings: settings as never,
    rng: createRng('s', 'succeed', 'setup'),
    setup,
  });
}

function refusal(fn: () => unknown): { code: string; message: string } | null {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RulesetError);
    return { code: (e as RulesetError).code, message: (e as Error).message };
  }
  return null;
}

const two = (a: Record<string, unknown> = {}): Fixed[] => [{ id: 'a', ...a }, { id: 'b' }];
const value = (message: string) => ({ code: 'invalid-scenario-value', message });

describe('KG-18.1 KG-18.2 bad scenario values are refused, naming what is wrong', () => {
  const cases: [string, () => unknown, { code: string; message: string }][] = [
    [
      'an unknown setup key',
      () => open(two(), {}, { weather: 'rain' }),
      { code: 'unknown-scenario-key', message: 'Unknown setup key "weather".' },
    ],
    ['startTurn 0', () => open(two(), {}, { startTurn: 0 }), value('setup.startTurn must be a whole number in 1–1000.')],
    ['startTurn 1001', () => open(two(), {}, { startTurn: 1001 }), value('setup.startTurn must be a whole number in 1–1000.')],
    ['a fractional startTurn', () => open(two(), {}, { startTurn: 1.5 }), value('setup.startTurn must be a whole number in 1–1000.')],
    ['startTurn as text', () => open(two(), {}, { startTurn: '2' }), value('setup.startTurn must be a whole number in 1–1000.')],
    ['doubleDamage that is not a boolean', () => open(two(), {}, { doubleDamage: 'yes' }), value('setup.doubleDamage must be a boolean.')],
    ['the same player twice', () => open([{ id: 'a' }, { id: 'a' }]), value('Player ids must be distinct.')],
    [
      'an unknown player key',
      () => open(two({ colour: 'red' })),
      { code: 'unknown-scenario-key', message: 'Unknown player key "colour" (player a).' },
    ],
    ['an unknown zone', () => open(two({ zone: 'atlantis' })), { code: 'unknown-id', message: 'Unknown zone "atlantis" (player a).' }],
    ['a zone that is a list', () => open(two({ zone: ['campi'] })), { code: 'unknown-id', message: 'Unknown zone "campi" (player a).' }],
    [
      'a zone named after an object property',
      () => open(two({ zone: 'constructor' })),
      { code: 'unknown-id', message: 'Unknown zone "constructor" (player a).' },
    ],
    [
      'a later start without a fixed zone',
      () => open([{ id: 'a', zone: 'campi' }, { id: 'b' }], {}, { startTurn: 2 }),
      value('With startTurn > 1 every player needs a fixed zone (player b).'),
    ],
    ['an inventory that is null', () => open(two({ inventory: null })), value('inventory of a must be an object.')],
    ['an inventory that is a list', () => open(two({ inventory: ['knife'] })), value('inventory of a must be an object.')],
    ['an inventory that is text', () => open(two({ inventory: 'knife' })), value('inventory of a must be an object.')],
    [
      'an unknown item',
      () => open(two({ inventory: { bazooka: 1 } })),
      { code: 'unknown-id', message: 'Unknown item "bazooka" (player a).' },
    ],
    [
      'a negative item count',
      () => open(two({ inventory: { knife: -1 } })),
      value('inventory.knife of a must be a whole number in 0–100000.'),
    ],
    [
      'a team in free-for-all',
      () => open(two({ team: 'team-1' })),
      { code: 'unknown-id', message: 'Unknown team "team-1" in mode free-for-all (player a).' },
    ],
    [
      'a team that is a number',
      () => open(two({ team: 1 }), { mode: 'teams' }),
      { code: 'unknown-id', message: 'Unknown team "1" in mode teams (player a).' },
    ],
    ['energy 0', () => open(two({ energy: 0 })), value('energy of a must be a whole number in 1–25.')],
    ['energy 26', () => open(two({ energy: 26 })), value('energy of a must be a whole number in 1–25.')],
    ['negative tokens', () => open(two({ tokens: -1 })), value('tokens of a must be a whole number in 0–10000000.')],
    ['approval below -1000', () => open(two({ approval: -1001 })), value('approval of a must be a whole number in -1000–1000.')],
    ['persuasion above 100', () => open(two({ persuasion: 101 })), value('persuasion of a must be a whole number in 0–100.')],
    ["poison beyond the crossbow's turns", () => open(two({ poison: 99 })), value('poison of a must be a whole number in 0–2.')],
    ['reloading that is not a boolean', () => open(two({ reloading: 'yes' })), value('reloading of a must be a boolean.')],
    ['monsters that are not a list', () => open(two(), {}, { monsters: 'm1' }), value('setup.monsters must be a list.')],
    ['a monster that is null', () => open(two(), {}, { monsters: [null] }), value('setup.monsters entries must be objects.')],
    ['a monster that is a number', () => open(two(), {}, { monsters: [5] }), value('setup.monsters entries must be objects.')],
    [
      'an unknown monster key',
      () => open(two(), {}, { monsters: [{ id: 'm1', species: 'lupo-nero', zone: 'campi', colour: 'grey' }] }),
      { code: 'unknown-scenario-key', message: 'Unknown monster key "colour".' },
    ],
    [
      'a first monster not called m1',
      () => open(two(), {}, { monsters: [{ id: 'm2', species: 'lupo-nero', zone: 'campi' }] }),
      { code: 'unknown-id', message: 'Monster 1 must have id "m1", not "m2".' },
    ],
    [
      'a second monster not called m2',
      () =>
        open(
          two(),
          {},
          {
            monsters: [
              { id: 'm1', species: 'lupo-nero', zone: 'campi' },
              { id: 'm1', species: 'lupo-nero', zone: 'ruderi' },
            ],
          },
        ),
      { code: 'unknown-id', message: 'Monster 2 must have id "m2", not "m1".' },
    ],
    [
      'an unknown species',
      () => open(two(), {}, { monsters: [{ id: 'm1', species: 'dragon', zone: 'campi' }] }),
      { code: 'unknown-id', message: 'Unknown monster species "dragon".' },
    ],
    [
      'a monster in an unknown zone',
      () => open(two(), {}, { monsters: [{ id: 'm1', species: 'lupo-nero', zone: 'atlantis' }] }),
      { code: 'unknown-id', message: 'Unknown zone "atlantis" for monster m1.' },
    ],
    [
      'a monster zone that is a list',
      () => open(two(), {}, { monsters: [{ id: 'm1', species: 'lupo-nero', zone: ['campi'] }] }),
      { code: 'unknown-id', message: 'Unknown zone "campi" for monster m1.' },
    ],
    [
      'two monsters in one zone',
      () =>
        open(
          two(),
          {},
          {
            monsters: [
              { id: 'm1', species: 'lupo-nero', zone: 'campi' },
              { id: 'm2', species: 'lupo-nero', zone: 'campi' },
            ],
          },
        ),
      value('Two monsters in zone "campi".'),
    ],
    [
      'a monster with energy 0',
      () => open(two(), {}, { monsters: [{ id: 'm1', species: 'lupo-nero', zone: 'campi', energy: 0 }] }),
      value('energy of m1 must be a whole number in 1–1000.'),
    ],
    [
      'more players than max-players',
      () => open([...two(), { id: 'c' }], { 'max-players': 2 }),
      { code: 'player-count', message: 'A match needs 2–2 players; there are 3.' },
    ],
    [
      'fewer players than teams',
      () => open(two(), { mode: 'teams', teams: 3 }),
      { code: 'player-count', message: 'Teams mode needs at least 3 players.' },
    ],
    [
      'districts with two players',
      () => open(two(), { mode: 'districts' }),
      { code: 'player-count', message: 'Districts mode needs at least 3 players.' },
    ],
    [
      'a bad setting',
      () => open(two(), { budget: -5 }),
      { code: 'invalid-settings', message: expect.stringMatching(/^budget: /) as unknown as string },
    ],
    [
      'settings that are not an object',
      () => open(two(), 'fast'),
      { code: 'invalid-settings', message: expect.stringMatching(/^settings: /) as unknown as string },
    ],
  ];
  for (const [what, fn, expected] of cases) {
    it(`KG-18.1 KG-18.2 ${what} is refused ${expected.code}`, () => {
      expect(refusal(fn)).toEqual(expected);
    });
  }
});

describe('KG-18.1 KG-18.2 good scenario values set exactly what they say', () => {
  it('KG-2.1 KG-1.2 the edges of the player count and of the team ids open a match', () => {
    expect(refusal(() => open(two(), { 'max-players': 2 }))).toBeNull();
    // The teams setting does not bind a free-for-all match.
    expect(refusal(() => open(two(), { teams: 4 }))).toBeNull();
    for (const team of ['team-1', 'team-12']) expect(refusal(() => open(two({ team }), { mode: 'teams' }))).toBeNull();
    for (const team of ['team-0', 'xteam-1', 'team-1x', 'district-1']) {
      expect(refusal(() => open(two({ team }), { mode: 'teams' }))?.code).toBe('unknown-id');
    }
    const three = [{ id: 'a', team: 'district-12' }, { id: 'b' }, { id: 'c' }];
    expect(refusal(() => open(three, { mode: 'districts' }))).toBeNull();
    for (const team of ['district-0', 'xdistrict-1', 'district-1x', 'team-1']) {
      expect(refusal(() => open([{ ...three[0]!, team }, ...three.slice(1)], { mode: 'districts' }))?.code).toBe('unknown-id');
    }
  });

  it('KG-18.1 the edges of each stat are accepted; an item fixed at 0 is simply not held', () => {
    const { state } = open([
      { id: 'a', energy: 1, tokens: 0, approval: -1000, persuasion: 0, poison: 0, inventory: { knife: 0, vest: 1 } },
      { id: 'b', energy: 25, tokens: 10_000_000, approval: 1000, persuasion: 100, poison: 2 },
    ]);
    expect(state.players.map((p) => [p.energy, p.tokens, p.approval, p.persuasion, p.poison])).toEqual([
      [1, 0, -1000, 0, 0],
      [25, 10_000_000, 1000, 100, 2],
    ]);
    expect(state.players[0]!.inventory).toEqual({ vest: 1 });
    expect(state.winners).toEqual([]);
    expect(state.doubleDamage).toBe(false);
  });

  it('KG-18.1 KG-5.4 reloading false leaves the machine gun ready in action-(S); true makes it reload', () => {
    const ready = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 }, reloading: false },
      { id: 'b', zone: 'campi' },
    ]);
    ready.close();
    expect(ready.act('a', { type: 'shoot', targets: ['b'] })).toMatchObject({ ok: true });
    const hot = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 }, reloading: true },
      { id: 'b', zone: 'campi' },
    ]);
    hot.close();
    expect(hot.act('a', { type: 'shoot', targets: ['b'] })).toMatchObject({ ok: false, reason: 'reloading' });
  });

  it('KG-18.2 fixed monsters are announced publicly as they spawn', () => {
    const { events } = open(
      two(),
      {},
      {
        monsters: [
          { id: 'm1', species: 'lupo-nero', zone: 'campi' },
          { id: 'm2', species: 'golem-di-fango', zone: 'ruderi' },
        ],
      },
    );
    expect(events.filter((e) => e.kind === 'monster-spawned')).toEqual([
      { kind: 'monster-spawned', to: 'public', monster: 'm1', species: 'lupo-nero' },
      { kind: 'monster-spawned', to: 'public', monster: 'm2', species: 'golem-di-fango' },
    ]);
  });

  it('KG-4.3 a player naming a zone after an object property is told the zone is unknown', () => {
    const m = at([{ id: 'a' }, { id: 'b' }], { turn: 1 });
    for (const zone of ['constructor', 'toString', '__proto__']) {
      expect(m.act('a', { type: 'start', zone })).toMatchObject({ ok: false, reason: 'unknown-zone' });
    }
  });
});
