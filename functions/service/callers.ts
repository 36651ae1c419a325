// Who is calling, from a bearer token: a player of the match, proven by comparing the token's hash
// with his record's. The same answer for "no such player" and "not yours".
import type { Ports } from '../ports.js';
import type { PlayerRecord } from '../records.js';
import { loadMeta, type Loaded } from './context.js';
import { refusal } from './errors.js';
import { readToken, sameHash } from './tokens.js';

/** The caller as the API found him: his match and his record, already verified. */
export interface Caller {
  loaded: Loaded;
  player: PlayerRecord;
}

export const badToken = () => refusal('unauthorized', 'The token is not valid for this match.');

/** The calling player, found with his match in one round trip (META and his record read together). */
export async function findPlayerCaller(ports: Ports, matchId: string, token: string): Promise<Caller> {
  const claim = readToken(token);
  const [loaded, player] = await Promise.all([
    loadMeta(ports, matchId),
    claim?.kind === 'player' ? ports.store.getPlayer(matchId, claim.playerId) : Promise.resolve(null),
  ]);
  if (player && sameHash(token, player.tokenHash)) return { loaded, player };
  // A substitute took this seat: the old link is told so, with who holds it now (names are public).
  if (player?.replaced?.some((r) => sameHash(token, r.tokenHash)))
    throw refusal('seat-replaced', 'A substitute now holds this seat.', { name: player.name });
  if (claim?.kind === 'gm' && sameHash(token, loaded.meta.gmTokenHash)) {
    throw refusal('player-only', 'This is a player route; the GM uses /as/{playerId}.');
  }
  throw badToken();
}
