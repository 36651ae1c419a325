// Web Push notices: what a lock screen may show (ids and the match's name; the service worker words it in
// the player's language), sent once per key, and what a push service's answer does to the subscription.
import { createHash } from 'node:crypto';
import type { Ports, PushStore } from '../../ports.js';
import type { PushSubscriptionRecord } from '../../records.js';
import { RETRY, retry, sleepOf } from '../../retry.js';

/** The whole payload: nothing beyond what the match page shows anyone (no role, no event, no name but the match's). */
export interface PushPayload {
  kind: 'results' | 'reminder';
  match: { id: string; name: string };
  /** The phase that closed (results) or is about to close (reminder). */
  phase: string;
  /** Results: the phase now open, null when the match is over. */
  next?: string | null;
  /** Reminder: when the phase closes (epoch ms). */
  deadline?: number;
  lang: PushSubscriptionRecord['lang'];
}

export type Delivery = 'sent' | 'gone' | 'kept' | 'duplicate';

/** Notices are claimed for this long past their moment (a retry after that could send again: none comes). */
const CLAIM_KEEP_MS = 7 * 86_400_000;
const DEFAULT_TTL_SECONDS = 86_400;

const log = (message: string, extra: Record<string, unknown>) => console.error(JSON.stringify({ level: 'warn', message, ...extra }));

/** The device's part of a notice key: a digest (the endpoint is a capability URL, never in a key or a log). */
export const deviceOf = (s: PushSubscriptionRecord) => createHash('sha256').update(s.endpoint).digest('hex').slice(0, 16);

/**
 * Sends `payload` to one device once for `key` (the conditional claim makes retries and concurrent senders
 * send once). 404/410 from the push service remove the subscription; 429, 5xx and an unreachable service keep
 * it and are tried again (RETRY.pushNotice: the notice is claimed already, so nobody else sends it, and a
 * resolution happens once, so a failure not retried here is lost); any other refusal is not.
 */
export async function deliverOnce(
  ports: Ports,
  store: PushStore,
  subscription: PushSubscriptionRecord,
  key: string,
  payload: Omit<PushPayload, 'lang'>,
  ttlSeconds = DEFAULT_TTL_SECONDS,
): Promise<Delivery> {
  const sender = ports.push;
  if (!sender) return 'kept';
  const now = ports.clock.now();
  const claimed = await store.claimNotice(
    subscription.matchId,
    `${key}#${subscription.playerId}#${deviceOf(subscription)}`,
    now + CLAIM_KEEP_MS,
  );
  if (!claimed) return 'duplicate';
  const body = JSON.stringify({ ...payload, lang: subscription.lang } satisfies PushPayload);
  const where = { matchId: subscription.matchId, player: subscription.playerId, device: deviceOf(subscription) };
  // One try: what the service answered ('transient' when a later try may get through).
  const outcome = await retry(
    RETRY.pushNotice,
    async (attempt): Promise<Delivery | 'refused' | 'transient'> => {
      try {
        const { status } = await sender.send(subscription, body, Math.max(60, Math.floor(ttlSeconds)));
        if (status >= 200 && status < 300) return 'sent';
        if (status === 404 || status === 410) {
          await store.deleteSubscription(subscription.matchId, subscription.playerId, subscription.endpoint);
          return 'gone';
        }
        log('push notice refused', { ...where, status, attempt });
        return status === 429 || status >= 500 ? 'transient' : 'refused';
      } catch (error) {
        log('push notice failed', { ...where, attempt, error: String(error instanceof Error ? error.message : error).slice(0, 200) });
        return 'transient';
      }
    },
    { again: (o) => o.ok && o.value === 'transient', sleep: sleepOf(ports.clock) },
  );
  return outcome === 'refused' || outcome === 'transient' ? 'kept' : outcome;
}
