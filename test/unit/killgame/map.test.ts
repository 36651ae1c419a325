import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { RulesetError } from '../../../engine/core/types.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { BUILT_IN_MAPS, mapProblem, type MapDef } from '../../../engine/rulesets/killgame/map.js';
import { at, Match, toAction } from './helpers.js';

const classica = BUILT_IN_MAPS.classica!;
const inferno = BUILT_IN_MAPS.inferno!;

/** A small valid custom map: a–b–c in a line, c and d final and adjacent. */
function tiny(): MapDef {
  return {
    name: 'Tiny',
    initialZone: 'a',
    centralZone: 'd',
    finalZones: ['c', 'd'],
    zones: [
      { id: 'a', name: 'A', closes: 1, start: true, x: 0, y: 0, neighbours: ['b'] },
      { id: 'b', name: 'B', closes: 2, start: true, x: 10, y: 0, neighbours: ['a', 'c'] },
      { id: 'c', name: 'C', closes: null, start: true, x: 20, y: 0, neighbours: ['b', 'd'] },
      { id: 'd', name: 'D', closes: null, start: false, x: 30, y: 0, neighbours: ['c'] },
    ],
  };
}

function refusal(map: MapDef): string {
  const r = killgame.settings.safeParse({ map: 'custom', 'custom-map': map, monsters: 0 });
  if (r.success) return 'valid';
  return String(r.error.issues[0]!.message.split(':')[0]);
}

