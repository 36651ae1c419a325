// The webhook outbox: deliveries stored first, sent after, retried with backoff; never in a resolution's way.
import type { Ports } from '../../ports.js';
import type { OutboxItem } from '../../records.js';
import { RETRY } from '../../retry.js';
import { discourseHeaders } from './discourse.js';
import { toolkitStore } from './store.js';
import { telemetryOf } from '../telemetry.js';

export const MAX_ATTEMPTS = RETRY.webhook.tries;
/** A delivery being sent is claimed this long; a sender that died leaves it to the next sweep after that. */
const CLAIM_MS = 60_000;

/** Wait before attempt n + 1 after n failures (RETRY.webhook): the sweep sends it again then. */
export const backoffMs = (failures: number): number => RETRY.webhook.wait(failures);

/** Stores the deliveries (an existing key is left alone: one delivery per key), then sends the new ones without waiting. */
export async function enqueue(ports: Ports, items: OutboxItem[]): Promise<number> {
  const store = toolkitStore(ports);
  const added: OutboxItem[] = [];
  for (const item of items) if (await store.addOutbox(item)) added.push(item);
  // Each delivery is a job of its own (a slow receiver delays no other); the sweep retries what failed.
  if (ports.deliveries) {
    await ports.deliveries.enqueue(added.map((item) => ({ kind: 'webhook', matchId: item.matchId, key: item.key })));
    return added.length;
  }
  for (const item of added) {
    void deliver(ports, item).catch((error) =>
      telemetryOf(ports).log('warn', 'webhook delivery failed', {
        matchId: item.matchId,
        phase: item.phase,
        key: item.key,
        error: String(error),
      }),
    );
  }
  return added.length;
}

/** Whether a reminder still announces the match's current deadline (not paused, ended, moved or rolled back). */
async function stillDue(ports: Ports, item: OutboxItem): Promise<boolean> {
  if (item.kind !== 'reminder') return true;
  const meta = await ports.store.getMeta(item.matchId);
  return meta !== null && meta.status === 'running' && meta.phase === item.phase && meta.deadline === item.deadline;
}

/** One attempt: claim, send, record the answer. A delivery someone else holds is left to him. */
export async function deliver(ports: Ports, seen: OutboxItem): Promise<OutboxItem['state'] | 'busy'> {
  const store = toolkitStore(ports);
  const now = ports.clock.now();
  const claimed: OutboxItem = { ...seen, nextAt: now + CLAIM_MS, revision: seen.revision + 1 };
  if (seen.state !== 'pending' || !(await store.saveOutbox(claimed))) return 'busy';
  const settle = (change: Partial<OutboxItem>) => store.saveOutbox({ ...claimed, ...change, revision: claimed.revision + 1 });
  // A Discourse delivery signs with the key its target holds now (never stored with the delivery).
  const keyHeaders = seen.format === 'discourse' ? discourseHeaders(await ports.store.getMeta(seen.matchId), seen) : {};
  if (keyHeaders === null || !(await stillDue(ports, seen))) {
    await settle({ state: 'dropped', nextAt: now });
    return 'dropped';
  }
  if (!ports.notifier) {
    await settle({ nextAt: now + backoffMs(1) });
    return 'pending';
  }
  let status: number | null = null;
  let error: string | null = null;
  try {
    ({ status } = await ports.notifier.post(seen.url, seen.body, {
      'idempotency-key': `dusk-${seen.matchId}-${seen.key}`,
      'x-dusk-event': seen.kind,
      ...keyHeaders,
    }));
  } catch (e) {
    error = String(e instanceof Error ? e.message : e).slice(0, 200);
  }
  const at = ports.clock.now();
  const attempts = seen.attempts + 1;
  if (status !== null && status >= 200 && status < 300) {
    await settle({ state: 'sent', attempts, nextAt: at, lastStatus: status, lastError: null });
    return 'sent';
  }
  // A refusal that a retry cannot fix (a 4xx other than 408 and 429) ends it at once.
  const permanent = status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
  const state = permanent || attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  const telemetry = telemetryOf(ports);
  telemetry.metric('webhookFailures', 1);
  // The target's address may carry its credentials (a bot token in a Telegram URL): only its host is logged.
  telemetry.log('warn', 'webhook attempt failed', {
    matchId: seen.matchId,
    phase: seen.phase,
    key: seen.key,
    kind: seen.kind,
    host: hostOf(seen.url),
    status,
    error,
    attempts,
    state,
  });
  await settle({ state, attempts, nextAt: state === 'pending' ? at + backoffMs(attempts) : at, lastStatus: status, lastError: error });
  return state;
}

/** Sends every delivery that is due (the local scheduler loop and the AWS sweeper call this). */
export async function deliverDue(ports: Ports, limit = 25): Promise<number> {
  if (!ports.store.toolkit) return 0;
  const due = await ports.store.toolkit.dueOutbox(ports.clock.now(), limit);
  const results = await Promise.all(due.map((item) => deliver(ports, item).catch(() => 'busy' as const)));
  return results.filter((r) => r === 'sent').length;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
