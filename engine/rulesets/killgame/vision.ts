// What players see and hear (KG-16): zone occupancy, `zone-view`, sounds in adjacent zones.
import type { GameEvent } from '../../core/types.js';
import type { MapIndex } from './map.js';
import { ev, isClosed, isGassed, isSmoked, type KG, type PlayerState } from './state.js';

/** Living placed players by zone, each list in match order. */
export function playersByZone(state: KG, alive: (p: PlayerState) => boolean = (p) => p.alive): Map<string, PlayerState[]> {
  const byZone = new Map<string, PlayerState[]>();
  for (const p of state.players) {
    if (!alive(p) || p.zone === null) continue;
    const list = byZone.get(p.zone);
    if (list) list.push(p);
    else byZone.set(p.zone, [p]);
  }
  return byZone;
}

/** What one zone looks like in turn `turn` (KG-16.5), without the viewer's own id. */
export function describeZone(state: KG, map: MapIndex, zone: string, turn: number, viewer: string, here: PlayerState[]) {
  const { kind: _kind, to: _to, ...view } = zoneSight(state, map, zone, turn)(viewer, here);
  return view;
}

/** The parts of a zone's view shared by everyone in it, then each viewer's own copy. */
function zoneSight(state: KG, map: MapIndex, zone: string, turn: number) {
  const smoke = isSmoked(state, zone, turn);
  const monsters = state.monsters.filter((m) => m.alive && m.zone === zone).map((m) => m.id);
  const near = map.neighbours[zone] ?? [];
  const closed = isClosed(state, zone);
  const gas = isGassed(state, zone, turn);
  const smokeNear = near.filter((z) => isSmoked(state, z, turn));
  const gasNear = near.filter((z) => isGassed(state, z, turn));
  return (viewer: string, here: PlayerState[]): GameEvent => {
    if (smoke) {
      const others = here.length - (here.some((p) => p.id === viewer) ? 1 : 0);
      return {
        kind: 'zone-view',
        to: viewer,
        zone,
        closed,
        smoke,
        gas,
        presences: others + monsters.length,
        smokeNear: [...smokeNear],
        gasNear: [...gasNear],
      };
    }
    const players: string[] = [];
    for (let i = 0; i < here.length; i++) if (here[i]!.id !== viewer) players.push(here[i]!.id);
    return {
      kind: 'zone-view',
      to: viewer,
      zone,
      closed,
      smoke,
      gas,
      players,
      monsters: [...monsters],
      smokeNear: [...smokeNear],
      gasNear: [...gasNear],
    };
  };
}

/** T12/A15: a `zone-view` for the phase about to open, to every living placed player. */
export function zoneViews(state: KG, map: MapIndex, turn: number, events: GameEvent[]): void {
  const byZone = playersByZone(state);
  const sights = new Map<string, ReturnType<typeof zoneSight>>();
  for (const p of state.players) {
    if (!p.alive || p.zone === null) continue;
    let sight = sights.get(p.zone);
    if (!sight) sights.set(p.zone, (sight = zoneSight(state, map, p.zone, turn)));
    events.push(sight(p.id, byZone.get(p.zone) ?? []));
  }
}

/** Collects sounds of one step, one `heard` per (recipient, zone, sound) (KG-16.2). */
export class Sounds {
  private readonly made = new Set<string>();
  private readonly list: Array<{ zone: string; sound: string }> = [];

  add(zone: string, sound: 'gunfire' | 'explosion' | 'monster'): void {
    const key = `${zone}\u0000${sound}`;
    if (this.made.has(key)) return;
    this.made.add(key);
    this.list.push({ zone, sound });
  }

  /** Emits to the living players of every zone adjacent to a sound, in the order sounds were made. */
  emit(map: MapIndex, byZone: Map<string, PlayerState[]>, hears: (p: PlayerState) => boolean, events: GameEvent[]): void {
    for (const { zone, sound } of this.list) {
      for (const near of map.neighbours[zone] ?? []) {
        for (const p of byZone.get(near) ?? []) {
          if (hears(p)) events.push({ kind: 'heard', to: p.id, zone, sound });
        }
      }
    }
    this.list.length = 0;
  }
}
