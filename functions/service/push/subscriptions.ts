// A player's devices subscribing to Web Push for his match: the browser's PushSubscription, checked, stored.
import * as z from 'zod';
import { LANGS } from '../../../texts/langs.js';
import type { PushStore, Ports } from '../../ports.js';
import type { Caller } from '../callers.js';
import { refusal } from '../errors.js';
import { callerUrl } from '../urls.js';

const MAX_ENDPOINT = 1000;
/** Devices one player may have subscribed in a match: a new one beyond it pushes out his oldest. */
export const MAX_DEVICES_PER_PLAYER = 5;
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url')
    .refine((s) => Buffer.from(s, 'base64url').length === bytes, `${bytes} bytes`);

/** Where notices go: a push service's https URL (browsers give nothing else), without credentials. */
const endpoint = callerUrl(MAX_ENDPOINT, true);

/** `POST …/push`: `PushSubscription.toJSON()` and the language notices should speak. */
export const pushSubscriptionBody = z
  .object({
    endpoint,
    expirationTime: z.number().nullable().optional(),
    // An uncompressed P-256 point and a 16-byte secret (RFC 8291).
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }).strict(),
    lang: z.enum(LANGS).default('en'),
  })
  .strict();

/** `DELETE …/push`: which device stops. */
export const pushEndpointBody = z.object({ endpoint }).strict();

function pushStore(ports: Ports): PushStore {
  if (!ports.push || !ports.store.push) throw refusal('push-unavailable', 'Notifications are not available on this server.');
  return ports.store.push;
}

/** The VAPID public key the page subscribes with. */
export function pushKey(ports: Ports): { publicKey: string } {
  pushStore(ports);
  return { publicKey: ports.push!.publicKey };
}

export async function subscribe(ports: Ports, caller: Caller, input: z.infer<typeof pushSubscriptionBody>) {
  const store = pushStore(ports);
  const { meta } = caller.loaded;
  if (meta.status === 'ended') throw refusal('match-over', 'The match is over.');
  await store.putSubscription({
    matchId: meta.id,
    playerId: caller.player.id,
    endpoint: input.endpoint,
    keys: input.keys,
    lang: input.lang,
    tokenHash: caller.player.tokenHash,
    createdAt: ports.clock.now(),
  });
  await keepNewest(store, meta.id, caller.player.id);
  return { subscribed: true, lang: input.lang };
}

/**
 * Trims the player's devices to the newest MAX_DEVICES_PER_PLAYER (by time, then endpoint). It runs after the
 * write, so subscribes arriving together each see the others' writes or are seen by them, and end below the cap.
 */
async function keepNewest(store: PushStore, matchId: string, playerId: string): Promise<void> {
  const mine = (await store.listSubscriptions(matchId))
    .filter((s) => s.playerId === playerId)
    .sort((a, b) => b.createdAt - a.createdAt || (a.endpoint < b.endpoint ? 1 : a.endpoint > b.endpoint ? -1 : 0));
  await Promise.all(mine.slice(MAX_DEVICES_PER_PLAYER).map((s) => store.deleteSubscription(matchId, playerId, s.endpoint)));
}

export async function unsubscribe(ports: Ports, caller: Caller, input: z.infer<typeof pushEndpointBody>) {
  await pushStore(ports).deleteSubscription(caller.loaded.meta.id, caller.player.id, input.endpoint);
  return { subscribed: false };
}
