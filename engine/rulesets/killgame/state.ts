// The match state (plain JSON) and small helpers every part of the ruleset shares.
import type { GameEvent } from '../../core/types.js';
import type { Regime } from './catalog.js';
import { indexMap, mapFor, type MapDef, type MapIndex } from './map.js';
import type { KillGameSettings } from './settings.js';

export interface PlayerState {
  id: string;
  name: string;
  alive: boolean;
  /** Team or district id; null in free-for-all. */
  team: string | null;
  /** Current zone; null before the placement of tactic-1 (KG-2.6). */
  zone: string | null;
  /** The zone held during the previous action phase (medikit partners, central stay limit). */
  lastActionZone: string | null;
  /** Whether that zone was smoked during that action phase (KG-6.1). */
  lastActionSmoked: boolean;
  energy: number;
  approval: number;
  persuasion: number;
  tokens: number;
  poison: number;
  /** Item id → count (options included); zero counts are removed. */
  inventory: Record<string, number>;
  /** KG-5.4 the action turn in which the held machine gun or shotgun last fired, or null. */
  firedTurn: number | null;
  /** Scenario-fixed zone and inventory (KG-18.1): `start` and `shop` are then refused. */
  zoneFixed: boolean;
  inventoryFixed: boolean;
}

export interface MonsterState {
  id: string;
  species: string;
  zone: string;
  energy: number;
  alive: boolean;
}

export interface KillGameState {
  settings: KillGameSettings;
  /** Match order (KG-0.5). */
  players: PlayerState[];
  /** Creation order. */
  monsters: MonsterState[];
  monstersCreated: number;
  /** The open phase, or null once the match has ended. */
  phase: { kind: 'tactic' | 'action'; turn: number } | null;
  /** The phase the match opened at (monsters do not move at its close, KG-11.4). */
  openingPhase: string;
  closed: string[];
  /** Zone → last turn it is smoked / gassed (KG-7.5, KG-7.6). */
  smokeEnd: Record<string, number>;
  gasEnd: Record<string, number>;
  doubleDamage: boolean;
  /** KG-13.2 regime of the open tactic phase (null in turn 1 and in action phases). */
  regime: Regime | null;
  /** Deaths in the open phase so far (a removal counts for KG-12.1). */
  deathsThisPhase: number;
  winner: string | null;
  winners: string[];
}

export type KG = KillGameState;

export function phaseId(phase: { kind: string; turn: number }): string {
  return `${phase.kind}-${phase.turn}`;
}

export function mapOf(state: KG): MapIndex {
  return indexMap(mapDefOf(state.settings));
}

export function mapDefOf(settings: KillGameSettings): MapDef {
  return mapFor(settings.map, settings['custom-map'] as MapDef | null);
}

/**
 * Lookups over a state that is not going to change (validation, views): built once per state
 * object. Resolution clones before it mutates and never asks these of the clone.
 */
interface Lookup {
  byId: Map<string, PlayerState>;
  monsterIds: Set<string>;
  /** Living players (match order) then living monsters, per zone: the presences of KG-16.4. */
  presences: Map<string, string[]>;
}
const lookups = new WeakMap<KG, Lookup>();

function lookup(state: KG): Lookup {
  const hit = lookups.get(state);
  if (hit) return hit;
  const presences = new Map<string, string[]>();
  const at = (zone: string) => {
    let list = presences.get(zone);
    if (!list) presences.set(zone, (list = []));
    return list;
  };
  for (const p of state.players) if (p.alive && p.zone !== null) at(p.zone).push(p.id);
  for (const m of state.monsters) if (m.alive) at(m.zone).push(m.id);
  const built: Lookup = {
    byId: new Map(state.players.map((p) => [p.id, p])),
    monsterIds: new Set(state.monsters.map((m) => m.id)),
    presences,
  };
  lookups.set(state, built);
  return built;
}

export function findPlayer(state: KG, id: unknown): PlayerState | undefined {
  if (typeof id !== 'string') return undefined;
  return lookup(state).byId.get(id);
}

export function isMonsterId(state: KG, id: string): boolean {
  return lookup(state).monsterIds.has(id);
}

/** Other living players (match order) then monsters in a zone: the presences of KG-16.4. */
export function presencesIn(state: KG, zone: string, except: string): string[] {
  return zonePresences(state, zone).filter((id) => id !== except);
}

/** Everyone present in a zone, shared (do not modify). */
export function zonePresences(state: KG, zone: string): readonly string[] {
  return lookup(state).presences.get(zone) ?? [];
}

export function isClosed(state: KG, zone: string): boolean {
  return state.closed.includes(zone);
}

export function isSmoked(state: KG, zone: string, turn: number): boolean {
  return (state.smokeEnd[zone] ?? 0) >= turn;
}

export function isGassed(state: KG, zone: string, turn: number): boolean {
  return (state.gasEnd[zone] ?? 0) >= turn;
}

/** KG-1.4 teammates: same team, never in free-for-all. */
export function teammates(a: PlayerState, b: PlayerState): boolean {
  return a.team !== null && a.team === b.team;
}

export function count(inv: Record<string, number>, item: string): number {
  return inv[item] ?? 0;
}

export function addItem(inv: Record<string, number>, item: string, n: number): void {
  const next = (inv[item] ?? 0) + n;
  if (next > 0) inv[item] = next;
  else delete inv[item];
}

/** The held firearm or knife (KG-5.1), if any. */
export function held(inv: Record<string, number>, ids: readonly string[]): string | null {
  for (const id of ids) if ((inv[id] ?? 0) > 0) return id;
  return null;
}

/** A deep copy of the state (plain JSON), written out for speed on large matches. */
export function clone(state: KG): KG {
  return {
    ...state,
    players: state.players.map((p) => ({ ...p, inventory: { ...p.inventory } })),
    monsters: state.monsters.map((m) => ({ ...m })),
    closed: [...state.closed],
    smokeEnd: { ...state.smokeEnd },
    gasEnd: { ...state.gasEnd },
    phase: state.phase ? { ...state.phase } : null,
    winners: [...state.winners],
  };
}

export function ev(kind: string, to: string, fields: Record<string, unknown> = {}): GameEvent {
  return { kind, to, ...fields };
}
