/**
 * What the storefront's first page costs on the wire: starts the app (production settings) on an
 * in-memory database with the demo seed, opens /industry in Chromium with an empty cache (it asks for
 * br and gzip, as every browser does) and adds up the bytes transferred for every request the page made
 * until the network is idle: HTML, JavaScript, CSS, fonts, images and its API calls, each as received
 * (compressed body plus response headers, as Chromium counts them). Prints one line per request.
 *
 * The target is 200 KB transferred (issue 16). Compression brought the page from 893 KB to about
 * 245 KB; Mantine's CSS per component, lighter headers on the app's files and the first page's
 * libraries in one chunk brought it to about 186 KB (19 requests), under the target; the server render
 * then added the page itself to the HTML (about 6 KB) and took the two GraphQL calls off the page, for
 * about 192 KB in 20 requests. The exit status
 * fails `npm test` over BUDGET_KB, that figure with about 3 KB of room, so that a change which adds to
 * the first page is seen. The JavaScript alone is printed too, transferred and as the gzip -9 estimate
 * this check used to make, and that estimate keeps its own 200 KB budget, as before.
 * Run after `npm run build`: `npm run test:size [-- /path]`.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createAdapters } from '../../src/server/adapters/index.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { seedDemo } from '../../src/server/db/seed-demo.js';

const TARGET_KB = 200;
const BUDGET_KB = 195;
const JS_GZIP_BUDGET_KB = 200;
const path = process.argv[2] ?? '/industry';

type Entry = {
  url: string;
  kind: string;
  status: number;
  encoding: string;
  /** Body bytes as sent (compressed when encoded). */
  body: number;
  headers: number;
  /** Body bytes after decoding. */
  decoded: number;
  /** gzip -9 of the decoded body: the old estimate, kept for JavaScript. */
  gzip: number;
};

const config = loadConfig({
  NODE_ENV: 'production',
  APP_SECRET: 'bench-secret-0123456789',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/first-page-size',
});
const database = await openDatabase({ dataDir: ':memory:' });
await seedDemo(database.db);
const app = await buildApp({
  db: database.db,
  config,
  adapters: createAdapters(config),
  ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage();
const pending: Promise<Entry | null>[] = [];
page.on('requestfinished', (request) => {
  pending.push(
    (async () => {
      const res = await request.response();
      if (!res) return null;
      const [sizes, body] = await Promise.all([request.sizes(), res.body().catch(() => Buffer.alloc(0))]);
      const headers = res.headers();
      const kind = kindOf(request.resourceType(), headers['content-type'] ?? '');
      return {
        url: new URL(res.url()).pathname,
        kind,
        status: res.status(),
        encoding: headers['content-encoding'] ?? '-',
        body: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
        decoded: body.length,
        gzip: kind === 'js' ? gzipSync(body, { level: 9 }).length : 0,
      };
    })(),
  );
});
await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
const entries = (await Promise.all(pending)).filter((e): e is Entry => e !== null);
await browser.close();
await app.close();
await database.close();

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const transferred = (e: Entry) => e.body + e.headers;
entries.sort((a, b) => transferred(b) - transferred(a));
console.log(`${'transferred'.padStart(11)} ${'body'.padStart(8)} ${'decoded'.padStart(8)}  kind  enc   url`);
for (const e of entries) {
  console.log(
    `${kb(transferred(e)).padStart(8)} KB ${kb(e.body).padStart(8)} ${kb(e.decoded).padStart(8)}  ${e.kind.padEnd(5)} ${e.encoding.padEnd(5)} ${e.url}${e.status === 200 ? '' : ` (${e.status})`}`,
  );
}
const sum = (list: Entry[], f: (e: Entry) => number) => list.reduce((n, e) => n + f(e), 0);
const scripts = entries.filter((e) => e.kind === 'js');
for (const kind of ['html', 'js', 'css', 'font', 'image', 'api', 'other']) {
  const list = entries.filter((e) => e.kind === kind);
  if (list.length === 0) continue;
  console.log(
    `  ${kind.padEnd(5)} ${String(list.length).padStart(3)} requests ${kb(sum(list, transferred)).padStart(8)} KB transferred (${kb(sum(list, (e) => e.headers))} KB of it headers), ${kb(sum(list, (e) => e.decoded))} KB decoded`,
  );
}
console.log(
  `JavaScript alone: ${scripts.length} scripts, ${kb(sum(scripts, transferred))} KB transferred, ${kb(sum(scripts, (e) => e.gzip))} KB as gzip -9 (the old estimate)`,
);
console.log(
  `Response headers: ${kb(sum(entries, (e) => e.headers))} KB of the total (HTTP/1.1 here; HTTP/2 and 3 compress repeated headers)`,
);
const jsGzip = sum(scripts, (e) => e.gzip) / 1024;
const jsOk = jsGzip <= JS_GZIP_BUDGET_KB;
if (!jsOk)
  console.log(`JavaScript as gzip -9: ${jsGzip.toFixed(1)} KB, over its budget of ${JS_GZIP_BUDGET_KB} KB`);
const total = sum(entries, transferred) / 1024;
const ok = total <= BUDGET_KB;
console.log(
  `first page ${path}: ${entries.length} requests, ${total.toFixed(1)} KB transferred ` +
    `(budget ${BUDGET_KB} KB, target ${TARGET_KB} KB): ${ok ? (total <= TARGET_KB ? 'OK' : 'within budget, over target') : 'OVER'}`,
);
process.exit(ok && jsOk ? 0 : 1);

function kindOf(resourceType: string, contentType: string): string {
  if (resourceType === 'document') return 'html';
  if (resourceType === 'script' || contentType.includes('javascript')) return 'js';
  if (resourceType === 'stylesheet' || contentType.includes('text/css')) return 'css';
  if (resourceType === 'font' || contentType.startsWith('font/')) return 'font';
  if (resourceType === 'image' || contentType.startsWith('image/')) return 'image';
  if (resourceType === 'fetch' || resourceType === 'xhr') return 'api';
  return 'other';
}
