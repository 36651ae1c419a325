// The public record: static JSON files per match and phase, built only from public projections.
import { canRead, type StoredEvent } from '../../engine/core/events.js';
import { dealtPlayers } from '../../engine/core/match.js';
import type { Ruleset } from '../../engine/core/types.js';
import type { MatchMeta, Ports } from '../ports.js';
import { loadMeta, loadState } from './context.js';
import { publishPosts } from './posts/publish.js';
import { afterPublish } from './toolkit/hooks.js';

/** What anyone may know of a match: never the seed, tokens or hidden state. */
export function publicSummary(
  meta: MatchMeta,
  ruleset: Ruleset,
  state: unknown | null,
  players: Array<{ id: string; name: string; options?: Record<string, unknown> }>,
  board: unknown = state === null ? null : ruleset.view(state, { as: 'public' }),
) {
  const publicView = board as Record<string, unknown> | null;
  const alive = new Map<string, boolean>();
  for (const p of (publicView?.players as Array<{ id: string; alive?: boolean }> | undefined) ?? []) {
    if (typeof p.alive === 'boolean') alive.set(p.id, p.alive);
  }
  return {
    id: meta.id,
    name: meta.name,
    ruleset: meta.ruleset,
    sandbox: meta.sandbox,
    status: meta.status,
    phase: meta.phase,
    deadline: meta.status === 'paused' ? null : meta.deadline,
    remainingMs: meta.status === 'paused' ? meta.remainingMs : null,
    winner: meta.winner,
    settings: meta.settings,
    phases: meta.history,
    players: players.map((p) => (alive.has(p.id) ? { id: p.id, name: p.name, alive: alive.get(p.id) } : { id: p.id, name: p.name })),
    // In the lobby: who the start would leave out (MAF-1.9), so the lobby can say so before the GM starts.
    ...(meta.status === 'lobby' ? { notDealt: notDealtIn(ruleset, players) } : {}),
  };
}

function notDealtIn(ruleset: Ruleset, players: Array<{ id: string; options?: Record<string, unknown> }>): string[] {
  const dealt = new Set(dealtPlayers(ruleset, players.map((p) => ({ id: p.id, options: p.options ?? {} }))));
  return players.filter((p) => !dealt.has(p.id)).map((p) => p.id);
}

export type PublicSummary = ReturnType<typeof publicSummary>;

export function publicEvents(events: StoredEvent[]) {
  return events.filter((e) => canRead(e, { as: 'public' })).map((e) => e.event);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/** Writes `matches/<id>/index.json`, the phase's file and `matches/index.json`. Same input, same bytes. */
export async function publishMatch(ports: Ports, matchId: string, phases: string[]): Promise<void> {
  const { meta, ruleset } = await loadMeta(ports, matchId);
  // The reads are independent; the public view is built once (the summary reads who is alive from it).
  const [players, state, phaseEvents] = await Promise.all([
    ports.store.listPlayers(matchId),
    meta.status === 'lobby' ? null : loadState(ports, meta),
    Promise.all(phases.map((phase) => ports.store.listEvents(matchId, [phase]))),
  ]);
  const board = state === null ? null : ruleset.view(state, { as: 'public' });
  const summary = publicSummary(meta, ruleset, state, players, board);
  for (const [i, phase] of phases.entries()) {
    await ports.publisher.put(`matches/${matchId}/phases/${phase}.json`, json({ match: matchId, phase, events: publicEvents(phaseEvents[i]!) }));
  }
  await ports.publisher.put(`matches/${matchId}/index.json`, json({ ...summary, board }));
  if (state !== null) await publishPosts(ports, { meta, ruleset }, phases);
  await afterPublish(ports, { meta, ruleset }, phases);
  await publishIndex(ports);
}

export async function publishIndex(ports: Ports): Promise<void> {
  const lists = await Promise.all(
    (['lobby', 'running', 'paused', 'ended'] as const).map((s) => ports.store.listMatches(s, 100)),
  );
  const matches = lists
    .flat()
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
    .map((m) => ({ id: m.id, name: m.name, ruleset: m.ruleset, status: m.status, phase: m.phase, deadline: m.deadline, sandbox: m.sandbox }));
  await ports.publisher.put('matches/index.json', json({ matches }));
}
