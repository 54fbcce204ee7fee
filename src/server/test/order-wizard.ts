import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../db/schema.js';
import {
  createBrand,
  createIndustry,
  createQuestionnaire,
  createUser,
  type GqlOptions,
  type GqlResult,
  type TestHarness,
} from './harness.js';

/**
 * Shared pieces of the order-wizard API tests: the spec's GraphQL documents, a small catalogue,
 * carts built through the API, and a snapshot of every order-related table so a refused call can be
 * shown to have changed nothing.
 */

export const START = `mutation ($qids: [String!]!, $serviceKeys: [String!], $oid: String) {
  startOrder(qids: $qids, serviceKeys: $serviceKeys, oid: $oid) { _id userQuestionnaires { _id qid } }
}`;
export const MODIFY = `mutation ($oid: String!, $qids: [String!]!, $qType: String!) {
  modifyOrderQuestionnaires(oid: $oid, qids: $qids, qType: $qType) { _id userQuestionnaires { _id qid } }
}`;
export const SAVE_UQ = `mutation ($id: String!, $input: UserQuestionnaireInput!) {
  saveUserQuestionnaire(_id: $id, input: $input) {
    _id additionalComments customUpload { publicUrl fileName }
    customQuestions { type question multipleChoiceOptions allowMultipleSelections }
  }
}`;
export const REMOVE_UQ = `mutation ($oid: String!, $uqid: String!) { removeUserQuestionnaire(oid: $oid, uqid: $uqid) { _id } }`;
export const ADD_LOCATION = `mutation ($input: LocationInput!) { addLocation(input: $input) { _id name address { state city } } }`;
export const ADD_BULK = `mutation ($input: [LocationInput!]!) { addBulkLocations(input: $input) { _id name } }`;
export const ADD_SAVED = `mutation ($oid: String!, $locationIds: [String!]!) { addSavedLocations(oid: $oid, locationIds: $locationIds) { _id } }`;
export const SAVE_LOCATION = `mutation ($locationId: String!, $oid: String, $input: LocationEditInput!) {
  saveLocation(locationId: $locationId, oid: $oid, input: $input) { _id name address { state postalCode } }
}`;
export const REMOVE_LOCATION = `mutation ($locationId: String!, $oid: String!) { removeLocationFromOrder(locationId: $locationId, oid: $oid) { _id } }`;
export const REMOVE_LOCATION_ALIAS = `mutation ($locationId: String!, $oid: String!) { removeLocation(locationId: $locationId, oid: $oid) { _id } }`;
export const SAVE_SHOP = `mutation ($id: String, $input: ShopInput!) {
  saveShop(_id: $id, input: $input) {
    _id cost reimbursement recurring startDate totalQuantity frequencyQuantity frequencyPeriod qid initialDue { value }
  }
}`;
export const REMOVE_SHOP = `mutation ($id: String!, $oid: String!) { removeCartShop(_id: $id, oid: $oid) { _id } }`;
export const COPY_SHOPS = `mutation ($shopIds: [String!]!, $oid: String!, $qType: String) {
  copyShopsToAllOrderLocations(shopIds: $shopIds, oid: $oid, qType: $qType) { _id locations { _id shops { _id } } }
}`;
export const ORDER = `query ($id: String, $orderNumber: Int) {
  order(_id: $id, orderNumber: $orderNumber) {
    _id orderNumber status uid initialDue { value displayValue }
    locations { _id address { state } shops { _id cost reimbursement initialDue { value } } }
  }
}`;
export const NEXT_LOCATION_ID = `query ($oid: String) { nextLocationID(oid: $oid) }`;
export const TOKENIZE = `mutation ($input: TestCardInput!) { tokenizeTestCard(input: $input) { token card { last4 brand } } }`;
export const CHECKOUT = `mutation ($oid: String!, $input: CheckoutInput!) {
  checkout(oid: $oid, input: $input) { _id orderNumber status amount uid }
}`;

