// The resolution's claim on a phase: taken once, held by a claim id, and committed only while it holds.
import { randomBytes } from 'node:crypto';
import { ConditionFailed } from '../store-errors.js';
import type { Ports, Store } from '../ports.js';
import type { MatchMeta } from '../records.js';
import { RETRY, sleepOf } from '../retry.js';

const realSleep = sleepOf();

/** How long a claim holds before another trigger may redo the work (a crashed resolver). */
export const LEASE_MS = 60_000;
/** How long a close request waits, by default, for a resolution in progress before answering `busy`. */
export const CLOSE_WAIT_MS = 5_000;

export const newClaimId = () => randomBytes(9).toString('base64url');

/** Whether another resolution holds the phase right now (its lease has not expired). */
export function heldByOther(meta: MatchMeta, now: number, claimId?: string): boolean {
  return meta.phaseStatus === 'resolving' && (meta.leaseUntil ?? 0) > now && meta.claimId !== claimId;
}

/** META's fields a resolution (or a finish of the match) sets; everything else is whatever META holds now. */
const RESOLUTION_FIELDS = [
  'status',
  'phase',
  'phaseStatus',
  'openedAt',
  'deadline',
  'remainingMs',
  'closeRequestedAt',
  'leaseUntil',
  'claimId',
  'needsPublish',
  'winner',
  'history',
  'noShows',
] as const satisfies ReadonlyArray<keyof MatchMeta>;

function onto(current: MatchMeta, next: MatchMeta): MatchMeta {
  const moved: Partial<MatchMeta> = {};
  for (const field of RESOLUTION_FIELDS) if (field in next) Object.assign(moved, { [field]: next[field] });
  return { ...current, ...moved, version: current.version + 1 };
}

/**
 * Commits a claimed resolution: `next` is META as the resolution leaves it. The write is conditioned
 * on META's version, and when an unrelated write (a settings change, webhooks) moved META meanwhile,
 * the resolution's fields are laid onto the current META and written again — for as long as META
 * still carries our claim id. Returns the META written, or null when the claim was lost.
 */
export async function commitClaimed(
  store: Store,
  claimId: string,
  claimed: MatchMeta,
  next: MatchMeta,
  write: Omit<Parameters<Store['commit']>[0], 'meta' | 'expectVersion'>,
): Promise<MatchMeta | null> {
  let base = claimed;
  let meta = { ...next, version: claimed.version + 1 };
  for (let attempt = 0; attempt < RETRY.claimedCommit.tries; attempt++) {
    try {
      await store.commit({ ...write, meta, expectVersion: base.version });
      return meta;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
    }
    const current = await store.getMeta(claimed.id);
    if (!current || current.claimId !== claimId || current.phaseStatus !== 'resolving') return null;
    base = current;
    meta = onto(current, next);
  }
  return null;
}

/**
 * Polls META (real time, bounded) while another resolution holds `phase`: true once it let go (the
 * phase moved on, or the lease was released or expired), false when the wait ran out.
 */
export async function waitForRelease(ports: Ports, matchId: string, phase: string): Promise<boolean> {
  const until = Date.now() + (ports.closeWaitMs ?? CLOSE_WAIT_MS);
  for (let round = 0; Date.now() < until; round++) {
    await realSleep(RETRY.releasePoll.wait(round + 1, Math.random()));
    const meta = await ports.store.getMeta(matchId);
    if (!meta || meta.phase !== phase || !heldByOther(meta, ports.clock.now())) return true;
  }
  return false;
}
