// The one consumer of committed changes (decision 11): the same code behind the AWS stream's Lambda and
// the local stack's poller. Each match's work runs in order; matches run side by side.
import type { Ports } from '../ports.js';
import { loadMeta } from '../service/context.js';
import { notifyCommitted } from '../service/live.js';
import { observersOf } from '../service/observers.js';
import { publishMatch } from '../service/publish.js';
import { telemetryOf } from '../service/telemetry.js';
import { publishVoteCounts } from '../service/toolkit/votes.js';
import { hasEffects, planOf, type MatchWork, type StreamChange } from './changes.js';
import { forgetBallots, noteLogs, phaseBallots } from './chronology.js';
import { byMatch, telegramJobs } from '../telegram/outbound.js';

/** What a batch left undone: per failed match, the first of its changes (its later ones wait behind it). */
export interface BatchOutcome {
  failed: Array<{ matchId: string; firstId: string; error: string }>;
  /** Matches whose work ran (coalesced: one entry per match and batch). */
  ran: string[];
}

/** Last published count per match and phase in this process: the same bytes are not written twice. */
const lastCounts = new WeakMap<Ports, Map<string, string>>();

function forgetCounts(ports: Ports, matchId: string): void {
  const written = lastCounts.get(ports);
  for (const key of written?.keys() ?? []) if (key.startsWith(`matches/${matchId}/`)) written!.delete(key);
}

/**
 * Publishes the open phase's count and, when its bytes changed, sends it to every open page (decision 12). The
 * count is the phase's current ballots, from the ballot events kept and appended here (chronology.ts).
 */
async function publishCount(ports: Ports, work: MatchWork): Promise<void> {
  const { matchId } = work;
  const loaded = await loadMeta(ports, matchId);
  const written = lastCounts.get(ports);
  const key = `matches/${matchId}/votes/${loaded.meta.phase}.json`;
  const before = written?.get(key);
  const ballots = await phaseBallots(ports, loaded.meta, work.ballotEvents, work.logs);
  const [count] = await publishVoteCounts(ports, loaded, [loaded.meta.phase], written, ballots);
  if (count && written?.get(key) !== before) await notifyCommitted(ports, matchId, { events: [], votes: count });
}

/**
 * One match's effects, in the order they were committed: the public record first, then the finishes' notices
 * (they are older), then the count. A finish publishes its phase's files before anything announces them (a link in a notice or a post names a
 * file that is there); the files are built from what is committed now, so a redelivered finish writes the
 * same bytes again, and a failed publication fails the match's record (retried, then a dead letter).
 */
export async function runMatch(ports: Ports, work: MatchWork): Promise<void> {
  // A match gone since (its items expired one by one) has nothing left to publish.
  const meta = work.finished.length > 0 || work.republish || work.unwound.length > 0 ? await ports.store.getMeta(work.matchId) : null;
  if (meta) {
    // A phase whose finish is still to come is committed all the same: its file is written before the
    // summary that names it. A phase a later rollback took out of the history has no file to write.
    const marked = meta.needsPublish !== null ? [meta.needsPublish] : [];
    const finished = work.finished.map((f) => f.phase);
    const phases = [...new Set([...finished, ...work.unwound, ...marked])].filter((p) => meta.history.includes(p));
    // A finished phase's post names the next phase's deadline as it stood at that finish (its own META), unless
    // it is still the phase before the open one: then as it stands. So its bytes do not depend on how the
    // stream's batches fell, and each post is written once.
    await publishMatch(ports, work.matchId, phases, { meta, finishedAt: new Map(work.finished.map((f) => [f.phase, f.meta])) });
    // The publication wrote the counts of those phases and of the open one itself: what this process
    // remembers of the match's counts no longer says what the files hold.
    forgetCounts(ports, work.matchId);
  }
  for (const { meta, phase } of work.finished) {
    // The marked phase still open was just opened (a start), not resolved: it has no results to announce.
    if (phase !== meta.phase) await observersOf(ports).afterFinish(ports, meta, phase);
    await notifyCommitted(ports, meta.id, { events: [], everyone: true });
  }
  if (work.ballots) await publishCount(ports, work);
}

/** Runs a batch: every match with something to do, side by side; a match's failure touches no other. */
export async function consumeChanges(ports: Ports, changes: StreamChange[]): Promise<BatchOutcome> {
  if (!lastCounts.has(ports)) lastCounts.set(ports, new Map());
  const planned = planOf(changes);
  // What the consumer keeps of each match's ballots follows every batch, a ballot's or not.
  for (const w of planned) {
    if (w.rewritten) forgetBallots(ports, w.matchId);
    else if (!w.ballots) noteLogs(ports, w.matchId, w.logs);
  }
  const work = planned.filter(hasEffects);
  const outcome: BatchOutcome = { failed: [], ran: [] };
  await Promise.all(
    work.map(async (w) => {
      try {
        await runMatch(ports, w);
        outcome.ran.push(w.matchId);
      } catch (error) {
        telemetryOf(ports).log('error', 'effects failed', { matchId: w.matchId, error: String(error) });
        outcome.failed.push({ matchId: w.matchId, firstId: w.ids[0]!, error: String(error).slice(0, 500) });
      }
    }),
  );
  await telegramEffects(ports, changes, outcome);
  return outcome;
}

/** Telegram (issue 45): the jobs the same changes ask for, when a bot runs; enqueued, never sent here. */
async function telegramEffects(ports: Ports, changes: StreamChange[], outcome: BatchOutcome): Promise<void> {
  if (!ports.telegram || !ports.deliveries) return;
  await Promise.all(
    [...byMatch(changes)].map(async ([matchId, mine]) => {
      try {
        await ports.deliveries!.enqueue(await telegramJobs(ports, matchId, mine));
      } catch (error) {
        telemetryOf(ports).log('error', 'telegram effects failed', { matchId, error: String(error) });
        if (!outcome.failed.some((f) => f.matchId === matchId))
          outcome.failed.push({ matchId, firstId: mine[0]!.id, error: String(error).slice(0, 500) });
      }
    }),
  );
}
