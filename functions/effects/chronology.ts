// The open phase's ballot events as the consumer keeps them (issue 47): read once, then appended from the
// stream's images, so a ballot's count costs what changed, never the day's history of re-votes.
import { canRead, type StoredEvent } from '../../engine/core/events.js';
import type { Ports } from '../ports.js';
import type { MatchMeta } from '../records.js';

const isBallot = (e: StoredEvent) => (e.event.kind === 'vote-cast' || e.event.kind === 'vote-withdrawn') && canRead(e, { as: 'public' });

/** An event's identity and its place among the phase's events: its stored key's tail (`EVENT#<phase>#<seq>`). */
const keyOf = (e: StoredEvent) => `${e.phase}#${e.seq}`;

interface Kept {
  phase: string;
  /** META's version when read: a pause, a removal or a rollback moves it, and the kept ballots are read again. */
  version: number;
  keys: Set<string>;
  /** The phase's public ballot events in stored order. */
  events: Array<{ key: string; event: StoredEvent }>;
  /**
   * The last log position whose events this process has seen (the log's positions have no gaps). A batch that
   * starts past the next one was preceded by changes another reader consumed (on AWS, another instance).
   */
  lastLog: number | null;
}

const kept = new WeakMap<Ports, Map<string, Kept>>();
/** Matches kept per process at most (the least recently counted go first). */
const MAX_MATCHES = 500;

function keptOf(ports: Ports): Map<string, Kept> {
  let byMatch = kept.get(ports);
  if (!byMatch) kept.set(ports, (byMatch = new Map()));
  return byMatch;
}

/** Forgets a match's kept ballots (a change the stream's images cannot be appended from: a rewrite, a packed write). */
export function forgetBallots(ports: Ports, matchId: string): void {
  keptOf(ports).delete(matchId);
}

/** Whether `logs` follow on from `lastLog` with no position missing (redelivered ones are no gap). */
function followsOn(lastLog: number | null, logs: number[]): boolean {
  if (lastLog === null) return false;
  let next = lastLog + 1;
  for (const n of [...new Set(logs)].sort((a, b) => a - b)) {
    if (n < next) continue;
    if (n > next) return false;
    next = n + 1;
  }
  return true;
}

const lastOf = (lastLog: number | null, logs: number[]) => Math.max(lastLog ?? 0, ...logs);

/** A batch of the match's events with no ballot: what is kept stays usable only if they follow on. */
export function noteLogs(ports: Ports, matchId: string, logs: number[]): void {
  const k = keptOf(ports).get(matchId);
  if (!k || logs.length === 0) return;
  if (followsOn(k.lastLog, logs)) k.lastLog = lastOf(k.lastLog, logs);
  else forgetBallots(ports, matchId);
}

/**
 * The public ballot events of `meta`'s open phase: the kept ones with `fresh` (events the stream carried,
 * redelivered ones counted once) appended in stored order; read from the store when nothing is kept for this
 * phase and META version, or when `logs` (the batch's log positions) do not follow on from what was seen.
 */
export async function phaseBallots(ports: Ports, meta: MatchMeta, fresh: StoredEvent[], logs: number[]): Promise<StoredEvent[]> {
  const phase = meta.phase;
  if (phase === null) return [];
  const byMatch = keptOf(ports);
  let k = byMatch.get(meta.id);
  if (!k || k.phase !== phase || k.version !== meta.version || !followsOn(k.lastLog, logs)) {
    // Read after this batch's events committed: it holds them, and the next batch follows on from them.
    const read = (await ports.store.listEvents(meta.id, [phase])).filter(isBallot);
    k = { phase, version: meta.version, keys: new Set(), events: [], lastLog: logs.length > 0 ? lastOf(null, logs) : null };
    for (const event of read) add(k, event);
  } else k.lastLog = lastOf(k.lastLog, logs);
  byMatch.delete(meta.id);
  byMatch.set(meta.id, k);
  if (byMatch.size > MAX_MATCHES) byMatch.delete(byMatch.keys().next().value!);
  const late = fresh.filter((e) => e.phase === phase && isBallot(e) && !k.keys.has(keyOf(e)));
  for (const event of late) add(k, event);
  return k.events.map((e) => e.event);
}

function add(k: Kept, event: StoredEvent) {
  const key = keyOf(event);
  if (k.keys.has(key)) return;
  k.keys.add(key);
  // Most arrive in order; a ballot committed a moment after a later-keyed one goes back to its place.
  let at = k.events.length;
  while (at > 0 && k.events[at - 1]!.key > key) at--;
  k.events.splice(at, 0, { key, event });
}
