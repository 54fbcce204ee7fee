import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite/precompress.js';
import { buildApp, WEB_DIST } from './app.js';
import { brandsChanged } from './brands/resolve-brand.js';
import { brands } from './db/schema.js';
import { IMMUTABLE } from './static-files.js';
import { createBrand, createUser, setupTestApp } from './test/harness.js';

const t = setupTestApp();

/** A built web app in miniature: the real shell template, hashed assets, public files, all precompressed by the build's own step. */
let webDist: string;
let app: FastifyInstance;
const JS = 'assets/index-Ab12Cd34.js';
const CSS = 'assets/index-Ef56Gh78.css';
const PNG = randomBytes(4096);

beforeAll(async () => {
  const built = path.join(WEB_DIST, 'index.html');
  const template = await readFile(
    existsSync(built) ? built : path.resolve(WEB_DIST, '../../src/web/index.html'),
    'utf8',
  );
  webDist = await mkdtemp(path.join(os.tmpdir(), 'storefront-wire-'));
  await mkdir(path.join(webDist, 'assets'));
  await mkdir(path.join(webDist, 'brands'));
  await writeFile(path.join(webDist, 'index.html'), template);
  await writeFile(
    path.join(webDist, JS),
    Array.from(
      { length: 2000 },
      (_, i) => `export const label${i} = "Location ${i} of the storefront";`,
    ).join('\n'),
  );
  await writeFile(
    path.join(webDist, CSS),
    Array.from(
      { length: 2000 },
      (_, i) => `.m-${i.toString(36)}{padding:${i % 40}px;color:var(--c-${i % 9})}`,
    ).join(''),
  );
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's manifest, which the server reads for its preload lists.
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: JS } }),
  );
  await writeFile(path.join(webDist, 'brands', 'demo.png'), PNG);
  await precompressDir(webDist);
  app = await buildApp({ db: t.db, config: t.makeConfig(), adapters: t.adapters, webDist });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

