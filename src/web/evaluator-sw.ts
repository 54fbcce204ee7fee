// The evaluator app's service worker (vite-plugin-pwa, injectManifest; docs/offline-evaluator.md),
// scoped to /evaluator: the app shell (the built scripts and styles) is precached, and the evaluator's
// pages are fetched from the network first, the last copy answering when there is no connection. The
// shopper's answers are not here: they wait in IndexedDB (src/web/evaluator/offline).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

type PrecacheEntry = { url: string; revision: string | null };
type Worker = { __WB_MANIFEST: PrecacheEntry[]; skipWaiting: () => Promise<void> };

/** Cache names starting 'evaluator-' are cleared on logout (src/web/evaluator/offline/clear.ts). */
const PAGES = 'evaluator-pages';

void (self as unknown as Worker).skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Written as `self.__WB_MANIFEST`: the build puts the list of files there.
precacheAndRoute((self as unknown as Worker).__WB_MANIFEST);

const pages = new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 5 });

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && /^\/evaluator(?:\/|$)/.test(url.pathname),
  async (options) => {
    try {
      const res = await pages.handle(options);
      if (res) return res;
    } catch {
      // Offline and this page was never opened here: any evaluator page will do, the app routes itself.
    }
    const cache = await caches.open(PAGES);
    const [any] = await cache.keys();
    const fallback = any && (await cache.match(any));
    return fallback ?? Response.error();
  },
);
