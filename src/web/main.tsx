// Only the first pages' Mantine styles; other routes bring the whole stylesheet (app/full-styles.ts).
import './app/first-page-styles';

// '/' answered with Get Started itself (server/app.ts, the entry gateway): the address becomes the page's
// own before the router reads it, as a redirect would have made it.
const bootstrapData = document.getElementById('bootstrap-data')?.textContent;
const bootstrap = (bootstrapData ? JSON.parse(bootstrapData) : {}) as { url?: string; preload?: string[] };
if (bootstrap.url) window.history.replaceState(window.history.state, '', bootstrap.url);

// A page the server rendered is painted before the app's scripts are even asked for: after the next
// frame the entry announces them all at once (the page lists them: server/web-shell.ts) and starts the
// app. Any other page announces them in its head and starts at once.
const start = () => import('./app/start').then((m) => m.start());

/**
 * Announces the page's scripts, a few per task: each link costs the browser a fetch to start (about
 * 0.3 ms here, four times that on a phone), and the dashboard lists 60, so one task would block a tap.
 */
function preloadListed(from = 0) {
  const hrefs = bootstrap.preload ?? [];
  for (const href of hrefs.slice(from, from + PRELOAD_BATCH)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
  if (from + PRELOAD_BATCH < hrefs.length) setTimeout(() => preloadListed(from + PRELOAD_BATCH), 0);
}
const PRELOAD_BATCH = 12;

if (document.getElementById('root')?.firstElementChild) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      preloadListed();
      void start();
    }, 0),
  );
} else void start();
