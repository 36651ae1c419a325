// Push to open pages: who may hear of a write, who a connecting page is, and the one message it gets.
import { canRead, type Reader } from '../../engine/core/events.js';
import type { LiveConnection, LiveNotice, MatchMeta, Ports, Store } from '../ports.js';
import { telemetryOf } from './telemetry.js';
import { readToken, sameHash } from './tokens.js';

/** The only message a connection ever gets: there is something new in this match; read it with your cursor. */
export const liveMessage = (matchId: string) => JSON.stringify({ kind: 'new', match: matchId });

/** Whether a connection hears of a write: only when the write stored something its reader may read. */
export function hears(connection: LiveConnection, notice: LiveNotice): boolean {
  const { reader } = connection;
  if (reader.as === 'gm' || notice.everyone) return true;
  if (reader.as === 'player' && notice.actor === reader.id) return true;
  return notice.events.some((e) => canRead(e, reader));
}

/** A page connecting with a token (or none, a spectator): the reader it is, or null to refuse it. */
export async function readerFor(store: Pick<Store, 'getPlayer'>, meta: MatchMeta, token: string | undefined): Promise<Reader | null> {
  if (!token) return { as: 'public' };
  const claim = readToken(token);
  if (claim?.kind === 'gm') return sameHash(token, meta.gmTokenHash) ? { as: 'gm' } : null;
  if (claim?.kind === 'player') {
    const player = await store.getPlayer(meta.id, claim.playerId);
    return player && sameHash(token, player.tokenHash) ? { as: 'player', id: player.id } : null;
  }
  return null;
}

/** Tells the match's open pages of a committed write. Push is a courtesy: a failure never fails the write. */
export async function notifyCommitted(ports: Ports, matchId: string, notice: LiveNotice): Promise<void> {
  if (!ports.live) return;
  try {
    await ports.live.announce(matchId, notice);
  } catch (error) {
    telemetryOf(ports).log('warn', 'live push failed', { matchId, error: String(error) });
  }
}
