// The public record: static JSON files per match and phase, built only from public projections.
import { canRead, type StoredEvent } from '../../engine/core/events.js';
import { dealtPlayers } from '../../engine/core/match.js';
import type { Ruleset } from '../../engine/core/types.js';
import type { Ports } from '../ports.js';
import { LOBBY_TIERS, type MatchMeta } from '../records.js';
import { loadMeta, loadState, withRuleset } from './context.js';
import { publishPosts } from './posts/publish.js';
import { emptyLobbyCutoff, listPage, lobbyCutoff } from './listing.js';
import { matchIdentity } from './match-identity.js';
import { observersOf } from './observers.js';

/** What anyone may know of a match: never the seed, tokens or hidden state. */
export function publicSummary(
  meta: MatchMeta,
  ruleset: Ruleset,
  state: unknown | null,
  players: Array<{ id: string; name: string; options?: Record<string, unknown> }>,
) {
  // Who is alive, as the ruleset's public roster says (none before the start).
  const alive = new Map((state === null ? [] : ruleset.roster(state)).map((p) => [p.id, p.alive]));
  return {
    ...matchIdentity(meta),
    deadline: meta.status === 'paused' ? null : meta.deadline,
    remainingMs: meta.status === 'paused' ? meta.remainingMs : null,
    winner: meta.winner,
    settings: meta.settings,
    phases: meta.history,
    players: players.map((p) => (alive.has(p.id) ? { id: p.id, name: p.name, alive: alive.get(p.id) } : { id: p.id, name: p.name })),
    // In the lobby: who the start would leave out (MAF-1.9), so the lobby can say so before the GM starts.
    ...(meta.status === 'lobby' ? { notDealt: notDealtIn(ruleset, players) } : {}),
    imported: meta.imported === true,
  };
}

function notDealtIn(ruleset: Ruleset, players: Array<{ id: string; options?: Record<string, unknown> }>): string[] {
  const dealt = new Set(
    dealtPlayers(
      ruleset,
      players.map((p) => ({ id: p.id, options: p.options ?? {} })),
    ),
  );
  return players.filter((p) => !dealt.has(p.id)).map((p) => p.id);
}

export type PublicSummary = ReturnType<typeof publicSummary>;

export function publicEvents(events: StoredEvent[]) {
  return events.filter((e) => canRead(e, { as: 'public' })).map((e) => e.event);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/** Writes `matches/<id>/index.json`, the phase's file and `matches/index.json`. Same input, same bytes. */
export async function publishMatch(
  ports: Ports,
  matchId: string,
  phases: string[],
  read: { meta?: MatchMeta; finishedAt?: ReadonlyMap<string, MatchMeta> } = {},
): Promise<void> {
  // The reads are independent (the state's key is META's, and a resolution has just left its state in
  // loadState's cache). The stream's consumer has read META already (`read.meta`).
  const [{ meta, ruleset }, players, phaseEvents] = await Promise.all([
    read.meta ? withRuleset(read.meta) : loadMeta(ports, matchId),
    ports.store.listPlayers(matchId),
    Promise.all(phases.map((phase) => ports.store.listEvents(matchId, [phase]))),
  ]);
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  const board = state === null ? null : ruleset.view(state, { as: 'public' });
  const summary = publicSummary(meta, ruleset, state, players);
  // The phase files before the index that names them.
  await Promise.all(
    phases.map((phase, i) =>
      ports.publisher.put(
        `matches/${matchId}/phases/${phase}.json`,
        json({ match: matchId, phase, events: publicEvents(phaseEvents[i]!) }),
      ),
    ),
  );
  await ports.publisher.put(`matches/${matchId}/index.json`, json({ ...summary, board }));
  if (state !== null) await publishPosts(ports, { meta, ruleset }, phases, read.finishedAt);
  await observersOf(ports).afterPublish(ports, { meta, ruleset }, phases);
  await publishIndex(ports);
}

/**
 * A request's publication after its commit. Where the table's stream has its consumer (decision 11, issue 47)
 * the request publishes nothing: the consumer publishes from the committed change (effects/changes.ts
 * `republishes`), in commit order per match, so a slow bucket delays no answer and a late file never
 * overwrites a newer one. Without the stream it publishes here, as before.
 */
export async function publishCommitted(ports: Ports, matchId: string, phases: string[]): Promise<void> {
  if (ports.effects === 'stream') return;
  await publishMatch(ports, matchId, phases);
}

/** Pages of the published index past the first (`matches/index-2.json`...); later matches are in the API's list. */
export const MAX_INDEX_PAGES = 20;
const indexFile = (n: number) => (n === 1 ? 'matches/index.json' : `matches/index-${n}.json`);

/**
 * Writes the public index as pages of the API's list: `matches/index.json` is the first, each names the
 * next (`next`: the file beside it, or null). Imported matches and expired lobbies are not in it.
 */
export async function publishIndex(ports: Ports): Promise<void> {
  let cursor: string | undefined;
  let n = 1;
  for (; n <= MAX_INDEX_PAGES; n++) {
    const page = await listPage(ports, cursor);
    const more = page.next !== null && n < MAX_INDEX_PAGES;
    await ports.publisher.put(
      indexFile(n),
      json({ page: n, matches: page.matches, next: more ? indexFile(n + 1).slice('matches/'.length) : null }),
    );
    if (!more) break;
    cursor = page.next!;
  }
  // A shorter list leaves no stale page behind it (issue 13): pages past the last are deleted.
  const stale = Array.from({ length: MAX_INDEX_PAGES - n }, (_, i) => indexFile(n + 1 + i));
  await Promise.all(stale.map((key) => ports.publisher.remove(key)));
}

/** How far back the sweep looks for lobbies that expired: several sweeps, so that a missed one is made up. */
export const EXPIRY_LOOKBACK_MS = 3_600_000;

/**
 * The published index is written when something is published; a lobby that expires publishes
 * nothing. The sweep writes the index again while a lobby expired within the lookback.
 */
export async function refreshIndexAfterExpiry(ports: Ports): Promise<boolean> {
  const found = await Promise.all(
    LOBBY_TIERS.map((tier) => {
      // Each tier by its own lifetime: the joined lobbies' days, the empty ones' hours (issue 41).
      const cutoff = tier === 'joined' ? lobbyCutoff(ports) : emptyLobbyCutoff(ports);
      return ports.store.listMatchPage('lobby', { limit: 25, tier, createdSince: cutoff - EXPIRY_LOOKBACK_MS, createdBefore: cutoff });
    }),
  );
  if (found.every((page) => page.matches.length === 0)) return false;
  await publishIndex(ports);
  return true;
}
