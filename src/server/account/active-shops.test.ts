import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { locations, shops } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import {
  type Catalogue,
  catalogue,
  expectError,
  expectNoChange,
  NOT_AUTHORIZED,
  SAVE_SHOP,
} from '../test/order-wizard.js';
import { MSG_SHOP_NOT_ACTIVE, MSG_SHOP_NOT_FOUND } from './active-shop-access.js';
import { MSG_SURVEY_NOT_EDITABLE } from './save-active-shop.js';
import { people, placedRecurringOrder } from './test-fixtures.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let alices: Awaited<ReturnType<typeof placedRecurringOrder>>;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  alices = await placedRecurringOrder(t, c, p.alice.token);
});

const ACTIVE_SHOPS = `query {
  currentUser {
    nextBilling { monthValue monthDisplay yearDisplay chargeDateDisplay value displayValue numWeeks }
    shops(status: ACTIVE) { _id status paidThrough questionnaire { title type monthsPurchased minimumReimbursement showReimbursement } }
    locations(includeUnpublished: true) { _id published shops(status: ACTIVE) { _id questionnaire { title minimumReimbursement } } }
  }
}`;
const SAVE_ACTIVE = `mutation ($id: String!, $input: ShopInput!) {
  saveShop(_id: $id, input: $input) { _id frequencyPeriod frequencyQuantity reimbursement status }
}`;
const CANCEL = `mutation ($id: String!) { cancelActiveShop(_id: $id) { _id status } }`;
const REMOVE_LOCATION = `mutation ($id: String!) { removeLocationFromAccount(locationId: $id) { _id published } }`;

const shopRow = async (id: string) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0]!;

