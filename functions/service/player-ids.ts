// Player ids a match may not hand out (sandbox joins, imports): derived from every ruleset's declared
// channel patterns, so a new channel in any ruleset reserves its ids without a list to keep up.
import { rulesets } from '../../engine/index.js';
import { reservedBy } from '../../engine/core/ids.js';

const PATTERNS = Object.values(rulesets).flatMap((rs) => rs.channelPatterns);

/** The reserved id or pattern `playerId` collides with (`spirit-{player}` for `spirit-p3`), if any. */
export function reservedPlayerId(playerId: string): string | undefined {
  return reservedBy(playerId, PATTERNS);
}

export const isReservedPlayerId = (playerId: string): boolean => reservedPlayerId(playerId) !== undefined;
