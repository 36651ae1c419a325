// The audit: re-runs the resolution of a past phase from what is stored and compares it byte for byte.
import { closePhase } from '../../engine/core/match.js';
import { withReaders, type StoredEvent } from '../../engine/core/events.js';
import type { Ruleset } from '../../engine/core/types.js';
import type { Ports } from '../ports.js';
import type { MatchMeta } from '../records.js';
import { loadMeta } from './context.js';
import { refusal } from './errors.js';

export interface AuditResult {
  phase: string;
  /** True when the state and the close events computed now equal the stored ones, byte for byte. */
  identical: boolean;
  /** The first place where they differ: `state.players[3].alive: stored true, computed false`. */
  firstDifference?: string;
}

const show = (value: unknown): string => {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/** The JSON path of the first difference between two JSON values, or null when their bytes are equal. */
export function firstDifference(stored: unknown, computed: unknown, path: string): string | null {
  if (JSON.stringify(stored) === JSON.stringify(computed)) return null;
  const bothArrays = Array.isArray(stored) && Array.isArray(computed);
  const bothObjects =
    typeof stored === 'object' &&
    stored !== null &&
    typeof computed === 'object' &&
    computed !== null &&
    !Array.isArray(stored) &&
    !Array.isArray(computed);
  if (bothArrays) {
    const a = stored as unknown[];
    const b = computed as unknown[];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const inner = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (inner) return inner;
    }
  } else if (bothObjects) {
    const a = stored as Record<string, unknown>;
    const b = computed as Record<string, unknown>;
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    for (const key of [...new Set([...keysA, ...keysB])]) {
      const inner = firstDifference(a[key], b[key], `${path}.${key}`);
      if (inner) return inner;
    }
    // Same entries in another key order: still not the same bytes.
    return `${path}: keys stored in order ${show(keysA)}, computed ${show(keysB)}`;
  }
  return `${path}: stored ${show(stored)}, computed ${show(computed)}`;
}

/** Where the resolution of `phase` stored its result: the next phase's state, or `final`. */
function resultKey(meta: MatchMeta, phase: string): string | null {
  const at = meta.history.indexOf(phase);
  if (at < 0) return null;
  const next = meta.history[at + 1];
  if (next !== undefined) return next;
  // The last phase of the history is resolved only if the match ended by it.
  return meta.status === 'ended' ? 'final' : null;
}

/**
 * A removal after the start rewrites the open phase's state in place (lifecycle.ts `removePlayer`).
 * The state a resolution stored is then the start of the next phase *before* those removals, so
 * they are applied again, in the order they happened, to what the resolution computes now.
 */
function removalsIn(events: StoredEvent[]): string[] {
  const seen: string[] = [];
  for (const e of events) {
    if (e.origin.kind === 'removal' && !seen.includes(e.origin.player)) seen.push(e.origin.player);
  }
  return seen;
}

function replayRemovals(ruleset: Ruleset, state: unknown, players: string[]): unknown {
  let current = state;
  // A ruleset's removal never reads the pending actions to change the state, only to withdraw them.
  for (const player of players) current = ruleset.remove(current, player, []).state;
  return current;
}

/**
 * Re-resolves `phase` of a match from its stored state (STATE#phase), its stored actions
 * (ACTION#phase#…) and the match seed, with the engine, and compares the result with what the
 * resolver stored: the next state (STATE#next, or STATE#final) and the close events of the phase.
 */
export async function auditPhase(ports: Ports, matchId: string, phase: string): Promise<AuditResult> {
  const { meta, ruleset } = await loadMeta(ports, matchId);
  if (!meta.history.includes(phase)) throw refusal('not-found', `Phase ${phase} not found.`);
  const key = resultKey(meta, phase);
  if (key === null) throw refusal('phase-open', `Phase ${phase} has not been resolved yet.`);
  const [state, pending, stored, storedEvents] = await Promise.all([
    ports.store.getState(matchId, phase),
    ports.store.listPending(matchId, phase),
    ports.store.getState(matchId, key),
    ports.store.listEvents(matchId, key === 'final' ? [phase] : [phase, key]),
  ]);
  const storedClose = storedEvents.filter((e) => e.phase === phase && e.origin.kind === 'close');
  if (state === null || stored === null) {
    throw refusal('record-incomplete', `The stored record of ${phase} is incomplete.`);
  }
  if (key === 'final' && storedClose.length === 0 && ruleset.phase(state) !== null) {
    // The match ended during the phase (a removal, the GM), not by resolving it.
    throw refusal('not-resolved', `Phase ${phase} ended without a resolution.`);
  }

  const closed = closePhase(ruleset, state, pending, meta.seed ?? '', meta.dice);
  const events = withReaders(closed.events, ruleset.channels(closed.state), phase, { kind: 'close' });
  const removed = key === 'final' ? [] : removalsIn(storedEvents.filter((e) => e.phase === key));
  const computedState = removed.length > 0 ? replayRemovals(ruleset, closed.state, removed) : closed.state;

  const difference = firstDifference(storedClose, events, 'events') ?? firstDifference(stored, computedState, 'state');
  return difference === null ? { phase, identical: true } : { phase, identical: false, firstDifference: difference };
}
