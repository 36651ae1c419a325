// Events with their audiences: who may read what, decided once when an event is produced.
import type { ChannelInfo, GameEvent, PlayerId } from './types.js';

/** An event as stored: the phase it belongs to, its order there, and who could read it then. */
export interface StoredEvent {
  phase: string;
  /** Order inside the phase: submission events first by time, then the close in emission order. */
  seq: string;
  event: GameEvent;
  /** For channel events: the channel's readers when the event was produced. */
  readers?: PlayerId[];
}

export type Reader = { as: 'player'; id: PlayerId } | { as: 'public' } | { as: 'gm' };

/** Attaches channel readers (taken from the state right after the events were produced). */
export function withReaders(
  events: GameEvent[],
  channels: ChannelInfo[],
  phase: string,
  seqPrefix: string,
): StoredEvent[] {
  const byId = new Map(channels.map((c) => [c.id, c.readers]));
  return events.map((event, i) => {
    const readers = byId.get(event.to);
    const stored: StoredEvent = { phase, seq: `${seqPrefix}${String(i).padStart(6, '0')}`, event };
    if (readers) stored.readers = [...readers];
    return stored;
  });
}

/** A reader sees an event addressed to him, to `public`, or to a channel he could read then. */
export function canRead(stored: StoredEvent, reader: Reader): boolean {
  if (reader.as === 'gm') return true;
  const to = stored.event.to;
  if (to === 'public') return true;
  if (reader.as === 'public') return false;
  if (to === reader.id) return true;
  return stored.readers?.includes(reader.id) ?? false;
}

export function visibleEvents(events: StoredEvent[], reader: Reader): StoredEvent[] {
  return events.filter((e) => canRead(e, reader));
}
