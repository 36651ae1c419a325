// No-shows: a living player who could act and sent nothing when a phase closes, and the match's policy for him.
import type { GameEvent, PendingAction, Ruleset } from '../../../engine/core/types.js';
import type { Ports } from '../../ports.js';
import type { MatchMeta, PlayerRecord } from '../../records.js';
import { loadMeta, loadState } from '../context.js';
import type { CloseStep } from '../observers.js';
import { removePlayer } from '../lifecycle.js';
import { noShowPolicy } from '../platform-settings.js';

/** Default actions go into the close's one transaction (100 items at most), so they are capped. */
const MAX_DEFAULTS = 50;

/** The no-show policy's part of a close: defaults added, private warnings (policy `warn`), the record. */
export type NoShowStep = CloseStep;

/** Sent nothing: no action of his (or in a slot he shares), no check, yet the ruleset offered him something. */
export function sentNothing(ruleset: Ruleset, state: unknown, player: PlayerRecord, phase: string, pending: PendingAction[]): boolean {
  if (player.checkedPhase === phase) return false;
  if (pending.some((a) => a.player === player.id || a.owner === player.id)) return false;
  const offered = ruleset.available(state, player.id, pending);
  return offered.length > 0 && offered.every((a) => a.submitted === undefined);
}

/** Pure: the no-shows of `phase` and what the policy does about them. */
export function noShowStep(
  ruleset: Ruleset,
  meta: MatchMeta,
  state: unknown,
  pending: PendingAction[],
  players: PlayerRecord[],
): NoShowStep {
  const policy = noShowPolicy(meta.settings);
  const phase = meta.phase!;
  const alive = new Set(ruleset.facts(state).alive);
  const missing = players.filter((p) => alive.has(p.id) && sentNothing(ruleset, state, p, phase, pending));
  const noShows: Record<string, string[]> = { ...meta.noShows };
  for (const p of missing) if (!(noShows[p.id] ?? []).includes(phase)) noShows[p.id] = [...(noShows[p.id] ?? []), phase];

  const all = [...pending];
  const added: PendingAction[] = [];
  const notices: GameEvent[] = [];
  for (const p of missing) {
    const missed = noShows[p.id]!.length;
    if (policy.mode === 'warn') {
      notices.push({ kind: 'no-show', to: p.id, missed, limit: policy.limit > 0 ? policy.limit : null });
    }
    if (policy.mode !== 'default' || !ruleset.defaultAction || added.length >= MAX_DEFAULTS) continue;
    const action = ruleset.defaultAction(state, p.id, all);
    if (!action) continue;
    const verdict = ruleset.validate(state, p.id, action, all);
    if (!verdict.ok || all.some((a) => a.owner === verdict.owner && a.slot === verdict.slot)) continue;
    const stored: PendingAction = { player: p.id, owner: verdict.owner, slot: verdict.slot, action: verdict.action, seq: 0, auto: true };
    all.push(stored);
    added.push(stored);
    notices.push(...(verdict.events ?? []));
  }
  return { pending: all, added, noShows, notices };
}

/** Called by the resolver before it closes a phase; without a policy nothing is read or changed. */
export async function beforeClose(
  ports: Ports,
  meta: MatchMeta,
  ruleset: Ruleset,
  state: unknown,
  pending: PendingAction[],
): Promise<NoShowStep> {
  const policy = noShowPolicy(meta.settings);
  if (policy.mode === 'nothing' && policy.limit === 0) return { pending, added: [], notices: [] };
  const players = await ports.store.listPlayers(meta.id);
  return noShowStep(ruleset, meta, state, pending, players);
}

/** After a resolution: removes (modkills) every living player who has missed `no-show-limit` phases. */
export async function removeNoShows(ports: Ports, matchId: string): Promise<string[]> {
  const loaded = await loadMeta(ports, matchId);
  const { meta, ruleset } = loaded;
  const { limit } = noShowPolicy(meta.settings);
  if (limit === 0 || meta.status !== 'running' || !meta.noShows) return [];
  const alive = new Set(ruleset.facts(await loadState(ports, meta)).alive);
  const due = Object.entries(meta.noShows)
    .filter(([id, phases]) => phases.length >= limit && alive.has(id))
    .map(([id]) => id)
    .sort();
  const removed: string[] = [];
  for (const id of due) {
    const result = await removePlayer(ports, matchId, id);
    removed.push(id);
    if (result.status === 'ended') break;
  }
  return removed;
}
