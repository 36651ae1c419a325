// "Notifications while away": this device asks to be told when a phase of the player's match resolves and
// before its deadlines (Web Push through /sw.js). One browser subscription serves every match it joined;
// which matches it serves is kept here, per match.
import { api } from './api.js';
import { h } from './dom.js';
import { lang, refusalText, t } from './lang.js';
import { pref, setPref } from './store.js';
import { toast } from './ui.js';

const WORKER = '/sw.js';
const controls = new Map<string, HTMLElement>();

/**
 * Why this page cannot offer notifications, as a text key, or null when it can (issue 44: the cause,
 * not a guess): an insecure address, no push service (a private window), no notifications at all.
 */
function unavailable(): string | null {
  if (!window.isSecureContext) return 'push-insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return 'push-no-api';
  if (!('Notification' in window)) return 'push-unsupported';
  return null;
}

/** A browser's refusal while subscribing, in the player's words (API refusals keep their own text). */
function subscribeError(error: unknown): string {
  if (error instanceof DOMException) return t(error.name === 'NotAllowedError' ? 'push-blocked' : 'push-no-api');
  return refusalText(error);
}
const subscribedHere = (matchId: string) => pref(`push.${matchId}`, '') === '1';

/** The VAPID key in the form `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function deviceSubscription(): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.register(WORKER);
  await navigator.serviceWorker.ready;
  const { publicKey } = await api('GET', '/api/push/key', {});
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's keys changed) cannot be reused.
  const made = existing?.options.applicationServerKey;
  if (existing && made && made.byteLength === key.length && new Uint8Array(made).every((b, i) => b === key[i])) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The subscription as the API takes it: a browser's `toJSON()`, whose endpoint and two keys are always there. */
function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** The button on a player's card: subscribe this device to the match's notices, or stop. Kept across renders. */
export function pushControl(matchId: string, token: string): HTMLElement {
  const id = `${matchId}:${token}`;
  const kept = controls.get(id);
  if (kept) return kept;
  const box = h('div', { class: 'push', 'data-testid': 'push' });
  controls.set(id, box);
  const draw = () => {
    box.replaceChildren();
    const why = unavailable();
    if (why) return box.append(h('small', { 'data-testid': 'push-unsupported', 'data-reason': why }, t(why)));
    if (Notification.permission === 'denied') return box.append(h('small', { 'data-testid': 'push-blocked' }, t('push-blocked')));
    const on = subscribedHere(matchId);
    box.append(
      h(
        'button',
        { type: 'button', 'data-testid': on ? 'push-off' : 'push-on', onclick: () => void (on ? stop() : start()) },
        t(on ? 'push-unsubscribe' : 'push-subscribe'),
      ),
      h('small', null, ' ', t(on ? 'push-on' : 'push-hint')),
    );
  };
  const start = async () => {
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'default') toast(t('push-not-granted'), 'error');
      if (permission !== 'granted') return draw();
      const subscription = await deviceSubscription();
      await api('POST', '/api/matches/{id}/push', {
        params: { id: matchId },
        body: { ...subscriptionBody(subscription), lang: lang() },
        token,
      });
      setPref(`push.${matchId}`, '1');
      toast(t('push-on'));
    } catch (error) {
      toast(subscribeError(error), 'error');
    }
    draw();
  };
  const stop = async () => {
    try {
      const subscription = await (await navigator.serviceWorker.getRegistration(WORKER))?.pushManager.getSubscription();
      if (subscription)
        await api('DELETE', '/api/matches/{id}/push', { params: { id: matchId }, body: { endpoint: subscription.endpoint }, token });
      setPref(`push.${matchId}`, '');
    } catch (error) {
      toast(refusalText(error), 'error');
    }
    draw();
  };
  draw();
  return box;
}
