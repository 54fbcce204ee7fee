import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { shops } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import {
  ALREADY_PLACED,
  addLocation,
  type Catalogue,
  COPY_SHOPS,
  cartWithShop,
  catalogue,
  customer,
  expectError,
  expectNoChange,
  LAS_VEGAS,
  NOT_AUTHORIZED,
  ORDER,
  ORDER_NOT_FOUND,
  placedGuestOrder,
  REMOVE_SHOP,
  SAVE_SHOP,
  saveShop,
  startCart,
} from '../test/order-wizard.js';

const t = setupTestApp();
let c: Catalogue;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
});

/** A cart with the shop questionnaire and one location, no shop yet. */
async function cartWithLocation(opts: { token?: string; address?: string } = {}) {
  const cart = await startCart(t, [c.shop.id, c.survey.id], { token: opts.token });
  const locationId = await addLocation(t, cart.oid, {
    token: opts.token,
    ...(opts.address ? { address: opts.address } : {}),
  });
  return { oid: cart.oid, locationId, uqid: cart.uqid(c.shop.id), surveyUqid: cart.uqid(c.survey.id) };
}

const todayKey = () => new Date().toISOString().slice(0, 10);

describe('saveShop', () => {
  it('creates a one-time shop priced from the questionnaire, with the minimum reimbursement by default', async () => {
    const cart = await cartWithLocation();
    const shop = await saveShop(t, { oid: cart.oid, locationId: cart.locationId, uqid: cart.uqid });
    expect(shop).toMatchObject({ cost: 9500, initialDue: { value: 9500 + 2500 } });
  });

  it.each([
    {
      case: 'a reimbursement below the minimum',
      input: { reimbursement: 2499 },
      message: 'Shopper Reimbursement per Shop must be at least $25.00.',
      field: 'reimbursement',
    },
    {
      case: 'a cleared reimbursement',
      input: { reimbursement: null },
      message: 'Shopper Reimbursement per Shop is required.',
      field: 'reimbursement',
    },
    {
      case: 'a one-time quantity of 0',
      input: { recurring: false, totalQuantity: 0 },
      message: 'Number of Shops must be at least 1.',
      field: 'totalQuantity',
    },
    {
      case: 'a recurring frequency of 0',
      input: { recurring: true, frequencyQuantity: 0, frequencyPeriod: 'month' },
      message: 'Number of Shops must be at least 1.',
      field: 'frequencyQuantity',
    },
    {
      case: "the frequency period 'year'",
      input: { recurring: true, frequencyQuantity: 1, frequencyPeriod: 'year' },
      message: 'Frequency must be week, month or quarter.',
      field: 'frequencyPeriod',
    },
    {
      case: 'a start date that is no date',
      input: { startDate: 'next tuesday' },
      message: 'Desired Start Date must be a valid date.',
      field: 'startDate',
    },
  ])('refuses $case and saves no shop', async ({ input, message, field }) => {
    const cart = await cartWithLocation();
    const res = await expectNoChange(t, () =>
      t.gql(SAVE_SHOP, { input: { oid: cart.oid, locationId: cart.locationId, uqid: cart.uqid, ...input } }),
    );
    expectError(res, message, { field, code: 'BAD_USER_INPUT' });
  });

  it('refuses a bad edit of an existing shop and keeps the shop as it was', async () => {
    const cart = await cartWithShop(t, c);
    const res = await expectNoChange(t, () =>
      t.gql(SAVE_SHOP, {
        id: cart.shopId,
        input: { oid: cart.oid, locationId: cart.locationId, uqid: cart.uqid, totalQuantity: 0 },
      }),
    );
    expectError(res, 'Number of Shops must be at least 1.', { field: 'totalQuantity' });
  });

  it('moves a start date in the past up to the minimum', async () => {
    const cart = await cartWithLocation();
    const shop = await saveShop(t, {
      oid: cart.oid,
      locationId: cart.locationId,
      uqid: cart.uqid,
      startDate: '2020-01-01',
    });
    expect((shop as unknown as { startDate: string }).startDate > todayKey()).toBe(true);
  });

  it('takes the price from the server: a cost in the input is refused, and the qid cannot swap the questionnaire', async () => {
    const cart = await cartWithLocation();
    const withCost = await expectNoChange(t, () =>
      t.gql(SAVE_SHOP, { input: { oid: cart.oid, locationId: cart.locationId, uqid: cart.uqid, cost: 1 } }),
    );
    expect(withCost.errors?.[0]?.message).toMatch(/"cost" is not defined by type "ShopInput"/);

    const swapped = await saveShop(t, {
      oid: cart.oid,
      locationId: cart.locationId,
      uqid: cart.uqid,
      qid: c.cheapShop.id,
      reimbursement: 2500,
    });
    const [row] = await t.db.select().from(shops).where(eq(shops.id, swapped._id));
    expect(row).toMatchObject({ qid: c.shop.id, cost: 9500, questionnaireTitle: 'Dine-In' });
  });

  it('charges no reimbursement on a survey, whatever the browser sends', async () => {
    const cart = await cartWithLocation();
    const shop = await saveShop(t, {
      oid: cart.oid,
      locationId: cart.locationId,
      uqid: cart.surveyUqid,
      reimbursement: 100_000,
      recurring: true,
    });
    const [row] = await t.db.select().from(shops).where(eq(shops.id, shop._id));
    expect(row).toMatchObject({ reimbursement: 0, recurring: false, cost: 4900 });
  });

  it('prices Nevada at 1.5 times from the state the server geocoded, whatever state the browser sent', async () => {
    const { oid, uqid } = await startCart(t, [c.shop.id]).then((s) => ({
      oid: s.oid,
      uqid: s.uqid(c.shop.id),
    }));
    const nevada = await addLocation(t, oid, { address: LAS_VEGAS, state: 'TX', name: 'Vegas' });
    const texas = await addLocation(t, oid, {
      address: '1 Congress Ave, Austin, TX 78701',
      state: 'NV',
      name: 'Austin',
    });
    await saveShop(t, { oid, locationId: nevada, uqid, reimbursement: 2500 });
    await saveShop(t, { oid, locationId: texas, uqid, reimbursement: 2500 });
    const order = await t.gql(ORDER, { id: oid });
    expect(order.data.order.initialDue.value).toBe(Math.round(12000 * 1.5) + 12000);
  });

  it("refuses another order's questionnaire, a location not on the order and another order's shop id", async () => {
    const mine = await cartWithLocation();
    const other = await cartWithShop(t, c);
    const call = (input: Record<string, unknown>, id?: string) => () => t.gql(SAVE_SHOP, { id, input });
    expectError(
      await expectNoChange(t, call({ oid: mine.oid, locationId: mine.locationId, uqid: other.uqid })),
      'That shop is not on this order.',
      { field: 'uqid', code: 'NOT_FOUND' },
    );
    expectError(
      await expectNoChange(t, call({ oid: mine.oid, locationId: other.locationId, uqid: mine.uqid })),
      'That location is not on this order.',
      { field: 'locationId' },
    );
    expectError(
      await expectNoChange(
        t,
        call({ oid: mine.oid, locationId: mine.locationId, uqid: mine.uqid }, other.shopId),
      ),
      'That shop is not on this order.',
      { field: '_id' },
    );
  });

  it("refuses another customer's cart, a placed order and an unknown order", async () => {
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    const placed = await placedGuestOrder(t, c);
    const stranger = await customer(t);
    const input = (x: { oid: string; locationId: string; uqid: string }) => ({
      oid: x.oid,
      locationId: x.locationId,
      uqid: x.uqid,
      totalQuantity: 50,
    });
    const call = (x: { oid: string; locationId: string; uqid: string }, token?: string) => () =>
      t.gql(SAVE_SHOP, { input: input(x) }, { token });
    expectError(await expectNoChange(t, call(theirs)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(theirs, stranger.token)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(placed)), ALREADY_PLACED);
    expectError(await expectNoChange(t, call({ ...theirs, oid: 'no-such-order' })), ORDER_NOT_FOUND);
    const own = await t.gql(SAVE_SHOP, { input: input(theirs) }, { token: owner.token });
    expect(own.errors).toBeUndefined();
  });
});

