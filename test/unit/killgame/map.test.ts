import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { RulesetError } from '../../../engine/core/types.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { BUILT_IN_MAPS, indexMap, isAdjacent, mapFor, mapProblem, type MapDef } from '../../../engine/rulesets/killgame/map.js';
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
    expect(
      classica.zones
        .filter((z) => z.closes !== null)
        .sort((a, b) => a.closes! - b.closes!)
        .map((z) => z.id),
    ).toEqual([
      'landa-del-sud',
      'ingresso',
      'ruderi',
      'cimitero-del-vampire',
      'sede-cubota',
      'campi',
      'grandi-pianure',
      'bar-pino',
      'foresta-del-nord',
      'balle-di-paglia',
      'depositi',
      'vecchio-granaio',
      'ponte-ovest',
      'ponte-est',
      'grotta',
      'boschetto',
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
      for (const f of map.finalZones)
        for (const g of map.finalZones) if (f !== g) expect(map.zones.find((z) => z.id === f)!.neighbours).toContain(g);
    }
    const edges = (m: MapDef) => m.zones.flatMap((z) => z.neighbours.filter((n) => z.id < n).map((n) => `${z.id}–${n}`)).length;
    expect(edges(classica)).toBe(36);
    expect(edges(inferno)).toBe(25);
  });

  it('KG-9.2 one step per turn to an adjacent active zone, from turn 2', () => {
    const m = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'paese' },
    ]);
    m.must('a', { type: 'move', zone: 'ponte-ovest' });
    m.close();
    expect(m.facts().zone!.a).toBe('ponte-ovest');
    m.close();
    expect(m.act('a', { type: 'move', zone: 'campi' })).toMatchObject({ ok: true });
    expect(m.act('a', { type: 'move', zone: 'paese' })).toMatchObject({ reason: 'not-adjacent' });
  });

  it('KG-9.3 one zone closes at the end of each turn from first-closing-turn, in map order, down to the finals', () => {
    const m = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'paese' },
      ],
      { turn: 1, settings: { 'first-closing-turn': 2 } },
    );
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
    const m = at(
      [
        { id: 'a', zone: 'landa-del-sud' },
        { id: 'b', zone: 'landa-del-sud' },
        { id: 'c', zone: 'paese' },
      ],
      { settings: { 'closed-zone-damage': 4 } },
    );
    m.must('b', { type: 'move', zone: 'campi' });
    expect(m.act('c', { type: 'move', zone: 'grotta' })).toMatchObject({ ok: true });
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'closed-zone-damage')).toEqual([
      { kind: 'closed-zone-damage', to: 'a', zone: 'landa-del-sud', damage: 4 },
    ]);
    expect(m.facts().stats!.b!.energy).toBe(25);
    m.close();
    m.close();
    expect(m.facts().stats!.a!.energy).toBe(17);
  });

  it('KG-9.4 inside a closed zone a player may still attack those present', () => {
    const m = at([
      { id: 'a', zone: 'landa-del-sud', inventory: { knife: 1 } },
      { id: 'b', zone: 'landa-del-sud', inventory: {} },
    ]);
    toAction(m);
    expect(m.act('a', { type: 'stab', targets: ['b'] })).toMatchObject({ ok: true });
  });

  it('KG-9.5 monsters never enter closed zones and take no closed-zone damage', () => {
    const m = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'paese' },
      ],
      {
        turn: 3,
        setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'landa-del-sud' }] },
      },
    );
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
      killgame.setup({
        players: [
          { id: 'a', name: 'a', options: {}, fixed: {} },
          { id: 'b', name: 'b', options: {}, fixed: {} },
        ],
        settings,
        rng: createRng('x', 'natural', 'setup'),
        setup: {},
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RulesetError);
      expect((e as RulesetError).code).toBe('map-disconnected');
    }
  });
});

/** tiny() changed by `edit`, then checked. */
const problemOf = (edit: (m: MapDef) => void) => {
  const m = tiny();
  edit(m);
  return mapProblem(m);
};

