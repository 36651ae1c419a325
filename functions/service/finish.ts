// The one way a committed state change is finished: schedule and unmark; the published files, the announcements
// and the open pages follow from the unmark (the stream's consumer, decision 11), or run here without the stream.
import { ConditionFailed } from '../store-errors.js';
import type { Ports } from '../ports.js';
import type { MatchMeta } from '../records.js';
import { notifyCommitted } from './live.js';
import { observersOf } from './observers.js';
import { publishMatch } from './publish.js';

/** Points where a test may stop the finish, to prove that a retry converges. */
export type FaultPoint = 'after-claim' | 'after-commit' | 'after-publish' | 'before-unmark';
export type FaultHook = (point: FaultPoint) => void;

/**
 * Finishes the change committed with `needsPublish` set (a resolution, a start, a removal or forced end that
 * ended the match): schedules the next deadline or cancels the closed phase's trigger, then clears the mark.
 * Where the stream's consumer runs (functions/effects/consume.ts, issue 47), clearing the mark is what tells
 * it to publish that phase's files, announce the results (webhooks, Web Push, Discourse) and tell the open
 * pages: the request waits for no bucket and no receiver. Without the stream, all of that runs here first.
 * Safe to repeat: a crash anywhere leaves the mark, and the next trigger or the sweeper finishes again.
 */
export async function finishResolution(ports: Ports, meta: MatchMeta, fault?: FaultHook): Promise<void> {
  const phase = meta.needsPublish;
  if (phase === null) return;
  if (ports.effects !== 'stream') {
    await publishMatch(ports, meta.id, [phase]);
    // The marked phase still open was just opened (a start), not resolved: it has no results to announce.
    const resolved = phase !== meta.phase;
    if (resolved) await observersOf(ports).afterFinish(ports, meta, phase);
    await notifyCommitted(ports, meta.id, { events: [], everyone: true });
  }
  fault?.('after-publish');
  if (meta.status === 'running' && meta.phase !== null && meta.deadline !== null) {
    await ports.scheduler.schedule(meta.id, meta.phase, meta.deadline);
  } else if (meta.status === 'ended') {
    await ports.scheduler.cancel(meta.id, phase);
  }
  fault?.('before-unmark');
  try {
    await ports.store.putMeta({ ...meta, needsPublish: null, version: meta.version + 1 }, meta.version);
  } catch (error) {
    // Someone moved META on since (a pause, a later resolution); the mark is cleared by the next finish.
    if (!(error instanceof ConditionFailed)) throw error;
  }
}
