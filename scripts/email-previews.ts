// Renders every e-mail kind (the samples in src/server/email/previews.ts) in Chromium and writes one
// PNG per message to test-results/emails/{name}.png, 680 px wide like a mail client's reading pane.
// Images the messages link to (the brand's logo, the survey QR codes) are answered locally, as this
// app serves them, so no server is needed:
//
//   npx tsx scripts/email-previews.ts
//
// The e2e suite runs the same through e2e/email-previews.spec.ts.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { EMAIL_PREVIEWS, PREVIEW_ORIGIN } from '../src/server/email/previews.js';
import { QR_OPTIONS } from '../src/server/fieldwork/survey-routes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PREVIEWS_DIR = path.join(ROOT, 'test-results', 'emails');
const PUBLIC_DIR = path.join(ROOT, 'src', 'web', 'public');
const CHROMIUM = '/usr/bin/chromium';

/** Answers the previews' image requests as the app would: bundled brand files and survey QR codes. */
async function serveImages(page: Page) {
  await page.route(`${PREVIEW_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const qr = /^\/survey\/([A-Za-z0-9_-]+)\/qr\.png$/.exec(url.pathname);
    if (qr) {
      const png = await QRCode.toBuffer(`${PREVIEW_ORIGIN}/survey/${qr[1]}`, { ...QR_OPTIONS, type: 'png' });
      return route.fulfill({ contentType: 'image/png', body: png });
    }
    if (/^\/brands\/[a-z0-9-]+\.png$/.test(url.pathname)) {
      return route.fulfill({
        contentType: 'image/png',
        body: await readFile(path.join(PUBLIC_DIR, url.pathname)),
      });
    }
    return route.fulfill({ status: 404, body: '' });
  });
}

export type PreviewShot = { name: string; file: string; subject: string; html: string; text: string };

/** Renders each sample into `page` and writes its full-page PNG; returns what was written. */
export async function writeEmailPreviews(page: Page, outDir = PREVIEWS_DIR): Promise<PreviewShot[]> {
  await mkdir(outDir, { recursive: true });
  // A short viewport: the full-page shot is then as tall as the message.
  await page.setViewportSize({ width: 680, height: 200 });
  await serveImages(page);
  const shots: PreviewShot[] = [];
  for (const preview of EMAIL_PREVIEWS) {
    const { subject, html, text } = preview.render();
    // Loaded from the preview origin, so relative lookups and the routed images behave as in a client.
    await page.route(`${PREVIEW_ORIGIN}/__email`, (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    );
    await page.goto(`${PREVIEW_ORIGIN}/__email`, { waitUntil: 'load' });
    await page.unroute(`${PREVIEW_ORIGIN}/__email`);
    const file = path.join(outDir, `${preview.name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await writeFile(path.join(outDir, `${preview.name}.html`), html);
    shots.push({ name: preview.name, file, subject, html, text });
  }
  return shots;
}

async function main() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    for (const shot of await writeEmailPreviews(page)) console.log(`wrote ${path.relative(ROOT, shot.file)}`);
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
