// Per-address and per-token request limits (a sliding one-minute window in this process's memory).
import type { Context, MiddlewareHandler } from 'hono';

const WINDOW_MS = 60_000;

type Env = { incoming?: { socket?: { remoteAddress?: string } }; requestContext?: { http?: { sourceIp?: string } } } | undefined;

/**
 * The caller's address, from what the caller cannot choose. X-Forwarded-For is not trusted: its
 * first entry is whatever the client wrote. On the local server the socket's peer is the caller; on
 * Lambda, CloudFront's `CloudFront-Viewer-Address` (`ip:port`, set by CloudFront over any value the
 * viewer sends), else the source address API Gateway saw.
 */
function clientAddress(c: Context): string {
  const env = c.env as Env;
  const socket = env?.incoming?.socket?.remoteAddress;
  if (socket) return socket;
  const viewer = c.req.header('cloudfront-viewer-address');
  if (viewer) return viewer.includes(':') ? viewer.slice(0, viewer.lastIndexOf(':')) : viewer;
  return env?.requestContext?.http?.sourceIp ?? 'unknown';
}

export function rateLimit(perMinute: number, now: () => number = Date.now): MiddlewareHandler {
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
    const address = clientAddress(c);
    const token = c.req.header('authorization') ?? '';
    const keys = [`addr:${address}`, ...(token ? [`token:${token.slice(-24)}`] : [])];
    for (const key of keys) {
      if (!allow(key, t)) {
        c.header('Retry-After', '60');
        return c.json({ error: { code: 'rate-limited', message: 'Too many requests; wait a minute.' } }, 429);
      }
    }
    await next();
  };
}