describe('maps and zones', () => {
  it('KG-9.1 KG-9.6 the two maps: zones, special zones and closing order as in the seed', () => {
    expect(classica.zones).toHaveLength(19);
    expect([classica.initialZone, classica.centralZone]).toEqual(['ingresso', 'paese']);
    expect(classica.zones.filter((z) => z.closes !== null).sort((a, b) => a.closes! - b.closes!).map((z) => z.id)).toEqual([
      'landa-del-sud', 'ingresso', 'ruderi', 'cimitero-del-vampire', 'sede-cubota', 'campi', 'grandi-pianure', 'bar-pino',
      'foresta-del-nord', 'balle-di-paglia', 'depositi', 'vecchio-granaio', 'ponte-ovest', 'ponte-est', 'grotta', 'boschetto',
    ]);
    expect(inferno.zones).toHaveLength(14);
    expect([inferno.initialZone, inferno.centralZone]).toEqual(['er-cristallo', 'cerchio-cy']);
    expect(new Set(inferno.finalZones)).toEqual(new Set(['cerchio-cy', 'foresta-rossa', 'pietra-c']));
  });

  it('KG-9.7 KG-9.1 the shipped maps equal the shared data and pass every designed property', () => {
    const shared = new URL('../../../engine/rulesets/killgame/data/maps.json', import.meta.url);
    const data = JSON.parse(readFileSync(shared, 'utf8'));
    expect(data.maps.classica).toEqual(classica);
    for (const map of [classica, inferno]) {
      expect(mapProblem(map)).toBeNull();
      for (const z of map.zones) {
        expect(z.neighbours.length).toBeGreaterThanOrEqual(2);
        expect(z.neighbours.length).toBeLessThanOrEqual(5);
        expect(z.start).toBe(z.id !== map.centralZone);
      }
      for (const f of map.finalZones) for (const g of map.finalZones) if (f !== g) expect(map.zones.find((z) => z.id === f)!.neighbours).toContain(g);
    }
    const edges = (m: MapDef) => m.zones.flatMap((z) => z.neighbours.filter((n) => z.id < n).map((n) => `${z.id}–${n}`)).length;
    expect(edges(classica)).toBe(36);
    expect(edges(inferno)).toBe(25);
  });

  it('KG-9.2 one step per turn to an adjacent active zone, from turn 2', () => {
    const m = at([{ id: 'a', zone: 'campi' }, { id: 'b', zone: 'paese' }]);
    m.must('a', { type: 'move', zone: 'ponte-ovest' });
    m.close();
    expect(m.facts().zone!.a).toBe('ponte-ovest');
    m.close();
    expect(m.act('a', { type: 'move', zone: 'campi' })).toMatchObject({ ok: true });
    expect(m.act('a', { type: 'move', zone: 'paese' })).toMatchObject({ reason: 'not-adjacent' });
  });

  it('KG-9.3 one zone closes at the end of each turn from first-closing-turn, in map order, down to the finals', () => {
    const m = at([{ id: 'a', zone: 'paese' }, { id: 'b', zone: 'paese' }], { turn: 1, settings: { 'first-closing-turn': 2 } });
    const closedAt: string[][] = [];
    for (let t = 1; t <= 20; t++) {
      m.close();
      m.close();
      closedAt.push(m.eventsOf(`action-${t}`, 'public', 'zone-closed').map((e) => e.zone as string));
    }
    expect(closedAt[0]).toEqual([]);
    expect(closedAt[1]).toEqual(['landa-del-sud']);
    expect(closedAt[16]).toEqual(['boschetto']);
    expect(closedAt.slice(17).flat()).toEqual([]);
    expect(m.state.closed).toHaveLength(16);
  });

  it('KG-9.4 standing in a closed zone at a tactic close costs closed-zone-damage; leaving costs nothing', () => {
    const m = at([{ id: 'a', zone: 'landa-del-sud' }, { id: 'b', zone: 'landa-del-sud' }, { id: 'c', zone: 'paese' }], { settings: { 'closed-zone-damage': 4 } });
    m.must('b', { type: 'move', zone: 'campi' });
    expect(m.act('c', { type: 'move', zone: 'grotta' })).toMatchObject({ ok: true });
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'closed-zone-damage')).toEqual([{ kind: 'closed-zone-damage', to: 'a', zone: 'landa-del-sud', damage: 4 }]);
    expect(m.facts().stats!.b!.energy).toBe(25);
    m.close();
    m.close();
    expect(m.facts().stats!.a!.energy).toBe(17);
  });

  it('KG-9.4 inside a closed zone a player may still attack those present', () => {
    const m = at([{ id: 'a', zone: 'landa-del-sud', inventory: { knife: 1 } }, { id: 'b', zone: 'landa-del-sud', inventory: {} }]);
    toAction(m);
    expect(m.act('a', { type: 'stab', targets: ['b'] })).toMatchObject({ ok: true });
  });

  it('KG-9.5 monsters never enter closed zones and take no closed-zone damage', () => {
    const m = at([{ id: 'a', zone: 'paese' }, { id: 'b', zone: 'paese' }], {
      turn: 3,
      setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'landa-del-sud' }] },
    });
    m.close();
    m.close();
    m.close();
    expect(m.facts().zone!.m1).toBe('campi');
    expect(m.facts().stats!.m1!.energy).toBe(6);
  });

  it('KG-9.8 a custom map is played when valid', () => {
    const m = new Match({
      players: [{ id: 'a' }, { id: 'b' }],
      settings: { map: 'custom', 'custom-map': tiny(), monsters: 0 },
    });
    m.must('a', { type: 'start', zone: 'c' });
    m.close();
    expect(m.facts().zone).toEqual({ a: 'c', b: 'a' });
    expect(m.act('a', { type: 'start', zone: 'd' }).ok).toBe(false);
  });

  it('KG-9.8 custom maps are refused with the first failing check', () => {
    const dup = tiny();
    dup.zones[1]!.id = 'a';
    expect(refusal(dup)).toBe('map-duplicate-zone');
    const caps = tiny();
    caps.zones[0]!.id = 'Zone A';
    expect(refusal(caps)).toBe('map-duplicate-zone');
    const oneWay = tiny();
    oneWay.zones[0]!.neighbours = ['b', 'c'];
    expect(refusal(oneWay)).toBe('map-bad-neighbour');
    const ghost = tiny();
    ghost.zones[0]!.neighbours = ['zz'];
    expect(refusal(ghost)).toBe('map-bad-neighbour');
    const order = tiny();
    order.zones[1]!.closes = 3;
    expect(refusal(order)).toBe('map-closing-order');
    const finals = tiny();
    finals.finalZones = ['c'];
    expect(refusal(finals)).toBe('map-closing-order');
    const central = tiny();
    central.centralZone = 'b';
    expect(refusal(central)).toBe('map-special-zone');
    const dark = tiny();
    dark.zones[0]!.start = false;
    expect(refusal(dark)).toBe('map-special-zone');
    const far = tiny();
    far.zones[2]!.x = 140;
    expect(refusal(far)).toBe('map-special-zone');
    // Closing b (position 2) would cut a off: reorder so that b closes first.
    const cut = tiny();
    cut.zones[0]!.closes = 2;
    cut.zones[1]!.closes = 1;
    expect(refusal(cut)).toBe('map-disconnected');
    expect(refusal(tiny())).toBe('valid');
    const r = killgame.settings.safeParse({ map: 'custom', 'custom-map': cut });
    expect(r.success ? '' : r.error.issues[0]!.message).toMatch(/^map-disconnected: Zone "[a-d]"/);
  });

  it('KG-9.8 setup refuses a bad custom map with a RulesetError and its code', () => {
    const bad = tiny();
    bad.zones[0]!.neighbours = [];
    bad.zones[1]!.neighbours = ['c'];
    const settings = { ...killgame.settings.parse({ monsters: 0 }), map: 'custom' as const, 'custom-map': bad };
    try {
      killgame.setup({ players: [{ id: 'a', name: 'a', options: {}, fixed: {} }, { id: 'b', name: 'b', options: {}, fixed: {} }], settings, rng: createRng('x', 'natural', 'setup'), setup: {} });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RulesetError);
      expect((e as RulesetError).code).toBe('map-disconnected');
    }
  });
});