export const GOOD_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';
export const AUSTIN = '123 Main St, Austin, TX 78701';
export const LAS_VEGAS = '500 Fremont St, Las Vegas, NV 89101';

/** The default brand with one mystery shop (cost $95, minimum reimbursement $25) and one survey ($49). */
export async function catalogue(t: TestHarness, brandOver: Parameters<typeof createBrand>[1] = {}) {
  const brand = await createBrand(t.db, { shortName: 'optix', isDefault: true, ...brandOver });
  const industry = await createIndustry(t.db, { brandId: brand.id, title: 'Restaurants' });
  const shop = await createQuestionnaire(t.db, {
    brandId: brand.id,
    industryId: industry.id,
    title: 'Dine-In',
    cost: 9500,
    minimumReimbursement: 2500,
  });
  const cheapShop = await createQuestionnaire(t.db, {
    brandId: brand.id,
    industryId: industry.id,
    title: 'Drive-Thru',
    cost: 100,
    minimumReimbursement: 0,
  });
  const survey = await createQuestionnaire(t.db, {
    brandId: brand.id,
    industryId: industry.id,
    title: 'Guest Survey',
    type: 'customerSurvey',
    cost: 4900,
  });
  const other = await createBrand(t.db, { shortName: 'otherbrand' });
  const otherIndustry = await createIndustry(t.db, { brandId: other.id, title: 'Other' });
  const otherBrandShop = await createQuestionnaire(t.db, {
    brandId: other.id,
    industryId: otherIndustry.id,
    title: 'Other Brand Shop',
  });
  return { brand, industry, shop, cheapShop, survey, otherBrandShop };
}

export type Catalogue = Awaited<ReturnType<typeof catalogue>>;

/** A customer account and its session token. */
export async function customer(t: TestHarness, over: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { password: 'password123', ...over });
  const token = await t.login(user.email, 'password123');
  return { user, token };
}

/** Starts a cart through the API with the given questionnaires. */
export async function startCart(t: TestHarness, qids: string[], opts: GqlOptions = {}) {
  const res = await t.gql(START, { qids }, opts);
  expect(res.errors).toBeUndefined();
  const uqs = res.data.startOrder.userQuestionnaires as { _id: string; qid: string }[];
  return {
    oid: res.data.startOrder._id as string,
    uqid: (qid: string) => uqs.find((u) => u.qid === qid)!._id,
  };
}

export async function addLocation(
  t: TestHarness,
  oid: string,
  opts: GqlOptions & { address?: string; name?: string; state?: string } = {},
) {
  const { address = AUSTIN, name = 'Main Street', state, ...gqlOpts } = opts;
  const res = await t.gql(
    ADD_LOCATION,
    { input: { address: { formattedAddress: address, ...(state ? { state } : {}) }, name, oids: [oid] } },
    gqlOpts,
  );
  expect(res.errors).toBeUndefined();
  return res.data.addLocation._id as string;
}

export async function saveShop(t: TestHarness, input: Record<string, unknown>, opts: GqlOptions = {}) {
  const res = await t.gql(SAVE_SHOP, { input }, opts);
  expect(res.errors).toBeUndefined();
  return res.data.saveShop as { _id: string; cost: number; initialDue: { value: number } };
}

/** A cart with one location and one one-time shop (2 x ($95 + $30) = $250 in Texas). */
export async function cartWithShop(
  t: TestHarness,
  c: Catalogue,
  opts: GqlOptions & { address?: string } = {},
) {
  const { address, ...gqlOpts } = opts;
  const cart = await startCart(t, [c.shop.id], gqlOpts);
  const locationId = await addLocation(t, cart.oid, { ...gqlOpts, ...(address ? { address } : {}) });
  const uqid = cart.uqid(c.shop.id);
  const shop = await saveShop(
    t,
    { oid: cart.oid, locationId, uqid, recurring: false, totalQuantity: 2, reimbursement: 3000 },
    gqlOpts,
  );
  return { oid: cart.oid, uqid, locationId, shopId: shop._id };
}

