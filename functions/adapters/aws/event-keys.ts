// Where the table keeps events: the sort keys of event items, built from the events' own fields.
import { withOrigin, type LegacyStoredEvent, type StoredEvent } from '../../../engine/core/events.js';
import { seqPrefix } from '../../../engine/core/origin.js';
import type { WriteStep } from '../../records.js';
import { eventsPrefix } from './keys.js';

/** One event stored alone (a submission's, a post): `EVENT#<phase>#<seq>`. */
export const eventSk = (e: StoredEvent) => `${eventsPrefix(e.phase)}${e.seq}`;

/**
 * The key before the chunk number of a step's events stored in one write: `EVENT#<phase>#~close`,
 * `#!start`, `#!open`, `#<time>-removal-<player>-`, `#<time>-end-` (the keys earlier versions wrote).
 */
export function stepSk({ phase, origin }: WriteStep): string {
  const prefix = seqPrefix(origin);
  const fixed = origin.kind === 'start' || origin.kind === 'opening' || origin.kind === 'close';
  return `${eventsPrefix(phase)}${fixed ? prefix.slice(0, -1) : prefix}`;
}

/** The key group of an imported event: its step's seq prefix (`~close-`, `!start-`, `<time>-<salt>-`). */
export const groupSk = (e: StoredEvent) => `${eventsPrefix(e.phase)}${seqPrefix(e.origin)}`;

/** Events as read from an item, with their origin (derived for items written before origins were stored). */
export function readEvents(events: LegacyStoredEvent[]): StoredEvent[] {
  return events.map((e) => {
    const read = withOrigin(e);
    if (!read) throw new Error(`Stored event ${e.phase}/${e.seq} has no origin and a seq no step writes.`);
    return read;
  });
}
