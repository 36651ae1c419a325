// Checks a scenario's expectations against what a driver reports; the first mismatch is returned.
import type { Facts, GameEvent } from '../../engine/core/types.js';
import type { Expectation } from './scenario.js';

export interface Mismatch {
  assertion: string;
  expected: unknown;
  actual: unknown;
}

const show = (v: unknown) => JSON.stringify(v);

/** Deep equality for JSON values (order of object keys ignored). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => equal((a as any)[k], (b as any)[k]));
}

/** An event matches when it has at least the expected fields with equal values. */
export function matchesEvent(actual: GameEvent, expected: Record<string, unknown>): boolean {
  return Object.entries(expected).every(([k, v]) => equal((actual as any)[k], v));
}

/** Whether what a reader sees pairs `target` with his role or faction in one object. */
export function reveals(seen: unknown, target: string, secrets: string[]): boolean {
  const secret = new Set(secrets.filter(Boolean));
  const scalarSecret = (v: unknown) => typeof v === 'string' && secret.has(v);
  const direct = (v: unknown): boolean =>
    scalarSecret(v) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).some(scalarSecret));
  const walk = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(walk);
    if (typeof node !== 'object' || node === null) return false;
    const entries = Object.entries(node);
    const mentions = entries.some(([, v]) => v === target);
    if (mentions && entries.some(([, v]) => scalarSecret(v))) return true;
    if (entries.some(([k, v]) => k === target && direct(v))) return true;
    return entries.some(([, v]) => walk(v));
  };
  return walk(seen);
}

export interface Observed {
  facts: Facts & { winner: string | null };
  phase: string | null;
  events: GameEvent[] | null;
  sees: (player: string) => Promise<unknown>;
}

export async function check(expect: Expectation, observed: Observed): Promise<Mismatch | null> {
  const { facts } = observed;
  const alive = new Set(facts.alive);
  const dead = new Set(facts.dead);
  const jailed = new Set(facts.jailed ?? []);
  // A jailed player is neither alive nor dead in the facts (Mafia): say so rather than "unknown player".
  const state = (p: string) => (alive.has(p) ? 'alive' : dead.has(p) ? 'dead' : jailed.has(p) ? 'jailed' : 'unknown player');
  for (const p of expect.alive ?? []) if (!alive.has(p)) return { assertion: `alive ${p}`, expected: 'alive', actual: state(p) };
  for (const p of expect.dead ?? []) if (!dead.has(p)) return { assertion: `dead ${p}`, expected: 'dead', actual: state(p) };
  for (const p of expect.jailed ?? []) {
    if (!(facts.jailed ?? []).includes(p)) return { assertion: `jailed ${p}`, expected: 'jailed', actual: 'not jailed' };
  }
  if (expect.winner !== undefined && facts.winner !== expect.winner)
    return { assertion: 'winner', expected: expect.winner, actual: facts.winner };
  if (expect.phase !== undefined && observed.phase !== expect.phase)
    return { assertion: 'phase', expected: expect.phase, actual: observed.phase };
  for (const [p, role] of Object.entries(expect.role ?? {})) {
    const actual = facts.role?.[p];
    if (actual !== role) return { assertion: `role ${p}`, expected: role, actual };
  }
  for (const [p, stats] of Object.entries(expect.stats ?? {})) {
    for (const [k, v] of Object.entries(stats)) {
      const actual = facts.stats?.[p]?.[k];
      if (actual !== v) return { assertion: `stats ${p}.${k}`, expected: v, actual };
    }
  }
  for (const [p, zone] of Object.entries(expect.zone ?? {})) {
    const actual = facts.zone?.[p];
    if (actual !== zone) return { assertion: `zone ${p}`, expected: zone, actual };
  }
  for (const [p, items] of Object.entries(expect.inventory ?? {})) {
    for (const [k, v] of Object.entries(items)) {
      const actual = facts.inventory?.[p]?.[k] ?? 0;
      if (actual !== v) return { assertion: `inventory ${p}.${k}`, expected: v, actual };
    }
  }
  if (observed.events) {
    for (const e of expect.events ?? []) {
      if (!observed.events.some((a) => matchesEvent(a, e))) {
        const near = observed.events.filter((a) => a.kind === e.kind);
        return { assertion: `event ${e.kind} to ${e.to}`, expected: e, actual: near.length ? near : 'no such event' };
      }
    }
    for (const e of expect.noEvents ?? []) {
      const found = observed.events.find((a) => matchesEvent(a, e));
      if (found) return { assertion: `no event ${e.kind} to ${e.to}`, expected: 'absent', actual: found };
    }
  }
  for (const [reader, targets] of Object.entries(expect.hidden ?? {})) {
    const seen = await observed.sees(reader);
    for (const t of targets) {
      const secrets = [facts.role?.[t], facts.faction?.[t]].filter((s): s is string => typeof s === 'string');
      if (reveals(seen, t, secrets))
        return { assertion: `hidden ${reader} ↛ ${t}`, expected: 'nothing about its role or faction', actual: show(secrets) };
    }
  }
  return null;
}
