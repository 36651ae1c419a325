// Per-token and per-address request limits (a sliding one-minute window in this process's memory),
// and the per-address limit on creating matches (an hourly window shared through the store).
import type { Context, MiddlewareHandler } from 'hono';
import type { Ports, Quota } from '../ports.js';
import { readerFor } from '../service/live.js';
import { hashToken, readToken } from '../service/tokens.js';
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

/**
 * The limits a busy evening needs (decision 14): 13 players behind one address, 300 chat messages and
 * 100 ballots in 5 minutes, pages polling while disconnected. A seat's requests count against its token
 * (a page polling every 3 s and a chatty player stay far under it); anonymous ones against the address,
 * which 13 disconnected pages polling the public views share.
 */
export const BUSY_EVENING_LIMITS = { perTokenPerMinute: 300, perAddressPerMinute: 1200 } as const;

/** The match a request's path names, where a token can be checked. */
const MATCH_PATH = /^\/api\/matches\/([a-z0-9-]{1,64})(?:\/|$)/;

/** Bearer tokens this process has checked against their match: a hash of each, bounded. */
function provenTokens(ports: Ports | undefined) {
  const proven = new Set<string>();
  return {
    has: (token: string) => proven.has(hashToken(token)),
    /** Whether `token` is a seat's (or the GM's) of the match the path names; remembered when it is. */
    async check(path: string, token: string): Promise<boolean> {
      const matchId = MATCH_PATH.exec(path)?.[1];
      if (!ports || !matchId || readToken(token) === null) return false;
      const meta = await ports.store.getMeta(matchId).catch(() => null);
      const reader = meta ? await readerFor(ports.store, meta, token).catch(() => null) : null;
      if (!reader || reader.as === 'public') return false;
      if (proven.size > 50_000) proven.delete(proven.values().next().value!);
      proven.add(hashToken(token));
      return true;
    },
  };
}

export interface RateLimitOptions extends AddressOptions {
  now?: () => number;
  /** Anonymous requests (and those with a token that is no seat's) per address per minute; default `perMinute`. */
  perAddress?: number;
  /** Where tokens are checked; without it every request counts against its address. */
  ports?: Ports;
}

/**
 * Per seat and per address (decision 14): a request with a seat's token counts against that token only,
 * wherever it comes from; any other request (no token, a guessed or stale one) against its address. A
 * token is checked against its match once per process and then known by its hash.
 */
export function rateLimit(perMinute: number, options: RateLimitOptions = {}): MiddlewareHandler {
  const now = options.now ?? Date.now;
  const perAddress = options.perAddress ?? perMinute;
  const hits = new Map<string, number[]>();
  const recent = (key: string, t: number) => {
    const list = (hits.get(key) ?? []).filter((x) => t - x < WINDOW_MS);
    hits.set(key, list);
    if (hits.size > 50_000) hits.delete(hits.keys().next().value!);
    return list;
  };
  const proven = provenTokens(options.ports);
  return async (c, next) => {
    const t = now();
    const token = /^Bearer\s+(\S{1,512})$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const addressKey = `addr:${clientAddress(c, options)}`;
    const tooMany = () => {
      retryAfter(c, 60);
      return refused(c, 'rate-limited', 'Too many requests; wait a minute.');
    };
    if (token && proven.has(token)) {
      const list = recent(`token:${hashToken(token)}`, t);
      if (list.length >= perMinute) return tooMany();
      list.push(t);
      return next();
    }
    const list = recent(addressKey, t);
    if (list.length >= perAddress) return tooMany();
    // A seat's first request here: checked, then counted against the token like every later one.
    if (token && (await proven.check(c.req.path, token))) {
      const own = recent(`token:${hashToken(token)}`, t);
      if (own.length >= perMinute) return tooMany();
      own.push(t);
      return next();
    }
    list.push(t);
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
export function creationLimit(ports: Ports, perHour: number, options: AddressOptions & { perHourAll?: number } = {}): MiddlewareHandler {
  const quota = ports.quota ?? memoryQuota();
  return async (c, next) => {
    const t = ports.clock.now();
    const windowEnd = (Math.floor(t / HOUR_MS) + 1) * HOUR_MS;
    const wait = () => retryAfter(c, Math.ceil((windowEnd - t) / 1000));
    if (!(await quota.take(`create:${clientAddress(c, options)}`, perHour, windowEnd))) {
      wait();
      return refused(c, 'create-limited', `An address may create ${perHour} matches an hour; try again later.`);
    }
    // Issue 41: a flood from many addresses meets one rate for all of them.
    if (options.perHourAll && !(await quota.take('create:*', options.perHourAll, windowEnd))) {
      wait();
      return refused(c, 'create-limited', 'Too many matches were created this hour; try again later.');
    }
    await next();
  };
}
