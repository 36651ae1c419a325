// Incremental event reads: a cursor names a place in the match's log; a read returns what a reader may
// see after it (or the newest page, or the page before a place) and the cursor to ask with next time.
import * as z from 'zod';
import { readAs, type Reader } from '../../engine/core/events.js';
import type { GameEvent } from '../../engine/core/types.js';
import type { Ports } from '../ports.js';
import type { LogPosition, LogSlice, StoredEventEntry } from '../records.js';
import { seal, unseal, type Place } from './cursor-seal.js';
import { refusal } from './errors.js';

/** Entries (writes, mostly) with something the reader may see, per page, unless the caller asks for fewer. */
export const PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 500;

/** The query a read route takes: `since` (newer than), `before` (older than), `limit`. */
export const pageQuery = z
  .object({
    since: z.string().max(200).optional(),
    before: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  })
  .refine((q) => !(q.since && q.before), { message: 'since and before do not go together' });
export type PageQuery = z.infer<typeof pageQuery>;

export function readPageQuery(raw: Record<string, string | undefined>): PageQuery {
  const parsed = pageQuery.safeParse(raw);
  if (!parsed.success) {
    throw refusal('bad-cursor', parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

export type ShownEvent = GameEvent & { phase: string };

export interface EventPage {
  events: ShownEvent[];
  cursor: {
    /** Ask with `since=next` for what comes after this page. */
    next: string;
    /** Ask with `before=` this for the older page; null when there is none. */
    before: string | null;
    /** A `since` read stopped at the page size: ask again at once with `next`. */
    more: boolean;
    /** The cursor the caller held is void (a rollback rewrote the log): drop what you kept, this is a first page. */
    reset: boolean;
  };
  /** Store items read, for the benchmark; not sent. */
  itemsRead: number;
}

/** Log items read per query while looking for readable entries (all of them readable where the store keeps copies by audience). */
const RAW_PAGE = 100;

const ORIGIN: LogPosition = { n: 0, k: 0 };

function shownOf(entry: StoredEventEntry, reader: Reader, keep: (e: ShownEvent) => boolean): ShownEvent[] {
  return readAs(entry.events, reader)
    .map((e) => ({ phase: e.phase, ...e.event }) as ShownEvent)
    .filter(keep);
}

/**
 * One page of a match's events as `reader` may read them; `keep` narrows further (a channel).
 *
 * Cursors only ever name entries the reader sees (sealed, see cursor-seal.ts): a poll after the last
 * one he saw reads again the writes he cannot see since then (one phase's secret writes at most, as
 * every phase ends with public events), so neither his cursors nor his 304s move when only others'
 * secrets were written. `limit` counts entries he sees, never what lies between them.
 */
export async function eventPage(
  ports: Ports,
  matchId: string,
  reader: Reader,
  query: PageQuery,
  keep: (e: ShownEvent) => boolean = () => true,
): Promise<EventPage> {
  const limit = query.limit ?? PAGE_SIZE;
  const key = await ports.store.cursorKey();
  const open = (token: string | undefined, name: string): Place | null => {
    if (token === undefined) return null;
    const place = unseal(key, matchId, token);
    if (!place) throw refusal('bad-cursor', `${name} must be a cursor this match's reads gave.`);
    return place;
  };
  const since = open(query.since, 'since');
  const before = open(query.before, 'before');
  let itemsRead = 0;
  const read = async (page: Parameters<Ports['store']['readLog']>[1]): Promise<LogSlice> => {
    const slice = await ports.store.readLog(matchId, page, reader);
    itemsRead += slice.itemsRead;
    return slice;
  };

  let slice = await read({ limit: RAW_PAGE, ...(since ? { after: since.at } : before ? { before: before.at } : {}) });
  const epoch = slice.epoch;
  const held = since ?? before;
  const reset = held !== null && held.epoch !== epoch;
  if (reset) slice = await read({ limit: RAW_PAGE });
  const forward = since !== null && !reset;

  const kept: Array<{ at: LogPosition; events: ShownEvent[] }> = [];
  let more = false;
  if (forward) {
    for (;;) {
      let full = false;
      for (const entry of slice.entries) {
        const events = shownOf(entry, reader, keep);
        if (events.length === 0) continue;
        if (kept.length === limit) {
          full = true;
          break;
        }
        kept.push({ at: entry.at, events });
      }
      if (full) {
        more = true;
        break;
      }
      const last = slice.entries[slice.entries.length - 1];
      if (!slice.more || !last) break;
      slice = await read({ limit: RAW_PAGE, after: last.at });
    }
  } else {
    // Newest first, then older pages: walk back until `limit` entries are seen or the log begins.
    for (;;) {
      for (let i = slice.entries.length - 1; i >= 0 && !more; i--) {
        const events = shownOf(slice.entries[i]!, reader, keep);
        if (events.length === 0) continue;
        if (kept.length === limit) more = true;
        else kept.unshift({ at: slice.entries[i]!.at, events });
      }
      const oldest = slice.entries[0];
      if (more || !slice.more || !oldest) break;
      slice = await read({ limit: RAW_PAGE, before: oldest.at });
    }
  }
  const first = kept[0]?.at;
  const last = kept[kept.length - 1]?.at;
  const next = last ?? (forward ? since.at : before && !reset ? before.at : ORIGIN);
  const sealAt = (at: LogPosition) => seal(key, matchId, { epoch, at });
  return {
    events: kept.flatMap((e) => e.events),
    cursor: {
      next: sealAt(next),
      before: !forward && more && first ? sealAt(first) : null,
      more: forward && more,
      reset,
    },
    itemsRead,
  };
}
