import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { isUploadKeyIn, parseUploadKey } from '../domain/index.js';
import { localStorage } from './adapters/storage.js';
import type { BrandRow, UserRow } from './context.js';
import { newId } from './db/ids.js';
import { orders } from './db/schema.js';
import { ORDER_COOKIE } from './storage-routes.js';
import { createBrand, createUser, setupTestApp } from './test/harness.js';

const t = setupTestApp();

type Signed = {
  uploadUrl: string;
  method: string;
  headers: Record<string, string>;
  fileKey: string;
  publicUrl: string;
  fileName: string;
  maxBytes: number;
};

let brand: BrandRow;
let owner: UserRow;
let orderId: string;

beforeEach(async () => {
  await t.resetDb();
  brand = await createBrand(t.db, { shortName: 'default', isDefault: true });
  owner = await createUser(t.db, { associatedBrandId: brand.id, password: 'password123' });
  orderId = newId();
  await t.db.insert(orders).values({ id: orderId, brandId: brand.id, uid: owner.id });
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a90000000049454e44ae426082',
  'hex',
);

function sign(opts: {
  folder: string;
  fileName?: string;
  contentType?: string;
  size?: number;
  cookie?: Record<string, string>;
  token?: string;
}) {
  const q = new URLSearchParams({
    fileName: opts.fileName ?? 'photo.png',
    contentType: opts.contentType ?? 'image/png',
    size: String(opts.size ?? PNG.length),
  });
  return t.inject({
    method: 'GET',
    url: `/s3/sign?${q}`,
    headers: { folder: opts.folder },
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    ...(opts.token ? { token: opts.token } : {}),
  });
}

async function signOk(opts: Parameters<typeof sign>[0]): Promise<Signed> {
  const res = await sign(opts);
  expect(res.statusCode).toBe(200);
  return res.json() as Signed;
}

const upload = (signed: Signed, body: Buffer | string, contentType = signed.headers['content-type']!) =>
  t.inject({ method: 'PUT', url: signed.uploadUrl, headers: { 'content-type': contentType }, payload: body });

describe('GET /s3/sign', () => {
  it('refuses an order folder to a visitor without the order cookie or ownership', async () => {
    const res = await sign({ folder: `customQuestionnaires/${orderId}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Not Authorized' });
  });

  it('refuses an order folder when the order cookie names another order', async () => {
    const res = await sign({
      folder: `customQuestionnaires/${orderId}`,
      cookie: { [ORDER_COOKIE]: newId() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('signs an order folder for the holder of that order’s cookie', async () => {
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    expect(signed.method).toBe('PUT');
    expect(signed.fileKey).toMatch(new RegExp(`^customQuestionnaires/${orderId}/[A-Za-z0-9]+_photo\\.png$`));
    // A customer's file is read only through a signed link that expires.
    expect(signed.publicUrl).toMatch(
      new RegExp(`^/s3/uploads/${signed.fileKey}\\?expires=\\d+&sig=[0-9a-f]{64}$`),
    );
    expect(signed.fileName).toBe('photo.png');
    expect(signed.maxBytes).toBeGreaterThan(0);
  });

  it('signs an order folder for the logged-in owner of the order, and not for another customer', async () => {
    const ownerToken = await t.login(owner.email, 'password123');
    await signOk({ folder: `customQuestionnaires/${orderId}`, token: ownerToken });
    const other = await createUser(t.db, { password: 'password123' });
    const otherToken = await t.login(other.email, 'password123');
    expect((await sign({ folder: `customQuestionnaires/${orderId}`, token: otherToken })).statusCode).toBe(
      403,
    );
  });

  it('signs brand folders for admins only', async () => {
    const customerToken = await t.login(owner.email, 'password123');
    expect((await sign({ folder: `brands/${brand.id}`, token: customerToken })).statusCode).toBe(403);
    expect((await sign({ folder: `brands/${brand.id}` })).statusCode).toBe(403);
    const admin = await createUser(t.db, { admin: true, password: 'password123' });
    const adminToken = await t.login(admin.email, 'password123');
    await signOk({ folder: `brands/${brand.id}`, token: adminToken });
  });

  it('takes only web images of at most 2 MB into a brand folder', async () => {
    const admin = await createUser(t.db, { admin: true, password: 'password123' });
    const token = await t.login(admin.email, 'password123');
    const folder = `brands/${brand.id}`;
    const svg = await sign({ folder, token, fileName: 'logo.svg', contentType: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({
      error: 'Brand images must be PNG, JPEG, GIF, WebP or ICO files.',
      field: 'contentType',
    });
    expect(
      (await sign({ folder, token, fileName: 'a.pdf', contentType: 'application/pdf' })).statusCode,
    ).toBe(400);
    const big = await sign({ folder, token, fileName: 'logo.png', size: 2 * 1024 * 1024 + 1 });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'Brand images must be 2 MB or smaller.', field: 'size' });
    const signed = await signOk({ folder, token, fileName: 'favicon.ico', contentType: 'image/x-icon' });
    expect(signed.maxBytes).toBe(2 * 1024 * 1024);
    expect((await upload(signed, PNG)).statusCode).toBe(200);
    // Brand images are public by nature: a permanent URL, cached by anyone.
    expect(signed.publicUrl).toMatch(
      new RegExp(`^/s3/uploads/brands/${brand.id}/[A-Za-z0-9]+_favicon\\.ico$`),
    );
    const got = await t.inject({ method: 'GET', url: signed.publicUrl });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 400 for a folder outside the allowed ones', async () => {
    for (const folder of [
      '',
      'secrets/abc',
      'customQuestionnaires/../../etc',
      'customQuestionnaires',
      'brands/a/b',
    ]) {
      const res = await sign({ folder, cookie: { [ORDER_COOKIE]: orderId } });
      expect(res.statusCode, folder).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid upload folder.' });
    }
  });

  it('answers 400 without a file name', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/s3/sign',
      headers: { folder: `customQuestionnaires/${orderId}` },
      cookie: { [ORDER_COOKIE]: orderId },
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps a hostile file name inside the folder', async () => {
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      fileName: '../../../etc/passwd',
      cookie: { [ORDER_COOKIE]: orderId },
    });
    expect(signed.fileKey).toMatch(new RegExp(`^customQuestionnaires/${orderId}/[A-Za-z0-9]+_passwd$`));
  });

  it('gives keys that the save-time rule takes for that folder, whatever the file name', async () => {
    const folder = `customQuestionnaires/${orderId}`;
    for (const fileName of [
      'a..b.pdf',
      '..',
      '.hidden',
      'ünï cödé.PDF',
      `${'x'.repeat(400)}.pdf`,
      '\\x\\y.pdf',
    ]) {
      const signed = await signOk({ folder, fileName, cookie: { [ORDER_COOKIE]: orderId } });
      expect(isUploadKeyIn(signed.fileKey, folder), fileName).toBe(true);
      expect(signed.fileName).toBe(parseUploadKey(signed.fileKey)!.fileName);
    }
  });
});

describe('upload and download', () => {
  it('stores a file PUT to the signed URL and serves it inline through its signed link, privately', async () => {
    const PDF = Buffer.from('%PDF-1.4 questionnaire');
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      fileName: 'q.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    const put = await upload(signed, PDF);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ok: true, publicUrl: signed.publicUrl });

    const got = await t.inject({ method: 'GET', url: signed.publicUrl });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Number(got.headers['cache-control']!.toString().split('=')[1])).toBeLessThanOrEqual(75 * 60);
    expect(got.headers['content-disposition']).toBeUndefined();
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an upload with a tampered signature, key or expiry, and stores nothing', async () => {
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    const url = new URL(signed.uploadUrl, 'http://x');
    const sig = url.searchParams.get('sig')!;

    const badSig = new URL(url);
    badSig.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const otherKey = new URL(url);
    otherKey.searchParams.set('key', `customQuestionnaires/${newId()}/x_evil.png`);
    const laterExpiry = new URL(url);
    laterExpiry.searchParams.set('expires', String(Date.now() + 365 * 86_400_000));

    for (const u of [badSig, otherKey, laterExpiry]) {
      const res = await upload({ ...signed, uploadUrl: `${u.pathname}${u.search}` }, PNG);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('This upload link is invalid or has expired.');
    }
    expect(existsSync(path.join(t.dataDir, 'uploads', signed.fileKey))).toBe(false);
    expect((await t.inject({ method: 'GET', url: signed.publicUrl })).statusCode).toBe(404);
  });

  it('refuses an upload whose content type differs from the signed one', async () => {
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    const res = await upload(signed, '<html><script>alert(1)</script></html>', 'text/html');
    expect(res.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: signed.publicUrl })).statusCode).toBe(404);
  });

  it('refuses an empty upload', async () => {
    const empty = await sign({
      folder: `customQuestionnaires/${orderId}`,
      size: 0,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'The file is empty.', field: 'size' });
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    const res = await upload(signed, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
  });

  it('serves a non-image file as an attachment, never rendered on our origin', async () => {
    const html = '<html><script>alert(1)</script></html>';
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      fileName: 'page.html',
      contentType: 'application/octet-stream',
      size: html.length,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    expect((await upload(signed, html)).statusCode).toBe(200);
    const got = await t.inject({ method: 'GET', url: signed.publicUrl });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename=".*page\.html"$/);
    expect(got.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 404 for a missing file, and 403 or 404 for paths that leave the uploads folder', async () => {
    await writeFile(path.join(t.dataDir, 'secret.txt'), 'top secret');
    const missing = t.adapters.localStorage!.publicUrl('customQuestionnaires/nope/ab_x.png');
    expect((await t.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    for (const url of [
      '/s3/uploads/brands/nope/ab_x.png',
      '/s3/uploads/..%2Fsecret.txt',
      '/s3/uploads/%2e%2e/secret.txt',
      '/s3/uploads/..%2F..%2Fetc%2Fpasswd',
      // A lone % once decoded (found by the REST fuzz suite): it was a 500.
      '/s3/uploads/%25',
      '/s3/uploads/a%25zz.png',
    ]) {
      const res = await t.inject({ method: 'GET', url });
      // Unsigned, a private path is refused before the disk is read; a public one is not found.
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('top secret');
    }
  });
});

describe('what each folder takes (src/domain/upload-rules.ts)', () => {
  it('refuses at signing a type the folder does not take, naming the field', async () => {
    const res = await sign({
      folder: `customQuestionnaires/${orderId}`,
      fileName: 'page.html',
      contentType: 'text/html',
      cookie: { [ORDER_COOKIE]: orderId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'A custom questionnaire must be a PDF, Word, Excel, text, CSV or image file.',
      field: 'contentType',
    });
  });

  it('refuses at signing a file larger than the folder takes, and an upload larger than signed', async () => {
    const folder = `customQuestionnaires/${orderId}`;
    const cookie = { [ORDER_COOKIE]: orderId };
    const big = await sign({
      folder,
      fileName: 'q.pdf',
      contentType: 'application/pdf',
      size: 20 * 1024 * 1024 + 1,
      cookie,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'A custom questionnaire must be 20 MB or smaller.', field: 'size' });
    const noSize = await t.inject({
      method: 'GET',
      url: '/s3/sign?fileName=q.pdf&contentType=application%2Fpdf',
      headers: { folder },
      cookie,
    });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().field).toBe('size');

    const signed = await signOk({
      folder,
      fileName: 'q.pdf',
      contentType: 'application/pdf',
      size: 10,
      cookie,
    });
    const larger = await upload(signed, Buffer.alloc(11, 1));
    expect(larger.statusCode).toBe(413);
    expect(larger.json().field).toBe('size');
    const url = new URL(signed.uploadUrl, 'http://x');
    url.searchParams.set('size', '11');
    const resized = await upload(
      { ...signed, uploadUrl: `${url.pathname}${url.search}` },
      Buffer.alloc(11, 1),
    );
    expect(resized.statusCode).toBe(403);
    expect(existsSync(path.join(t.dataDir, 'uploads', signed.fileKey))).toBe(false);
  });
});

describe("a photo's metadata", () => {
  it('is stripped on upload: the stored and served JPEG has no EXIF, GPS or device, and keeps its pixels', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Shopper Phone 12', Software: 'Camera 1.0' },
        // GPS IFD: 30.2672 N, 97.7431 W (Austin).
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '30/1 16/1 1/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '97/1 44/1 35/1',
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.exif?.toString('latin1')).toContain('Shopper Phone 12');

    const admin = await createUser(t.db, { admin: true, password: 'password123' });
    const token = await t.login(admin.email, 'password123');
    const signed = await signOk({
      folder: `evaluations/${newId()}`,
      fileName: 'shop.jpg',
      contentType: 'image/jpeg',
      size: photo.length,
      token,
    });
    expect((await upload(signed, photo)).statusCode).toBe(200);

    const got = await t.inject({ method: 'GET', url: signed.publicUrl });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(got.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([64, 48]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    const bytes = got.rawPayload.toString('latin1');
    for (const leak of ['Exif', 'PhoneMaker', 'Shopper Phone 12', 'Camera 1.0'])
      expect(bytes).not.toContain(leak);
    // Nothing else was kept on disk: the stored file is the stripped one.
    const stored = await sharp(path.join(t.dataDir, 'uploads', signed.fileKey)).metadata();
    expect(stored.exif).toBeUndefined();
  });

  it('refuses a file signed as a photo that is no image', async () => {
    const body = Buffer.from('<html><script>alert(1)</script></html>');
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      fileName: 'x.png',
      size: body.length,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    const res = await upload(signed, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'This file is not a readable image.' });
  });
});

describe('links to private uploads', () => {
  async function storedPdf() {
    const body = Buffer.from('%PDF-1.4 questionnaire');
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      fileName: 'q.pdf',
      contentType: 'application/pdf',
      size: body.length,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    expect((await upload(signed, body)).statusCode).toBe(200);
    return signed;
  }
  const get = (url: string) => t.inject({ method: 'GET', url });

  it('serve a valid link with a private cache-control', async () => {
    const signed = await storedPdf();
    const res = await get(t.adapters.storage.publicUrl(signed.fileKey));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('refuse the permanent address: anonymous callers and removed members cannot fetch without a link', async () => {
    const signed = await storedPdf();
    const permanent = `/s3/uploads/${signed.fileKey}`;
    const ownerToken = await t.login(owner.email, 'password123');
    for (const res of [
      await get(permanent),
      await t.inject({ method: 'GET', url: permanent, headers: { token: ownerToken } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'This file link is invalid or has expired.' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuse an expired link', async () => {
    const signed = await storedPdf();
    // Made with the app's secret 76 minutes ago: every link lives 60 to 75 minutes.
    const earlier = localStorage({
      dataDir: t.dataDir,
      secret: t.config.appSecret,
      now: () => Date.now() - 76 * 60_000,
    });
    const stale = earlier.publicUrl(signed.fileKey);
    expect(stale).not.toBe(signed.publicUrl);
    const res = await get(stale);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This file link is invalid or has expired.' });
  });

  it('refuse a tampered link: another signature, a later expiry, or the signature of another file', async () => {
    const signed = await storedPdf();
    const other = await storedPdf();
    const url = new URL(signed.publicUrl, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const badSig = new URL(url);
    badSig.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    const otherFile = new URL(other.publicUrl, 'http://x');
    otherFile.pathname = url.pathname;
    for (const u of [badSig, later, otherFile]) {
      const res = await get(`${u.pathname}${u.search}`);
      expect(res.statusCode).toBe(403);
    }
  });
});
