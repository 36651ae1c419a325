// The PushSender port over the `web-push` package (VAPID signature, aes128gcm payload), for both stacks.
// Endpoints come from browsers: a deployed function connects only to public addresses. The check runs in
// the agent's own lookup, on every address the host resolves to, so the socket goes where it was vetted.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, type AgentOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushSender } from '../ports.js';
import type { PushAnswer, PushSubscriptionRecord } from '../records.js';
import { internalRefusal } from './http-notifier.js';

export interface VapidKeys {
  publicKey: string;
  /** Never logged, never answered: it signs every notice. */
  privateKey: string;
  /** Who runs this server, for the push services (`mailto:` or `https:`). */
  subject: string;
}

export interface WebPushSenderOptions {
  vapid: VapidKeys;
  /** The local stack may reach push services on this machine (tests); a deployed one must not (default false). */
  allowInternal?: boolean;
  timeoutMs?: number;
  /** Extra trusted certificates (a test's local push service). */
  ca?: AgentOptions['ca'];
  /** The resolver the agent's lookup asks (node:dns by default; tests give their own answers). */
  resolve?: typeof dnsLookup;
}

/** A fresh VAPID key pair (base64url), for a local stack's first start. */
export const newVapidKeys = (): Omit<VapidKeys, 'subject'> => webpush.generateVAPIDKeys();

/** The push agent's lookup: every answer is vetted by the outbound guard, and the socket goes where it was vetted. */
export function vettingLookup(allowInternal: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, done) => {
    resolve(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      if (error) return done(error, '', 0);
      const refused =
        found.length === 0
          ? `refused: ${hostname} has no address`
          : allowInternal
            ? undefined
            : found.map((a) => internalRefusal(hostname, a.address)).find(Boolean);
      if (refused) return done(Object.assign(new Error(refused), { code: 'EREFUSED' }), '', 0);
      if (options.all) (done as unknown as (e: null, a: LookupAddress[]) => void)(null, found);
      else done(null, found[0]!.address, found[0]!.family);
    });
  };
}

export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private readonly agent: Agent;

  constructor(private readonly options: WebPushSenderOptions) {
    this.publicKey = options.vapid.publicKey;
    this.agent = new Agent({
      keepAlive: true,
      lookup: vettingLookup(options.allowInternal ?? false, options.resolve),
      ...(options.ca ? { ca: options.ca } : {}),
    });
  }

  async send(subscription: PushSubscriptionRecord, payload: string, ttlSeconds: number): Promise<PushAnswer> {
    const host = new URL(subscription.endpoint).hostname.replace(/^\[|\]$/g, '');
    // An address literal is never looked up: it is vetted here instead.
    const refused = isIP(host) && !this.options.allowInternal ? internalRefusal(host, host) : undefined;
    if (refused) throw new Error(refused);
    const { vapid } = this.options;
    try {
      const sent = await webpush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: ttlSeconds,
        contentEncoding: 'aes128gcm',
        agent: this.agent,
        timeout: this.options.timeoutMs ?? 5_000,
      });
      return { status: sent.statusCode };
    } catch (error) {
      // An answer other than 2xx: its status decides what happens to the subscription.
      if (error instanceof webpush.WebPushError) return { status: error.statusCode };
      throw new Error(`push service unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
