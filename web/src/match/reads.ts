// Reads that cost only what is new (issue 16). Every view the page polls is asked with the tag of its
// last answer (If-None-Match: a 304 keeps what is held); an event view is asked only for the events
// after its cursor (`since=`), which are added after the ones held.
//
// Sending a view's last tag even when the path moved on (a new cursor) is sound: a 304 says the answer
// is byte for byte the last one, already applied, and two reads from different cursors never give
// the same body unless neither has anything new.
import { apiIfChanged, ApiError } from '../api.js';
import type { AnswerOf, PathOf, ReadCheck, RequestOf } from '../api-types.js';
import type { Ev, EventCursor } from '../types.js';

/** The reads that come a page of events at a time. */
type EventPath = '/api/matches/{id}/me' | '/api/matches/{id}/gm' | '/api/matches/{id}/spectate';

export interface EventView {
  events: Ev[];
  cursor: EventCursor;
}

/** The views of one match page: their tags, and what each event view was last read as. */
export function viewReads() {
  const tags = new Map<string, string>();
  /** What an event view's events were read for: who read it, in which phase. A change reads it whole. */
  const scopes = new Map<string, string>();

  /** The view's answer, or `held` when it has not changed (held is null: asked without a tag). */
  async function read<P extends PathOf<'GET'>, T = AnswerOf<'GET', P>>(
    view: string,
    path: P,
    request: RequestOf<'GET', P> & ReadCheck<AnswerOf<'GET', P>, T>,
    held: T | null,
  ): Promise<T> {
    const answer = await apiIfChanged<P, T>(path, request, held === null ? null : (tags.get(view) ?? null));
    if (answer === null) return held!;
    if (answer.tag) tags.set(view, answer.tag);
    else tags.delete(view);
    return answer.body;
  }

  /**
   * An event view brought up to date: only what is newer than `held`'s cursor, added after its events;
   * read whole on a new `scope` (a new phase, another reader) or when the server voids the cursor.
   */
  async function readEvents<P extends EventPath, T extends EventView>(
    view: string,
    path: P,
    request: RequestOf<'GET', P> & ReadCheck<AnswerOf<'GET', P>, T>,
    held: T | null,
    scope: string,
  ): Promise<T> {
    const same = held !== null && scopes.get(view) === scope;
    scopes.set(view, scope);
    if (!same) return read<P, T>(view, path, request, null);
    // The event views all take the page query (`since`, `before`, `limit`).
    const since = (cursor: string) => ({ ...request, query: { ...request.query, since: cursor } }) as typeof request;
    let answer: T;
    try {
      answer = await read<P, T>(view, path, since(held.cursor.next), held);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'bad-cursor') return read<P, T>(view, path, request, null);
      throw error;
    }
    if (answer === held) return held;
    if (answer.cursor.reset) return answer;
    let events = [...held.events, ...answer.events];
    // A long absence: the rest comes page by page, each after the last.
    while (answer.cursor.more) {
      answer = await read<P, T>(view, path, since(answer.cursor.next), null);
      if (answer.cursor.reset) return answer;
      events = [...events, ...answer.events];
    }
    // The older pages the page holds are still reachable from where they began.
    return { ...answer, events, cursor: { ...answer.cursor, before: held.cursor.before } };
  }

  /** The page of events before `held`'s oldest (`before=`); null when the view holds the log's beginning. */
  async function readOlder<P extends EventPath, T extends EventView>(
    path: P,
    request: RequestOf<'GET', P> & ReadCheck<AnswerOf<'GET', P>, T>,
    held: T,
  ): Promise<T | null> {
    if (held.cursor.before === null) return null;
    return read<P, T>('older', path, { ...request, query: { ...request.query, before: held.cursor.before } } as typeof request, null);
  }

  return { read, readEvents, readOlder };
}
