import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json), keyed by its source, relative to src/web. */
export type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The lazily loaded route modules (as src/web/app/router.tsx imports them) that the pages a visitor
 * opens first render. Their chunks are announced with the page, so the browser fetches them all at
 * once instead of discovering them import by import (one round trip each on a phone network).
 */
export const FIRST_PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/industry': ['order/get-started-page.tsx'],
  '/login': ['account/login-page.tsx'],
  '/register': ['account/register-page.tsx'],
  // The dashboard's summary and programs load on demand (src/web/reports/dashboard-reports.tsx), but it
  // always shows them: announced with the page, their chunks arrive with the dashboard's, not after it.
  '/account/dashboard': [
    'account/account-layout.tsx',
    'account/dashboard-page.tsx',
    'reports/summary/performance-summary.tsx',
    'reports/dashboard-programs.tsx',
  ],
};

/**
 * The app itself (router, layout, providers), which the entry script imports once the page has been
 * painted (src/web/main.tsx): every page needs it, so every page announces it.
 */
export const APP_MODULE = 'app/start.tsx';

/** The cache key of the pages without a list of their own: they all get the app's chunks only. */
const ANY_PAGE = '*';

export async function loadBuildManifest(webDist: string): Promise<BuildManifest | null> {
  try {
    return JSON.parse(await readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/**
 * The script URLs a page should preload: every chunk the entry imports, the app's (APP_MODULE), and
 * every chunk of the page's route modules with what they import, in that order; not the entry itself
 * (the page's own <script> loads it). A page without a list gets the first two; nothing without a
 * manifest.
 */
export function modulePreloads(manifest: BuildManifest | null, pathname: string): string[] {
  return pageAssets(manifest, pathname).scripts;
}

/**
 * The stylesheets of a listed page's route modules that index.html does not link already (the entry's
 * are there): a page the server renders needs them before its first paint, not when its script asks.
 */
export function pageStylesheets(manifest: BuildManifest | null, pathname: string): string[] {
  return pageAssets(manifest, pathname).styles;
}

type PageAssets = { scripts: string[]; styles: string[] };
const NONE: PageAssets = { scripts: [], styles: [] };

function pageAssets(manifest: BuildManifest | null, pathname: string): PageAssets {
  if (!manifest) return NONE;
  const path = pathname.replace(/\/+$/, '') || '/';
  // Only the listed pages are kept one by one, so visitors' made-up paths cannot grow the cache.
  const page = Object.hasOwn(FIRST_PAGE_MODULES, path) ? path : ANY_PAGE;
  // Every page view asks; the answer only changes with the build, so it is worked out once per manifest.
  let byPage = computed.get(manifest);
  if (!byPage) {
    byPage = new Map();
    computed.set(manifest, byPage);
  }
  let found = byPage.get(page);
  if (!found) {
    found = assetsOf(manifest, page);
    byPage.set(page, found);
  }
  return found;
}

const computed = new WeakMap<BuildManifest, Map<string, PageAssets>>();

function assetsOf(manifest: BuildManifest, page: string): PageAssets {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const files = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, linked: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk !== entry) files.add(`/${chunk.file}`);
    if (!linked) for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const dep of chunk.imports ?? []) visit(dep, linked);
  };
  const modules = [APP_MODULE, ...(FIRST_PAGE_MODULES[page] ?? [])];
  if (!entry) return NONE;
  // The entry and what it imports are linked by index.html (scripts and stylesheets alike).
  seen.add(Object.keys(manifest).find((k) => manifest[k] === entry) ?? '');
  for (const dep of entry.imports ?? []) visit(dep, true);
  for (const module of modules) visit(module, false);
  return { scripts: [...files], styles: [...styles] };
}
