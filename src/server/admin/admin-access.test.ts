import { beforeEach, describe, expect, it } from 'vitest';
import { people } from '../account/test-fixtures.js';
import { setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, placedOrderOf } from '../test/order-wizard.js';

// The access-control matrix of the admin area: every admin operation as anonymous, as a customer and
// as an admin. Behaviour is tested in admin.test.ts; here only who may call what.
const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
});

const brandInput = (over: Record<string, unknown> = {}) => ({
  shortName: 'newbrand',
  name: 'New Brand',
  type: 'ENTRY_PATH',
  entryPath: 'newbrand',
  ...over,
});

/** Each admin operation with variables that succeed for an admin. */
const OPERATIONS: [string, string, () => Record<string, unknown>][] = [
  ['users', 'query { users { nodes { _id } } }', () => ({})],
  ['user', 'query ($uid: String!) { user(uid: $uid) { _id } }', () => ({ uid: p.alice.user.id })],
  ['orders', 'query { orders(status: COMPLETE) { nodes { orderNumber } } }', () => ({})],
  ['brands', 'query { brands { _id } }', () => ({})],
  [
    'industries',
    'query ($b: String!) { industries(brandId: $b) { _id questionnaires { _id } } }',
    () => ({ b: c.brand.id }),
  ],
  ['questionnaire', 'query ($id: String!) { questionnaire(_id: $id) { _id } }', () => ({ id: c.shop.id })],
  [
    'addIndustry',
    'mutation ($b: String!) { addIndustry(title: "Hotels", brandId: $b) { _id } }',
    () => ({ b: c.brand.id }),
  ],
  [
    'toggleIndustryPublish',
    'mutation ($id: String!) { toggleIndustryPublish(_id: $id, published: false) { _id } }',
    () => ({ id: c.industry.id }),
  ],
  [
    'removeIndustry',
    'mutation ($id: String!) { removeIndustry(_id: $id) { _id } }',
    () => ({ id: c.industry.id }),
  ],
  [
    'addEditQuestionnaire',
    'mutation ($input: QuestionnaireInput!) { addEditQuestionnaire(input: $input) { _id } }',
    () => ({ input: { title: 'Lunch', industryId: c.industry.id, brandId: c.brand.id, cost: 5000 } }),
  ],
  [
    'removeQuestionnaire',
    'mutation ($id: String!) { removeQuestionnaire(_id: $id) { _id } }',
    () => ({ id: c.cheapShop.id }),
  ],
  [
    'createBrand',
    'mutation ($input: BrandInput!) { createBrand(input: $input) { _id } }',
    () => ({ input: brandInput() }),
  ],
  [
    'updateBrand',
    'mutation ($id: String!, $input: BrandInput!) { updateBrand(_id: $id, input: $input) { _id } }',
    () => ({ id: c.brand.id, input: brandInput({ shortName: 'optix', entryPath: 'optixentry' }) }),
  ],
  [
    'removeBrand',
    'mutation ($id: String!) { removeBrand(_id: $id) { _id } }',
    () => ({ id: c.otherBrandShop.brandId }),
  ],
  [
    'associateBrandToUser',
    'mutation ($uid: String!, $b: String!) { associateBrandToUser(uid: $uid, brandId: $b) { _id } }',
    () => ({ uid: p.alice.user.id, b: c.otherBrandShop.brandId }),
  ],
  ['createExportLink', 'mutation { createExportLink(type: "orders") { url } }', () => ({})],
  [
    'userTwoFactor',
    'query ($uid: String!) { userTwoFactor(uid: $uid) { totpEnabled passkeys recoveryCodesLeft } }',
    () => ({ uid: p.alice.user.id }),
  ],
  [
    'resetTwoFactor',
    'mutation ($uid: String!) { resetTwoFactor(uid: $uid) }',
    () => ({ uid: p.alice.user.id }),
  ],
];

const anId = { _id: expect.stringMatching(/^\S+$/) };
/** What each operation answers an admin: the record it read or changed, not merely something. */
const ANSWERS: Record<string, () => unknown> = {
  users: () => ({ nodes: expect.arrayContaining([{ _id: p.alice.user.id }, { _id: p.bob.user.id }]) }),
  user: () => ({ _id: p.alice.user.id }),
  orders: () => ({ nodes: [] }),
  brands: () => expect.arrayContaining([{ _id: c.brand.id }, { _id: c.otherBrandShop.brandId }]),
  industries: () =>
    expect.arrayContaining([
      { _id: c.industry.id, questionnaires: expect.arrayContaining([{ _id: c.shop.id }]) },
    ]),
  questionnaire: () => ({ _id: c.shop.id }),
  addIndustry: () => anId,
  toggleIndustryPublish: () => ({ _id: c.industry.id }),
  removeIndustry: () => ({ _id: c.industry.id }),
  addEditQuestionnaire: () => anId,
  removeQuestionnaire: () => ({ _id: c.cheapShop.id }),
  createBrand: () => anId,
  updateBrand: () => ({ _id: c.brand.id }),
  removeBrand: () => ({ _id: c.otherBrandShop.brandId }),
  associateBrandToUser: () => ({ _id: p.alice.user.id }),
  createExportLink: () => ({ url: expect.stringMatching(/^\/admin\/export\/orders\?token=\S+$/) }),
  userTwoFactor: () => ({ totpEnabled: false, passkeys: 0, recoveryCodesLeft: 0 }),
  resetTwoFactor: () => false,
};

describe('admin operations', () => {
  it.each(OPERATIONS)(
    '%s is refused to anonymous visitors and customers and allowed to admins',
    async (name, query, vars) => {
      const anon = await t.gql(query, vars());
      expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const customer = await t.gql(query, vars(), { token: p.alice.token });
      expect(customer.errors?.[0]?.message).toBe('Not Authorized');
      const admin = await t.gql(query, vars(), { token: p.admin.token });
      expect(admin.errors).toBeUndefined();
      expect(admin.data?.[name]).toEqual(ANSWERS[name]!());
    },
  );

  it("a customer cannot read another customer's order or invoices through the admin queries", async () => {
    const bobsOrder = await placedOrderOf(t, c, p.bob.token);
    const asAlice = await t.gql(
      'query ($id: String!) { user(uid: $id) { _id orders { nodes { _id } } } }',
      {
        id: p.bob.user.id,
      },
      { token: p.alice.token },
    );
    expect(asAlice.errors?.[0]?.message).toBe('Not Authorized');
    expect(asAlice.data?.user ?? null).toBeNull();
    const asAdmin = await t.gql(
      'query ($id: String!) { user(uid: $id) { orders { nodes { _id } } } }',
      {
        id: p.bob.user.id,
      },
      { token: p.admin.token },
    );
    expect(asAdmin.data.user.orders.nodes.map((o: { _id: string }) => o._id)).toEqual([bobsOrder.oid]);
  });
});
