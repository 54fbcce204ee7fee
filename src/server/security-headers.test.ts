import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, WEB_DIST } from './app.js';
import { loadConfig } from './config.js';
import {
  contentSecurityPolicy,
  GRAPHIQL_CSP,
  HSTS,
  NON_HTML_CSP,
  SECURITY_HEADERS,
  WEB_FILE_HEADERS,
} from './security-headers.js';
import { createBrand, setupTestApp, type TestEnv } from './test/harness.js';

const t = setupTestApp();

const PRODUCTION_ENV = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' };
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' };

/**
 * The built index.html when `npm run build` ran, else the source template (the same markup before
 * Vite swaps main.tsx for the hashed bundle), in a web folder with a demo logo and a sample report.
 */
let webDist: string;
let template: string;
const JS_ASSET = 'assets/index-Ab12Cd34.js';
const CSS_ASSET = 'assets/index-Ef56Gh78.css';
const FONT_ASSET = 'assets/inter-Ij90Kl12.woff2';
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  const built = path.join(WEB_DIST, 'index.html');
  template = await readFile(
    existsSync(built) ? built : path.resolve(WEB_DIST, '../../src/web/index.html'),
    'utf8',
  );
  webDist = await mkdtemp(path.join(os.tmpdir(), 'storefront-web-'));
  await mkdir(path.join(webDist, 'brands'));
  await mkdir(path.join(webDist, 'samples'));
  await writeFile(path.join(webDist, 'index.html'), template);
  await writeFile(path.join(webDist, 'brands', 'demo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(
    path.join(webDist, 'samples', 'report.html'),
    '<!doctype html><p style="color:red">Sample</p>',
  );
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, JS_ASSET), 'export const answer = 42;\n');
  await writeFile(path.join(webDist, CSS_ASSET), 'body { margin: 0 }\n');
  await writeFile(path.join(webDist, FONT_ASSET), Buffer.from('774f4632', 'hex'));
  await writeFile(path.join(webDist, 'brands', 'demo.png'), Buffer.from('89504e47', 'hex'));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', isDefault: true });
});

