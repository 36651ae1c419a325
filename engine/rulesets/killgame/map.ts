// Maps (KG-9): the two built-in maps, custom-map validation and a lookup index.
import mapsData from './data/maps.json' with { type: 'json' };
import { KEBAB_ID } from '../../core/ids.js';
import { RulesetError } from '../../core/types.js';

export interface ZoneDef {
  id: string;
  name: string;
  /** Closing position k (closes at the end of turn first-closing-turn + k − 1), or null: never. */
  closes: number | null;
  start: boolean;
  x: number;
  y: number;
  neighbours: string[];
}

export interface MapDef {
  name: string;
  initialZone: string;
  centralZone: string;
  finalZones: string[];
  zones: ZoneDef[];
}

export const BUILT_IN_MAPS: Record<string, MapDef> = mapsData.maps as Record<string, MapDef>;

/** A map with lookups built once: zone order, neighbours, closing turns. */
export interface MapIndex {
  def: MapDef;
  /** Zone ids in map order (KG-0.5). */
  zones: string[];
  order: Record<string, number>;
  neighbours: Record<string, string[]>;
  zone: Record<string, ZoneDef>;
  central: string;
  initial: string;
}

const cache = new WeakMap<MapDef, MapIndex>();

export function indexMap(def: MapDef): MapIndex {
  const hit = cache.get(def);
  if (hit) return hit;
  // No prototype: a zone named by a player or a scenario ("constructor", "__proto__") is looked up
  // here, and only the map's own zones may answer.
  const order: Record<string, number> = Object.create(null);
  const neighbours: Record<string, string[]> = Object.create(null);
  const zone: Record<string, ZoneDef> = Object.create(null);
  def.zones.forEach((z, i) => {
    order[z.id] = i;
    zone[z.id] = z;
  });
  for (const z of def.zones) {
    // Neighbours in map order whatever order the map lists them in (KG-0.5).
    neighbours[z.id] = [...z.neighbours].sort((a, b) => (order[a] ?? 0) - (order[b] ?? 0));
  }
  const index: MapIndex = {
    def,
    zones: def.zones.map((z) => z.id),
    order,
    neighbours,
    zone,
    central: def.centralZone,
    initial: def.initialZone,
  };
  cache.set(def, index);
  return index;
}

export function isAdjacent(map: MapIndex, a: string, b: string): boolean {
  return map.neighbours[a]?.includes(b) ?? false;
}

/** KG-9.3 the turn at whose end a zone closes, or null when it never closes. */
export function closingTurn(zone: ZoneDef, firstClosingTurn: number): number | null {
  return zone.closes === null ? null : firstClosingTurn + zone.closes - 1;
}

export interface MapProblem {
  code: string;
  message: string;
}

