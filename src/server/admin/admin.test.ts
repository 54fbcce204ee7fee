import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { people } from '../account/test-fixtures.js';
import { brandsChanged } from '../brands/resolve-brand.js';
import { newId } from '../db/ids.js';
import { executedRows } from '../db/json-rows.js';
import {
  brands,
  forms,
  industries,
  orders,
  questionnaires,
  userQuestionnaires,
  users,
} from '../db/schema.js';
import { createUser, setupTestApp } from '../test/harness.js';
import {
  type Catalogue,
  catalogue,
  expectNoChange,
  placedGuestOrder,
  placedOrderOf,
} from '../test/order-wizard.js';
import { createExportToken, EXPORT_TOKEN_TTL_MS } from './exports.js';
import { type CustomerSearch, customerFilter } from './lists.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
});

const asAdmin = (query: string, vars: Record<string, unknown> = {}) =>
  t.gql(query, vars, { token: p.admin.token });

const USERS = `query ($first: Int, $after: String, $name: String, $business: String) {
  users(first: $first, after: $after, nameSearch: $name, businessNameSearch: $business) {
    pageInfo { hasNextPage endCursor }
    nodes { _id fullName email profile { businessName } associatedBrand { _id name } }
  } }`;
const ORDERS = `query ($after: String) { orders(status: COMPLETE, after: $after) {
  pageInfo { hasNextPage endCursor } nodes { _id orderNumber orderDate amount businessName email brandName } } }`;
const CREATE_BRAND =
  'mutation ($input: BrandInput!) { createBrand(input: $input) { _id shortName type entryPath subdomain primaryColor logoUrl } }';
const UPDATE_BRAND =
  'mutation ($id: String!, $input: BrandInput!) { updateBrand(_id: $id, input: $input) { _id name primaryColor logoUrl faviconUrl } }';
const REMOVE_BRAND = 'mutation ($id: String!) { removeBrand(_id: $id) { _id } }';
const SAVE_Q = `mutation ($id: String, $input: QuestionnaireInput!) { addEditQuestionnaire(_id: $id, input: $input) {
  _id title type cost startupCost monthsPurchased minimumReimbursement showReimbursement published isCustom industryId } }`;
const INDUSTRIES = `query ($b: String!) { industries(brandId: $b) { _id title published questionnaires { _id title published type } } }`;

const fieldsOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  (res.errors?.[0]?.extensions?.fields as { field: string; message: string }[] | undefined) ?? [];