beforeEach(async () => {
  await t.resetDb();
  // A tagline long enough that the page is worth compressing, as a real brand's shell is.
  await createBrand(t.db, {
    shortName: 'default',
    isDefault: true,
    brandText: 'Mystery shops and customer surveys for every location you run. '.repeat(12),
  });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

/** Asks plain, br-or-gzip and gzip-only; checks each encoding and that every copy decodes to the plain bytes. */
async function expectNegotiated(send: (acceptEncoding?: string) => Promise<LightMyRequestResponse>) {
  const plain = await send();
  const br = await send('gzip, deflate, br, zstd');
  const gzip = await send('gzip');
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(br.headers['content-encoding']).toBe('br');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  for (const res of [br, gzip]) {
    expect(res.statusCode).toBe(200);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(decoded(res).equals(plain.rawPayload)).toBe(true);
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
  }
  return { plain, br, gzip };
}

describe('compressed responses', () => {
  it('sends the storefront page brotli- or gzip-compressed when asked, and plain when not', async () => {
    const { plain } = await expectNegotiated((ae) => get('/industry', ae ? { 'accept-encoding': ae } : {}));
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.body).toContain('id="bootstrap-data"');
  });

  it("sends a JavaScript asset as the build's brotli or gzip copy, and the file itself when not asked", async () => {
    const { plain, br, gzip } = await expectNegotiated((ae) =>
      get(`/${JS}`, ae ? { 'accept-encoding': ae } : {}),
    );
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.equals(await readFile(path.join(webDist, `${JS}.br`)))).toBe(true);
    expect(gzip.rawPayload.equals(await readFile(path.join(webDist, `${JS}.gz`)))).toBe(true);
  });

  it('sends the stylesheet compressed the same way', async () => {
    const { plain } = await expectNegotiated((ae) => get(`/${CSS}`, ae ? { 'accept-encoding': ae } : {}));
    expect(plain.headers['content-type']).toMatch(/^text\/css/);
  });

  it('compresses a GraphQL answer over 1 KB, which stays no-store', async () => {
    const send = (ae?: string) =>
      app.inject({
        method: 'POST',
        url: '/api',
        headers: ae ? { 'accept-encoding': ae } : {},
        payload: { query: '{ __schema { types { name fields { name } } } }' },
      });
    const { plain, br } = await expectNegotiated(send);
    expect(JSON.parse(decoded(br).toString()).data.__schema.types.length).toBeGreaterThan(10);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(plain.headers['content-type']).toMatch(/json/);
  });

  it('leaves a small GraphQL answer plain (under 1 KB it is not worth it)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { query: '{ __typename }' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('never compresses a GraphQL event stream, whose events must arrive as they are written', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'accept-encoding': 'br, gzip', accept: 'text/event-stream' },
      payload: { query: '{ __schema { types { name fields { name } } } }' },
    });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    // Yoga marks its event streams `content-encoding: none`; the bytes are the plain events.
    expect(['br', 'gzip']).not.toContain(res.headers['content-encoding']);
    expect(res.body).toMatch(/^:?\n*event: next\ndata: \{"data":\{"__schema"/m);
  });

  it('streams a CSV export compressed, decoding to the same rows', async () => {
    await createUser(t.db, { email: 'admin@example.test', admin: true, password: 'password123' });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser(t.db, { businessName: `Business ${i} of the export` })),
    );
    const token = await t.login('admin@example.test', 'password123');
    const exportUrl = async () => {
      const res = await t.gql('mutation { createExportLink(type: "customers") { url } }', {}, { token, app });
      return res.data.createExportLink.url as string;
    };
    const { plain } = await expectNegotiated(async (ae) =>
      get(await exportUrl(), ae ? { 'accept-encoding': ae } : {}),
    );
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    // The header and the 20 customers (admins are not customers).
    expect(plain.body.trimEnd().split('\r\n')).toHaveLength(21);
  });

  it('sends images as they are, whatever the browser accepts', async () => {
    const res = await get('/brands/demo.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('sends the page for an unsubscribe link, whose signed token has a dot like a file name', async () => {
    const res = await get('/unsubscribe/u4ab12cd34ef56.0123456789abcdef0123456789abcdef');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('id="bootstrap-data"');
  });

  it("answers a missing asset, file or API path with a 404, not the page; the build's manifest is not served", async () => {
    for (const url of ['/assets/missing-Zz99.js', '/nothing.css', '/api/nothing', '/.vite/manifest.json']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Not Found' });
    }
  });
});

describe('caching', () => {
  it('keeps hashed assets for a year without asking again, in every encoding', async () => {
    for (const file of [JS, CSS]) {
      for (const ae of [undefined, 'br', 'gzip']) {
        const res = await get(`/${file}`, ae ? { 'accept-encoding': ae } : {});
        expect(res.headers['cache-control'], `${file} ${ae}`).toBe(IMMUTABLE);
      }
    }
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the favicon and brand logos for a day', async () => {
    for (const url of ['/favicon.svg', '/brands/demo.png']) {
      expect((await get(url)).headers['cache-control'], url).toBe('public, max-age=86400');
    }
  });

  it('has the page revalidated on every visit: private, no-cache, with an ETag that answers 304', async () => {
    const first = await get('/industry', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    // The same page gets the same tag in any encoding, and on any of the app's paths.
    expect((await get('/login')).headers.etag).toBe(etag);

    const again = await get('/industry', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');

    const other = await get('/industry', { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('id="bootstrap-data"');
  });

  it('gives the page a new ETag when its brand changes, so the old copy is not reused', async () => {
    const before = await get('/industry');
    await t.db.update(brands).set({ primaryColor: '#aa3300' }).where(eq(brands.shortName, 'default'));
    brandsChanged();
    const after = await get('/industry', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('#aa3300');
  });
});
