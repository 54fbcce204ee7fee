// Writes a PNG rendition next to each bundled brand logo (src/web/public/brands/{name}.svg ->
// {name}.png, at twice the SVG's size, transparent background). The storefront shows the SVGs; e-mails
// need the PNGs, because Gmail and Outlook do not display SVG images. Run after adding or changing a
// bundled logo, and commit the PNGs:
//
//   npx tsx scripts/brand-logo-pngs.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BRANDS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/web/public/brands');
const CHROMIUM = '/usr/bin/chromium';

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package.`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    for (const file of readdirSync(BRANDS_DIR).filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(path.join(BRANDS_DIR, file), 'utf8');
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><img id="logo" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="display:block"></body></html>`,
      );
      await page.locator('#logo').evaluate((img: HTMLImageElement) => img.decode());
      const out = path.join(BRANDS_DIR, file.replace(/\.svg$/, '.png'));
      await page.locator('#logo').screenshot({ path: out, omitBackground: true });
      console.log(`wrote ${path.relative(process.cwd(), out)}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