describe('customers list', () => {
  it('lists customers (not admins or staff) newest first, 25 a page, with Load More', async () => {
    for (let i = 0; i < 26; i++) {
      await createUser(t.db, {
        email: `c${i}@example.test`,
        firstName: `Cust${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    await createUser(t.db, { email: 'shopper@example.test', roles: ['shopper'] });
    const first = await asAdmin(USERS);
    expect(first.errors).toBeUndefined();
    expect(first.data.users.nodes).toHaveLength(25);
    expect(first.data.users.pageInfo.hasNextPage).toBe(true);
    const second = await asAdmin(USERS, { after: first.data.users.pageInfo.endCursor });
    const all = [...first.data.users.nodes, ...second.data.users.nodes].map(
      (u: { email: string }) => u.email,
    );
    expect(second.data.users.pageInfo.hasNextPage).toBe(false);
    expect(all).toHaveLength(28); // 26 + alice + bob
    expect(all).not.toContain('admin@example.test');
    expect(all).not.toContain('shopper@example.test');
    expect(new Set(all).size).toBe(all.length);
  });

  it('searches by customer name and business name (contains, any case; wildcards are literal)', async () => {
    await createUser(t.db, { firstName: 'Maria', lastName: 'Lopez', businessName: 'Taco 100% Shop' });
    await createUser(t.db, { firstName: 'Mario', lastName: 'Rossi', businessName: 'Pizza Place' });
    const byName = await asAdmin(USERS, { name: 'ria lop' });
    expect(byName.data.users.nodes.map((u: { fullName: string }) => u.fullName)).toEqual(['Maria Lopez']);
    const byBusiness = await asAdmin(USERS, { business: '100%' });
    expect(byBusiness.data.users.nodes.map((u: { fullName: string }) => u.fullName)).toEqual(['Maria Lopez']);
    const wildcard = await asAdmin(USERS, { business: '_' });
    expect(wildcard.data.users.nodes).toEqual([]);
    const both = await asAdmin(USERS, { name: 'mar', business: 'pizza' });
    expect(both.data.users.nodes.map((u: { fullName: string }) => u.fullName)).toEqual(['Mario Rossi']);
  });

  it('can answer a search from the trigram indexes instead of reading every customer', async () => {
    await createUser(t.db, { firstName: 'Maria', lastName: 'Lopez', businessName: 'Taco Shop' });
    // Only the indexes' own plans are left open: a search the indexes cannot serve would show a Seq Scan.
    const plan = (search: CustomerSearch) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const query = tx.select({ id: users.id }).from(users).where(customerFilter(search));
        return JSON.stringify(executedRows(await tx.execute(sql`explain ${query}`)));
      });
    expect(await plan({ nameSearch: 'ria lop' })).toContain('users_name_trgm_idx');
    expect(await plan({ businessNameSearch: 'taco' })).toContain('users_business_trgm_idx');
    expect(await plan({ nameSearch: 'ria lop' })).not.toContain('Seq Scan');
  });
});

describe('orders list', () => {
  it('lists only COMPLETE orders, newest first, with the business name of the account or guest', async () => {
    const guest = await placedGuestOrder(t, c);
    const alices = await placedOrderOf(t, c, p.alice.token);
    await t.db.insert(orders).values({ id: newId(), brandId: c.brand.id }); // a cart
    const res = await asAdmin(ORDERS);
    expect(res.errors).toBeUndefined();
    expect(res.data.orders.nodes.map((o: { _id: string }) => o._id)).toEqual([alices.oid, guest.oid]);
    expect(res.data.orders.nodes[1]).toMatchObject({
      businessName: 'Gail Co',
      email: 'guest@example.test',
      brandName: c.brand.name,
      amount: 25000,
    });
    expect(res.data.orders.nodes[0]).toMatchObject({
      businessName: p.alice.user.businessName,
      email: 'alice@example.test',
    });
    const carts = await asAdmin('query { orders(status: CART) { nodes { _id } } }');
    expect(fieldsOf(carts)[0]?.field).toBe('status');
  });

  it("looks an order up by number for an admin; a customer cannot look up another customer's order", async () => {
    await placedOrderOf(t, c, p.bob.token);
    const q = 'query ($n: Int) { order(orderNumber: $n) { _id orderNumber } }';
    expect((await asAdmin(q, { n: 10001 })).data.order.orderNumber).toBe(10001);
    expect((await asAdmin(q, { n: 99999 })).data.order).toBeNull();
    expect((await t.gql(q, { n: 10001 }, { token: p.alice.token })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
  });
});

describe('brands', () => {
  const input = (over: Record<string, unknown> = {}) => ({
    shortName: 'acme',
    name: 'Acme',
    type: 'ENTRY_PATH',
    entryPath: 'acme',
    subdomain: 'ignored',
    primaryColor: '#112233',
    ...over,
  });

  it('creates a brand keeping only the address field of its type, and shows it at its entry path', async () => {
    const res = await asAdmin(CREATE_BRAND, { input: input({ logoUrl: '/s3/uploads/brands/x/logo.png' }) });
    expect(res.errors).toBeUndefined();
    expect(res.data.createBrand).toMatchObject({
      shortName: 'acme',
      type: 'ENTRY_PATH',
      entryPath: 'acme',
      subdomain: null,
      logoUrl: null,
      primaryColor: '#112233',
    });
    const visit = await t.gql(
      'query { currentBrand { name primaryColor } }',
      {},
      { cookie: { entry_brand: 'acme' } },
    );
    expect(visit.data.currentBrand).toEqual({ name: 'Acme', primaryColor: '#112233' });
  });

  it('refuses bad input with field-named errors and saves nothing', async () => {
    await expectNoChange(t, async () => {
      const bad = await asAdmin(CREATE_BRAND, {
        input: input({ shortName: 'ac me', primaryColor: '112233', entryPath: '' }),
      });
      expect(
        fieldsOf(bad)
          .map((f) => f.field)
          .sort(),
      ).toEqual(['entryPath', 'primaryColor', 'shortName']);
      expect(fieldsOf(bad).find((f) => f.field === 'shortName')?.message).toBe(
        'Short Name may contain only letters and numbers, with no spaces.',
      );
      const reserved = await asAdmin(CREATE_BRAND, { input: input({ entryPath: 'checkout' }) });
      expect(fieldsOf(reserved)[0]).toEqual({
        field: 'entryPath',
        message: "Entry Path 'checkout' is a page of the app; choose another.",
      });
      const taken = await asAdmin(CREATE_BRAND, { input: input({ shortName: 'OPTIX', entryPath: 'new' }) });
      expect(fieldsOf(taken)[0]).toEqual({
        field: 'shortName',
        message: "Short Name 'OPTIX' is already used by another brand.",
      });
    });
  });

  it('updates a brand: the storefront shows the change at its next request; images must be its own uploads', async () => {
    const id = (await asAdmin(CREATE_BRAND, { input: input() })).data.createBrand._id;
    const logo = `/s3/uploads/brands/${id}/abc_logo.png`;
    const res = await asAdmin(UPDATE_BRAND, {
      id,
      input: input({
        name: 'Acme Two',
        primaryColor: '#445566',
        logoUrl: logo,
        faviconUrl: `/s3/uploads/brands/${id}/abc_fav.ico`,
      }),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateBrand).toMatchObject({ name: 'Acme Two', primaryColor: '#445566', logoUrl: logo });
    const visit = await t.gql(
      'query { currentBrand { name primaryColor logoUrl } }',
      {},
      { cookie: { entry_brand: 'acme' } },
    );
    expect(visit.data.currentBrand).toEqual({ name: 'Acme Two', primaryColor: '#445566', logoUrl: logo });

    const foreign = await asAdmin(UPDATE_BRAND, {
      id,
      input: input({
        logoUrl: `/s3/uploads/brands/${c.brand.id}/x.png`,
        faviconUrl: `/s3/uploads/brands/${id}/abc_fav.jpg`,
      }),
    });
    expect(fieldsOf(foreign)).toEqual([
      { field: 'logoUrl', message: 'Logo must be uploaded for this brand.' },
      { field: 'faviconUrl', message: 'Favicon must be a PNG or ICO image.' },
    ]);
  });

  it('refuses to modify or remove a restrictCMS brand', async () => {
    await t.db.update(brands).set({ restrictCMS: true }).where(eq(brands.id, c.brand.id));
    brandsChanged();
    const upd = await asAdmin(UPDATE_BRAND, { id: c.brand.id, input: input({ shortName: 'optix' }) });
    expect(upd.errors?.[0]?.message).toBe('This brand cannot be modified from the CMS');
    const rm = await asAdmin(REMOVE_BRAND, { id: c.brand.id });
    expect(rm.errors?.[0]?.message).toBe('This brand cannot be modified from the CMS');
  });

  it('removes a brand without customers or orders; refuses one with customers or orders, and the default', async () => {
    const other = c.otherBrandShop.brandId;
    const customer = await createUser(t.db, { associatedBrandId: other });
    const refused = await asAdmin(REMOVE_BRAND, { id: other });
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toMatch(/has customers or orders/);
    await t.db.update(users).set({ associatedBrandId: null }).where(eq(users.id, customer.id));
    const removed = await asAdmin(REMOVE_BRAND, { id: other });
    expect(removed.errors).toBeUndefined();
    expect(await t.db.select().from(brands).where(eq(brands.id, other))).toEqual([]);
    await t.db.update(brands).set({ isDefault: true }).where(eq(brands.id, c.brand.id));
    const fresh = await asAdmin(CREATE_BRAND, { input: input() });
    await t.db.update(brands).set({ isDefault: false }).where(eq(brands.id, c.brand.id));
    await t.db.update(brands).set({ isDefault: true }).where(eq(brands.id, fresh.data.createBrand._id));
    brandsChanged();
    const dflt = await asAdmin(REMOVE_BRAND, { id: fresh.data.createBrand._id });
    expect(dflt.errors?.[0]?.message).toBe('The default brand cannot be removed.');
  });

  it('associates a customer with an AUTHENTICATED brand only', async () => {
    const auth = (
      await asAdmin(CREATE_BRAND, { input: { shortName: 'corp', name: 'Corp', type: 'AUTHENTICATED' } })
    ).data.createBrand._id;
    const q =
      'mutation ($uid: String!, $b: String!) { associateBrandToUser(uid: $uid, brandId: $b) { associatedBrand { name } } }';
    const ok = await asAdmin(q, { uid: p.alice.user.id, b: auth });
    expect(ok.data.associateBrandToUser.associatedBrand.name).toBe('Corp');
    const entry = (await asAdmin(CREATE_BRAND, { input: input() })).data.createBrand._id;
    const wrongType = await asAdmin(q, { uid: p.alice.user.id, b: entry });
    expect(fieldsOf(wrongType)[0]?.field).toBe('brandId');
    const noUser = await asAdmin(q, { uid: 'nobody', b: auth });
    expect(noUser.errors?.[0]?.message).toBe('Customer Not Found');
    expect((await t.db.select().from(users).where(eq(users.id, p.alice.user.id)))[0]?.associatedBrandId).toBe(
      auth,
    );
  });
});

describe('industries and questionnaires', () => {
  it('adds, unpublishes and lists industries with all their questionnaires for the admin', async () => {
    const add = await asAdmin(
      'mutation ($b: String!) { addIndustry(title: "  Hotels ", brandId: $b) { _id title published } }',
      { b: c.brand.id },
    );
    expect(add.data.addIndustry).toMatchObject({ title: 'Hotels', published: true });
    const empty = await asAdmin('mutation ($b: String!) { addIndustry(title: "", brandId: $b) { _id } }', {
      b: c.brand.id,
    });
    expect(fieldsOf(empty)[0]).toEqual({ field: 'title', message: 'Industry name is required.' });
    await asAdmin('mutation ($id: String!) { toggleIndustryPublish(_id: $id, published: false) { _id } }', {
      id: c.industry.id,
    });
    const list = await asAdmin(INDUSTRIES, { b: c.brand.id });
    expect(
      list.data.industries.map((i: { title: string; published: boolean }) => [i.title, i.published]),
    ).toEqual([
      ['Restaurants', false],
      ['Hotels', true],
    ]);
    expect(list.data.industries[0].questionnaires).toHaveLength(3);
    const storefront = await t.gql('query { publishedIndustries { title } }');
    expect(storefront.data.publishedIndustries).toEqual([]);
  });

  it('the storefront catalogue, though kept in memory, follows each admin change at once', async () => {
    const STOREFRONT = 'query { publishedIndustries { title questionnaires { title } } }';
    const titles = async () =>
      (
        (await t.gql(STOREFRONT)).data.publishedIndustries as {
          title: string;
          questionnaires: { title: string }[];
        }[]
      ).map((i) => [i.title, i.questionnaires.map((q) => q.title)]);
    expect(await titles()).toEqual([['Restaurants', ['Dine-In', 'Drive-Thru', 'Guest Survey']]]);
    await asAdmin('mutation ($id: String!) { removeQuestionnaire(_id: $id) { _id } }', {
      id: c.cheapShop.id,
    });
    expect(await titles()).toEqual([['Restaurants', ['Dine-In', 'Guest Survey']]]);
    await asAdmin('mutation ($id: String!) { toggleIndustryPublish(_id: $id, published: false) { _id } }', {
      id: c.industry.id,
    });
    expect(await titles()).toEqual([]);
    await asAdmin('mutation ($id: String!) { toggleIndustryPublish(_id: $id, published: true) { _id } }', {
      id: c.industry.id,
    });
    expect(await titles()).toEqual([['Restaurants', ['Dine-In', 'Guest Survey']]]);
    await asAdmin('mutation ($id: String!) { removeIndustry(_id: $id) { _id } }', { id: c.industry.id });
    expect(await titles()).toEqual([]);
  });

  it('saves a questionnaire with the shared rules: survey months, reimbursement rule, industry of the brand', async () => {
    const base = {
      title: 'Lunch Survey',
      type: 'customerSurvey',
      industryId: c.industry.id,
      brandId: c.brand.id,
      cost: 4900,
      monthsPurchased: 12,
      minimumReimbursement: 500,
    };
    const saved = await asAdmin(SAVE_Q, { input: base });
    expect(saved.data.addEditQuestionnaire).toMatchObject({
      monthsPurchased: 12,
      minimumReimbursement: 0,
      published: true,
      isCustom: false,
    });
    await expectNoChange(t, async () => {
      const rule = await asAdmin(SAVE_Q, {
        input: { ...base, type: 'mysteryShop', showReimbursement: false },
      });
      expect(fieldsOf(rule)[0]).toEqual({
        field: 'showReimbursement',
        message: 'Must show reimbursement when minimum reimbursement is greater than 0.',
      });
      const foreign = await asAdmin(SAVE_Q, {
        input: {
          ...base,
          industryId: (
            await t.db.select().from(industries).where(eq(industries.brandId, c.otherBrandShop.brandId))
          )[0]!.id,
        },
      });
      expect(fieldsOf(foreign)[0]).toEqual({
        field: 'industryId',
        message: "Industry must be one of the brand's industries.",
      });
      const months = await asAdmin(SAVE_Q, { input: { ...base, monthsPurchased: 13 } });
      expect(fieldsOf(months)[0]?.field).toBe('monthsPurchased');
      const form = await asAdmin(SAVE_Q, { input: { ...base, formId: 'missing' } });
      expect(fieldsOf(form)[0]).toEqual({ field: 'formId', message: 'Evaluation form not found.' });
    });
    const edited = await asAdmin(SAVE_Q, {
      id: c.shop.id,
      input: {
        title: 'Dine-In 2',
        industryId: c.industry.id,
        brandId: c.brand.id,
        cost: 12000,
        published: false,
      },
    });
    expect(edited.data.addEditQuestionnaire).toMatchObject({
      _id: c.shop.id,
      title: 'Dine-In 2',
      cost: 12000,
      published: false,
    });
  });

  it('an edit changes only the fields it names; a null clears one', async () => {
    const [form] = await t.db
      .insert(forms)
      .values({ id: newId(), name: 'Visit form', draft: {} })
      .returning();
    const created = await asAdmin(SAVE_Q, {
      input: {
        title: 'Patio Visit',
        type: 'mysteryShop',
        industryId: c.industry.id,
        brandId: c.brand.id,
        sampleLink: 'https://example.test/sample',
        cost: 7500,
        startupCost: 2500,
        minimumReimbursement: 1200,
        shopperFee: 300,
        showReimbursement: true,
        published: false,
        isCustom: true,
        formId: form!.id,
      },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data.addEditQuestionnaire._id as string;
    const row = async () => (await t.db.select().from(questionnaires).where(eq(questionnaires.id, id)))[0]!;
    const before = await row();

    // Only the cost: every other field stays as saved (the form, the flags, the mystery-shop money).
    const costOnly = await asAdmin(SAVE_Q, { id, input: { cost: 9900 } });
    expect(costOnly.errors).toBeUndefined();
    const after = await row();
    expect(after).toEqual({ ...before, cost: 9900, updatedAt: after.updatedAt });
    expect(after.formId).toBe(form!.id);

    // An explicit null clears (the sample link, the form) or takes the field's default (the fee).
    const cleared = await asAdmin(SAVE_Q, {
      id,
      input: { sampleLink: null, formId: null, shopperFee: null },
    });
    expect(cleared.errors).toBeUndefined();
    expect(await row()).toMatchObject({
      sampleLink: '',
      formId: null,
      shopperFee: 0,
      cost: 9900,
      isCustom: true,
    });

    // The rules still see the whole questionnaire: a reimbursement with showReimbursement saved false.
    await asAdmin(SAVE_Q, { id, input: { minimumReimbursement: 0, showReimbursement: false } });
    await expectNoChange(t, async () => {
      const rule = await asAdmin(SAVE_Q, { id, input: { minimumReimbursement: 800 } });
      expect(fieldsOf(rule)[0]?.field).toBe('showReimbursement');
    });
  });

  it('removing a questionnaire or industry that is on a placed order keeps the order intact', async () => {
    const placed = await placedOrderOf(t, c, p.alice.token);
    const rmQ = await asAdmin('mutation ($id: String!) { removeQuestionnaire(_id: $id) { _id } }', {
      id: c.shop.id,
    });
    expect(rmQ.errors).toBeUndefined();
    const rmI = await asAdmin('mutation ($id: String!) { removeIndustry(_id: $id) { _id } }', {
      id: c.industry.id,
    });
    expect(rmI.errors).toBeUndefined();
    expect((await asAdmin(INDUSTRIES, { b: c.brand.id })).data.industries).toEqual([]);
    expect(
      (await t.db.select().from(questionnaires).where(eq(questionnaires.id, c.shop.id)))[0]?.removedAt,
    ).toBeInstanceOf(Date);
    expect(
      await t.db.select().from(userQuestionnaires).where(eq(userQuestionnaires.oid, placed.oid)),
    ).toHaveLength(1);
    const order = await t.gql(
      'query ($n: Int) { order(orderNumber: $n) { userQuestionnaires { questionnaire { title } } } }',
      { n: 10001 },
      { token: p.alice.token },
    );
    expect(order.data.order.userQuestionnaires[0].questionnaire.title).toBe('Dine-In');
    const again = await asAdmin('mutation ($id: String!) { removeIndustry(_id: $id) { _id } }', {
      id: c.industry.id,
    });
    expect(again.errors?.[0]?.message).toBe('Industry not found.');
  });
});

describe('exports', () => {
  const link = async (type: string) => {
    const res = await asAdmin(
      'mutation ($type: String!) { createExportLink(type: $type) { url expiresAt } }',
      { type },
    );
    expect(res.errors).toBeUndefined();
    return res.data.createExportLink.url as string;
  };

  it('streams customers as CSV through a short-lived export link, with formula cells escaped', async () => {
    await createUser(t.db, {
      firstName: '=HYPERLINK("x")',
      lastName: 'Evil',
      businessName: '+1 Co, Inc',
      email: 'evil@example.test',
    });
    const url = await link('customers');
    expect(url).toMatch(/^\/admin\/export\/customers\?token=/);
    expect(url).not.toContain(p.admin.token);
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Customer Name,Brand,Business Name,Email,Phone,Created');
    expect(lines).toContain(
      `"'=HYPERLINK(""x"") Evil",,"'+1 Co, Inc",evil@example.test,(555)-555-0100,${new Date().toISOString().slice(0, 10)}`,
    );
    expect(lines).toHaveLength(4); // header, evil, alice, bob
  });

  it('exports every completed order across batches', async () => {
    const rows = Array.from({ length: 2100 }, (_, i) => ({
      id: newId(),
      brandId: c.brand.id,
      status: 'COMPLETE',
      orderDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      amount: 1000 + i,
      guestEmail: `g${i}@example.test`,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(orders).values(rows.slice(i, i + 500));
    const res = await t.inject({ method: 'GET', url: await link('orders') });
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Order Number,Date,Business Name,Email,Brand,Total');
    expect(lines).toHaveLength(2101);
    expect(lines[1]).toMatch(/^\d+,2026-01-02,,g2099@example.test,optix,30\.99$/);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(2100);
  });

  it('refuses a tampered, expired, wrong-type or non-admin export token, and the login token', async () => {
    const url = await link('orders');
    const token = decodeURIComponent(url.split('token=')[1]!);
    const get = (type: string, tok: string) =>
      t.inject({ method: 'GET', url: `/admin/export/${type}?token=${encodeURIComponent(tok)}` });
    expect((await get('customers', token)).statusCode).toBe(401);
    // Tampered: the signature's last character changed (to another one: it may already be a 0).
    const tampered = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    expect((await get('orders', tampered)).statusCode).toBe(401);
    expect((await get('orders', p.admin.token)).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/admin/export/orders' })).statusCode).toBe(401);
    const secret = t.makeConfig().appSecret;
    const expired = createExportToken(secret, {
      uid: p.admin.user.id,
      type: 'orders',
      now: Date.now() - EXPORT_TOKEN_TTL_MS - 1,
    });
    expect((await get('orders', expired.token)).statusCode).toBe(401);
    const customers = createExportToken(secret, { uid: p.alice.user.id, type: 'orders', now: Date.now() });
    expect((await get('orders', customers.token)).statusCode).toBe(403);
    await t.db.update(users).set({ admin: false }).where(eq(users.id, p.admin.user.id));
    expect((await get('orders', token)).statusCode).toBe(403);
  });
});
