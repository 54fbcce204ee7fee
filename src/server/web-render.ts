import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ExecutionResult } from 'graphql';
import type { PublicBrand } from '../web/app/brand.js';
import type { RenderedPage } from '../web/ssr.js';
import { SESSION_COOKIE } from './accounts/sessions.js';

type Renderer = typeof import('../web/ssr.js');

/**
 * The pages the server renders (src/web/ssr.tsx): the ones a visitor opens first (and a customer, the
 * dashboard), so a phone paints them before the scripts have arrived. Every other page is the shell the
 * browser fills.
 */
export const SERVER_RENDERED_PAGES: ReadonlySet<string> = new Set([
  '/industry',
  '/login',
  '/register',
  '/account/dashboard',
]);

/** Of those, the pages behind the login: rendered for a visitor with a session (else the browser sends them to Login). */
const LOGIN_PAGES: ReadonlySet<string> = new Set(['/account/dashboard']);

const builtAt = (file: string) =>
  stat(file).then(
    (s) => s.mtimeMs,
    () => null,
  );

/**
 * The server render built by `npm run build` (dist/ssr/ssr.js), loaded once: the returned function
 * gives it, or null when there is none. With `checkBuild` (development) it also gives null once the file
 * has been rebuilt since (a module cannot be loaded twice; the browser then renders the pages, and a
 * restart picks the new build up), so a stale render never meets newer scripts.
 */
export async function openRenderer(
  ssrDist: string,
  checkBuild: boolean,
): Promise<() => Promise<Renderer | null>> {
  const file = path.join(ssrDist, 'ssr.js');
  const loadedAt = await builtAt(file);
  if (loadedAt === null) return async () => null;
  const renderer = (await import(pathToFileURL(file).href)) as Renderer;
  if (!checkBuild) return async () => renderer;
  return async () => ((await builtAt(file)) === loadedAt ? renderer : null);
}

/** Request headers the in-process GraphQL call must not copy (it sends its own body, uncompressed). */
const NOT_FORWARDED = new Set(['content-length', 'content-type', 'accept-encoding', 'transfer-encoding']);

/**
 * The server render of a page, or null when the page is not one to render or its render fails (the
 * browser then renders it from the shell, as for any other page; a failure is logged). The page's
 * GraphQL operations run in this process through the app's own /api route, as the visitor (their
 * cookies and host), so they see exactly what the browser's calls would.
 */
export async function serverRender(
  renderer: Renderer | null,
  app: FastifyInstance,
  req: FastifyRequest,
  brand: PublicBrand,
  log: FastifyBaseLogger,
  /** The page to render when it is not the one asked for (Get Started, answered at '/'). */
  pageUrl: string = req.url,
): Promise<RenderedPage | null> {
  if (!renderer) return null;
  const url = new URL(pageUrl, 'http://localhost');
  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  if (!SERVER_RENDERED_PAGES.has(pathname)) return null;
  if (LOGIN_PAGES.has(pathname) && !req.cookies?.[SESSION_COOKIE]) return null;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && !NOT_FORWARDED.has(name)) headers[name] = value;
  }
  try {
    return await renderer.renderPage({
      url: url.href,
      brand,
      cookieHeader: req.headers.cookie ?? '',
      graphql: async (body) => {
        const res = await app.inject({ method: 'POST', url: '/api', headers, payload: JSON.stringify(body) });
        return res.json() as ExecutionResult;
      },
    });
  } catch (err) {
    log.error({ err, url: pathname }, 'Server render failed; the page is sent for the browser to render');
    return null;
  }
}
