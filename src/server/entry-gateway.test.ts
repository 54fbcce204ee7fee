import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './accounts/sessions.js';
import { buildApp } from './app.js';
import { ENTRY_BRAND_COOKIE } from './brands/resolve-brand.js';
import type { BrandRow } from './context.js';
import { createBrand, createUser, setupTestApp } from './test/harness.js';

/**
 * The entry gateway ('/' and a brand's /{entryPath}) answers with the visit's first page, instead of a
 * shell that loads the app to be sent on by the browser's router (issue 41): at '/' a visitor gets Get
 * Started itself with its address for the browser to show, the rest a redirect. Each brand type is
 * followed to its first page, which must carry that brand.
 */
const t = setupTestApp();

/** The app with a web build of its own: the shell template alone (no server render), so pages answer 200. */
let webDist: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'storefront-gateway-'));
  const template = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/index.html');
  await copyFile(template, path.join(webDist, 'index.html'));
  app = await buildApp({ db: t.db, config: t.makeConfig(), adapters: t.adapters, webDist });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

let acme: BrandRow;

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'customer-optix', type: 'AUTHENTICATED', isDefault: true });
  await createBrand(t.db, { shortName: 'sb1', type: 'CUSTOM_SUBDOMAIN', subdomain: 'sb1' });
  await createBrand(t.db, {
    shortName: 'primroseschools',
    type: 'CUSTOM_DOMAIN',
    customDomain: 'visits.primroseschools.test',
  });
  await createBrand(t.db, { shortName: 'dunkin', type: 'ENTRY_PATH', entryPath: 'dunkin' });
  await createBrand(t.db, {
    shortName: 'autopro',
    type: 'CUSTOM_SUBDOMAIN',
    subdomain: 'autopro',
    flowVariant: 'automotive',
    requiresCarMake: true,
  });
  await createBrand(t.db, {
    shortName: 'goldenchick',
    type: 'CUSTOM_SUBDOMAIN',
    subdomain: 'goldenchick',
    usesIncentiveZones: true,
    surveysEnabled: false,
  });
  acme = await createBrand(t.db, { shortName: 'acme', type: 'AUTHENTICATED' });
});

type Visit = { host?: string; cookie?: Record<string, string> };

const get = (url: string, visit: Visit = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: {
      ...(visit.host ? { host: visit.host } : {}),
      ...(visit.cookie
        ? {
            cookie: Object.entries(visit.cookie)
              .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
              .join('; '),
          }
        : {}),
    },
  });

const bootstrapOf = (body: string) =>
  JSON.parse(/<script type="application\/json" id="bootstrap-data">(.*?)<\/script>/.exec(body)?.[1] ?? '{}');

/**
 * Opens `url` as the visit would: expects one redirect (never stored: it depends on the session), then
 * the page it leads to with the cookies the redirect set; gives where it led and that page's brand.
 */
async function arrive(url: string, visit: Visit = {}): Promise<{ location: string; brand: string }> {
  const res = await get(url, visit);
  expect(res.statusCode, url).toBe(302);
  expect(res.headers['cache-control'], url).toBe('no-store');
  const location = String(res.headers.location);
  const cookie = { ...visit.cookie, ...Object.fromEntries(res.cookies.map((c) => [c.name, c.value])) };
  const page = await get(location, { ...visit, cookie });
  expect(page.statusCode, location).toBe(200);
  return { location, brand: bootstrapOf(page.body).brand?.shortName };
}

/**
 * Opens '/' (with `search`) as a visitor: the page itself, never stored, whose bootstrap data gives the
 * address the browser shows (main.tsx) and the brand; gives both.
 */
async function land(search: string, visit: Visit = {}): Promise<{ location: string; brand: string }> {
  const res = await get(`/${search}`, visit);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const bootstrap = bootstrapOf(res.body);
  return { location: bootstrap.url, brand: bootstrap.brand?.shortName };
}

async function sessionOf(brand: BrandRow): Promise<Record<string, string>> {
  const user = await createUser(t.db, { associatedBrandId: brand.id, password: 'password123' });
  return { [SESSION_COOKIE]: await t.login(user.email, 'password123') };
}

describe("a visitor opening a brand's address", () => {
  it.each([
    ['the default brand', {}, 'customer-optix'],
    ['a subdomain brand', { host: 'sb1.localhost' }, 'sb1'],
    ['a custom-domain brand', { host: 'visits.primroseschools.test' }, 'primroseschools'],
    ['the automotive brand (the make is picked on Get Started)', { host: 'autopro.localhost' }, 'autopro'],
    [
      'the incentive-zone brand (the city is picked on Get Started)',
      { host: 'goldenchick.localhost' },
      'goldenchick',
    ],
    ['a remembered entry path', { cookie: { [ENTRY_BRAND_COOKIE]: 'dunkin' } }, 'dunkin'],
  ] as const)('gets Get Started of %s at /, shown at its own address', async (_name, visit, brand) => {
    expect(await land('', visit)).toEqual({ location: '/industry', brand });
  });

  it('is sent from an entry path straight to Get Started, the brand remembered (with or without a final slash)', async () => {
    for (const url of ['/dunkin', '/dunkin/', '/Dunkin']) {
      const res = await get(url);
      expect(res.cookies.find((c) => c.name === ENTRY_BRAND_COOKIE)?.value, url).toBe('dunkin');
      expect(await arrive(url), url).toEqual({ location: '/industry', brand: 'dunkin' });
    }
  });

  it('keeps the query string (a campaign link) on the way', async () => {
    expect((await land('?utm_source=mail&ref=a%20b')).location).toBe('/industry?utm_source=mail&ref=a%20b');
    expect((await arrive('/dunkin?utm_source=flyer')).location).toBe('/industry?utm_source=flyer');
  });

  it('is sent to Get Started with a session cookie that is no longer valid', async () => {
    expect(await land('', { cookie: { [SESSION_COOKIE]: 'no-such-session' } })).toEqual({
      location: '/industry',
      brand: 'customer-optix',
    });
  });
});

describe('a logged-in customer opening the address', () => {
  it('goes from / to the dashboard, in their AUTHENTICATED brand', async () => {
    const cookie = await sessionOf(acme);
    expect(await arrive('/', { cookie })).toEqual({ location: '/account/dashboard', brand: 'acme' });
  });

  it('goes to the dashboard from an entry path and a subdomain too, in the brand the address names', async () => {
    const cookie = await sessionOf(acme);
    expect(await arrive('/dunkin?x=1', { cookie })).toEqual({
      location: '/account/dashboard?x=1',
      brand: 'acme',
    });
    expect(await arrive('/', { cookie, host: 'sb1.localhost' })).toEqual({
      location: '/account/dashboard',
      brand: 'sb1',
    });
  });
});

describe('the other pages', () => {
  it('are still the page itself, not a redirect', async () => {
    for (const url of ['/industry', '/login', '/account', '/order', '/nosuchbrand']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});
