import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { BUILT_IN_MAPS, indexMap } from '../../../engine/rulesets/killgame/map.js';
import { moveMonsters } from '../../../engine/rulesets/killgame/monsters.js';
import { at, toAction } from './helpers.js';

const rations = { 'k-rations': true };

describe('central zone and K rations', () => {
  it('KG-10.1 without rations: no rations, no hunger, the central zone is ordinary', () => {
    const m = at([
      { id: 'a', zone: 'paese', inventory: { grenade: 1 } },
      { id: 'b', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    expect(m.act('a', { type: 'grenade', zone: 'paese' })).toMatchObject({ ok: true });
    expect(m.act('a', { type: 'shop', items: {} })).toMatchObject({ reason: 'wrong-phase' });
    m.close();
    expect(m.eventsOf('action-2', 'b', 'hunger')).toEqual([]);
    expect(m.eventsOf('action-2', 'b', 'rations-found')).toEqual([]);
    m.close();
    expect(m.eventsOf('tactic-3', 'b', 'evicted')).toEqual([]);
  });

  it('KG-10.2 every living player eats one ration per action phase; without one, hunger −2', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'k-ration': 1 } },
        { id: 'b', zone: 'ruderi', inventory: {} },
      ],
      { settings: rations },
    );
    toAction(m);
    m.close();
    expect(m.facts().inventory!.a!['k-ration']).toBe(0);
    expect(m.eventsOf('action-2', 'b', 'hunger')).toEqual([{ kind: 'hunger', to: 'b', damage: 2 }]);
    expect(m.facts().stats!.b!.energy).toBe(23);
  });

  it('KG-10.3 in the central zone a player first finds central-k-rations, then eats', () => {
    const m = at(
      [
        { id: 'a', zone: 'grotta', inventory: {} },
        { id: 'b', zone: 'campi', inventory: { 'k-ration': 1 } },
      ],
      { settings: rations },
    );
    m.must('a', { type: 'move', zone: 'paese' });
    m.close();
    m.close();
    expect(m.eventsOf('action-2', 'a', 'rations-found')).toEqual([{ kind: 'rations-found', to: 'a', count: 3 }]);
    expect(m.eventsOf('action-2', 'a', 'hunger')).toEqual([]);
    expect(m.facts().inventory!.a!['k-ration']).toBe(2);
  });

  it('KG-10.4 staying in the central zone after an action phase there: −5 and thrown to an adjacent active zone', () => {
    const m = at(
      [
        { id: 'a', zone: 'grotta', inventory: { 'k-ration': 9 } },
        { id: 'b', zone: 'campi', inventory: { 'k-ration': 9 } },
      ],
      { settings: rations },
    );
    m.must('a', { type: 'move', zone: 'paese' });
    m.close();
    m.close();
    expect(m.facts().zone!.a).toBe('paese');
    m.close();
    expect(m.eventsOf('tactic-3', 'a', 'evicted')).toEqual([{ kind: 'evicted', to: 'a', from: 'paese', zone: 'grotta', damage: 5 }]);
    expect(m.facts().stats!.a!.energy).toBe(20);
    // Leaving and coming back later is allowed.
    m.close();
    m.must('a', { type: 'move', zone: 'paese' });
    m.close();
    expect(m.eventsOf('tactic-4', 'a', 'evicted')).toEqual([]);
  });

  it('KG-10.4 the eviction destination is random among active neighbours', () => {
    const seen = new Set<string>();
    for (let s = 0; s < 40; s++) {
      const m = at(
        [
          { id: 'a', zone: 'paese', inventory: { 'k-ration': 9 } },
          { id: 'b', zone: 'campi', inventory: { 'k-ration': 9 } },
        ],
        {
          settings: rations,
          dice: 'natural',
          seed: `evict-${s}`,
        },
      );
      m.close();
      m.close();
      seen.add(m.facts().zone!.a!);
    }
    expect(seen).toEqual(new Set(['grotta', 'boschetto', 'sentiero', 'strada']));
  });
});

