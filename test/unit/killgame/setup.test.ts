import { describe, expect, it } from 'vitest';
import { KEBAB_ID } from '../../../engine/core/ids.js';
import { createRng } from '../../../engine/core/rng.js';
import { RulesetError } from '../../../engine/core/types.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { Match } from './harness.js';
import { at } from './helpers.js';

const names = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

function open(
  players: Array<{ id: string } & Record<string, unknown>>,
  settings: Record<string, unknown> = {},
  setup: Record<string, unknown> = {},
) {
  return killgame.setup({
    players: players.map(({ id, ...fixed }) => ({ id, name: id, options: {}, fixed })),
    settings: killgame.settings.parse(settings),
    rng: createRng('s', 'succeed', 'setup'),
    setup,
  });
}

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return e instanceof RulesetError ? e.code : `other: ${(e as Error).message}`;
  }
  return 'no error';
}

describe('setup and modes', () => {
  it('KG-0.1 KG-3.1 ids are kebab-case and the match opens with tactic-1', () => {
    const m = new Match({ players: names(3), settings: { mode: 'teams' }, dice: 'succeed' });
    expect(m.phase).toBe('tactic-1');
    const ids = [m.phase!, ...m.state.monsters.map((x) => x.id), ...m.state.players.map((p) => p.team!)];
    for (const id of ids) expect(id).toMatch(KEBAB_ID);
    expect(m.state.monsters.map((x) => x.species)).toEqual(['ratto-gigante', 'cinghiale-mutante']);
  });

  it('KG-2.2 starting stats: energy 25, approval 0, persuasion 40, poison 0, tokens = budget', () => {
    const m = new Match({ players: names(2), settings: { budget: 777 } });
    expect(m.facts().stats!.p1).toEqual({ energy: 25, approval: 0, persuasion: 40, tokens: 777, poison: 0 });
  });

  it('KG-1.1 KG-1.2 teams mode deals round-robin in match order under forced dice', () => {
    const m = new Match({ players: names(5), settings: { mode: 'teams', teams: 2 }, dice: 'succeed' });
    expect(m.state.players.map((p) => p.team)).toEqual(['team-1', 'team-2', 'team-1', 'team-2', 'team-1']);
    const three = new Match({ players: names(6), settings: { mode: 'teams', teams: 3 }, dice: 'fail' });
    expect(three.state.players.map((p) => p.team)).toEqual(['team-1', 'team-2', 'team-3', 'team-1', 'team-2', 'team-3']);
  });

  it('KG-1.2 districts are consecutive pairs, an odd last player is alone', () => {
    const m = new Match({ players: names(5), settings: { mode: 'districts' }, dice: 'succeed' });
    expect(m.state.players.map((p) => p.team)).toEqual(['district-1', 'district-1', 'district-2', 'district-2', 'district-3']);
  });

  it('KG-1.2 a natural deal shuffles but keeps team sizes within one', () => {
    const sizes = new Set<string>();
    for (let s = 0; s < 30; s++) {
      const m = new Match({ players: names(7), settings: { mode: 'teams', teams: 3 }, seed: `deal-${s}` });
      const count = (t: string) => m.state.players.filter((p) => p.team === t).length;
      const c = [count('team-1'), count('team-2'), count('team-3')];
      expect(Math.max(...c) - Math.min(...c)).toBeLessThanOrEqual(1);
      sizes.add(m.state.players.map((p) => p.team).join());
    }
    expect(sizes.size).toBeGreaterThan(1);
  });

  it('KG-1.2 KG-18.1 scenario team keys replace the deal', () => {
    const m = new Match({
      players: [
        { id: 'a', team: 'team-2' },
        { id: 'b', team: 'team-2' },
        { id: 'c', team: 'team-1' },
      ],
      settings: { mode: 'teams' },
    });
    expect(m.state.players.map((p) => p.team)).toEqual(['team-2', 'team-2', 'team-1']);
  });

  it('KG-1.3 each member learns his team and its members, nobody else', () => {
    const m = new Match({ players: names(4), settings: { mode: 'teams' }, dice: 'succeed' });
    const reveal = m.eventsOf('tactic-1', 'p1', 'team-revealed');
    expect(reveal).toEqual([{ kind: 'team-revealed', to: 'p1', team: 'team-1', members: ['p1', 'p3'] }]);
    expect(m.seen('p1').some((e) => e.kind === 'team-revealed' && e.team === 'team-2')).toBe(false);
    const ffa = new Match({ players: names(3) });
    expect(ffa.events('tactic-1').some((e) => e.kind === 'team-revealed')).toBe(false);
  });

  it('KG-2.1 the player count must fit the settings and the mode', () => {
    expect(code(() => open(names(1)))).toBe('player-count');
    expect(code(() => open(names(3), { 'max-players': 2 }))).toBe('player-count');
    expect(code(() => open(names(2), { mode: 'teams', teams: 3 }))).toBe('player-count');
    expect(code(() => open(names(2), { mode: 'districts' }))).toBe('player-count');
    expect(code(() => open(names(3), { mode: 'districts' }))).toBe('no error');
  });

  it('KG-2.8 KG-11.3 monsters are placed when the match opens, first free zones under forced dice, never the central zone', () => {
    const m = new Match({ players: names(2), settings: { monsters: 3 }, dice: 'succeed' });
    expect(m.state.monsters.map((x) => x.zone)).toEqual(['landa-del-sud', 'ingresso', 'ruderi']);
    expect(m.eventsOf('tactic-1', 'public', 'monster-spawned')).toEqual([
      { kind: 'monster-spawned', to: 'public', monster: 'm1', species: 'ratto-gigante' },
      { kind: 'monster-spawned', to: 'public', monster: 'm2', species: 'cinghiale-mutante' },
      { kind: 'monster-spawned', to: 'public', monster: 'm3', species: 'orso-zombie' },
    ]);
    for (let s = 0; s < 20; s++) {
      const n = new Match({ players: names(2), settings: { monsters: 10 }, seed: `mon-${s}` });
      const zones = n.state.monsters.map((x) => x.zone);
      expect(new Set(zones).size).toBe(10);
      expect(zones).not.toContain('paese');
    }
  });

  it('KG-18.1 unknown keys and ids are refused with a message naming them', () => {
    expect(code(() => open([{ id: 'a', colour: 'red' }, { id: 'b' }]))).toBe('unknown-scenario-key');
    expect(code(() => open([{ id: 'a', zone: 'atlantis' }, { id: 'b' }]))).toBe('unknown-id');
    expect(code(() => open([{ id: 'a', inventory: { bazooka: 1 } }, { id: 'b' }]))).toBe('unknown-id');
    expect(code(() => open([{ id: 'a', team: 'team-1' }, { id: 'b' }]))).toBe('unknown-id');
    expect(code(() => open(names(2), {}, { weather: 'rain' }))).toBe('unknown-scenario-key');
    expect(code(() => open(names(2), {}, { monsters: [{ id: 'm1', species: 'dragon', zone: 'campi' }] }))).toBe('unknown-id');
    expect(() => open([{ id: 'a', zone: 'atlantis' }, { id: 'b' }])).toThrow(/atlantis/);
  });

  it('KG-18.1 fixed keys set the player: zone placed at once, inventory exact, tokens 0, stats', () => {
    const m = new Match({
      players: [
        { id: 'a', zone: 'campi', inventory: { knife: 1, vest: 2 }, energy: 12, approval: 2, persuasion: 70, poison: 1 },
        { id: 'b', tokens: 55 },
      ],
      settings: { monsters: 0 },
    });
    expect(m.facts().zone).toEqual({ a: 'campi' });
    expect(m.facts().inventory!.a).toMatchObject({ knife: 1, vest: 2, 'sniper-rifle': 0 });
    expect(m.facts().stats!.a).toEqual({ energy: 12, approval: 2, persuasion: 70, tokens: 0, poison: 1 });
    expect(m.facts().stats!.b!.tokens).toBe(55);
    expect(m.act('a', { type: 'start', zone: 'ruderi' })).toMatchObject({ ok: false, reason: 'start-zone-fixed' });
    expect(m.act('a', { type: 'shop', items: { knife: 1 } })).toMatchObject({ ok: false, reason: 'loadout-fixed' });
  });

  it('KG-18.2 startTurn opens later: earlier zones closed, default loadout without fixed inventory, market drawn', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi' },
        { id: 'b', zone: 'paese', inventory: {} },
      ],
      { turn: 4, settings: { 'k-rations': true } },
    );
    expect(m.phase).toBe('tactic-4');
    expect(m.state.closed).toEqual(['landa-del-sud', 'ingresso', 'ruderi']);
    expect(m.facts().inventory!.a).toMatchObject({ 'sniper-rifle': 1, knife: 1, medikit: 1, 'k-ration': 5 });
    expect(m.facts().stats!.a!.tokens).toBe(330);
    expect(m.facts().stats!.b!.tokens).toBe(0);
    expect(m.eventsOf('tactic-4', 'public', 'market-open')).toEqual([{ kind: 'market-open', to: 'public', turn: 4, regime: 'discounted' }]);
    expect(code(() => open([{ id: 'a' }, { id: 'b', zone: 'campi' }], {}, { startTurn: 2 }))).not.toBe('no error');
  });

  it('KG-18.2 fixed monsters replace the placement; the next one continues the roster', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi' },
        { id: 'b', zone: 'campi' },
      ],
      {
        setup: {
          monsters: [
            { id: 'm1', species: 'golem-di-fango', zone: 'ruderi', energy: 3 },
            { id: 'm2', species: 'lupo-nero', zone: 'strada' },
          ],
        },
        settings: { monsters: 5 },
      },
    );
    expect(m.state.monsters.map((x) => [x.id, x.species, x.zone, x.energy])).toEqual([
      ['m1', 'golem-di-fango', 'ruderi', 3],
      ['m2', 'lupo-nero', 'strada', 6],
    ]);
    expect(m.state.monstersCreated).toBe(2);
  });

  it('KG-18.2 doubleDamage starts the match doubled', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
        { id: 'b', zone: 'campi', inventory: {} },
      ],
      { setup: { doubleDamage: true } },
    );
    m.close();
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.facts().stats!.b!.energy).toBe(19);
  });

  it('KG-18.3 facts give stats per player and per monster, zones for both, full inventories', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { knife: 1 } },
        { id: 'b', zone: 'campi', inventory: {} },
      ],
      {
        setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'ruderi' }] },
      },
    );
    const f = m.facts();
    expect(f.stats!.m1).toEqual({ energy: 6 });
    expect(f.zone!.m1).toBe('ruderi');
    expect(Object.keys(f.inventory!.a!)).toHaveLength(20);
    expect(f.faction).toBeUndefined();
  });
});