async function appWith(env: TestEnv = {}) {
  const config = t.makeConfig(env);
  const app = await buildApp({ db: t.db, config, adapters: t.adapters, webDist });
  await app.ready();
  apps.push(app);
  return app;
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `));

function expectCommonHeaders(res: LightMyRequestResponse) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name === 'cross-origin-resource-policy') continue;
    expect(res.headers[name], name).toBe(value);
  }
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers.server).toBeUndefined();
}

describe('the HTML shell', () => {
  it('is sent with the app CSP, whose scripts are our own bundle only, and the OWASP headers', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/account/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(res);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // It holds the brand, never a token: kept by the browser only, and revalidated on every visit.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['strict-transport-security']).toBeUndefined();

    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(contentSecurityPolicy(t.makeConfig()));
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(csp, 'form-action')).toBe("form-action 'self'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'upgrade-insecure-requests')).toBeUndefined();
    expect(csp).not.toContain('maps.googleapis.com');
  });

  it('has no inline script besides the JSON bootstrap block and no inline event handler', async () => {
    const app = await appWith();
    const html = (await app.inject({ method: 'GET', url: '/industry' })).body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const [, attrs, body] of scripts) {
      const isData = /\btype="application\/json"/.test(attrs!);
      const isExternal = /\bsrc="[^"]+"/.test(attrs!);
      expect(isData || (isExternal && body!.trim() === ''), attrs).toBe(true);
    }
    expect(html).toContain('id="bootstrap-data"');
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('adds HSTS and upgrade-insecure-requests in production', async () => {
    const app = await appWith(PRODUCTION_ENV);
    const res = await app.inject({ method: 'GET', url: '/industry' });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    expect(HSTS).toMatch(/max-age=31536000; includeSubDomains/);
    expect(
      directive(String(res.headers['content-security-policy']), 'upgrade-insecure-requests'),
    ).toBeDefined();
    const api = await app.inject({
      method: 'POST',
      url: '/api',
      payload: { query: '{ currentBrand { _id } }' },
    });
    expect(api.headers['strict-transport-security']).toBe(HSTS);
  });

  it('allows Stripe.js and its frames only when Stripe is the payment provider', async () => {
    const res = await (await appWith(STRIPE_ENV)).inject({ method: 'GET', url: '/checkout' });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
    );
    expect(directive(csp, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(contentSecurityPolicy(t.makeConfig()), 'frame-src')).toBe("frame-src 'none'");
  });

  it('sends the app CSP with every other HTML file too (the sample reports)', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/samples/report.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy(t.makeConfig()));
  });
});

describe('the content security policy', () => {
  const config = (env: TestEnv) => loadConfig({ NODE_ENV: 'test', ...env });

  it.each([
    ['without Stripe', {}],
    ['with Stripe', STRIPE_ENV],
    ['in production', PRODUCTION_ENV],
  ])('never lets a script run inline or from eval (%s)', (_name, env) => {
    const scripts = directive(contentSecurityPolicy(config(env)), 'script-src')!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('data:');
    expect(scripts).not.toMatch(/(^|\s)https?:(\s|$)/);
  });

  it('lets the browser PUT uploads to, and read them from, the S3 bucket and its public URL', () => {
    const csp = contentSecurityPolicy(
      config({
        S3_BUCKET: 'shop-uploads',
        S3_REGION: 'us-west-2',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_PUBLIC_URL: 'https://cdn.example.test/uploads',
      }),
    );
    expect(directive(csp, 'connect-src')).toContain('https://shop-uploads.s3.us-west-2.amazonaws.com');
    expect(directive(csp, 'img-src')).toContain('https://cdn.example.test');
    const minio = contentSecurityPolicy(
      config({
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://minio.local:9000',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    );
    expect(directive(minio, 'connect-src')).toBe("connect-src 'self' http://minio.local:9000");
    expect(directive(minio, 'media-src')).toContain('http://minio.local:9000');
  });
});

describe('API and file responses', () => {
  it('marks GraphQL answers no-store, same-origin and not framable, with no page CSP', async () => {
    const res = await t.gql('{ currentBrand { _id } }');
    expect(res.status).toBe(200);
    expectCommonHeaders({ headers: res.headers } as LightMyRequestResponse);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBe(NON_HTML_CSP);
  });

  it('marks a login answer (which carries the session token) no-store', async () => {
    const res = await t.gql(
      'mutation { login(email: "nobody@example.test", password: "wrong-pass") { token } }',
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets other sites embed an uploaded file but keeps its sandbox CSP', async () => {
    const key = 'brands/brand1/ab_logo.png';
    await mkdir(path.join(t.dataDir, 'uploads', 'brands', 'brand1'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'uploads', key), Buffer.from('89504e47', 'hex'));
    const res = await t.inject({ method: 'GET', url: `/s3/uploads/${key}` });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('lets e-mails and other sites embed the survey QR code and the demo brands’ logos', async () => {
    const qr = await t.inject({ method: 'GET', url: '/survey/NOPE/qr.png' });
    expect(qr.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const logo = await (await appWith()).inject({ method: 'GET', url: '/brands/demo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // An SVG opened on its own runs nothing.
    expect(logo.headers['content-security-policy']).toBe(NON_HTML_CSP);
  });

  it('sends the headers with a 404 too', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expectCommonHeaders(res);
    expect(res.headers['content-security-policy']).toBe(NON_HTML_CSP);
  });

  it('gives GraphiQL its own policy, never the app’s, and a visitor in production no GraphiQL', async () => {
    const res = await t.inject({ method: 'GET', url: '/api', headers: { accept: 'text/html' } });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(GRAPHIQL_CSP);
    const prod = await (await appWith(PRODUCTION_ENV)).inject({
      method: 'GET',
      url: '/api',
      headers: { accept: 'text/html' },
    });
    expect(prod.headers['content-type'] ?? '').not.toMatch(/^text\/html/);
  });
});

describe("the built app's scripts, stylesheets, fonts and images", () => {
  /** The security headers a response carries, of those the app sends. */
  const securityHeaders = (res: LightMyRequestResponse) =>
    [...Object.keys(SECURITY_HEADERS), 'content-security-policy', 'strict-transport-security']
      .filter((name) => res.headers[name] !== undefined)
      .sort();
  const FULL_SET = [...Object.keys(SECURITY_HEADERS), 'content-security-policy', 'strict-transport-security'];
  const FILE_SET = [...WEB_FILE_HEADERS, 'strict-transport-security'];

  it('get only nosniff, CORP and HSTS, while pages, API answers and 404s keep the full set', async () => {
    const app = await appWith(PRODUCTION_ENV);
    const script = await app.inject({ method: 'GET', url: `/${JS_ASSET}` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(securityHeaders(script)).toEqual([...FILE_SET].sort());
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['strict-transport-security']).toBe(HSTS);
    for (const name of [
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
      'content-security-policy',
    ]) {
      expect(script.headers[name], name).toBeUndefined();
    }

    const page = await app.inject({ method: 'GET', url: '/industry' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(securityHeaders(page)).toEqual([...FULL_SET].sort());
    const api = await app.inject({
      method: 'POST',
      url: '/api',
      payload: { query: '{ currentBrand { _id } }' },
    });
    expect(api.statusCode).toBe(200);
    expect(securityHeaders(api)).toEqual([...FULL_SET].sort());
    expect(api.headers['content-security-policy']).toBe(NON_HTML_CSP);
    // A missing asset is a JSON 404, not a file.
    const missing = await app.inject({ method: 'GET', url: '/assets/missing-Zz99.js' });
    expect(missing.statusCode).toBe(404);
    expect(securityHeaders(missing)).toEqual([...FULL_SET].sort());
  });

  it('get the same lighter set as stylesheets, fonts and raster images, but not as SVG (a document on its own)', async () => {
    const app = await appWith();
    for (const url of [`/${CSS_ASSET}`, `/${FONT_ASSET}`, '/brands/demo.png']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(securityHeaders(res), url).toEqual([...WEB_FILE_HEADERS].sort());
    }
    // Brand logos stay embeddable by other sites.
    const logo = await app.inject({ method: 'GET', url: '/brands/demo.png' });
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const svg = await app.inject({ method: 'GET', url: '/brands/demo.svg' });
    expect(securityHeaders(svg)).toEqual(
      Object.keys(SECURITY_HEADERS).concat('content-security-policy').sort(),
    );
  });

  it('leave out Last-Modified and ETag on hashed assets only (immutable: never revalidated)', async () => {
    const app = await appWith();
    // With and without a precompressed copy to send (these have none: the plain file goes out).
    for (const file of [JS_ASSET, CSS_ASSET]) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const headers = encoding ? { 'accept-encoding': encoding } : {};
        const res = await app.inject({ method: 'GET', url: `/${file}`, headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['last-modified'], `${file} ${encoding}`).toBeUndefined();
        expect(res.headers.etag, `${file} ${encoding}`).toBeUndefined();
      }
    }
    // Other public files are kept for a day, then revalidated.
    const logo = await app.inject({ method: 'GET', url: '/brands/demo.png' });
    expect(logo.headers.etag).toBeDefined();
    expect(logo.headers['last-modified']).toBeDefined();
  });
});
