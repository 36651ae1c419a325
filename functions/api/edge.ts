// What the API checks of a request before any route reads it: that it came through CloudFront (when
// deployed behind it) and that its path is bounded.
import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { refused } from './status.js';

/** The header CloudFront adds to every request it sends to the API's origin (infra/dusk-stack.ts). */
export const ORIGIN_HEADER = 'x-origin-verify';
/** Every id in a path (match, player, slot, channel) is at most this long (schemas.ts: kebab-case, 64). */
export const MAX_SEGMENT = 64;
const MAX_PATH = 512;

/** Refuses (403 `direct-access`) a request that did not come through the distribution. */
export function originCheck(secret: string): MiddlewareHandler {
  const expected = Buffer.from(secret);
  return async (c, next) => {
    const given = Buffer.from(c.req.header(ORIGIN_HEADER) ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return refused(c, 'direct-access', 'This API answers only through its site.');
    }
    await next();
  };
}

/** A path with an overlong segment names nothing: the not-found answer, before any store is asked. */
export function boundedPath(notFound: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (path.length > MAX_PATH || path.split('/').some((segment) => segment.length > MAX_SEGMENT)) return notFound(c);
    await next();
  };
}
