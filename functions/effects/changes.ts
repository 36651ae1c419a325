// What a batch of committed items asks for, per match: pure, from the stream's images (decision 11).
import { canRead, type StoredEvent } from '../../engine/core/events.js';
import type { MatchMeta } from '../records.js';
import { positionOf } from '../adapters/aws/event-log.js';
import { PREFIX } from '../adapters/aws/keys.js';

/** One committed item change as any stream reader sees it, its images already plain objects. */
export interface StreamChange {
  /** The record's sequence number in its shard: what a failure reports and a dead letter names. */
  id: string;
  kind: 'INSERT' | 'MODIFY' | 'REMOVE';
  pk: string;
  sk: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** What one match's changes in a batch ask for: coalesced (a count published once, however many ballots). */
export interface MatchWork {
  matchId: string;
  /** The changes, in commit order (a failure reports the first). */
  ids: string[];
  /** A public ballot was cast or withdrawn: the open phase's vote count is published again. */
  ballots: boolean;
  /** The public ballot events the batch carried, in commit order (the consumer appends them to what it keeps). */
  ballotEvents: StoredEvent[];
  /** Events were removed or written packed: what the consumer keeps of the match's ballots is read again. */
  rewritten: boolean;
  /** The log positions (`n`) of the event items the batch inserted: a gap says another reader consumed the ones between. */
  logs: number[];
  /** Phases whose finish cleared its mark: publish their files, then announce, push, tell the open pages. */
  finished: Array<{ meta: MatchMeta; phase: string }>;
  /** What the public record shows changed (a match made, a seat taken or freed, a pause, a deadline, a death): its files are written again. */
  republish: boolean;
  /** Phases whose stored events were removed (a rollback undid their results): their files are written again. */
  unwound: string[];
}

/** The match a changed item belongs to: the id after its partition's prefix. */
export const matchOf = (pk: string) => (pk.startsWith(PREFIX.match) ? pk.slice(PREFIX.match.length) : undefined);

/** The events an item carries: a stored event item (`EVENT#…`, attribute `stored`). */
export function eventsOf(change: StreamChange): StoredEvent[] {
  if (change.kind !== 'INSERT' || !change.sk.startsWith(PREFIX.event)) return [];
  const stored = change.after?.stored;
  return stored && typeof stored === 'object' ? [stored as StoredEvent] : [];
}

const isPublicBallot = (e: StoredEvent) =>
  (e.event.kind === 'vote-cast' || e.event.kind === 'vote-withdrawn') && canRead(e, { as: 'public' });

/** META's mark went from a phase to something else: that phase's finish is done (finish.ts). */
export function finishedOf(change: StreamChange): { meta: MatchMeta; phase: string } | null {
  if (change.sk !== 'META' || change.kind !== 'MODIFY') return null;
  const was = change.before?.needsPublish;
  const now = change.after?.needsPublish;
  if (typeof was !== 'string' || was === now) return null;
  return { meta: change.after as unknown as MatchMeta, phase: was };
}

/** META's fields the published summary and the published list show (publish.ts `publicSummary`, listing.ts). */
const PUBLIC_META = [
  'name',
  'status',
  'phase',
  'deadline',
  'remainingMs',
  'winner',
  'settings',
  'history',
  'seated',
  'unlisted',
  'overflow',
];

const differs = (change: StreamChange, key: string) => JSON.stringify(change.before?.[key]) !== JSON.stringify(change.after?.[key]);

/**
 * Whether a committed item changes what the public record shows: a match made or a public field of META moved
 * (a pause, a resume, an extension, the end), a seat taken, freed, renamed or its options changed (the lobby says who the start would leave out), an engine state written (a removal
 * kills). The requests that made these changes publish nothing themselves where the stream runs (decision 11).
 */
export function republishes(change: StreamChange): boolean {
  // An import publishes its record itself (toolkit/import.ts: a record the engine cannot replay is kept all the same).
  if (change.sk === 'META' && change.kind === 'INSERT') return change.after?.imported !== true;
  if (change.sk === 'META') return change.kind === 'MODIFY' && PUBLIC_META.some((k) => differs(change, k));
  if (change.sk.startsWith(PREFIX.player)) return change.kind !== 'MODIFY' || differs(change, 'name') || differs(change, 'options');
  return change.sk.startsWith(PREFIX.state) && change.kind !== 'REMOVE';
}

/** The phase whose stored events lost an item (`EVENT#<phase>#<seq>` removed), if this change removed one. */
export function unwoundOf(change: StreamChange): string | null {
  if (change.kind !== 'REMOVE' || !change.sk.startsWith(PREFIX.event)) return null;
  const rest = change.sk.slice(PREFIX.event.length);
  const end = rest.indexOf('#');
  return end > 0 ? rest.slice(0, end) : null;
}

/** Groups a batch by match, keeping each match's order; items of no match (dead letters, settings) ask for nothing. */
export function planOf(changes: StreamChange[]): MatchWork[] {
  const work = new Map<string, MatchWork>();
  for (const change of changes) {
    const matchId = matchOf(change.pk);
    if (matchId === undefined) continue;
    const w = work.get(matchId) ?? {
      matchId,
      ids: [],
      ballots: false,
      ballotEvents: [],
      rewritten: false,
      logs: [],
      finished: [],
      republish: false,
      unwound: [],
    };
    w.ids.push(change.id);
    const ballots = eventsOf(change).filter(isPublicBallot);
    if (ballots.length > 0) w.ballots = true;
    w.ballotEvents.push(...ballots);
    if (change.sk.startsWith(PREFIX.event) && (change.kind !== 'INSERT' || change.after?.stored === undefined)) w.rewritten = true;
    const log = change.kind === 'INSERT' && typeof change.after?.log === 'string' ? positionOf(change.after.log) : null;
    if (log) w.logs.push(log.n);
    const finished = finishedOf(change);
    if (finished) w.finished.push(finished);
    if (republishes(change)) w.republish = true;
    const unwound = unwoundOf(change);
    if (unwound !== null && !w.unwound.includes(unwound)) w.unwound.push(unwound);
    work.set(matchId, w);
  }
  return [...work.values()];
}

/** Whether a match's work does anything (most committed items ask for nothing). */
export const hasEffects = (w: MatchWork) => w.ballots || w.finished.length > 0 || w.republish || w.unwound.length > 0;
