import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * How the built web app (dist/web) goes over the wire: which files the build precompresses (brotli and
 * gzip, served by content negotiation) and how long browsers keep each file.
 * docs/compression-and-caching.md gives the reasons.
 */

/** Text files worth compressing; images, audio and fonts are compressed formats already. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;

/** Under this size a compressed copy saves less than its headers cost (as @fastify/compress's threshold). */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** A text file whose `.br` and `.gz` copies the build writes beside it (source maps are left out: devtools only). */
export const shouldPrecompress = (file: string) => COMPRESSIBLE_FILE.test(file) && !file.endsWith('.map');

/** A year, never revalidated: a hashed asset's name changes whenever its content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other public files (favicon, the demo brands' logos, samples) change only with a deploy: a day. */
export const PUBLIC_FILE = 'public, max-age=86400';
/**
 * HTML pages carry the brand (which can follow the login) and the current asset names: the browser may
 * keep them but asks every time (a 304 when unchanged), and no shared cache keeps them.
 */
export const HTML_PAGE = 'private, no-cache';

/** The evaluator app's service worker (vite-plugin-pwa, src/web/evaluator-sw.ts), at the root of dist/web. */
export const SERVICE_WORKER = 'evaluator-sw.js';

/** Cache-Control for a file of the built web app, by its path relative to dist/web. */
export function cacheControlFor(relativePath: string): string {
  // The service worker: the browser checks it for updates, a stale copy would keep an old app shell.
  if (relativePath === SERVICE_WORKER) return 'no-cache';
  const parts = relativePath.split(/[\\/]/).filter(Boolean);
  if (parts[0] === 'assets') return IMMUTABLE;
  if (/\.html?$/i.test(relativePath)) return HTML_PAGE;
  return PUBLIC_FILE;
}

/**
 * How hashed assets are sent (@fastify/static options): no Last-Modified and no ETag. The browser never
 * revalidates an immutable file (a new build gives it a new name), so the two validators were 80 bytes
 * of headers on each of the first page's scripts that nothing read.
 */
export const HASHED_ASSET = { lastModified: false, etag: false } as const;

/** @fastify/static's setHeaders: the cache policy, and Vary for files that have compressed copies. */
export function staticFileHeaders(root: string) {
  return (res: { setHeader: (name: string, value: string) => unknown }, file: string) => {
    const original = file.replace(/\.(?:br|gz)$/, '');
    res.setHeader('cache-control', cacheControlFor(path.relative(root, original)));
    if (COMPRESSIBLE_FILE.test(original)) res.setHeader('vary', 'accept-encoding');
  };
}

/** A weak validator for a rendered page: equal pages get equal tags, whatever the encoding. */
export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether the request's If-None-Match names this tag (RFC 9110: compared weakly, `*` matches any). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
