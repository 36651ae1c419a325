// The event log's copies by audience (decision 12): beside each `LOG#<n>#<k>` item, one `SEE#public#…`
// item with its public events, one `SEE#player#<id>#…` item per player who may read one of its private
// events (holding every event of it he may read), or, when too many players may, one `SEE#wide#…` marker
// that a player's read follows to the log item. A reader's query then meets only what he may see.
import { canRead, type StoredEvent } from '../../../engine/core/events.js';
import type { LogPosition } from '../../records.js';
import { logSk } from './event-log.js';
import { LOG_PREFIX, PREFIX } from './keys.js';

const digits = (at: LogPosition) => logSk(at).slice(LOG_PREFIX.length);

/** A stream of positions under one sort-key prefix. */
export interface AudienceStream {
  prefix: string;
  /** The item holds no events: read the log item at its position. */
  marker: boolean;
}

export const PUBLIC_STREAM: AudienceStream = { prefix: `${PREFIX.see}public#`, marker: false };
export const WIDE_STREAM: AudienceStream = { prefix: `${PREFIX.see}wide#`, marker: true };
export const playerStream = (playerId: string): AudienceStream => ({
  prefix: `${PREFIX.see}player#${encodeURIComponent(playerId)}#`,
  marker: false,
});

export const streamSk = (stream: AudienceStream, at: LogPosition) => `${stream.prefix}${digits(at)}`;
/** The smallest key after `at` in the stream (`#` sorts before every digit). */
export const streamSkAfter = (stream: AudienceStream, at: LogPosition) => `${streamSk(stream, at)}#`;
/** Sorts after every key of the stream. */
export const streamEnd = (stream: AudienceStream) => `${stream.prefix}~`;

export function streamPosition(sk: string): LogPosition | null {
  const m = /#(\d{15})#(\d{4})$/.exec(sk);
  return m ? { n: Number(m[1]), k: Number(m[2]) } : null;
}

/** Above this many private readers, one log item gets a wide marker instead of a copy per reader. */
export const MAX_PLAYER_COPIES = 12;

/**
 * The players who may read `e` when it is not public: exactly those `canRead` lets in (its audience,
 * else its addressee and the channel's readers when it was produced).
 */
export function privateReaders(e: StoredEvent): string[] {
  if (e.event.to === 'public') return [];
  return e.audience ?? [e.event.to, ...(e.readers ?? [])];
}

export interface AudienceCopy {
  sk: string;
  /** The events it holds (in log order); none for a wide marker. */
  events: StoredEvent[] | null;
}

/** The audience items of the log item at `at` holding `events`. */
export function audienceCopies(at: LogPosition, events: StoredEvent[], wideOnly = false): AudienceCopy[] {
  const copies: AudienceCopy[] = [];
  const shown = events.filter((e) => e.event.to === 'public');
  if (shown.length > 0) copies.push({ sk: streamSk(PUBLIC_STREAM, at), events: shown });
  const readers = new Set(events.flatMap(privateReaders));
  if (readers.size === 0) return copies;
  if (wideOnly || readers.size > MAX_PLAYER_COPIES) return [...copies, { sk: streamSk(WIDE_STREAM, at), events: null }];
  for (const id of readers) {
    const reader = { as: 'player', id } as const;
    copies.push({ sk: streamSk(playerStream(id), at), events: events.filter((e) => canRead(e, reader)) });
  }
  return copies;
}
