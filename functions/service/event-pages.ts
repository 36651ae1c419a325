// Incremental event reads: a cursor names a place in the match's log; a read returns what a reader may
// see after it (or the newest page, or the page before a place) and the cursor to ask with next time.
import * as z from 'zod';
import { readAs, type Reader } from '../../engine/core/events.js';
import type { GameEvent } from '../../engine/core/types.js';
import type { LogPosition, LogSlice, Ports } from '../ports.js';
import { ApiError } from './errors.js';

/** Chunks (writes, mostly) per page unless the caller asks for fewer. */
export const PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 500;

/** `<epoch>.<n>.<k>`: the log's epoch (a rollback moves it) and the position. */
const CURSOR = /^(\d{1,9})\.(\d{1,15})\.(\d{1,4})$/;

interface Cursor {
  epoch: number;
  at: LogPosition;
}

export const formatCursor = (epoch: number, at: LogPosition): string => `${epoch}.${at.n}.${at.k}`;

function parseCursor(value: string, name: string): Cursor {
  const m = CURSOR.exec(value);
  if (!m) throw new ApiError(400, 'bad-cursor', `${name} must be a cursor this API gave (like 0.12.0).`);
  return { epoch: Number(m[1]), at: { n: Number(m[2]), k: Number(m[3]) } };
}

/** The query a read route takes: `since` (newer than), `before` (older than), `limit`. */
export const pageQuery = z
  .object({
    since: z.string().max(40).optional(),
    before: z.string().max(40).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  })
  .refine((q) => !(q.since && q.before), { message: 'since and before do not go together' });
export type PageQuery = z.infer<typeof pageQuery>;

export function readPageQuery(raw: Record<string, string | undefined>): PageQuery {
  const parsed = pageQuery.safeParse(raw);
  if (!parsed.success) {
    throw new ApiError(400, 'bad-cursor', parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; '));
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

function shown(slice: LogSlice, reader: Reader, keep: (e: ShownEvent) => boolean): ShownEvent[] {
  return slice.entries.flatMap((entry) =>
    readAs(entry.events, reader).map((e) => ({ phase: e.phase, ...e.event }) as ShownEvent).filter(keep),
  );
}

/** One page of a match's events as `reader` may read them; `keep` narrows further (a channel). */
export async function eventPage(
  ports: Ports,
  matchId: string,
  reader: Reader,
  query: PageQuery,
  keep: (e: ShownEvent) => boolean = () => true,
): Promise<EventPage> {
  const limit = query.limit ?? PAGE_SIZE;
  const since = query.since ? parseCursor(query.since, 'since') : null;
  const before = query.before ? parseCursor(query.before, 'before') : null;
  let slice = await ports.store.readLog(matchId, {
    limit,
    ...(since ? { after: since.at } : {}),
    ...(before ? { before: before.at } : {}),
  });
  let itemsRead = slice.itemsRead;
  const held = since ?? before;
  const reset = held !== null && held.epoch !== slice.epoch;
  if (reset && held !== null) {
    slice = await ports.store.readLog(matchId, { limit });
    itemsRead += slice.itemsRead;
  }
  const forward = since !== null && !reset;
  const older = before !== null && !reset;
  const first = slice.entries[0]?.at;
  const last = slice.entries[slice.entries.length - 1]?.at;
  const next = last ?? (forward ? since.at : older ? before.at : { n: 0, k: 0 });
  return {
    events: shown(slice, reader, keep),
    cursor: {
      next: formatCursor(slice.epoch, next),
      before: !forward && first && slice.more ? formatCursor(slice.epoch, first) : null,
      more: forward && slice.more,
      reset,
    },
    itemsRead,
  };
}
