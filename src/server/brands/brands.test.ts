import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrandRow } from '../context.js';
import { brands } from '../db/schema.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { BRAND_CACHE_MS, brandSiteOrigin, ENTRY_BRAND_COOKIE } from './resolve-brand.js';

const t = setupTestApp();

const CURRENT_BRAND = '{ currentBrand { _id shortName } }';

let optix: BrandRow;
let primrose: BrandRow;
let enterprise: BrandRow;

beforeEach(async () => {
  await t.resetDb();
  optix = await createBrand(t.db, { shortName: 'customer-optix', type: 'AUTHENTICATED', isDefault: true });
  await createBrand(t.db, { shortName: 'sb1', type: 'CUSTOM_SUBDOMAIN', subdomain: 'sb1' });
  primrose = await createBrand(t.db, {
    shortName: 'primroseschools',
    type: 'CUSTOM_DOMAIN',
    customDomain: 'visits.primroseschools.test',
    orderNotificationEmails: 'orders@primrose.test',
  });
  await createBrand(t.db, { shortName: 'dunkin', type: 'ENTRY_PATH', entryPath: 'dunkin' });
  enterprise = await createBrand(t.db, { shortName: 'acme', name: 'Acme', type: 'AUTHENTICATED' });
});

async function brandOf(opts: Parameters<typeof t.gql>[2]): Promise<string> {
  const res = await t.gql(CURRENT_BRAND, {}, opts);
  expect(res.errors).toBeUndefined();
  return res.data.currentBrand.shortName;
}

async function loginAs(brand: BrandRow, extra: { admin?: boolean } = {}) {
  const user = await createUser(t.db, { associatedBrandId: brand.id, password: 'password123', ...extra });
  return t.login(user.email, 'password123');
}

