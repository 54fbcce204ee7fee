import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json), keyed by its source, relative to src/web. */
export type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
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
  '/account/dashboard': ['account/account-layout.tsx', 'account/dashboard-page.tsx'],
};

export async function loadBuildManifest(webDist: string): Promise<BuildManifest | null> {
  try {
    return JSON.parse(await readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/**
 * The script URLs a page should preload: every chunk the entry imports, and every chunk of the page's
 * route modules with what they import, in that order; not the entry itself (the page's own <script>
 * loads it). Nothing for a page without a list, or without a manifest.
 */
export function modulePreloads(manifest: BuildManifest | null, pathname: string): string[] {
  if (!manifest) return [];
  const page = pathname.replace(/\/+$/, '') || '/';
  // Only the listed pages are kept, so visitors' made-up paths cannot grow the cache.
  if (!Object.hasOwn(FIRST_PAGE_MODULES, page)) return [];
  // Every page view asks; the answer only changes with the build, so it is worked out once per manifest.
  let byPage = computed.get(manifest);
  if (!byPage) {
    byPage = new Map();
    computed.set(manifest, byPage);
  }
  let found = byPage.get(page);
  if (!found) {
    found = preloadsOf(manifest, page);
    byPage.set(page, found);
  }
  return found;
}

const computed = new WeakMap<BuildManifest, Map<string, string[]>>();

function preloadsOf(manifest: BuildManifest, page: string): string[] {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk !== entry) files.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const modules = FIRST_PAGE_MODULES[page];
  if (!modules || !entry) return [];
  for (const dep of entry.imports ?? []) visit(dep);
  for (const module of modules) visit(module);
  return [...files];
}
