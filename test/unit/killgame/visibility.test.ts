import { describe, expect, it } from 'vitest';
import { closePhase } from '../../../engine/core/match.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { reveals } from '../../scenario/assert.js';
import { at, Match, toAction } from './helpers.js';

type PlayerView = {
  me: Record<string, unknown>;
  known: Record<string, unknown>;
  board: { here: Record<string, unknown> | null };
};
const viewOf = (m: Match, id: string) => killgame.view(m.state, { as: 'player', id }) as PlayerView;

describe('visibility and events', () => {
  it('KG-16.1 group audiences become one event per player; the diary is own events plus public ones', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'ponte-ovest', inventory: {} },
      { id: 'd', zone: 'ponte-ovest', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    const heard = m.events('action-2').filter((e) => e.kind === 'heard');
    expect(heard.map((e) => e.to)).toEqual(['c', 'd']);
    for (const e of m.events('action-2')) expect(['public', 'a', 'b', 'c', 'd']).toContain(e.to);
    expect(m.seen('c').every((e) => e.to === 'c' || e.to === 'public')).toBe(true);
  });

  it('KG-16.2 hit, attack-result and witnessed carry exactly their fields; one witnessed per triple', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'w', zone: 'campi', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b', 'b'] });
    m.close();
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([
      { kind: 'hit', to: 'b', source: 'machine-gun', by: 'a', damage: 2 },
      { kind: 'hit', to: 'b', source: 'machine-gun', by: 'a', damage: 2 },
    ]);
    expect(m.eventsOf('action-2', 'a', 'attack-result')).toHaveLength(2);
    expect(m.eventsOf('action-2', 'w', 'witnessed')).toEqual([{ kind: 'witnessed', to: 'w', by: 'a', target: 'b', weapon: 'machine-gun' }]);
    expect(m.eventsOf('action-2', 'b', 'witnessed')).toEqual([]);
  });

  it('KG-16.2 issue 17 a shot seen by a crowded zone is produced once, addressed to every bystander in match order', () => {
    const bystanders = ['w1', 'w2', 'w3', 'w4'];
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
      ...bystanders.map((id) => ({ id, zone: 'campi', inventory: {} })),
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    const closed = closePhase(killgame, m.state, m.pending, 'test', 'succeed'); // the seed and dice of at()
    const witnessed = closed.events.filter((e) => e.kind === 'witnessed');
    expect(witnessed).toEqual([{ kind: 'witnessed', to: 'w1', by: 'a', target: 'b', weapon: 'sniper-rifle', audience: bystanders }]);
    m.close();
    for (const id of bystanders)
      expect(m.eventsOf('action-2', id, 'witnessed')).toEqual([
        { kind: 'witnessed', to: id, by: 'a', target: 'b', weapon: 'sniper-rifle' },
      ]);
    expect(m.eventsOf('action-2', 'a', 'witnessed')).toEqual([]);
  });

  it('KG-16.2 an explosion is heard around its target zone, a wasted one is silent, no witnessed', () => {
    const m = at([
      { id: 'a', zone: 'ponte-ovest', inventory: { grenade: 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'campi', inventory: {} },
      { id: 'n', zone: 'balle-di-paglia', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'grenade', zone: 'campi' });
    m.close();
    expect(m.eventsOf('action-2', 'n', 'heard')).toEqual([{ kind: 'heard', to: 'n', zone: 'campi', sound: 'explosion' }]);
    expect(m.eventsOf('action-2', 'a', 'heard')).toEqual([{ kind: 'heard', to: 'a', zone: 'campi', sound: 'explosion' }]);
    expect(m.events('action-2').filter((e) => e.kind === 'witnessed')).toEqual([]);
  });

  it('KG-16.3 a player sees only his zone’s occupants; nobody learns where a silent player is', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: {} },
        { id: 'b', zone: 'campi', inventory: {} },
        { id: 's', zone: 'cimitero-del-vampire', inventory: {} },
      ],
      { setup: { monsters: [{ id: 'm1', species: 'lupo-nero', zone: 'campi' }] } },
    );
    m.close();
    expect(viewOf(m, 'a').board.here).toMatchObject({ zone: 'campi', players: ['b'], monsters: ['m1'], smoke: false });
    m.close();
    for (const reader of ['a', 'b']) {
      const seen = { view: viewOf(m, reader), events: m.seen(reader) };
      expect(reveals(seen, 's', ['cimitero-del-vampire'])).toBe(false);
      expect(JSON.stringify(seen)).toContain('"s"'); // he is listed among the players, without a place
    }
    expect(reveals(killgame.view(m.state, { as: 'public' }), 's', ['cimitero-del-vampire'])).toBe(false);
    expect(JSON.stringify(killgame.view(m.state, { as: 'public' }))).not.toMatch(/"zone":"cimitero-del-vampire"/);
    expect(viewOf(m, 'a').me).not.toHaveProperty('team');
  });

  it('KG-16.3 other players’ energy, inventory and approval never reach a player', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { knife: 1 }, energy: 13 },
      { id: 'b', zone: 'campi', inventory: { c4: 77 }, energy: 17, approval: 2 },
    ]);
    toAction(m);
    m.close();
    const view = viewOf(m, 'a') as unknown as { players: Array<Record<string, unknown>> };
    for (const p of view.players) expect(Object.keys(p).sort()).toEqual(['alive', 'id', 'name']);
    const seen = JSON.stringify({ view, events: m.seen('a') });
    expect(seen).not.toContain(':77');
    expect(m.facts().stats!.b!.energy).toBe(17);
    expect(seen).not.toContain('"energy":17');
    expect(
      m
        .seen('a')
        .filter((e) => e.kind === 'approval')
        .map((e) => e.to),
    ).toEqual(['a']);
  });

  it('KG-16.3 secrets, teams mode: each member knows his team, never another team’s members', () => {
    const m = new Match({
      players: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }, { id: 'p4' }],
      settings: { mode: 'teams', monsters: 0 },
      dice: 'succeed',
    });
    m.close();
    m.close();
    const factions = m.facts().faction!;
    for (const reader of ['p1', 'p2', 'p3', 'p4']) {
      const seen = { view: viewOf(m, reader), events: m.seen(reader) };
      for (const other of ['p1', 'p2', 'p3', 'p4']) {
        if (other === reader || factions[other] === factions[reader]) continue;
        expect(reveals(seen, other, [factions[other]!])).toBe(false);
      }
      expect(viewOf(m, reader).known).toEqual(
        Object.fromEntries(
          Object.entries(factions)
            .filter(([id, t]) => id !== reader && t === factions[reader])
            .map(([id, t]) => [id, { faction: t }]),
        ),
      );
    }
  });

  it('KG-16.3 secrets, districts mode: a district sees its partner only', () => {
    const m = new Match({
      players: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }],
      settings: { mode: 'districts', monsters: 0 },
      dice: 'succeed',
    });
    m.close();
    expect(viewOf(m, 'p1').known).toEqual({ p2: { faction: 'district-1' } });
    expect(viewOf(m, 'p3').known).toEqual({});
    expect(reveals({ view: viewOf(m, 'p3'), events: m.seen('p3') }, 'p1', ['district-1'])).toBe(false);
    m.remove('p3');
    expect(m.eventsOf('tactic-1', 'public', 'player-died')).toEqual([]);
    expect(m.eventsOf('action-1', 'public', 'player-died')).toEqual([
      { kind: 'player-died', to: 'public', player: 'p3', cause: 'removed' },
    ]);
  });

  it('KG-16.4 smoke: presences only, presence attacks picked at random, unknown source, no witnesses, no sound', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'w', zone: 'campi', inventory: {} },
      { id: 'n', zone: 'ponte-ovest', inventory: {} },
    ]);
    m.state.smokeEnd = { campi: 2 };
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'zone-view')).toEqual([
      { kind: 'zone-view', to: 'a', zone: 'campi', closed: false, smoke: true, gas: false, presences: 2, smokeNear: [], gasNear: [] },
    ]);
    expect(JSON.stringify(viewOf(m, 'a').board.here)).not.toContain('"b"');
    m.must('a', { type: 'shoot', targets: ['presence', 'presence'] });
    m.close();
    // Forced dice: each pick takes the first presence, b.
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([
      { kind: 'hit', to: 'b', source: 'unknown', damage: 2 },
      { kind: 'hit', to: 'b', source: 'unknown', damage: 2 },
    ]);
    expect(m.eventsOf('action-2', 'a', 'attack-result')[0]).toEqual({
      kind: 'attack-result',
      to: 'a',
      weapon: 'machine-gun',
      target: 'presence',
    });
    expect(m.events('action-2').filter((e) => e.kind === 'witnessed' || e.kind === 'heard')).toEqual([]);
  });

  it('KG-16.4 seeded: presence picks spread over the other presences; flamethrower picks are distinct', () => {
    const hits: Record<string, number> = { b: 0, c: 0, m1: 0 };
    for (let s = 0; s < 300; s++) {
      const m = at(
        [
          { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1, amulet: 1 } },
          { id: 'b', zone: 'campi', inventory: { amulet: 1 } },
          { id: 'c', zone: 'campi', inventory: { amulet: 1 } },
        ],
        { dice: 'natural', seed: `smoke-${s}`, setup: { monsters: [{ id: 'm1', species: 'golem-di-fango', zone: 'campi', energy: 50 }] } },
      );
      m.state.smokeEnd = { campi: 2 };
      toAction(m);
      m.must('a', { type: 'shoot', targets: ['presence'] });
      for (const id of ['a', 'b', 'c']) m.must(id, { type: 'amulet' });
      m.close();
      if (m.eventsOf('action-2', 'b', 'hit').length) hits.b! += 1;
      else if (m.eventsOf('action-2', 'c', 'hit').length) hits.c! += 1;
      else hits.m1! += 1;
    }
    for (const n of Object.values(hits)) expect(Math.abs(n - 100)).toBeLessThan(35);
    const f = at(
      [
        { id: 'a', zone: 'campi', inventory: { flamethrower: 1 } },
        { id: 'b', zone: 'campi', inventory: {} },
        { id: 'c', zone: 'campi', inventory: {} },
      ],
      { dice: 'natural', seed: 'flame' },
    );
    f.state.smokeEnd = { campi: 2 };
    toAction(f);
    f.must('a', { type: 'shoot', targets: ['presence', 'presence'] });
    f.close();
    expect(f.eventsOf('action-2', 'b', 'hit')).toHaveLength(1);
    expect(f.eventsOf('action-2', 'c', 'hit')).toHaveLength(1);
  });

  it('KG-16.4 an explosion into smoke is reported as presences to its thrower', () => {
    const m = at([
      { id: 'a', zone: 'ponte-ovest', inventory: { grenade: 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    m.state.smokeEnd = { campi: 2 };
    toAction(m);
    m.must('a', { type: 'grenade', zone: 'campi' });
    m.close();
    expect(m.eventsOf('action-2', 'a', 'attack-result')).toEqual([
      { kind: 'attack-result', to: 'a', weapon: 'grenade', target: 'presence', zone: 'campi' },
    ]);
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([{ kind: 'hit', to: 'b', source: 'unknown', damage: 7 }]);
    expect(m.eventsOf('action-2', 'a', 'heard')).toEqual([]);
  });

  it('KG-16.5 zone-view describes the phase about to open, with smoke and gas nearby', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {} },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    m.state.smokeEnd = { 'ponte-ovest': 3 };
    m.state.gasEnd = { campi: 2, 'balle-di-paglia': 2 };
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'zone-view')).toEqual([
      {
        kind: 'zone-view',
        to: 'a',
        zone: 'campi',
        closed: false,
        smoke: false,
        gas: true,
        players: ['b'],
        monsters: [],
        smokeNear: ['ponte-ovest'],
        gasNear: ['balle-di-paglia'],
      },
    ]);
    m.close();
    expect(m.eventsOf('action-2', 'a', 'zone-view')[0]).toMatchObject({ gas: false, gasNear: [], smokeNear: ['ponte-ovest'] });
  });
});
