/**
 * How much JavaScript the storefront's first page costs: starts the app on an in-memory database with
 * the demo seed, opens /industry in Chromium, gzips every JavaScript response the page loaded and prints
 * the total. Target: under 200 KB gzipped. Run after `npm run build`: `npx tsx scripts/bench/first-page-size.ts`.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createAdapters } from '../../src/server/adapters/index.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { seedDemo } from '../../src/server/db/seed-demo.js';

const BUDGET_KB = 200;
const path = process.argv[2] ?? '/industry';

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
const scripts: { url: string; raw: number; gzip: number }[] = [];
page.on('response', async (res) => {
  const type = res.headers()['content-type'] ?? '';
  if (!type.includes('javascript')) return;
  const body = await res.body().catch(() => null);
  if (body)
    scripts.push({
      url: new URL(res.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
});
await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
await browser.close();
await app.close();
await database.close();

scripts.sort((a, b) => b.gzip - a.gzip);
for (const s of scripts)
  console.log(
    `${(s.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KB  ${s.url}`,
  );
const total = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
console.log(
  `first page ${path}: ${scripts.length} scripts, ${total.toFixed(1)} KB gzipped JavaScript (budget ${BUDGET_KB} KB): ${total <= BUDGET_KB ? 'OK' : 'OVER'}`,
);
process.exit(total <= BUDGET_KB ? 0 : 1);