describe('monsters', () => {
  it('KG-11.1 KG-11.2 the monsters setting sets how many, one per zone, roster cycled in creation order', () => {
    const m = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'paese' },
      ],
      { settings: { monsters: 8 } },
    );
    expect(m.state.monsters.map((x) => [x.id, x.species, x.energy])).toEqual([
      ['m1', 'ratto-gigante', 6],
      ['m2', 'cinghiale-mutante', 7],
      ['m3', 'orso-zombie', 8],
      ['m4', 'lupo-nero', 6],
      ['m5', 'serpente-di-palude', 7],
      ['m6', 'golem-di-fango', 8],
      ['m7', 'ratto-gigante', 6],
      ['m8', 'cinghiale-mutante', 7],
    ]);
    expect(new Set(m.state.monsters.map((x) => x.zone)).size).toBe(8);
  });

  it('KG-11.4 monsters move one step at each tactic close except the opening one, never onto another monster', () => {
    const m = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'paese' },
      ],
      {
        setup: {
          monsters: [
            { id: 'm1', species: 'ratto-gigante', zone: 'campi' },
            { id: 'm2', species: 'lupo-nero', zone: 'balle-di-paglia' },
          ],
        },
      },
    );
    m.close();
    expect(m.facts().zone).toMatchObject({ m1: 'campi', m2: 'balle-di-paglia' });
    m.close();
    m.close();
    // Forced dice: first candidate in map order. m1 cannot enter balle-di-paglia (m2 there) nor the
    // closed landa-del-sud; then m2 finds ingresso closed too and takes campi, which m1 has just left.
    expect(m.facts().zone).toMatchObject({ m1: 'ponte-ovest', m2: 'campi' });
  });

  it('KG-11.4 a boxed-in monster stays', () => {
    const m = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'paese' },
      ],
      {
        turn: 3,
        setup: {
          monsters: [
            { id: 'm1', species: 'ratto-gigante', zone: 'campi' },
            { id: 'm2', species: 'lupo-nero', zone: 'balle-di-paglia' },
            { id: 'm3', species: 'lupo-nero', zone: 'ponte-ovest' },
          ],
        },
      },
    );
    m.close();
    m.close();
    m.close();
    expect(m.facts().zone!.m1).toBe('campi');
  });

  it('KG-11.4 seeded: a monster picks each free adjacent zone about equally often', () => {
    const counts: Record<string, number> = {};
    const base = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'paese' },
      ],
      { setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'ponte-est' }] } },
    );
    const map = indexMap(BUILT_IN_MAPS.classica!);
    for (let i = 0; i < 5000; i++) {
      const state = structuredClone(base.state);
      moveMonsters(state, map, createRng('moves', 'natural', `s${i}`));
      const z = state.monsters[0]!.zone;
      counts[z] = (counts[z] ?? 0) + 1;
    }
    expect(Object.keys(counts).sort()).toEqual(['bar-pino', 'cimitero-del-vampire', 'depositi', 'grandi-pianure', 'grotta']);
    for (const n of Object.values(counts)) expect(Math.abs(n - 1000)).toBeLessThan(120);
  });

  it('KG-11.5 KG-11.6 monsters take gas and weapon damage; one killed first does no harm and dies publicly', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { shotgun: 1 } },
        { id: 'b', zone: 'paese', inventory: {} },
      ],
      {
        setup: { monsters: [{ id: 'm1', species: 'orso-zombie', zone: 'campi', energy: 9 }] },
      },
    );
    m.state.gasEnd = { campi: 2 };
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['m1'] });
    m.close();
    expect(m.eventsOf('action-2', 'public', 'monster-died')).toEqual([{ kind: 'monster-died', to: 'public', monster: 'm1' }]);
    expect(m.facts().stats!.a!.energy).toBe(22);
    expect(m.facts().zone!.m1).toBeUndefined();
  });

  it('KG-11.7 a monster hits ⌈E/2⌉ eligible players (amulets excepted), first in match order under forced dice; heard next door', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { amulet: 1 } },
        { id: 'b', zone: 'campi', inventory: {} },
        { id: 'c', zone: 'campi', inventory: {} },
        { id: 'd', zone: 'campi', inventory: {} },
        { id: 'e', zone: 'ponte-ovest', inventory: {} },
      ],
      { setup: { monsters: [{ id: 'm1', species: 'cinghiale-mutante', zone: 'campi' }] } },
    );
    toAction(m);
    m.must('a', { type: 'amulet' });
    m.close();
    expect(m.facts().stats!.b!.energy).toBe(18);
    expect(m.facts().stats!.c!.energy).toBe(18);
    expect(m.facts().stats!.d!.energy).toBe(25);
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([{ kind: 'hit', to: 'b', source: 'monster', by: 'm1', damage: 7 }]);
    expect(m.eventsOf('action-2', 'd', 'witnessed')).toEqual([
      { kind: 'witnessed', to: 'd', by: 'm1', target: 'b', weapon: 'monster' },
      { kind: 'witnessed', to: 'd', by: 'm1', target: 'c', weapon: 'monster' },
    ]);
    expect(m.eventsOf('action-2', 'e', 'heard')).toEqual([{ kind: 'heard', to: 'e', zone: 'campi', sound: 'monster' }]);
  });

  it('KG-11.7 seeded: the victims are drawn uniformly', () => {
    const hits: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let s = 0; s < 600; s++) {
      const m = at(
        [
          { id: 'a', zone: 'campi' },
          { id: 'b', zone: 'campi' },
          { id: 'c', zone: 'campi' },
        ],
        {
          dice: 'natural',
          seed: `mon-${s}`,
          setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'campi' }] },
        },
      );
      toAction(m);
      m.close();
      for (const id of ['a', 'b', 'c']) if (m.eventsOf('action-2', id, 'hit').length > 0) hits[id]! += 1;
    }
    // ⌈3/2⌉ = 2 of 3: each about 400 of 600.
    for (const n of Object.values(hits)) expect(Math.abs(n - 400)).toBeLessThan(50);
  });

  it('KG-11.8 a dead monster is replaced while more than 4 players live, away from players; not with 4 or fewer', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, zone: 'ruderi', inventory: id === 'a' ? { shotgun: 1 } : {} }));
    const m = at(five, {
      setup: {
        monsters: [
          { id: 'm1', species: 'ratto-gigante', zone: 'ruderi' },
          { id: 'm2', species: 'cinghiale-mutante', zone: 'campi' },
        ],
      },
    });
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['m1'] });
    m.close();
    expect(m.eventsOf('action-2', 'public', 'monster-spawned')).toEqual([
      { kind: 'monster-spawned', to: 'public', monster: 'm3', species: 'orso-zombie' },
    ]);
    // Forced dice: first active zone (ingresso closed at A12 just before) with no monster and no player.
    expect(m.facts().zone!.m3).toBe('cimitero-del-vampire');
    const four = ['a', 'b', 'c', 'd'].map((id) => ({ id, zone: 'ruderi', inventory: id === 'a' ? { shotgun: 1 } : {} }));
    const n = at(four, { setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'ruderi' }] } });
    toAction(n);
    n.must('a', { type: 'shoot', targets: ['m1'] });
    n.close();
    expect(n.eventsOf('action-2', 'public', 'monster-spawned')).toEqual([]);
  });

  it('KG-11.9 monsters are opponents (approval −1 beside one) and presences in smoke', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { amulet: 1 } },
        { id: 'b', zone: 'paese', inventory: {} },
      ],
      {
        setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'campi' }] },
      },
    );
    m.state.smokeEnd = { campi: 2 };
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'zone-view')[0]).toMatchObject({ presences: 1 });
    m.must('a', { type: 'amulet' });
    m.close();
    expect(m.facts().stats!.a!.approval).toBe(-1);
  });
});
