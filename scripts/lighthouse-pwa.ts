/**
 * Lighthouse's PWA checks of the evaluator app (docs/offline-evaluator.md): the installable manifest,
 * the service worker, the themed address bar and the maskable icon, on /evaluator of the built
 * production server, in Debian's Chromium (headless). Lighthouse 11 is the last release with the PWA
 * category; it is installed under the alias `lighthouse-pwa` beside the project's Lighthouse 12.
 *
 *   npm run build && npm run test:pwa
 *
 * Prints the PWA score and each audit with pass or fail; exits non-zero when one of the four fails.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse-pwa';
import { startProductionServer } from './bench/production-server.js';

const AUDITS = ['installable-manifest', 'service-worker', 'themed-omnibox', 'maskable-icon'] as const;
const MORE = ['splash-screen', 'viewport', 'content-width'] as const;

type Audit = { score: number | null; title: string; explanation?: string };
type Lhr = {
  categories: { pwa?: { score: number | null } };
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
};

const server = await startProductionServer();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  const url = `${server.origin}/evaluator`;
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['pwa'],
    formFactor: 'mobile',
  });
  const lhr = result?.lhr as unknown as Lhr | undefined;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}.`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const pwa = lhr.categories.pwa?.score;
  console.log(`PWA category (${url}): ${pwa == null ? 'n/a' : Math.round(pwa * 100)}`);
  for (const id of [...AUDITS, ...MORE]) {
    const audit = lhr.audits[id];
    if (!audit) {
      // Lighthouse 11 has no separate service-worker audit: installable-manifest checks the worker.
      console.log(`  -    ${id}: not in this Lighthouse (covered by installable-manifest)`);
      continue;
    }
    const pass = audit.score === 1;
    if (!pass && (AUDITS as readonly string[]).includes(id)) failed = true;
    const why = audit.explanation ? ` (${audit.explanation})` : '';
    console.log(`  ${pass ? 'pass' : 'FAIL'} ${id}: ${audit.title}${why}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
if (failed) process.exit(1);