describe('KG-9.8 each custom-map check names the zone at fault', () => {
  const cases: [string, (m: MapDef) => void, string, string][] = [
    [
      'a zone id that is not kebab-case',
      (m) => {
        m.zones[0]!.id = 'Zone A';
      },
      'map-duplicate-zone',
      'Zone id "Zone A" is not kebab-case.',
    ],
    [
      'a zone listed twice',
      (m) => {
        m.zones[1]!.id = 'a';
      },
      'map-duplicate-zone',
      'Zone "a" is listed twice.',
    ],
    [
      'no zones at all',
      (m) => {
        m.zones = [];
      },
      'map-duplicate-zone',
      'The map has no zones.',
    ],
    [
      'an unknown neighbour',
      (m) => {
        m.zones[0]!.neighbours = ['b', 'zz'];
      },
      'map-bad-neighbour',
      'Zone "a" names unknown neighbour "zz".',
    ],
    [
      'a zone neighbouring itself',
      (m) => {
        m.zones[0]!.neighbours = ['b', 'a'];
      },
      'map-bad-neighbour',
      'Zone "a" neighbours itself.',
    ],
    [
      'a one-way neighbour',
      (m) => {
        m.zones[0]!.neighbours = ['b', 'c'];
      },
      'map-bad-neighbour',
      'Zone "a" neighbours "c" but not the other way round.',
    ],
    [
      'a neighbour listed twice',
      (m) => {
        m.zones[0]!.neighbours = ['b', 'b'];
      },
      'map-bad-neighbour',
      'Zone "a" lists a neighbour twice.',
    ],
    [
      'a gap in the closing positions',
      (m) => {
        m.zones[1]!.closes = 3;
      },
      'map-closing-order',
      'Closing positions must be 1…2, each once; zone "b" has 3.',
    ],
    [
      'no final zone',
      (m) => {
        m.finalZones = [];
      },
      'map-closing-order',
      'The map needs at least one final zone.',
    ],
    [
      'a final zone that does not exist',
      (m) => {
        m.finalZones = ['c', 'd', 'zz'];
      },
      'map-closing-order',
      'Final zone "zz" is not a zone of the map.',
    ],
    [
      'a final zone that closes',
      (m) => {
        m.finalZones = ['b', 'c', 'd'];
      },
      'map-closing-order',
      'Final zone "b" must have closes: null.',
    ],
    [
      'a zone that never closes but is not final',
      (m) => {
        m.finalZones = ['d'];
      },
      'map-closing-order',
      'Zone "c" never closes but is not a final zone.',
    ],
    [
      'an unknown initial zone',
      (m) => {
        m.initialZone = 'zz';
      },
      'map-special-zone',
      'Initial zone "zz" is not a zone of the map.',
    ],
    [
      'a dark initial zone',
      (m) => {
        m.zones[0]!.start = false;
      },
      'map-special-zone',
      'Initial zone "a" must be lit (start: true).',
    ],
    [
      'an unknown central zone',
      (m) => {
        m.centralZone = 'zz';
      },
      'map-special-zone',
      'Central zone "zz" is not a zone of the map.',
    ],
    [
      'a central zone that is not final',
      (m) => {
        m.centralZone = 'b';
      },
      'map-special-zone',
      'Central zone "b" must be a final zone.',
    ],
    [
      'x above 100',
      (m) => {
        m.zones[2]!.x = 101;
      },
      'map-special-zone',
      'Zone "c" has x/y outside 0–100.',
    ],
    [
      'x below 0',
      (m) => {
        m.zones[2]!.x = -1;
      },
      'map-special-zone',
      'Zone "c" has x/y outside 0–100.',
    ],
    [
      'y above 100',
      (m) => {
        m.zones[2]!.y = 101;
      },
      'map-special-zone',
      'Zone "c" has x/y outside 0–100.',
    ],
    [
      'y below 0',
      (m) => {
        m.zones[2]!.y = -1;
      },
      'map-special-zone',
      'Zone "c" has x/y outside 0–100.',
    ],
    [
      'a zone cut off from the start',
      (m) => {
        m.zones.push({ id: 'e', name: 'E', closes: null, start: false, x: 50, y: 50, neighbours: [] });
        m.finalZones.push('e');
      },
      'map-disconnected',
      'Zone "e" is cut off from the others at the start.',
    ],
    [
      'a zone cut off by the first closing',
      (m) => {
        m.zones[0]!.closes = 2;
        m.zones[1]!.closes = 1;
      },
      'map-disconnected',
      'Zone "c" is cut off from the others after closing position 1.',
    ],
    [
      'finals cut apart by the last closing',
      (m) => {
        // c and d meet only through b, which closes last.
        m.zones[1]!.neighbours = ['a', 'c', 'd'];
        m.zones[2]!.neighbours = ['b'];
        m.zones[3]!.neighbours = ['b'];
      },
      'map-disconnected',
      'Zone "d" is cut off from the others after closing position 2.',
    ],
  ];
  for (const [what, edit, code, message] of cases) {
    it(`KG-9.8 ${what} is refused ${code}`, () => {
      expect(problemOf(edit)).toEqual({ code, message });
    });
  }

  it('KG-9.8 the edges of the map square are valid', () => {
    expect(
      problemOf((m) => {
        m.zones[3]!.x = 100;
        m.zones[3]!.y = 100;
      }),
    ).toBeNull();
  });

  // KG-9.8: at least one final zone is not the central one, so an eviction always has somewhere to
  // go. Before, a map whose only final zone was the centre evicted nobody and still damaged every turn.
  it('KG-9.8 a map whose only final zone is the central one is refused map-closing-order naming it', () => {
    expect(
      problemOf((m) => {
        m.zones[2]!.closes = 3;
        m.finalZones = ['d'];
      }),
    ).toEqual({ code: 'map-closing-order', message: 'The central zone "d" cannot be the only final zone: evicted players need another.' });
    expect(
      problemOf((m) => {
        m.zones = [{ id: 'solo', name: 'Solo', closes: null, start: true, x: 50, y: 50, neighbours: [] }];
        m.initialZone = 'solo';
        m.centralZone = 'solo';
        m.finalZones = ['solo'];
      }),
    ).toEqual({
      code: 'map-closing-order',
      message: 'The central zone "solo" cannot be the only final zone: evicted players need another.',
    });
    const centreOnly = tiny();
    centreOnly.zones[2]!.closes = 3;
    centreOnly.finalZones = ['d'];
    expect(refusal(centreOnly)).toBe('map-closing-order');
    // One other final zone beside the centre is enough.
    expect(
      problemOf((m) => {
        m.finalZones = ['c', 'd'];
      }),
    ).toBeNull();
  });

  it('KG-9.8 KG-9.1 mapFor plays a valid custom map, and refuses a missing, bad or unknown one', () => {
    const good = tiny();
    expect(mapFor('custom', good)).toBe(good);
    expect(mapFor('custom', good)).toBe(good);
    const refused = (id: string, def: MapDef | null) => {
      try {
        mapFor(id, def);
      } catch (e) {
        expect(e).toBeInstanceOf(RulesetError);
        return { code: (e as RulesetError).code, message: (e as Error).message };
      }
      return null;
    };
    const bad = tiny();
    bad.zones[0]!.neighbours = ['b', 'zz'];
    expect(refused('custom', bad)).toEqual({ code: 'map-bad-neighbour', message: 'Zone "a" names unknown neighbour "zz".' });
    expect(refused('custom', null)).toEqual({
      code: 'map-special-zone',
      message: 'Setting "map" is "custom" but "custom-map" is missing.',
    });
    expect(refused('nowhere', null)).toEqual({ code: 'unknown-id', message: 'Unknown map "nowhere".' });
    expect(mapFor('inferno', null)).toBe(inferno);
  });

  it('KG-0.5 KG-9.2 neighbours are taken in map order whatever order a zone lists them in', () => {
    const m = tiny();
    m.zones[1]!.neighbours = ['c', 'a'];
    const star: MapDef = {
      name: 'Star',
      initialZone: 'hub',
      centralZone: 'hub',
      finalZones: ['hub'],
      zones: [
        { id: 'hub', name: 'Hub', closes: null, start: true, x: 50, y: 50, neighbours: ['p4', 'p2', 'p3', 'p1'] },
        ...['p1', 'p2', 'p3', 'p4'].map((id, i) => ({ id, name: id, closes: i + 1, start: true, x: i * 10, y: 0, neighbours: ['hub'] })),
      ],
    };
    expect(indexMap(m).neighbours.b).toEqual(['a', 'c']);
    expect(indexMap(star).neighbours.hub).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(isAdjacent(indexMap(star), 'hub', 'p3')).toBe(true);
    expect(isAdjacent(indexMap(star), 'p1', 'p2')).toBe(false);
    expect(isAdjacent(indexMap(star), 'nowhere', 'hub')).toBe(false);
  });
});
