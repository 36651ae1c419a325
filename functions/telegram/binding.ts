// One-time codes that bind Telegram to a match: the GM's group code (`/bind <code>` in the group), a
// player's deep link (`https://t.me/<bot>?start=<code>`) and a channel member's code for a new group that
// mirrors his private channel (`/bind <code>` in that group). Random, single use (the same account in the same
// chat may take it again while it lasts: Telegram's redelivery of an update that failed after taking it),
// expiring, stored hashed; a code that is unknown, used or lapsed is refused the same way, whichever it was.
import { randomBytes } from 'node:crypto';
import type { PlayerRecord, TelegramSeat } from '../records.js';
import type { Ports, TelegramStore } from '../ports.js';
import type { Caller } from '../service/callers.js';
import { loadState, type Loaded } from '../service/context.js';
import { readsChannel } from '../service/play.js';
import { refusal } from '../service/errors.js';
import { sameStoredHash } from '../service/tokens.js';

/** How long a code may wait before it is redeemed. */
export const CODE_TTL_MS = 15 * 60_000;
/** A code's shape: what Telegram's start parameter allows (A–Z, a–z, 0–9, _ and -, at most 64). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const newCode = () => randomBytes(18).toString('base64url');

function telegramOf(ports: Ports): { store: TelegramStore; username: string } {
  const store = ports.store.telegram;
  if (!store || !ports.telegram) throw refusal('telegram-off', 'No Telegram bot runs on this server.');
  return { store, username: ports.telegram.username };
}

/** The GM's code for the match's group: `/bind <code>` sent in the group by anyone who is in it. */
export async function groupCode(ports: Ports, loaded: Loaded) {
  const { store, username } = telegramOf(ports);
  if (loaded.meta.status === 'ended') throw refusal('match-over', 'The match has ended.');
  const code = newCode();
  const until = ports.clock.now() + CODE_TTL_MS;
  await store.putCode(code, { matchId: loaded.meta.id, kind: 'group', until });
  return { command: `/bind ${code}`, bot: `https://t.me/${username}`, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/** A player's deep link: opening it binds his seat to his Telegram account, once. */
export async function seatLink(ports: Ports, caller: Caller) {
  const { store, username } = telegramOf(ports);
  if (caller.loaded.meta.status === 'ended') throw refusal('match-over', 'The match has ended.');
  const code = newCode();
  const until = ports.clock.now() + CODE_TTL_MS;
  await store.putCode(code, {
    matchId: caller.loaded.meta.id,
    kind: 'seat',
    playerId: caller.player.id,
    tokenHash: caller.player.tokenHash,
    until,
  });
  return { link: `https://t.me/${username}?start=${code}`, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/** A member's code for a new group mirroring his private channel (the pack): `/bind <code>` sent there by him. */
export async function channelCode(ports: Ports, caller: Caller, channel: string) {
  const { store, username } = telegramOf(ports);
  const { meta, ruleset } = caller.loaded;
  if (meta.status === 'ended') throw refusal('match-over', 'The match has ended.');
  const state = meta.status === 'lobby' ? null : await loadState(ports, meta);
  // The page's own test of who reads a channel; the public one has the GM's group instead.
  if (channel === 'public' || state === null || !readsChannel(ruleset, state, caller.player.id, channel))
    throw refusal('channel-forbidden', `You cannot read channel "${channel}".`);
  const code = newCode();
  const until = ports.clock.now() + CODE_TTL_MS;
  await store.putCode(code, {
    matchId: meta.id,
    kind: 'channel',
    playerId: caller.player.id,
    tokenHash: caller.player.tokenHash,
    channel,
    until,
  });
  return { command: `/bind ${code}`, bot: `https://t.me/${username}`, expiresInSeconds: CODE_TTL_MS / 1000 };
}

/** Whether a binding still speaks for its seat: the seat is there and still held by the person who bound it. */
export function holds(seat: Pick<TelegramSeat, 'tokenHash'>, player: PlayerRecord | null): player is PlayerRecord {
  return player !== null && sameStoredHash(seat.tokenHash, player.tokenHash);
}

/** The seat's player, while the binding still speaks for him (no substitute took the seat since). */
export async function heldSeat(ports: Ports, seat: TelegramSeat): Promise<PlayerRecord | null> {
  const player = await ports.store.getPlayer(seat.matchId, seat.playerId);
  return holds(seat, player) ? player : null;
}
