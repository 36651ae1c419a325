// Push to open pages: who may hear of a write, what each page is told of it (the change itself), who a
// connecting page is (a ticket, never a token in a URL), and `publish`, what commits call.
import { canRead, readAs, type Reader } from '../../engine/core/events.js';
import type { Ports, Store } from '../ports.js';
import type { LiveConnection, LiveNotice, MatchMeta } from '../records.js';
import { refusal } from './errors.js';
import { telemetryOf } from './telemetry.js';
import { hashToken, readToken, sameHash } from './tokens.js';

/** Open sockets per address (local server and AWS $connect): a household's or a dorm's tabs, never a flood (decision 14). */
export const SOCKETS_PER_ADDRESS = 60;

/** A ticket lets one socket connect within this time of its issue. */
export const TICKET_SECONDS = 30;
/** Above this size a message carries no events: the page reads them (API Gateway takes messages up to 128 KB). */
const MAX_MESSAGE_CHARS = 120_000;

/**
 * What a page is told of one committed change, all it needs to show it without a request:
 * - `events`: the events of the write its reader may read (public ones for everyone, a player's own
 *   private ones on his own connection), as the event views show them, to add after what it holds;
 * - `votes`: the open day's count after the write, when it changed;
 * - `submitted`: on the writer's own connections, his submissions after it (his other devices show them);
 * - `reread`: the match itself changed (a new phase, a pause, a join) or the change was too large to
 *   carry: read the views again with their cursors.
 */
export interface LiveMessage {
  kind: 'change';
  match: string;
  events: Array<Record<string, unknown>>;
  votes?: unknown;
  /** On the writer's own connections after his submission or withdrawal: his submissions now (from any device). */
  submitted?: Array<Record<string, unknown>>;
  reread?: true;
}

/** The message `connection` gets for `notice` (call only when it `hears` it). */
export function liveMessage(matchId: string, connection: Pick<LiveConnection, 'reader'>, notice: LiveNotice): string {
  const events = notice.everyone ? [] : readAs(notice.events, connection.reader).map((e) => ({ phase: e.phase, ...e.event }));
  const own = notice.submitted !== undefined && connection.reader.as === 'player' && connection.reader.id === notice.actor;
  const message: LiveMessage = {
    kind: 'change',
    match: matchId,
    events,
    ...(notice.votes !== undefined ? { votes: notice.votes } : {}),
    ...(own ? { submitted: notice.submitted } : {}),
  };
  if (notice.everyone) message.reread = true;
  const text = JSON.stringify(message);
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  return JSON.stringify({ kind: 'change', match: matchId, events: [], reread: true } satisfies LiveMessage);
}

/** Whether a connection hears of a write: only when the write stored something its reader may read. */
export function hears(connection: LiveConnection, notice: LiveNotice): boolean {
  const { reader } = connection;
  if (reader.as === 'gm' || notice.everyone || notice.votes !== undefined) return true;
  if (reader.as === 'player' && notice.actor === reader.id) return true;
  return notice.events.some((e) => canRead(e, reader));
}

/** The reader a token proves (none: a spectator), or null for a token that proves nothing. */
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

/**
 * A ticket for one socket of a reader the route proved (decision 14): the page's socket URL carries it,
 * never the token. A player's ticket holds his token's hash, so a substitution in between voids it.
 */
export async function issueLiveTicket(
  ports: Ports,
  matchId: string,
  reader: Reader,
  token: string,
): Promise<{ ticket: string; expiresInSeconds: number }> {
  const tickets = ports.store.liveTickets;
  if (!tickets) throw refusal('not-found', 'This server has no live pages.');
  const until = ports.clock.now() + TICKET_SECONDS * 1000;
  const ticket = await tickets.issue({ matchId, reader, until, ...(reader.as === 'player' ? { tokenHash: hashToken(token) } : {}) });
  return { ticket, expiresInSeconds: TICKET_SECONDS };
}

/**
 * The reader a connecting socket is: a spectator without a ticket; with one, the reader it was issued
 * to, once, while it is fresh and its seat still has the token it was issued with. Null refuses it.
 */
export async function readerForTicket(
  store: Pick<Store, 'getPlayer' | 'liveTickets'>,
  meta: MatchMeta,
  ticket: string | undefined,
  now: number,
): Promise<Reader | null> {
  if (!ticket) return { as: 'public' };
  if (!store.liveTickets || ticket.length > 64) return null;
  const pass = await store.liveTickets.redeem(ticket, now);
  if (!pass || pass.matchId !== meta.id) return null;
  if (pass.reader.as === 'player') {
    const player = await store.getPlayer(meta.id, pass.reader.id);
    if (!player || player.tokenHash !== pass.tokenHash) return null;
  }
  return pass.reader;
}

/**
 * Tells the match's open pages of a committed change (`live.publish`): what the stream consumer calls
 * after a commit, and, until it does, the request that committed. Push is a courtesy: a failure never
 * fails the write.
 */
export async function publish(ports: Ports, matchId: string, change: LiveNotice): Promise<void> {
  if (!ports.live) return;
  try {
    await ports.live.announce(matchId, change);
  } catch (error) {
    telemetryOf(ports).log('warn', 'live push failed', { matchId, error: String(error) });
  }
}

/** The earlier name of `publish`, kept for the callers that send notices today. */
export const notifyCommitted = publish;

/** Closes the sockets of a seat that changed hands or was freed: they heard the seat's private events. */
export async function closeSeat(ports: Ports, matchId: string, playerId: string): Promise<void> {
  try {
    await ports.live?.closeSeat?.(matchId, playerId);
  } catch (error) {
    telemetryOf(ports).log('warn', 'live close failed', { matchId, error: String(error) });
  }
}