describe('Recurring Orders data', () => {
  it("shows the caller's active shops with their questionnaire and the next billing", async () => {
    const res = await t.gql(ACTIVE_SHOPS, {}, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    const me = res.data.currentUser;
    expect(me.shops.map((s: { _id: string }) => s._id).sort()).toEqual(
      [alices.shopId, alices.surveyShopId].sort(),
    );
    expect(me.shops.find((s: { _id: string }) => s._id === alices.shopId)).toMatchObject({
      status: 'ACTIVE',
      paidThrough: '2020-01-31',
      questionnaire: {
        title: 'Dine-In',
        type: 'mysteryShop',
        monthsPurchased: 1,
        minimumReimbursement: 2500,
        showReimbursement: true,
      },
    });
    expect(me.locations[0].shops).toHaveLength(2);
    expect(me.locations[0].shops[0].questionnaire.title).toBeTruthy();
    // 2 shops x ($95 + $30) + the $49 survey, both billable after January 2020.
    expect(me.nextBilling).toMatchObject({ value: 29900, displayValue: '$299.00' });
    expect(me.nextBilling.monthDisplay).toMatch(/^[A-Z][a-z]+$/);
  });

  it('has no next billing and no active shops for a customer without recurring shops', async () => {
    const res = await t.gql(ACTIVE_SHOPS, {}, { token: p.bob.token });
    expect(res.data.currentUser).toMatchObject({ nextBilling: null, shops: [], locations: [] });
  });
});

describe('saveShop on an active shop', () => {
  const edit = { frequencyPeriod: 'week', frequencyQuantity: 3, reimbursement: 4000 };

  it('changes frequency and reimbursement for the owner; the next billing uses them', async () => {
    const res = await t.gql(SAVE_ACTIVE, { id: alices.shopId, input: edit }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveShop).toEqual({ _id: alices.shopId, ...edit, status: 'ACTIVE' });
    const row = await shopRow(alices.shopId);
    expect(row).toMatchObject({
      ...edit,
      status: 'active',
      paidThrough: '2020-01-31',
      startDate: '2020-01-01',
    });
    const billing = (await t.gql(ACTIVE_SHOPS, {}, { token: p.alice.token })).data.currentUser.nextBilling;
    expect(billing.value).toBe(3 * (9500 + 4000) * billing.numWeeks + 4900);
  });

  it("lets an admin change a customer's active shop", async () => {
    const res = await t.gql(SAVE_ACTIVE, { id: alices.shopId, input: edit }, { token: p.admin.token });
    expect(res.errors).toBeUndefined();
    expect((await shopRow(alices.shopId)).frequencyQuantity).toBe(3);
  });

  it("refuses another customer's shop and anonymous callers, changing nothing", async () => {
    const bob = await expectNoChange(t, () =>
      t.gql(SAVE_ACTIVE, { id: alices.shopId, input: edit }, { token: p.bob.token }),
    );
    expectError(bob, NOT_AUTHORIZED, { code: 'FORBIDDEN' });
    const anon = await expectNoChange(t, () => t.gql(SAVE_ACTIVE, { id: alices.shopId, input: edit }));
    expectError(anon, 'You must be logged in.', { code: 'UNAUTHENTICATED' });
  });

  it.each([
    {
      case: 'a reimbursement under the minimum',
      input: { ...edit, reimbursement: 2000 },
      field: 'reimbursement',
    },
    {
      case: 'no reimbursement (the questionnaire has a minimum)',
      input: { frequencyPeriod: 'month', frequencyQuantity: 1 },
      field: 'reimbursement',
    },
    { case: 'zero shops', input: { ...edit, frequencyQuantity: 0 }, field: 'frequencyQuantity' },
    { case: 'an unknown period', input: { ...edit, frequencyPeriod: 'day' }, field: 'frequencyPeriod' },
    {
      case: 'a start date (fixed once placed)',
      input: { ...edit, startDate: '2030-01-01' },
      field: 'startDate',
    },
    { case: 'another order', input: { ...edit, oid: 'x', locationId: 'y' }, field: 'oid' },
  ])('refuses $case with a field-named error and changes nothing', async ({ input, field }) => {
    const res = await expectNoChange(t, () =>
      t.gql(SAVE_ACTIVE, { id: alices.shopId, input }, { token: p.alice.token }),
    );
    expectError(res, /./, { field, code: 'BAD_USER_INPUT' });
  });

  it('refuses surveys, cancelled shops and unknown ids', async () => {
    const survey = await expectNoChange(t, () =>
      t.gql(SAVE_ACTIVE, { id: alices.surveyShopId, input: edit }, { token: p.alice.token }),
    );
    expectError(survey, MSG_SURVEY_NOT_EDITABLE, { field: '_id' });
    await t.gql(CANCEL, { id: alices.shopId }, { token: p.alice.token });
    const cancelled = await expectNoChange(t, () =>
      t.gql(SAVE_ACTIVE, { id: alices.shopId, input: edit }, { token: p.alice.token }),
    );
    expectError(cancelled, MSG_SHOP_NOT_ACTIVE, { field: '_id' });
    const unknown = await expectNoChange(t, () =>
      t.gql(SAVE_ACTIVE, { id: 'nope', input: edit }, { token: p.alice.token }),
    );
    expectError(unknown, MSG_SHOP_NOT_FOUND, { field: '_id', code: 'NOT_FOUND' });
  });

  it("treats a placed shop's id sent with an order as the active edit and refuses the order fields", async () => {
    const res = await t.gql(
      SAVE_SHOP,
      { id: alices.shopId, input: { oid: alices.oid, locationId: alices.locationId, uqid: 'x' } },
      { token: p.alice.token },
    );
    expectError(res, /cannot be changed on an active shop/, { field: 'oid' });
  });
});

describe('cancelActiveShop', () => {
  it('makes the shop historical with its cancellation time; it leaves the next billing', async () => {
    const res = await t.gql(CANCEL, { id: alices.shopId }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.cancelActiveShop).toEqual({ _id: alices.shopId, status: 'HISTORICAL' });
    const row = await shopRow(alices.shopId);
    expect(row.status).toBe('historical');
    expect(row.cancelledAt).toBeInstanceOf(Date);
    const me = (await t.gql(ACTIVE_SHOPS, {}, { token: p.alice.token })).data.currentUser;
    expect(me.nextBilling.value).toBe(4900);
    expect(me.shops.map((s: { _id: string }) => s._id)).toEqual([alices.surveyShopId]);
    await t.gql(CANCEL, { id: alices.surveyShopId }, { token: p.alice.token });
    expect((await t.gql(ACTIVE_SHOPS, {}, { token: p.alice.token })).data.currentUser.nextBilling).toBeNull();
  });

  it('refuses a second cancellation', async () => {
    await t.gql(CANCEL, { id: alices.shopId }, { token: p.alice.token });
    const res = await expectNoChange(t, () => t.gql(CANCEL, { id: alices.shopId }, { token: p.alice.token }));
    expectError(res, MSG_SHOP_NOT_ACTIVE, { field: '_id' });
  });

  it("refuses another customer's shop, anonymous callers and unknown ids; admins may cancel", async () => {
    expectError(
      await expectNoChange(t, () => t.gql(CANCEL, { id: alices.shopId }, { token: p.bob.token })),
      NOT_AUTHORIZED,
    );
    expectError(
      await expectNoChange(t, () => t.gql(CANCEL, { id: alices.shopId })),
      'You must be logged in.',
    );
    expectError(
      await expectNoChange(t, () => t.gql(CANCEL, { id: 'nope' }, { token: p.alice.token })),
      MSG_SHOP_NOT_FOUND,
    );
    const admin = await t.gql(CANCEL, { id: alices.shopId }, { token: p.admin.token });
    expect(admin.errors).toBeUndefined();
    expect((await shopRow(alices.shopId)).status).toBe('historical');
  });

  it('does not cancel a cart shop by its id', async () => {
    const cart = await t.db.select().from(shops).where(eq(shops.status, 'cart'));
    expect(cart).toHaveLength(0);
    await t.db.update(shops).set({ status: 'cart' }).where(eq(shops.id, alices.surveyShopId));
    const res = await expectNoChange(t, () =>
      t.gql(CANCEL, { id: alices.surveyShopId }, { token: p.alice.token }),
    );
    expectError(res, MSG_SHOP_NOT_FOUND);
  });
});

describe('removeLocationFromAccount', () => {
  it('hides the location and leaves its active shops running', async () => {
    const res = await t.gql(REMOVE_LOCATION, { id: alices.locationId }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.removeLocationFromAccount).toEqual({ _id: alices.locationId, published: false });
    expect((await shopRow(alices.shopId)).status).toBe('active');
    const me = (await t.gql(ACTIVE_SHOPS, {}, { token: p.alice.token })).data.currentUser;
    expect(me.locations[0]).toMatchObject({ _id: alices.locationId, published: false });
    expect(me.nextBilling.value).toBe(29900);
    const visible = await t.gql('query { currentUser { locations { _id } } }', {}, { token: p.alice.token });
    expect(visible.data.currentUser.locations).toEqual([]);
  });

  it("refuses another customer's location and anonymous callers; admins may remove", async () => {
    expectError(
      await expectNoChange(t, () =>
        t.gql(REMOVE_LOCATION, { id: alices.locationId }, { token: p.bob.token }),
      ),
      NOT_AUTHORIZED,
    );
    expectError(
      await expectNoChange(t, () => t.gql(REMOVE_LOCATION, { id: alices.locationId })),
      'You must be logged in.',
    );
    expectError(
      await expectNoChange(t, () => t.gql(REMOVE_LOCATION, { id: 'nope' }, { token: p.alice.token })),
      'Location not found.',
      { field: 'locationId' },
    );
    expect(
      (await t.gql(REMOVE_LOCATION, { id: alices.locationId }, { token: p.admin.token })).errors,
    ).toBeUndefined();
    const [row] = await t.db.select().from(locations).where(eq(locations.id, alices.locationId));
    expect(row!.published).toBe(false);
  });
});

describe("a User's private lists", () => {
  it("are not readable through another customer's order", async () => {
    const res = await t.gql(
      'query ($id: String) { order(_id: $id) { user { shops { _id } } } }',
      { id: alices.oid },
      { token: p.bob.token },
    );
    expectError(res, NOT_AUTHORIZED);
  });
});
