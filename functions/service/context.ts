// Loading a match for a request: META, its ruleset, the open phase's state (cached per version).
import { findRuleset } from '../../engine/index.js';
import type { Gate } from '../../engine/core/match.js';
import type { Ruleset } from '../../engine/core/types.js';
import type { Ports } from '../ports.js';
import type { MatchMeta, PlayerRecord } from '../records.js';
import { notFound, refusal } from './errors.js';
import { Recent } from './recent.js';

export interface Loaded {
  meta: MatchMeta;
  ruleset: Ruleset;
}

export function stateKeyOf(meta: MatchMeta): string | null {
  if (meta.status === 'lobby') return null;
  return meta.phase ?? 'final';
}

/** States by match, phase and META's version: a later version never meets an earlier state. */
const states = new Recent<unknown>(200);
const stateCacheKey = (meta: MatchMeta, key: string) => `${meta.id}:${key}:${meta.version}`;

export async function loadMeta(ports: Ports, matchId: string): Promise<Loaded> {
  if (!/^[a-z0-9-]{1,64}$/.test(matchId)) throw notFound('Match');
  const meta = await ports.store.getMeta(matchId);
  if (!meta) throw notFound('Match');
  return withRuleset(meta);
}

/** A META already read, with its ruleset. */
export async function withRuleset(meta: MatchMeta): Promise<Loaded> {
  const ruleset = await findRuleset(meta.ruleset);
  if (!ruleset) throw refusal('ruleset-not-installed', `Ruleset ${meta.ruleset} is not installed.`);
  return { meta, ruleset };
}

/** The state of the open phase (or the final state); the cache is keyed by META's version. */
export async function loadState(ports: Ports, meta: MatchMeta): Promise<unknown> {
  const key = stateKeyOf(meta);
  if (key === null) throw refusal('phase-closed', 'The match has not started.');
  const kept = states.get(stateCacheKey(meta, key));
  if (kept !== undefined) return kept;
  const state = await ports.store.getState(meta.id, key);
  if (state === null) throw refusal('state-missing', 'The match state is not available yet; try again.');
  states.set(stateCacheKey(meta, key), state);
  return state;
}

/** The open phase's state if this process holds it for `meta`'s version (the write path's warm read). */
export function cachedState(meta: MatchMeta): unknown | undefined {
  const key = stateKeyOf(meta);
  return key === null ? undefined : states.get(stateCacheKey(meta, key));
}

/**
 * A state just committed with `meta` (a resolution's next state): the publish that follows reads it
 * from here instead of the table. Same key as loadState's, so a later META version never meets it.
 */
export function rememberState(meta: MatchMeta, state: unknown): void {
  const key = stateKeyOf(meta);
  if (key === null) return;
  states.set(stateCacheKey(meta, key), state);
}

/** Whether the open phase takes actions at `now`. */
export function gateFor(meta: MatchMeta, now: number, checked: boolean): Gate {
  const open =
    meta.status === 'running' &&
    meta.phase !== null &&
    meta.phaseStatus === 'open' &&
    meta.closeRequestedAt === null &&
    meta.deadline !== null &&
    now < meta.deadline;
  return { status: meta.status, open, checked };
}

/** Whether `player` has checked the open phase: nobody has where none is open (the lobby, an ended match). */
export function hasChecked(meta: MatchMeta, player: Pick<PlayerRecord, 'checkedPhase'>): boolean {
  return meta.phase !== null && player.checkedPhase === meta.phase;
}
