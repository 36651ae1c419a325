// One update as Telegram posts it to the webhook: the secret-token header compared in constant time, the
// update's id claimed once (a replay changes nothing), then handled; the answer is only a status, since
// what follows from the update's commits is sent by the effects flow. A failed handling is answered 500
// with its id given back (a try that died lets it go when its lease lapses), so Telegram's retry is
// handled rather than refused as a replay.
import * as z from 'zod';
import type { Ports } from '../ports.js';
import { telemetryOf } from '../service/telemetry.js';
import type { Update } from './bot-api.js';
import { sameSecret } from './secret.js';
import { handleUpdate } from './updates.js';

/** The header Telegram sends the webhook's secret_token in. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
/** How long an update's id is remembered (Telegram retries for far less). */
const KEEP_UPDATE_MS = 2 * 86_400_000;
/** How long one try may hold an update before another may take it (well above the webhook function's 20 s). */
export const LEASE_MS = 60_000;

const update = z.looseObject({ update_id: z.number().int().nonnegative() });

/** Updates one Telegram user may have handled in a minute; beyond it his updates are dropped unread. */
export const UPDATES_PER_USER_PER_MINUTE = 40;

const senderOf = (u: Update): number | undefined =>
  u.message?.from?.id ?? u.callback_query?.from.id ?? u.chat_join_request?.from.id ?? u.chat_member?.from.id;

/**
 * Handles an update once by its id; a replay (or a second poller) is a no-op, and so is a flooder's excess.
 * The id is leased while it is handled: a handling that fails (the store, the Bot API) gives it back and
 * answers 'failed', and one that died (a Lambda timed out) lets it go when its lease lapses, so that
 * Telegram's redelivery (or the poller's next try) is handled; meanwhile a redelivery is 'busy'. What a
 * failed try committed is committed again the same way (a submission, a binding); a replay of an update
 * that was handled still changes nothing.
 */
export async function handleOnce(ports: Ports, u: Update): Promise<'handled' | 'replayed' | 'flooded' | 'failed' | 'busy'> {
  const store = ports.store.telegram;
  if (!store) return 'replayed';
  const key = `update#${u.update_id}`;
  const now = ports.clock.now();
  const keep = now + KEEP_UPDATE_MS;
  const leased = await store.leaseUpdate(key, now + LEASE_MS, keep, now);
  if (leased === 'done') return 'replayed';
  if (leased === 'working') return 'busy';
  const sender = senderOf(u);
  const quota = ports.quota;
  try {
    if (sender !== undefined && quota) {
      const windowEnd = (Math.floor(now / 60_000) + 1) * 60_000;
      if (!(await quota.take(`telegram:${sender}`, UPDATES_PER_USER_PER_MINUTE, windowEnd))) {
        await store.settleUpdate(key, keep);
        return 'flooded';
      }
    }
    await handleUpdate(ports, u);
    await store.settleUpdate(key, keep);
    return 'handled';
  } catch (error) {
    telemetryOf(ports).log('error', 'telegram update failed', { updateId: u.update_id, error: String(error) });
    await store
      .release(key)
      .catch((lost: unknown) =>
        telemetryOf(ports).log('error', 'telegram update not released', { updateId: u.update_id, error: String(lost) }),
      );
    return 'failed';
  }
}

/**
 * The webhook's answer: 401 without the right secret (nothing read), 400 for a body that is no update, 500
 * when its handling failed and 503 while another try holds it (Telegram then sends it again, "a reasonable
 * amount of attempts").
 */
export async function webhook(ports: Ports, secret: string, header: string | undefined | null, body: string): Promise<number> {
  if (!sameSecret(header, secret)) return 401;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 400;
  }
  const checked = update.safeParse(parsed);
  if (!checked.success) return 400;
  const outcome = await handleOnce(ports, checked.data as unknown as Update);
  return outcome === 'failed' ? 500 : outcome === 'busy' ? 503 : 200;
}