export async function cardToken(t: TestHarness, number = GOOD_CARD) {
  const r = await t.gql(TOKENIZE, { input: { number, expireMonth: 12, expireYear: 2035, cvc: '123' } });
  expect(r.errors).toBeUndefined();
  return r.data.tokenizeTestCard.token as string;
}

export const guestInput = (stripeToken: string, over: Record<string, unknown> = {}) => ({
  email: 'guest@example.test',
  profile: { firstName: 'Gail', lastName: 'Guest', businessName: 'Gail Co', phone: '(512)-555-0100' },
  paymentCardValid: true,
  cancellationPolcy: true,
  guestCheckout: true,
  stripeToken,
  ...over,
});

export const accountInput = (stripeToken: string, over: Record<string, unknown> = {}) =>
  guestInput(stripeToken, {
    email: 'new.customer@example.test',
    guestCheckout: false,
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    ...over,
  });

/** Places an order as a guest through the API; returns the placed order's id. */
export async function placedGuestOrder(t: TestHarness, c: Catalogue) {
  const cart = await cartWithShop(t, c);
  const res = await t.gql(CHECKOUT, { oid: cart.oid, input: guestInput(await cardToken(t)) });
  expect(res.errors).toBeUndefined();
  return cart;
}

/** Places an order for a logged-in customer; returns the placed order's id. */
export async function placedOrderOf(t: TestHarness, c: Catalogue, token: string) {
  const cart = await cartWithShop(t, c, { token });
  const res = await t.gql(
    CHECKOUT,
    {
      oid: cart.oid,
      input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
    },
    { token },
  );
  expect(res.errors).toBeUndefined();
  return cart;
}

const SNAPSHOT_TABLES = [
  'orders',
  'user_questionnaires',
  'locations',
  'order_locations',
  'shops',
  'users',
  'invoices',
  'invoice_lines',
  'outbox_emails',
  'test_payment_charges',
  'survey_links',
  'brands',
  'industries',
  'questionnaires',
  'visits',
  'evaluations',
  'evaluation_events',
] as const;

/** Every row of the order, catalogue and fieldwork tables, in a stable order: equal snapshots mean nothing changed. */
export async function snapshot(t: TestHarness): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of SNAPSHOT_TABLES) {
    const rows = await t.rows<{ r: string }>(
      sql.raw(`select to_jsonb(x)::text as r from "${table}" x order by 1`),
    );
    out[table] = rows.map((row) => row.r);
  }
  return out;
}

/** Runs `call` and shows that it changed no row of those tables. */
export async function expectNoChange<T>(t: TestHarness, call: () => Promise<T>): Promise<T> {
  const before = await snapshot(t);
  const res = await call();
  expect(await snapshot(t)).toEqual(before);
  return res;
}

/** The call failed with this message (and, when given, this field and code). */
export function expectError(
  res: GqlResult,
  message: string | RegExp,
  opts: { field?: string; code?: string } = {},
) {
  expect(res.errors, 'expected an error').toBeDefined();
  const error = res.errors![0]!;
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  if (opts.field) {
    const fields = (error.extensions?.fields ?? []) as { field: string; message: string }[];
    expect(fields.map((f) => f.field)).toContain(opts.field);
  }
  if (opts.code) expect(error.extensions?.code).toBe(opts.code);
}

export const NOT_AUTHORIZED = 'Not Authorized';
export const ORDER_NOT_FOUND = 'Order Not Found';
export const ALREADY_PLACED = 'This order has already been placed. Please start a new order.';

/** Order statuses by id, read straight from the database. */
export async function orderStatus(t: TestHarness, oid: string) {
  const [row] = await t.db.select({ status: orders.status }).from(orders).where(sql`${orders.id} = ${oid}`);
  return row?.status;
}