describe('brand resolution', () => {
  it('serves the default brand when nothing else matches', async () => {
    expect(await brandOf({})).toBe('customer-optix');
    expect(await brandOf({ host: 'unknown.example.com' })).toBe('customer-optix');
    expect(await brandOf({ host: 'nosuchbrand.localhost' })).toBe('customer-optix');
  });

  it('resolves a custom domain, in any case and with a port', async () => {
    expect(await brandOf({ host: 'visits.primroseschools.test' })).toBe('primroseschools');
    expect(await brandOf({ host: 'Visits.PrimroseSchools.test:3000' })).toBe('primroseschools');
  });

  it('resolves a subdomain of BASE_DOMAIN', async () => {
    expect(await brandOf({ host: 'sb1.localhost' })).toBe('sb1');
    expect(await brandOf({ host: 'SB1.localhost:3000' })).toBe('sb1');
  });

  it('does not resolve a deeper or foreign subdomain', async () => {
    expect(await brandOf({ host: 'x.sb1.localhost' })).toBe('customer-optix');
    expect(await brandOf({ host: 'sb1.example.com' })).toBe('customer-optix');
  });

  it('resolves the logged-in user’s associated brand', async () => {
    const token = await loginAs(enterprise);
    expect(await brandOf({ token })).toBe('acme');
  });

  it('remembers an entry path: GET /{entryPath} sets the entry_brand cookie and redirects to Get Started', async () => {
    const res = await t.inject({ method: 'GET', url: '/dunkin' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/industry');
    const cookie = res.cookies.find((c) => c.name === ENTRY_BRAND_COOKIE);
    expect(cookie?.value).toBe('dunkin');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(await brandOf({ cookie: { [ENTRY_BRAND_COOKIE]: cookie!.value } })).toBe('dunkin');
  });

  it('sets no entry cookie for a path that is not a brand’s entry path', async () => {
    for (const url of ['/nosuchbrand', '/login', '/sb1']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.cookies.find((c) => c.name === ENTRY_BRAND_COOKIE)).toBeUndefined();
    }
    expect(await brandOf({ cookie: { [ENTRY_BRAND_COOKIE]: 'nosuchbrand' } })).toBe('customer-optix');
  });

  it('puts a custom domain before the logged-in user’s brand', async () => {
    const token = await loginAs(enterprise);
    expect(await brandOf({ token, host: 'visits.primroseschools.test' })).toBe('primroseschools');
  });

  it('puts a subdomain before the logged-in user’s brand', async () => {
    const token = await loginAs(enterprise);
    expect(await brandOf({ token, host: 'sb1.localhost' })).toBe('sb1');
  });

  it('puts a custom domain before a subdomain', async () => {
    await createBrand(t.db, { shortName: 'sb9', type: 'CUSTOM_SUBDOMAIN', subdomain: 'sb9' });
    await createBrand(t.db, { shortName: 'domain9', type: 'CUSTOM_DOMAIN', customDomain: 'sb9.localhost' });
    expect(await brandOf({ host: 'sb9.localhost' })).toBe('domain9');
  });

  it('puts the logged-in user’s brand before the entry path', async () => {
    const token = await loginAs(enterprise);
    expect(await brandOf({ token, cookie: { [ENTRY_BRAND_COOKIE]: 'dunkin' } })).toBe('acme');
  });

  it('puts a subdomain before the entry path', async () => {
    expect(await brandOf({ host: 'sb1.localhost', cookie: { [ENTRY_BRAND_COOKIE]: 'dunkin' } })).toBe('sb1');
  });

  it('puts the entry path before the default brand, for an anonymous visitor', async () => {
    expect(await brandOf({ cookie: { [ENTRY_BRAND_COOKIE]: 'dunkin' } })).toBe('dunkin');
  });

  it('uses a field only for its brand type (a subdomain on a custom-domain brand is ignored)', async () => {
    await createBrand(t.db, {
      shortName: 'odd',
      type: 'CUSTOM_DOMAIN',
      subdomain: 'odd',
      customDomain: 'odd.test',
    });
    expect(await brandOf({ host: 'odd.localhost' })).toBe('customer-optix');
  });
});

describe('brands kept in memory', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a change made by another instance within BRAND_CACHE_MS, and one saved here at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await brandOf({})).toBe('customer-optix');
    // Another instance renames the default brand: this one still serves what it read...
    await t.db.update(brands).set({ shortName: 'renamed-elsewhere' }).where(eq(brands.id, optix.id));
    expect(await brandOf({})).toBe('customer-optix');
    // ...until its copy is BRAND_CACHE_MS old.
    vi.setSystemTime(Date.now() + BRAND_CACHE_MS);
    expect(await brandOf({})).toBe('renamed-elsewhere');
    // A brand saved through this instance (here the factory, as the admin mutations do) shows at once.
    await createBrand(t.db, { shortName: 'fresh-entry', type: 'ENTRY_PATH', entryPath: 'fresh' });
    expect(await brandOf({ cookie: { [ENTRY_BRAND_COOKIE]: 'fresh' } })).toBe('fresh-entry');
  });

  it('resolves each host and entry path on its own while one read of the brands is kept', async () => {
    // One read serves all of these (BRAND_CACHE_MS): what was resolved for one visit is not another's.
    const visits: [Parameters<typeof t.gql>[2], string][] = [
      [{ host: 'sb1.localhost' }, 'sb1'],
      [{}, 'customer-optix'],
      [{ cookie: { [ENTRY_BRAND_COOKIE]: 'dunkin' } }, 'dunkin'],
      [{ host: 'sb1.localhost', cookie: { [ENTRY_BRAND_COOKIE]: 'dunkin' } }, 'sb1'],
      [{ host: 'visits.primroseschools.test' }, 'primroseschools'],
    ];
    for (const round of [1, 2])
      for (const [opts, expected] of visits) expect(await brandOf(opts), `round ${round}`).toBe(expected);
    // Past the hosts a process remembers per read (callers choose the Host header), it still answers right.
    for (let i = 0; i < 300; i++) expect(await brandOf({ host: `h${i}.example.com` })).toBe('customer-optix');
    for (const [opts, expected] of visits) expect(await brandOf(opts)).toBe(expected);
  });
});

