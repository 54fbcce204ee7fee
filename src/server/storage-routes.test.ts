import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { isUploadKeyIn, parseUploadKey } from '../domain/index.js';
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
  cookie?: Record<string, string>;
  token?: string;
}) {
  const q = new URLSearchParams({
    fileName: opts.fileName ?? 'photo.png',
    contentType: opts.contentType ?? 'image/png',
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
    expect(signed.publicUrl).toBe(`/s3/uploads/${signed.fileKey}`);
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
    expect(svg.json()).toEqual({ error: 'Brand images must be PNG, JPEG, GIF, WebP or ICO files.' });
    expect(
      (await sign({ folder, token, fileName: 'a.pdf', contentType: 'application/pdf' })).statusCode,
    ).toBe(400);
    const signed = await signOk({ folder, token, fileName: 'favicon.ico', contentType: 'image/x-icon' });
    expect(signed.maxBytes).toBe(2 * 1024 * 1024);
    const big = await upload(signed, Buffer.alloc(2 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'Brand images must be 2 MB or smaller.' });
    expect((await upload(signed, PNG)).statusCode).toBe(200);
    expect(signed.publicUrl).toMatch(
      new RegExp(`^/s3/uploads/brands/${brand.id}/[A-Za-z0-9]+_favicon\\.ico$`),
    );
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
  it('stores a file PUT to the signed URL and serves it inline from /s3/uploads', async () => {
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    const put = await upload(signed, PNG);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ok: true, publicUrl: signed.publicUrl });

    const got = await t.inject({ method: 'GET', url: signed.publicUrl });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
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
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      cookie: { [ORDER_COOKIE]: orderId },
    });
    const res = await upload(signed, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
  });

  it('serves a non-image file as an attachment, never rendered on our origin', async () => {
    const signed = await signOk({
      folder: `customQuestionnaires/${orderId}`,
      fileName: 'page.html',
      contentType: 'text/html',
      cookie: { [ORDER_COOKIE]: orderId },
    });
    expect((await upload(signed, '<html><script>alert(1)</script></html>')).statusCode).toBe(200);
    const got = await t.inject({ method: 'GET', url: signed.publicUrl });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename=".*page\.html"$/);
    expect(got.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 404 for a missing file and for paths that leave the uploads folder', async () => {
    await writeFile(path.join(t.dataDir, 'secret.txt'), 'top secret');
    for (const url of [
      '/s3/uploads/customQuestionnaires/nope/x.png',
      '/s3/uploads/..%2Fsecret.txt',
      '/s3/uploads/%2e%2e/secret.txt',
      '/s3/uploads/..%2F..%2Fetc%2Fpasswd',
      // A lone % once decoded (found by the REST fuzz suite): it was a 500.
      '/s3/uploads/%25',
      '/s3/uploads/a%25zz.png',
    ]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('top secret');
    }
  });
});
