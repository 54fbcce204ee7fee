// Only the first pages' Mantine styles; other routes bring the whole stylesheet (app/full-styles.ts).
import './app/first-page-styles';

// A page the server rendered is painted before the app's scripts run: they start after the next frame.
// (Their files are already on the way: the page announces them with modulepreload links.) Any other page
// starts at once.
const start = () => import('./app/start').then((m) => m.start());
if (document.getElementById('root')?.firstElementChild) requestAnimationFrame(() => setTimeout(start, 0));
else void start();
