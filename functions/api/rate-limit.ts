// Per-address and per-token request limits (a sliding one-minute window in this process's memory),
// and the per-address limit on creating matches (an hourly window shared through the store).
import type { Context, MiddlewareHandler } from 'hono';
import type { Ports, Quota } from '../ports.js';
import { refused } from './status.js';

const WINDOW_MS = 60_000;
const HOUR_MS = 3_600_000;

type Env = { incoming?: { socket?: { remoteAddress?: string } }; requestContext?: { http?: { sourceIp?: string } } } | undefined;

export interface AddressOptions {
  /**
   * Whether `CloudFront-Viewer-Address` names the caller: only when every request is known to have
   * come through CloudFront (the API checks the origin secret first), since anyone else can write it.
   */
  trustViewerAddress?: boolean;
}

/**
 * The caller's address, from what the caller cannot choose. X-Forwarded-For is not trusted: its
 * first entry is whatever the client wrote. On the local server the socket's peer is the caller; on
 * Lambda behind CloudFront (origin secret checked), CloudFront's `CloudFront-Viewer-Address`
 * (`ip:port`, set by CloudFront over any value the viewer sends), else the source address API
 * Gateway saw.
 */
export function clientAddress(c: Context, options: AddressOptions = {}): string {
  const env = c.env as Env;
  const socket = env?.incoming?.socket?.remoteAddress;
  if (socket) return socket;
  const viewer = options.trustViewerAddress ? c.req.header('cloudfront-viewer-address') : undefined;
  if (viewer) return viewer.includes(':') ? viewer.slice(0, viewer.lastIndexOf(':')) : viewer;
  return env?.requestContext?.http?.sourceIp ?? 'unknown';
}

const retryAfter = (c: Context, seconds: number) => c.header('Retry-After', String(seconds));

export function rateLimit(perMinute: number, options: AddressOptions & { now?: () => number } = {}): MiddlewareHandler {
  const now = options.now ?? Date.now;
  const hits = new Map<string, number[]>();
  const allow = (key: string, t: number): boolean => {
    const recent = (hits.get(key) ?? []).filter((x) => t - x < WINDOW_MS);
    if (recent.length >= perMinute) {
      hits.set(key, recent);
      return false;
    }
    recent.push(t);
    hits.set(key, recent);
    if (hits.size > 50_000) hits.delete(hits.keys().next().value!);
    return true;
  };
  return async (c, next) => {
    const t = now();
    const address = clientAddress(c, options);
    const token = c.req.header('authorization') ?? '';
    const keys = [`addr:${address}`, ...(token ? [`token:${token.slice(-24)}`] : [])];
    for (const key of keys) {
      if (!allow(key, t)) {
        retryAfter(c, 60);
        return refused(c, 'rate-limited', 'Too many requests; wait a minute.');
      }
    }
    await next();
  };
}

/** Counts in this process only: the fallback when the ports bring no shared quota. */
function memoryQuota(): Quota {
  const used = new Map<string, number>();
  return {
    async take(key, limit, windowEnd) {
      const k = `${key}#${windowEnd}`;
      const n = used.get(k) ?? 0;
      if (n >= limit) return false;
      used.set(k, n + 1);
      if (used.size > 50_000) used.delete(used.keys().next().value!);
      return true;
    },
  };
}

/**
 * Match creation (create and import) per client address: `perHour` in each clock hour, apart from the
 * request rate, so that one address cannot fill the public list. Refused: 429 `create-limited`.
 */
export function creationLimit(ports: Ports, perHour: number, options: AddressOptions = {}): MiddlewareHandler {
  const quota = ports.quota ?? memoryQuota();
  return async (c, next) => {
    const t = ports.clock.now();
    const windowEnd = (Math.floor(t / HOUR_MS) + 1) * HOUR_MS;
    if (!(await quota.take(`create:${clientAddress(c, options)}`, perHour, windowEnd))) {
      retryAfter(c, Math.ceil((windowEnd - t) / 1000));
      return refused(c, 'create-limited', `An address may create ${perHour} matches an hour; try again later.`);
    }
    await next();
  };
}
