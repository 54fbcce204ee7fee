import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { registerStorageRoutes } from '../storage-routes.js';
import { type Adapters, createAdapters } from './index.js';
import { type StandIn, startStandIn } from './stand-in-server.js';

const DATA_DIR = path.join(os.tmpdir(), 'storefront-adapters-test');
const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR, ...env });

const S3_ENV = {
  S3_BUCKET: 'shop-uploads',
  S3_REGION: 'us-west-2',
  S3_ENDPOINT: 'http://minio.internal:9000',
  S3_ACCESS_KEY_ID: 'minio-access',
  S3_SECRET_ACCESS_KEY: 'minio-secret',
};

/** Stands in for Stripe and Google at once: both answer the one call each test makes. */
let stand: StandIn;
beforeAll(async () => {
  stand = await startStandIn((req) => {
    if (req.path === '/v1/customers') return { json: { id: 'cus_from_stand_in' } };
    if (req.path === '/maps/api/geocode/json') return { json: { status: 'ZERO_RESULTS', results: [] } };
    return { status: 404, json: {} };
  });
});
afterAll(() => stand.close());

describe('createAdapters', () => {
  it('uses the embedded defaults when no service is configured', () => {
    const a = createAdapters(config());
    expect(a.payments.kind).toBe('test');
    expect(a.payments.publishableKey).toBeNull();
    expect(a.geocoding.kind).toBe('offline');
    expect(a.storage.kind).toBe('local');
    expect(a.localStorage).toBe(a.storage);
    expect(a.mail.transport).toBe('outbox');
  });

  it('uses Stripe at STRIPE_API_BASE when STRIPE_SECRET_KEY is set', async () => {
    const a = createAdapters(
      config({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_API_BASE: stand.url,
      }),
    );
    expect(a.payments.kind).toBe('stripe');
    expect(a.payments.publishableKey).toBe('pk_test_x');
    const id = await a.payments.createCustomer(undefined as unknown as Db, {
      email: 'a@example.com',
      name: 'A',
    });
    expect(id).toBe('cus_from_stand_in');
    expect(stand.requests.at(-1)?.headers.authorization).toBe('Bearer sk_test_x');
  });

  it('uses Google at GOOGLE_MAPS_API_BASE when GOOGLE_MAPS_KEY is set', async () => {
    const a = createAdapters(config({ GOOGLE_MAPS_KEY: 'AIza-key', GOOGLE_MAPS_API_BASE: stand.url }));
    expect(a.geocoding.kind).toBe('google');
    expect(await a.geocoding.geocode('1 Main St, Austin, TX')).toEqual({ status: 'ZERO_RESULTS' });
    expect(stand.requests.at(-1)?.query.get('key')).toBe('AIza-key');
  });

  it('uses the S3 bucket, and no local storage, when S3_BUCKET is set', async () => {
    const a = createAdapters(config({ ...S3_ENV, S3_PUBLIC_URL: 'https://files.example.com' }));
    expect(a.storage.kind).toBe('s3');
    expect(a.localStorage).toBeNull();
    // A recording goes straight to the bucket; a photo goes through the app, which strips its metadata.
    const signed = await a.storage.sign({
      folder: 'evaluations/e1',
      fileName: 'call.mp3',
      contentType: 'audio/mpeg',
      size: 10,
    });
    const url = new URL(signed.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`http://minio.internal:9000/shop-uploads/${signed.fileKey}`);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^minio-access\/\d{8}\/us-west-2\/s3\/aws4_request$/,
    );
    const photo = await a.storage.sign({
      folder: 'brands/b1',
      fileName: 'logo.png',
      contentType: 'image/png',
      size: 10,
    });
    expect(photo.uploadUrl).toMatch(/^\/s3\/upload\?/);
    expect(photo.publicUrl).toBe(`https://files.example.com/${photo.fileKey}`);
  });

  it('serves the download route only for local storage (S3 serves its own presigned links)', async () => {
    const status = async (adapters: Adapters) => {
      const app = Fastify();
      // Registering the routes reads no data; the GET below is answered before any query.
      await registerStorageRoutes(app, { db: undefined as unknown as Db, config: config(), adapters });
      const res = await app.inject({ method: 'GET', url: '/s3/uploads/evaluations/e1/ab_a.png' });
      await app.close();
      return res.statusCode;
    };
    expect(await status(createAdapters(config()))).toBe(403);
    expect(await status(createAdapters(config(S3_ENV)))).toBe(404);
  });

  it('refuses a hand-built config with S3_BUCKET but no keys, naming the variable', () => {
    const c = { ...config(), S3_BUCKET: 'b' };
    expect(() => createAdapters(c)).toThrow(ConfigError);
    expect(() => createAdapters(c)).toThrow('S3_ACCESS_KEY_ID: required when S3_BUCKET is set');
  });
});

describe('service configuration', () => {
  it.each([
    [{ S3_BUCKET: 'b' }, 'S3_ACCESS_KEY_ID: required when S3_BUCKET is set'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set'],
    [
      { STRIPE_SECRET_KEY: 'pk_test_x', STRIPE_PUBLISHABLE_KEY: 'sk_test_x' },
      'STRIPE_SECRET_KEY: must be a secret key',
    ],
    [
      { S3_BUCKET: 'b', ...{ S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, S3_PUBLIC_URL: 'cdn' },
      'S3_PUBLIC_URL',
    ],
  ])('stops the start for %j, naming the variable', (env, message) => {
    expect(() => config(env)).toThrow(ConfigError);
    expect(() => config(env)).toThrow(message);
  });

  it('accepts a complete S3 and Stripe configuration', () => {
    const c = config({ ...S3_ENV, STRIPE_SECRET_KEY: 'rk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' });
    expect(c.S3_BUCKET).toBe('shop-uploads');
    expect(c.STRIPE_SECRET_KEY).toBe('rk_live_x');
  });
});
