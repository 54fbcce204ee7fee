import { inflateSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.js';
import { brands } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';

// The evaluator app's web app manifest and icons follow the brand of the request (white label).

const t = setupTestApp();

beforeEach(async () => {
  await t.resetDb();
  await t.db.insert(brands).values({
    id: newId(),
    shortName: 'sb',
    name: 'Shop Brand',
    isDefault: true,
    primaryColor: '#1C7ED6',
  });
});

describe('the evaluator app manifest', () => {
  it('describes the installable evaluator app in the brand’s name and colour', async () => {
    const res = await t.inject({ method: 'GET', url: '/evaluator/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    const [brand] = await t.db.select().from(brands);
    expect(brand!.isDefault).toBe(true);
    expect(manifest).toMatchObject({
      start_url: '/evaluator',
      scope: '/evaluator',
      display: 'standalone',
      theme_color: brand!.primaryColor.toLowerCase(),
      background_color: '#ffffff',
    });
    expect(manifest.name).toContain(brand!.name);
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('serves another brand’s manifest and icon on that brand’s domain', async () => {
    await t.db.insert(brands).values({
      id: newId(),
      shortName: 'acme',
      name: 'Acme Shops',
      type: 'CUSTOM_DOMAIN',
      customDomain: 'shops.acme.test',
      primaryColor: '#FF0000',
    });
    const res = await t.inject({
      method: 'GET',
      url: '/evaluator/manifest.webmanifest',
      headers: { host: 'shops.acme.test' },
    });
    expect(res.json()).toMatchObject({
      name: 'Acme Shops Evaluator',
      short_name: 'acme',
      theme_color: '#ff0000',
    });
    const icon = await t.inject({
      method: 'GET',
      url: '/evaluator/icon-192.png',
      headers: { host: 'shops.acme.test' },
    });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const png = readPng(icon.rawPayload);
    expect([png.width, png.height]).toEqual([192, 192]);
    // The corner is the brand's colour, full bleed (maskable).
    expect(png.firstPixel).toEqual([255, 0, 0]);
    expect(
      readPng((await t.inject({ method: 'GET', url: '/evaluator/icon-512.png' })).rawPayload).width,
    ).toBe(512);
  });
});

/** Size and first pixel of an RGB PNG (one IDAT chunk, as the route writes it). */
function readPng(buf: Buffer) {
  expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG');
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const idat = buf.indexOf('IDAT');
  const length = buf.readUInt32BE(idat - 4);
  const rows = inflateSync(buf.subarray(idat + 4, idat + 4 + length));
  return { width, height, firstPixel: [...rows.subarray(1, 4)] };
}
