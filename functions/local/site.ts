// The local stack's site: the built page and the published match files, compressed and with the
// cache headers CloudFront gives them (infra/dusk-stack.ts uploads with the same policies).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { pageCacheControl } from '../page-cache.js';
import { publishedCacheControl } from '../adapters/aws/s3-publisher.js';

/** Like CloudFront, only bodies of 1 KB and more are compressed (gzip would make a 60-byte answer longer). */
export const COMPRESS_FROM = 1024;

/**
 * Compression for the page and the published files, registered before the routes it wraps. The
 * API's answers are compressed below Hono, by functions/local/transport.ts.
 */
export function useCompression(app: Hono): void {
  const zip = compress({ threshold: COMPRESS_FROM });
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : zip(c, next)));
}

export function serveSite(app: Hono, siteDir: string, webDir: string | undefined): void {
  app.use('/matches/*', etag(), async (c, next) => {
    await next();
    c.header('Cache-Control', publishedCacheControl(c.req.path));
    if (/\.(bbcode|md)$/.test(c.req.path)) c.header('Content-Type', 'text/plain; charset=utf-8');
  });
  app.use('/matches/*', serveStatic({ root: siteDir }));
  // A published file that is not there is a 404, as from the bucket, never the page's HTML.
  app.all('/matches/*', (c) => c.notFound());
  const dir = resolve(webDir ?? 'web/dist');
  if (!existsSync(dir)) return;
  app.use('/*', etag(), async (c, next) => {
    await next();
    if (c.res.ok || c.res.status === 304) c.header('Cache-Control', pageCacheControl(c.req.path));
  });
  app.use('/*', serveStatic({ root: dir }));
  // The hash router's pages are all index.html.
  app.get('*', serveStatic({ path: join(dir, 'index.html') }));
}
