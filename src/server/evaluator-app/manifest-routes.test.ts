import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
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

describe('the evaluator app icons', () => {
  /** A brand on its own domain whose favicon is a stored file with these bytes; returns its host. */
  async function brandWithFavicon(domain: string, bytes: Buffer, colour = '#00AA00') {
    const id = newId();
    const local = t.adapters.localStorage!;
    const upload = await local.sign({
      folder: `brands/${id}`,
      fileName: 'icon.png',
      contentType: 'image/png',
      size: bytes.length,
    });
    await local.write(upload.fileKey, bytes, 'image/png');
    await t.db.insert(brands).values({
      id,
      shortName: domain.split('.')[0]!,
      name: domain,
      type: 'CUSTOM_DOMAIN',
      customDomain: domain,
      primaryColor: colour,
      faviconUrl: upload.fileKey,
    });
    return domain;
  }
  const icon = async (host: string, size: number) => {
    const res = await t.inject({ method: 'GET', url: `/evaluator/icon-${size}.png`, headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    return PNG.sync.read(res.rawPayload);
  };
  const pixel = (png: PNG, x: number, y: number) => [
    ...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3),
  ];

  it('draws the brand’s PNG favicon inside the safe zone on the brand’s colour, at both sizes', async () => {
    // A 40×20 favicon: solid magenta, with a transparent top row.
    const fav = new PNG({ width: 40, height: 20 });
    for (let i = 0; i < 40 * 20; i++) fav.data.set(i < 40 ? [0, 0, 0, 0] : [255, 0, 255, 255], i * 4);
    const host = await brandWithFavicon('fav.example.test', PNG.sync.write(fav));
    for (const size of [192, 512]) {
      const png = await icon(host, size);
      expect([png.width, png.height]).toEqual([size, size]);
      expect(pixel(png, 0, 0)).toEqual([0, 170, 0]); // the brand colour, full bleed
      expect(pixel(png, size - 1, size - 1)).toEqual([0, 170, 0]);
      expect(pixel(png, size / 2, size / 2)).toEqual([255, 0, 255]); // from the favicon
      // Inside the safe zone but outside the (wide, short) image: the white plate.
      expect(pixel(png, size / 2, Math.round(size * 0.3))).toEqual([255, 255, 255]);
    }
    // Served again from the cache, same bytes.
    const again = await icon(host, 192);
    expect(pixel(again, 96, 96)).toEqual([255, 0, 255]);
  });

  it('falls back to the drawn mark when the favicon is not a PNG or is broken', async () => {
    const notPng = await brandWithFavicon('gif.example.test', Buffer.from('GIF89a not really'), '#FF0000');
    const broken = await brandWithFavicon(
      'broken.example.test',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]),
      '#FF0000',
    );
    for (const host of [notPng, broken])
      for (const size of [192, 512]) {
        const png = await icon(host, size);
        expect([png.width, png.height]).toEqual([size, size]);
        expect(pixel(png, 0, 0)).toEqual([255, 0, 0]);
        // The drawn mark: a white dot in the middle.
        expect(pixel(png, Math.floor(size / 2), Math.floor(size / 2))).toEqual([255, 255, 255]);
      }
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
