// Per-address and per-token request limits (a sliding one-minute window in this process's memory).
import type { MiddlewareHandler } from 'hono';

const WINDOW_MS = 60_000;

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
    const address =
      c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ??
      (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ??
      'unknown';
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