describe('removeCartShop', () => {
  it('deletes the cart shop', async () => {
    const cart = await cartWithShop(t, c);
    const res = await t.gql(REMOVE_SHOP, { id: cart.shopId, oid: cart.oid });
    expect(res.errors).toBeUndefined();
    expect(await t.db.select().from(shops).where(eq(shops.oid, cart.oid))).toEqual([]);
  });

  it("refuses another order's shop, another customer's cart, a placed order and unknown ids", async () => {
    const mine = await cartWithShop(t, c);
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    const placed = await placedGuestOrder(t, c);
    const call = (id: string, oid: string) => () => t.gql(REMOVE_SHOP, { id, oid });
    expectError(await expectNoChange(t, call(theirs.shopId, mine.oid)), 'That shop is not on this order.', {
      field: '_id',
    });
    expectError(await expectNoChange(t, call(theirs.shopId, theirs.oid)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(placed.shopId, placed.oid)), ALREADY_PLACED);
    expectError(await expectNoChange(t, call(placed.shopId, mine.oid)), 'That shop is not on this order.');
    expectError(await expectNoChange(t, call(mine.shopId, 'no-such-order')), ORDER_NOT_FOUND);
  });
});

describe('copyShopsToAllOrderLocations', () => {
  it("copies the first location's shop settings to every other location", async () => {
    const cart = await cartWithShop(t, c);
    await addLocation(t, cart.oid, { name: 'Second' });
    await addLocation(t, cart.oid, { name: 'Third', address: LAS_VEGAS });
    const res = await t.gql(COPY_SHOPS, { shopIds: [cart.shopId], oid: cart.oid });
    expect(res.errors).toBeUndefined();
    const rows = await t.db.select().from(shops).where(eq(shops.oid, cart.oid));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => `${r.totalQuantity}/${r.reimbursement}/${r.cost}`))).toEqual(
      new Set(['2/3000/9500']),
    );
  });

  it('refuses an empty choice, an unknown type and shops of another order, changing nothing', async () => {
    const mine = await cartWithShop(t, c);
    await addLocation(t, mine.oid, { name: 'Second' });
    const other = await cartWithShop(t, c);
    expectError(
      await expectNoChange(t, () => t.gql(COPY_SHOPS, { shopIds: [], oid: mine.oid })),
      'Select at least one shop to copy.',
      { field: 'shopIds' },
    );
    expectError(
      await expectNoChange(t, () =>
        t.gql(COPY_SHOPS, { shopIds: [mine.shopId], oid: mine.oid, qType: 'lottery' }),
      ),
      'Questionnaire type must be mysteryShop or customerSurvey.',
      { field: 'qType' },
    );
    expectError(
      await expectNoChange(t, () => t.gql(COPY_SHOPS, { shopIds: [other.shopId], oid: mine.oid })),
      'That shop is not on this order.',
      { field: 'shopIds' },
    );
  });

  it("refuses another customer's cart, a placed order and an unknown order", async () => {
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    await addLocation(t, theirs.oid, { name: 'Second', token: owner.token });
    const placed = await placedGuestOrder(t, c);
    expectError(
      await expectNoChange(t, () => t.gql(COPY_SHOPS, { shopIds: [theirs.shopId], oid: theirs.oid })),
      NOT_AUTHORIZED,
    );
    expectError(
      await expectNoChange(t, () => t.gql(COPY_SHOPS, { shopIds: [placed.shopId], oid: placed.oid })),
      ALREADY_PLACED,
    );
    expectError(
      await expectNoChange(t, () => t.gql(COPY_SHOPS, { shopIds: [theirs.shopId], oid: 'no-such-order' })),
      ORDER_NOT_FOUND,
    );
    const own = await t.gql(
      COPY_SHOPS,
      { shopIds: [theirs.shopId], oid: theirs.oid },
      { token: owner.token },
    );
    expect(own.errors).toBeUndefined();
  });
});