/** KG-9.8 custom map checks, in the spec's order; null when the map is valid. */
export function mapProblem(def: MapDef): MapProblem | null {
  const ids = new Set<string>();
  for (const z of def.zones) {
    if (!KEBAB_ID.test(z.id)) return { code: 'map-duplicate-zone', message: `Zone id "${z.id}" is not kebab-case.` };
    if (ids.has(z.id)) return { code: 'map-duplicate-zone', message: `Zone "${z.id}" is listed twice.` };
    ids.add(z.id);
  }
  if (def.zones.length === 0) return { code: 'map-duplicate-zone', message: 'The map has no zones.' };
  const byId = new Map(def.zones.map((z) => [z.id, z]));
  for (const z of def.zones) {
    for (const n of z.neighbours) {
      if (!byId.has(n)) return { code: 'map-bad-neighbour', message: `Zone "${z.id}" names unknown neighbour "${n}".` };
      if (n === z.id) return { code: 'map-bad-neighbour', message: `Zone "${z.id}" neighbours itself.` };
      if (!byId.get(n)!.neighbours.includes(z.id)) {
        return { code: 'map-bad-neighbour', message: `Zone "${z.id}" neighbours "${n}" but not the other way round.` };
      }
    }
    if (new Set(z.neighbours).size !== z.neighbours.length) {
      return { code: 'map-bad-neighbour', message: `Zone "${z.id}" lists a neighbour twice.` };
    }
  }
  const closing = def.zones.filter((z) => z.closes !== null);
  const positions = closing.map((z) => z.closes!).sort((a, b) => a - b);
  for (let i = 0; i < positions.length; i++) {
    if (positions[i] !== i + 1) {
      const z = closing.find((c) => c.closes === positions[i])!;
      return {
        code: 'map-closing-order',
        message: `Closing positions must be 1…${positions.length}, each once; zone "${z.id}" has ${positions[i]}.`,
      };
    }
  }
  const finals = new Set(def.finalZones);
  if (finals.size === 0) return { code: 'map-closing-order', message: 'The map needs at least one final zone.' };
  for (const f of def.finalZones) {
    const z = byId.get(f);
    if (!z) return { code: 'map-closing-order', message: `Final zone "${f}" is not a zone of the map.` };
    if (z.closes !== null) return { code: 'map-closing-order', message: `Final zone "${f}" must have closes: null.` };
  }
  for (const z of def.zones) {
    if (z.closes === null && !finals.has(z.id)) {
      return { code: 'map-closing-order', message: `Zone "${z.id}" never closes but is not a final zone.` };
    }
  }
  // KG-9.8: an eviction (KG-9.3) needs a final zone other than the central one to go to.
  if ([...finals].every((f) => f === def.centralZone)) {
    return {
      code: 'map-closing-order',
      message: `The central zone "${def.centralZone}" cannot be the only final zone: evicted players need another.`,
    };
  }
  const initial = byId.get(def.initialZone);
  if (!initial) return { code: 'map-special-zone', message: `Initial zone "${def.initialZone}" is not a zone of the map.` };
  if (!initial.start) return { code: 'map-special-zone', message: `Initial zone "${def.initialZone}" must be lit (start: true).` };
  if (!byId.has(def.centralZone))
    return { code: 'map-special-zone', message: `Central zone "${def.centralZone}" is not a zone of the map.` };
  if (!finals.has(def.centralZone)) return { code: 'map-special-zone', message: `Central zone "${def.centralZone}" must be a final zone.` };
  for (const z of def.zones) {
    if (!(z.x >= 0 && z.x <= 100 && z.y >= 0 && z.y <= 100)) {
      return { code: 'map-special-zone', message: `Zone "${z.id}" has x/y outside 0–100.` };
    }
  }
  // KG-9.8 connected at the start and after every closing.
  for (let closed = 0; closed <= positions.length; closed++) {
    const active = def.zones.filter((z) => z.closes === null || z.closes > closed);
    const cut = disconnectedZone(active);
    if (cut) {
      const when = closed === 0 ? 'at the start' : `after closing position ${closed}`;
      return { code: 'map-disconnected', message: `Zone "${cut}" is cut off from the others ${when}.` };
    }
  }
  return null;
}

/** A zone the first active zone cannot reach, or null when the active zones are connected. */
function disconnectedZone(active: ZoneDef[]): string | null {
  if (active.length === 0) return null;
  const ids = new Set(active.map((z) => z.id));
  const byId = new Map(active.map((z) => [z.id, z]));
  const seen = new Set([active[0]!.id]);
  const queue = [active[0]!.id];
  while (queue.length > 0) {
    const at = queue.pop()!;
    for (const n of byId.get(at)!.neighbours) {
      if (ids.has(n) && !seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return active.find((z) => !seen.has(z.id))?.id ?? null;
}

const validated = new WeakSet<MapDef>();

/** The map a match plays on (KG-9.1, KG-9.8); throws a RulesetError for a bad custom map. */
export function mapFor(mapId: string, custom: MapDef | null | undefined): MapDef {
  if (mapId === 'custom') {
    if (!custom) throw new RulesetError('map-special-zone', 'Setting "map" is "custom" but "custom-map" is missing.');
    if (validated.has(custom)) return custom;
    const problem = mapProblem(custom);
    if (problem) throw new RulesetError(problem.code, problem.message);
    validated.add(custom);
    return custom;
  }
  const def = BUILT_IN_MAPS[mapId];
  if (!def) throw new RulesetError('unknown-id', `Unknown map "${mapId}".`);
  return def;
}
