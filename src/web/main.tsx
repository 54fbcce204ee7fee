// Only the first pages' Mantine styles; other routes bring the whole stylesheet (app/full-styles.ts).
import './app/first-page-styles';

// A page the server rendered is painted before the app's scripts are even asked for: after the next
// frame the entry announces them all at once (the page lists them: server/web-shell.ts) and starts the
// app. Any other page announces them in its head and starts at once.
const start = () => import('./app/start').then((m) => m.start());

function preloadListed() {
  const data = document.getElementById('bootstrap-data')?.textContent;
  const list = data ? ((JSON.parse(data) as { preload?: string[] }).preload ?? []) : [];
  for (const href of list) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
}

if (document.getElementById('root')?.firstElementChild) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      preloadListed();
      void start();
    }, 0),
  );
} else void start();
