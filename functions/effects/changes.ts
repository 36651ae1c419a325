// What a batch of committed items asks for, per match: pure, from the stream's images (decision 11).
import { canRead, type StoredEvent } from '../../engine/core/events.js';
import type { MatchMeta } from '../ports.js';

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
  /** Phases whose finish cleared its mark (results published): announce, push, tell the open pages. */
  finished: Array<{ meta: MatchMeta; phase: string }>;
}

const MATCH_PK = /^MATCH#(.+)$/;

/** The events an item carries: a stored event item (`EVENT#…`, attribute `stored`). */
export function eventsOf(change: StreamChange): StoredEvent[] {
  if (change.kind !== 'INSERT' || !change.sk.startsWith('EVENT#')) return [];
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

/** Groups a batch by match, keeping each match's order; items of no match (dead letters, settings) ask for nothing. */
export function planOf(changes: StreamChange[]): MatchWork[] {
  const work = new Map<string, MatchWork>();
  for (const change of changes) {
    const matchId = MATCH_PK.exec(change.pk)?.[1];
    if (matchId === undefined) continue;
    const w = work.get(matchId) ?? { matchId, ids: [], ballots: false, finished: [] };
    w.ids.push(change.id);
    if (eventsOf(change).some(isPublicBallot)) w.ballots = true;
    const finished = finishedOf(change);
    if (finished) w.finished.push(finished);
    work.set(matchId, w);
  }
  return [...work.values()];
}

/** Whether a match's work does anything (most committed items ask for nothing). */
export const hasEffects = (w: MatchWork) => w.ballots || w.finished.length > 0;
