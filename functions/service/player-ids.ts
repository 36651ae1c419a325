// Player ids a match may not hand out (sandbox joins, imports): derived from every ruleset's declared
// channel patterns, so a new channel in any ruleset reserves its ids without a list to keep up.
import { rulesets } from '../../engine/index.js';
import { reservedBy } from '../../engine/core/ids.js';

// Read on first use: reading a ruleset checks it against the contract (engine/index.ts), not a start's work.
let patterns: string[] | undefined;

/** The reserved id or pattern `playerId` collides with (`spirit-{player}` for `spirit-p3`), if any. */
export function reservedPlayerId(playerId: string): string | undefined {
  patterns ??= Object.values(rulesets).flatMap((rs) => rs.channelPatterns);
  return reservedBy(playerId, patterns);
}

export const isReservedPlayerId = (playerId: string): boolean => reservedPlayerId(playerId) !== undefined;
