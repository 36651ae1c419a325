// Player ids a match may not hand out (sandbox joins, imports): derived from every ruleset's declared
// channel patterns, so a new channel in any ruleset reserves its ids without a list to keep up.
import { rulesets } from '../../engine/index.js';
import { reservedBy } from '../../engine/core/ids.js';

/** The reserved id or pattern `playerId` collides with (`spirit-{player}` for `spirit-p3`), if any. */
export async function reservedPlayerId(playerId: string): Promise<string | undefined> {
  const all = Object.values(await rulesets.loadAll());
  return reservedBy(
    playerId,
    all.flatMap((rs) => rs.channelPatterns),
  );
}

export const isReservedPlayerId = async (playerId: string): Promise<boolean> => (await reservedPlayerId(playerId)) !== undefined;
