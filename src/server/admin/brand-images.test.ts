import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { people } from '../account/test-fixtures.js';
import { brandsChanged } from '../brands/resolve-brand.js';
import { brands } from '../db/schema.js';
import { withBrandImageUrls } from '../file-references.js';
import { setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, expectNoChange } from '../test/order-wizard.js';

// Brand images are stored as keys /s3/sign gave for brands/{brandId}; their URLs are derived on the
// server (security review: an external or javascript: URL could be planted as a logo).

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let id: string;

const CREATE_BRAND = 'mutation ($input: BrandInput!) { createBrand(input: $input) { _id } }';
const UPDATE_BRAND = `mutation ($id: String!, $input: BrandInput!) {
  updateBrand(_id: $id, input: $input) { _id logoUrl faviconUrl brandTextImageUrl } }`;
const input = (over: Record<string, unknown> = {}) => ({
  shortName: 'acme',
  name: 'Acme',
  type: 'ENTRY_PATH',
  entryPath: 'acme',
  ...over,
});
const asAdmin = (query: string, vars: Record<string, unknown>) =>
  t.gql(query, vars, { token: p.admin.token });
const fieldsOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  (res.errors?.[0]?.extensions?.fields as { field: string; message: string }[] | undefined) ?? [];
const stored = async () => (await t.db.select().from(brands).where(eq(brands.id, id)))[0]!;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  id = (await asAdmin(CREATE_BRAND, { input: input() })).data.createBrand._id;
});

/** A 1x1 PNG: photos are re-encoded on upload, so the bytes must be a readable image. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154789c6360606060000000050001a5f645400000000049454e44ae426082',
  'hex',
);

/** Signs and PUTs a PNG as the brand page does. */
async function uploadBrandImage(brandId: string, fileName: string) {
  const q = new URLSearchParams({ fileName, contentType: 'image/png', size: String(PNG.length) });
  const signed = await t.inject({
    method: 'GET',
    url: `/s3/sign?${q}`,
    headers: { folder: `brands/${brandId}` },
    token: p.admin.token,
  });
  expect(signed.statusCode).toBe(200);
  const body = signed.json() as { uploadUrl: string; fileKey: string; publicUrl: string };
  const put = await t.inject({
    method: 'PUT',
    url: body.uploadUrl,
    headers: { 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(put.statusCode).toBe(200);
  return body;
}

describe('brand images', () => {
  it('takes images signed and uploaded through /s3 by key, stores the key and answers the derived URL', async () => {
    const logo = await uploadBrandImage(id, 'logo.png');
    const favicon = await uploadBrandImage(id, 'favicon.png');
    const res = await asAdmin(UPDATE_BRAND, {
      id,
      input: input({ logoUrl: logo.fileKey, faviconUrl: favicon.publicUrl }),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateBrand).toMatchObject({
      logoUrl: `/s3/uploads/${logo.fileKey}`,
      faviconUrl: `/s3/uploads/${favicon.fileKey}`,
      brandTextImageUrl: null,
    });
    expect(await stored()).toMatchObject({ logoUrl: logo.fileKey, faviconUrl: favicon.fileKey });
    expect((await t.inject({ method: 'GET', url: res.data.updateBrand.logoUrl })).statusCode).toBe(200);

    // The form sends the URLs it shows back with every save.
    const again = await asAdmin(UPDATE_BRAND, {
      id,
      input: input({ name: 'Acme 2', logoUrl: res.data.updateBrand.logoUrl, faviconUrl: null }),
    });
    expect(again.errors).toBeUndefined();
    expect(again.data.updateBrand).toMatchObject({
      logoUrl: `/s3/uploads/${logo.fileKey}`,
      faviconUrl: null,
    });
  });

  it.each([
    ['an external site with this brand’s path', 'https://evil.example/s3/uploads/brands/{id}/abc_logo.png'],
    ['an external site with the folder in its path', 'https://evil.example/brands/{id}/abc_logo.png'],
    ['a protocol-relative URL', '//evil.example/s3/uploads/brands/{id}/abc_logo.png'],
    ['a javascript: URL', 'javascript:alert(1)//brands/{id}/abc_logo.png'],
    ['a climbing key', 'brands/{id}/../../etc/passwd.png'],
    ['another brand’s upload', '/s3/uploads/brands/{other}/abc_logo.png'],
    ['a bundled logo the brand does not have', '/brands/dunkin.svg'],
  ])('refuses %s as the logo, naming the field, and saves nothing', async (_label, value) => {
    const logoUrl = value.replace('{id}', id).replace('{other}', c.brand.id);
    const res = await expectNoChange(t, () => asAdmin(UPDATE_BRAND, { id, input: input({ logoUrl }) }));
    expect(fieldsOf(res)).toEqual([{ field: 'logoUrl', message: 'Logo must be uploaded for this brand.' }]);
  });

  it('derives URLs on read: a planted row shows no image, a bundled logo stays and may be kept', async () => {
    await t.db
      .update(brands)
      .set({ logoUrl: `https://evil.example/brands/${id}/abc_logo.png`, faviconUrl: '/brands/acme.svg' })
      .where(eq(brands.id, id));
    brandsChanged();
    const read = await t.gql(
      'query { currentBrand { logoUrl faviconUrl } }',
      {},
      { cookie: { entry_brand: 'acme' } },
    );
    expect(read.data.currentBrand).toEqual({ logoUrl: null, faviconUrl: '/brands/acme.svg' });

    // The page shell's bootstrap brand goes through the same derivation.
    expect(withBrandImageUrls(t.adapters.storage, await stored())).toMatchObject({
      logoUrl: null,
      faviconUrl: '/brands/acme.svg',
    });

    const kept = await asAdmin(UPDATE_BRAND, { id, input: input({ faviconUrl: '/brands/acme.svg' }) });
    expect(kept.errors).toBeUndefined();
    expect(kept.data.updateBrand.faviconUrl).toBe('/brands/acme.svg');
  });
});
