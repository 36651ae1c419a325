// How long caches may keep the page's files: declared once for the local stack (functions/local/site.ts)
// and CloudFront's origin bucket (infra/site.ts); here, not in web/, since the server imports nothing from web/. web/build.ts names the bundle and the
// stylesheet `app-<10 hex of their sha256>.js|css`.

/** Content-hashed files never change under their name; everything else (the HTML first) is revalidated. */
export const PAGE_CACHE = {
  hashed: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
} as const;

/** The hashed files, as the bucket deployment's glob patterns. */
export const HASHED_GLOBS = ['app-*.js', 'app-*.css'] as const;

const HASHED_NAME = /\/app-[0-9a-f]{10}\.(?:js|css)$/;

/** The Cache-Control of a request path of the page. */
export const pageCacheControl = (path: string): string => (HASHED_NAME.test(path) ? PAGE_CACHE.hashed : PAGE_CACHE.revalidate);
