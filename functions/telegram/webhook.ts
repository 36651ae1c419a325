// One update as Telegram posts it to the webhook: the secret-token header compared in constant time, the
// update's id claimed once (a replay changes nothing), then handled; the answer is only a status, since
// what follows from the update's commits is sent by the effects flow. A failed handling is answered 500
// with its id given back, so Telegram's retry is handled rather than refused as a replay.
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

const update = z.looseObject({ update_id: z.number().int().nonnegative() });

/** Updates one Telegram user may have handled in a minute; beyond it his updates are dropped unread. */
export const UPDATES_PER_USER_PER_MINUTE = 40;

const senderOf = (u: Update): number | undefined =>
  u.message?.from?.id ?? u.callback_query?.from.id ?? u.chat_join_request?.from.id ?? u.chat_member?.from.id;

/**
 * Handles an update once by its id; a replay (or a second poller) is a no-op, and so is a flooder's excess.
 * A handling that fails (the store, the Bot API) gives its id back and answers 'failed', so that Telegram's
 * redelivery (or the poller's next try) handles it again: what it committed before failing is committed
 * again the same way (a submission, a binding), and a replay of one that was handled still changes nothing.
 */
export async function handleOnce(ports: Ports, u: Update): Promise<'handled' | 'replayed' | 'flooded' | 'failed'> {
  const store = ports.store.telegram;
  if (!store) return 'replayed';
  const key = `update#${u.update_id}`;
  if (!(await store.claim(key, ports.clock.now() + KEEP_UPDATE_MS))) return 'replayed';
  const sender = senderOf(u);
  const quota = ports.quota;
  if (sender !== undefined && quota) {
    const windowEnd = (Math.floor(ports.clock.now() / 60_000) + 1) * 60_000;
    if (!(await quota.take(`telegram:${sender}`, UPDATES_PER_USER_PER_MINUTE, windowEnd))) return 'flooded';
  }
  try {
    await handleUpdate(ports, u);
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
 * when its handling failed (Telegram then sends it again, "a reasonable amount of attempts").
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
  return (await handleOnce(ports, checked.data as unknown as Update)) === 'failed' ? 500 : 200;
}
