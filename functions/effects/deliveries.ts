// One delivery job to one receiver, run by whichever queue holds it (in process locally, SQS on AWS).
import type { Ports } from '../ports.js';
import type { DeliveryJob } from '../records.js';
import { deliverOnce, deviceOf } from '../service/push/notices.js';
import { deliver } from '../service/toolkit/outbox.js';
import { sendTelegramJob } from '../telegram/outbound.js';

/**
 * Sends one job. A push notice is claimed once per key and device (retries inside deliverOnce); a webhook
 * delivery is the stored outbox item's own attempt (the sweep retries it with backoff). Either is safe to run twice.
 */
export async function runDelivery(ports: Ports, job: DeliveryJob): Promise<string> {
  if (job.kind === 'telegram') return sendTelegramJob(ports, job);
  if (job.kind === 'webhook') {
    const item = await ports.store.toolkit?.getOutbox(job.matchId, job.key);
    return item ? deliver(ports, item) : 'gone';
  }
  const store = ports.store.push;
  if (!store) return 'kept';
  const subscription = (await store.listSubscriptions(job.matchId)).find((s) => s.playerId === job.playerId && deviceOf(s) === job.device);
  if (!subscription) return 'gone';
  return deliverOnce(ports, store, subscription, job.key, job.payload, job.ttlSeconds);
}
