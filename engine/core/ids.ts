// Which ids a player may not take: the platform's readers and every id a ruleset declares for its
// channels and groups (ARCHITECTURE, ids: no player id is `public` or a channel id).
import * as z from 'zod';

/** A kebab-case ASCII id (players, phases, channels, slots, catalog entries, zones). */
export const KEBAB_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The same id as a request or record field: at most 64 characters (every id in a path or a key). */
export const kebabId = z.string().regex(KEBAB_ID, 'kebab-case ASCII').max(64);

/** Readers, audiences and outcomes of the platform itself (`draw` is a winner, beside player ids). */
export const PLATFORM_IDS = ['public', 'gm', 'draw'] as const;

/** The placeholder in a declared pattern that stands for any player id (`spirit-{player}`). */
export const PLAYER_PLACEHOLDER = '{player}';

const segments = (id: string) => id.split('-');

/** The fixed kebab segments a pattern starts with (all of it, or what comes before its first placeholder). */
function head(pattern: string): string[] {
  const at = pattern.indexOf('{');
  const fixed = (at < 0 ? pattern : pattern.slice(0, at)).replace(/-$/, '');
  return fixed === '' ? [] : segments(fixed);
}

/**
 * Whether a player id collides with a declared id pattern: equal to it, matched by it, or one a
 * kebab-segment prefix of the other (`spirit` and `spirit-p3`, `pack` and `pack-1`), so that neither
 * reads as the other and no key prefix of one finds the other's records.
 */
export function collidesWith(playerId: string, pattern: string): boolean {
  const fixed = head(pattern);
  const own = segments(playerId);
  return own.slice(0, fixed.length).every((s, i) => s === fixed[i]);
}

/** The first declared pattern (or platform id) this player id collides with, if any. */
export function reservedBy(playerId: string, patterns: readonly string[]): string | undefined {
  return [...PLATFORM_IDS, ...patterns].find((p) => collidesWith(playerId, p));
}