describe('brand queries', () => {
  const BRANDS = 'query ($type: BrandType) { brands(type: $type) { shortName type } }';

  it('lists AUTHENTICATED brands for anyone', async () => {
    const res = await t.gql(BRANDS, { type: 'AUTHENTICATED' });
    expect(res.errors).toBeUndefined();
    expect(res.data.brands.map((b: { shortName: string }) => b.shortName).sort()).toEqual([
      'acme',
      'customer-optix',
    ]);
  });

  it('refuses the full brand list to an anonymous visitor', async () => {
    const res = await t.gql(BRANDS);
    expect(res.data).toBeNull();
    expect(res.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('refuses the full brand list, and other types, to a customer', async () => {
    const token = await loginAs(optix);
    const all = await t.gql(BRANDS, {}, { token });
    expect(all.data).toBeNull();
    expect(all.errors![0]!.message).toBe('Not Authorized');
    expect(all.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const entry = await t.gql(BRANDS, { type: 'ENTRY_PATH' }, { token });
    expect(entry.errors![0]!.message).toBe('Not Authorized');
  });

  it('gives an admin every brand', async () => {
    const token = await loginAs(optix, { admin: true });
    const res = await t.gql(BRANDS, {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.brands).toHaveLength(5);
  });

  it('hides orderNotificationEmails from anonymous visitors and customers', async () => {
    const query = '{ currentBrand { shortName orderNotificationEmails } }';
    const anon = await t.gql(query, {}, { host: 'visits.primroseschools.test' });
    expect(anon.data?.currentBrand?.orderNotificationEmails ?? null).toBeNull();
    expect(anon.errors![0]!.path).toEqual(['currentBrand', 'orderNotificationEmails']);
    expect(JSON.stringify(anon)).not.toContain('orders@primrose.test');

    const token = await loginAs(primrose);
    const customer = await t.gql(query, {}, { token });
    expect(customer.errors![0]!.message).toBe('Not Authorized');
    expect(JSON.stringify(customer)).not.toContain('orders@primrose.test');
  });

  it('shows orderNotificationEmails to an admin', async () => {
    const token = await loginAs(primrose, { admin: true });
    const res = await t.gql('{ currentBrand { orderNotificationEmails } }', {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.currentBrand.orderNotificationEmails).toBe('orders@primrose.test');
  });

  it('finds a brand by subdomain, custom domain and entry path, and gives null for none', async () => {
    const q = `query ($s: String, $d: String, $e: String) {
      a: brand(subdomain: $s) { shortName } b: brand(customDomain: $d) { shortName } c: brand(entryPath: $e) { shortName }
    }`;
    const found = await t.gql(q, { s: 'SB1', d: 'visits.primroseschools.test', e: 'dunkin' });
    expect(found.data).toEqual({
      a: { shortName: 'sb1' },
      b: { shortName: 'primroseschools' },
      c: { shortName: 'dunkin' },
    });
    const none = await t.gql(q, { s: 'nope', d: 'nope.test', e: 'nope' });
    expect(none.data).toEqual({ a: null, b: null, c: null });
  });
});

describe('the site of a brand, for e-mails sent outside a request', () => {
  const site = { publicUrl: 'https://app.example.com/', baseDomain: 'Example.com' };
  const of = (b: Partial<Pick<BrandRow, 'type' | 'subdomain' | 'customDomain'>>) =>
    brandSiteOrigin({ type: 'AUTHENTICATED', subdomain: null, customDomain: null, ...b }, site);

  it('is the custom domain, the subdomain of BASE_DOMAIN, or else the public URL', () => {
    expect(of({ type: 'CUSTOM_DOMAIN', customDomain: 'Visits.Primrose.test' })).toBe(
      'https://visits.primrose.test',
    );
    expect(of({ type: 'CUSTOM_SUBDOMAIN', subdomain: 'SB1' })).toBe('https://sb1.example.com');
    expect(of({ type: 'ENTRY_PATH' })).toBe('https://app.example.com');
    expect(of({ type: 'AUTHENTICATED' })).toBe('https://app.example.com');
  });

  it('keeps the public URL’s port for a subdomain (development), and ignores a field of another type', () => {
    const dev = { publicUrl: 'http://localhost:3000', baseDomain: 'localhost' };
    expect(brandSiteOrigin({ type: 'CUSTOM_SUBDOMAIN', subdomain: 'sb1', customDomain: null }, dev)).toBe(
      'http://sb1.localhost:3000',
    );
    expect(of({ type: 'CUSTOM_DOMAIN', subdomain: 'sb1', customDomain: null })).toBe(
      'https://app.example.com',
    );
    expect(of({ type: 'AUTHENTICATED', customDomain: 'x.test' })).toBe('https://app.example.com');
  });
});
