// Events with their audiences: who may read what, decided once when an event is produced.
import { originOfSeq, seqOf, type EventOrigin } from './origin.js';
import type { ChannelInfo, GameEvent, PlayerId } from './types.js';

export type { EventOrigin } from './origin.js';

/** An event as stored: the phase it belongs to, its order there, and who could read it then. */
export interface StoredEvent {
  phase: string;
  /** Order inside the phase (origin.ts `seqOf`): the opening, the steps while open by time, then the close. */
  seq: string;
  /** The step that wrote it. */
  origin: EventOrigin;
  event: GameEvent;
  /** For channel events: the channel's readers when the event was produced. */
  readers?: PlayerId[];
  /**
   * One event that reached several players (a witnessed shot, gunfire heard around a zone): the
   * players it is addressed to, in emission order; `event.to` is the first. Each of them reads it as
   * addressed to him (`readAs`), so the record grows with the actions, not with the readers.
   */
  audience?: PlayerId[];
}

export type Reader = { as: 'player'; id: PlayerId } | { as: 'public' } | { as: 'gm' };

/**
 * Attaches channel readers (taken from the state right after the events were produced), and stores
 * a run of equal events addressed to different players once, with their audience. The run keeps the
 * seq of its first event; every reader finds his copy where it was, since the run held no other event.
 * An event with an `audience` counts as its copies, one per addressee in order: the records and their
 * seqs are those of the copies, none of which is built.
 */
export function withReaders(events: GameEvent[], channels: ChannelInfo[], phase: string, origin: EventOrigin): StoredEvent[] {
  const byId = new Map(channels.map((c) => [c.id, c.readers]));
  const out: StoredEvent[] = [];
  let run: { stored: StoredEvent; members: Set<PlayerId>; body: GameEvent } | null = null;
  let index = 0;
  const place = (body: GameEvent, to: string) => {
    const i = index++;
    const readers = byId.get(to);
    const personal = !readers && to !== 'public';
    if (run && personal && !run.members.has(to) && (run.body === body || sameBody(body, run.stored.event))) {
      run.members.add(to);
      (run.stored.audience ??= [run.stored.event.to]).push(to);
      return;
    }
    const event = body.to === to ? body : { ...body, to };
    const stored: StoredEvent = { phase, seq: seqOf(origin, i), origin, event };
    if (readers) stored.readers = [...readers];
    out.push(stored);
    run = personal ? { stored, members: new Set([to]), body } : null;
  };
  for (const event of events) {
    if (event.audience === undefined) {
      place(event, event.to);
      continue;
    }
    const { audience, ...body } = event;
    for (const to of audience) place(body, to);
  }
  return out;
}

/** The event's fields but its addressee, as text (events are plain JSON built field by field). */
function bodyOf(event: GameEvent): string {
  const { to: _to, ...rest } = event;
  return JSON.stringify(rest);
}

/**
 * `bodyOf(a) === bodyOf(b)`, without writing either out when the fields match one by one: a witnessed
 * shot reaches dozens of players at 1,000, and the text of each copy was most of the cost.
 */
function sameBody(a: GameEvent, b: GameEvent): boolean {
  if (a.kind !== b.kind) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return bodyOf(a) === bodyOf(b);
  for (let k = 0; k < ka.length; k++) {
    const key = ka[k]!;
    if (key !== kb[k]) return bodyOf(a) === bodyOf(b);
    if (key === 'to') continue;
    const x = a[key];
    const y = b[key];
    if (x !== y && JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

/** A reader sees an event addressed to him, to `public`, or to a channel he could read then. */
export function canRead(stored: StoredEvent, reader: Reader): boolean {
  if (reader.as === 'gm') return true;
  const to = stored.event.to;
  if (to === 'public') return true;
  if (reader.as === 'public') return false;
  if (stored.audience) return stored.audience.includes(reader.id);
  if (to === reader.id) return true;
  return stored.readers?.includes(reader.id) ?? false;
}

/** One copy per addressee of an event stored with its audience (the GM's and the whole record's form). */
export function expand(stored: StoredEvent): StoredEvent[] {
  if (!stored.audience) return [stored];
  const { audience, ...one } = stored;
  return audience.map((to) => ({ ...one, event: { ...one.event, to } }));
}

/** The events as `reader` reads them: an event stored with its audience reads as addressed to him. */
export function readAs(events: StoredEvent[], reader: Reader): StoredEvent[] {
  if (reader.as === 'gm') return events.flatMap(expand);
  const out: StoredEvent[] = [];
  for (const e of events) {
    if (!canRead(e, reader)) continue;
    if (!e.audience || reader.as !== 'player') out.push(e);
    else {
      const { audience: _audience, ...one } = e;
      out.push({ ...one, event: { ...one.event, to: reader.id } });
    }
  }
  return out;
}

/** An event as an earlier version stored it: without its origin, which its seq then said. */
export type LegacyStoredEvent = Omit<StoredEvent, 'origin'> & { origin?: EventOrigin };

/**
 * A stored event with its origin, derived from the seq for one stored before origins were written
 * (fields in the order `withReaders` writes them, so a re-computed event has the same bytes).
 * Null for a seq no step writes.
 */
export function withOrigin(stored: LegacyStoredEvent): StoredEvent | null {
  if (stored.origin) return stored as StoredEvent;
  const origin = originOfSeq(stored.seq);
  if (!origin) return null;
  const { phase, seq, ...rest } = stored;
  return { phase, seq, origin, ...rest };
}
