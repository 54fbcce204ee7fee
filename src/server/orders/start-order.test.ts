import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, shops, userQuestionnaires } from '../db/schema.js';
import { createQuestionnaire, setupTestApp } from '../test/harness.js';
import {
  ALREADY_PLACED,
  addLocation,
  type Catalogue,
  cartWithShop,
  catalogue,
  customer,
  expectError,
  expectNoChange,
  MODIFY,
  NEXT_LOCATION_ID,
  NOT_AUTHORIZED,
  ORDER,
  ORDER_NOT_FOUND,
  placedGuestOrder,
  placedOrderOf,
  START,
  startCart,
} from '../test/order-wizard.js';

const t = setupTestApp();
let c: Catalogue;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
});

describe('startOrder', () => {
  it('starts an anonymous cart with the chosen questionnaires and services', async () => {
    const res = await t.gql(START, { qids: [c.shop.id, c.survey.id], serviceKeys: ['mysteryShop'] });
    expect(res.errors).toBeUndefined();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.data.startOrder._id));
    expect(order).toMatchObject({ status: 'CART', uid: null });
    expect(order!.serviceKeys.sort()).toEqual(['customerSurvey', 'mysteryShop']);
    expect(res.data.startOrder.userQuestionnaires).toHaveLength(2);
  });

  it('gives a logged-in customer a cart of their own', async () => {
    const { user, token } = await customer(t);
    const { oid } = await startCart(t, [c.shop.id], { token });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, oid));
    expect(order!.uid).toBe(user.id);
  });

  it('adds to the anonymous cart whose id the visitor holds', async () => {
    const { oid } = await startCart(t, [c.shop.id]);
    const res = await t.gql(START, { oid, qids: [c.survey.id] });
    expect(res.data.startOrder._id).toBe(oid);
    expect(res.data.startOrder.userQuestionnaires).toHaveLength(2);
  });

  it.each([
    { case: 'no questionnaire', qids: () => [], message: 'Please select at least one questionnaire.' },
    {
      case: 'an unknown questionnaire id',
      qids: () => ['no-such-questionnaire'],
      message: 'One of the selected questionnaires is no longer available.',
    },
    {
      case: "another brand's questionnaire",
      qids: () => [c.shop.id, c.otherBrandShop.id],
      message: 'One of the selected questionnaires is no longer available.',
    },
  ])('refuses $case and starts no order', async ({ qids, message }) => {
    const res = await expectNoChange(t, () => t.gql(START, { qids: qids() }));
    expectError(res, message, { field: 'qids', code: 'BAD_USER_INPUT' });
  });

  it('refuses an unpublished questionnaire', async () => {
    const hidden = await createQuestionnaire(t.db, {
      brandId: c.brand.id,
      industryId: c.industry.id,
      published: false,
    });
    const res = await expectNoChange(t, () => t.gql(START, { qids: [hidden.id] }));
    expectError(res, 'One of the selected questionnaires is no longer available.', { field: 'qids' });
  });

  it('refuses an unknown service key', async () => {
    const res = await expectNoChange(t, () => t.gql(START, { qids: [c.shop.id], serviceKeys: ['lottery'] }));
    expectError(res, 'Questionnaire type must be mysteryShop or customerSurvey.', { code: 'BAD_USER_INPUT' });
  });

  it("starts a new cart instead of touching another customer's cart", async () => {
    const owner = await customer(t);
    const theirs = await startCart(t, [c.shop.id], { token: owner.token });
    const before = await t.db.select().from(userQuestionnaires).where(eq(userQuestionnaires.oid, theirs.oid));
    const res = await t.gql(START, { oid: theirs.oid, qids: [c.survey.id] });
    expect(res.errors).toBeUndefined();
    expect(res.data.startOrder._id).not.toBe(theirs.oid);
    expect(
      await t.db.select().from(userQuestionnaires).where(eq(userQuestionnaires.oid, theirs.oid)),
    ).toEqual(before);
  });

  it('starts a new cart instead of reopening a placed order', async () => {
    const placed = await placedGuestOrder(t, c);
    const res = await t.gql(START, { oid: placed.oid, qids: [c.survey.id] });
    expect(res.data.startOrder._id).not.toBe(placed.oid);
    const uqs = await t.db.select().from(userQuestionnaires).where(eq(userQuestionnaires.oid, placed.oid));
    expect(uqs.map((u) => u.qid)).toEqual([c.shop.id]);
  });
});

describe('modifyOrderQuestionnaires', () => {
  it("makes the order's questionnaires of a type exactly the chosen ones, dropping their shops", async () => {
    const cart = await cartWithShop(t, c);
    const res = await t.gql(MODIFY, { oid: cart.oid, qids: [c.cheapShop.id], qType: 'mysteryShop' });
    expect(res.errors).toBeUndefined();
    expect(res.data.modifyOrderQuestionnaires.userQuestionnaires.map((u: { qid: string }) => u.qid)).toEqual([
      c.cheapShop.id,
    ]);
    expect(await t.db.select().from(shops).where(eq(shops.oid, cart.oid))).toEqual([]);
  });

  it.each([
    {
      case: 'an unknown type',
      qids: () => [],
      qType: 'lottery',
      message: 'Questionnaire type must be mysteryShop or customerSurvey.',
    },
    {
      case: 'a questionnaire of another type',
      qids: () => [c.survey.id],
      qType: 'mysteryShop',
      message: 'The selected questionnaires must all be of the chosen type.',
    },
    {
      case: 'an unknown questionnaire id',
      qids: () => ['nope'],
      qType: 'mysteryShop',
      message: 'One of the selected questionnaires is no longer available.',
    },
    {
      case: "another brand's questionnaire",
      qids: () => [c.otherBrandShop.id],
      qType: 'mysteryShop',
      message: 'One of the selected questionnaires is no longer available.',
    },
  ])('refuses $case and changes nothing', async ({ qids, qType, message }) => {
    const cart = await cartWithShop(t, c);
    const res = await expectNoChange(t, () => t.gql(MODIFY, { oid: cart.oid, qids: qids(), qType }));
    expectError(res, message, { code: 'BAD_USER_INPUT' });
  });

  it("refuses another customer's cart, a placed order and an unknown id", async () => {
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    const placed = await placedGuestOrder(t, c);
    const stranger = await customer(t);
    const call = (oid: string, token?: string) => () =>
      t.gql(MODIFY, { oid, qids: [c.cheapShop.id], qType: 'mysteryShop' }, { token });
    expectError(await expectNoChange(t, call(theirs.oid)), NOT_AUTHORIZED, { code: 'FORBIDDEN' });
    expectError(await expectNoChange(t, call(theirs.oid, stranger.token)), NOT_AUTHORIZED, {
      code: 'FORBIDDEN',
    });
    expectError(await expectNoChange(t, call(placed.oid)), ALREADY_PLACED, { code: 'CONFLICT' });
    expectError(await expectNoChange(t, call('no-such-order')), ORDER_NOT_FOUND, { code: 'NOT_FOUND' });
  });

  it('lets the owner change their own cart', async () => {
    const owner = await customer(t);
    const cart = await cartWithShop(t, c, { token: owner.token });
    const res = await t.gql(
      MODIFY,
      { oid: cart.oid, qids: [c.survey.id], qType: 'customerSurvey' },
      { token: owner.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.modifyOrderQuestionnaires.userQuestionnaires).toHaveLength(2);
  });
});

describe('the order query', () => {
  it('shows an anonymous cart to whoever holds its id', async () => {
    const cart = await cartWithShop(t, c);
    const res = await t.gql(ORDER, { id: cart.oid });
    expect(res.data.order).toMatchObject({ _id: cart.oid, status: 'CART', initialDue: { value: 25000 } });
  });

  it("refuses another customer's cart to anonymous visitors and other customers", async () => {
    const owner = await customer(t);
    const cart = await cartWithShop(t, c, { token: owner.token });
    const stranger = await customer(t);
    expectError(await t.gql(ORDER, { id: cart.oid }), NOT_AUTHORIZED);
    expectError(await t.gql(ORDER, { id: cart.oid }, { token: stranger.token }), NOT_AUTHORIZED);
    expect((await t.gql(ORDER, { id: cart.oid }, { token: owner.token })).data.order._id).toBe(cart.oid);
  });

  it('shows a placed order to its owner and an admin only', async () => {
    const owner = await customer(t);
    const placed = await placedOrderOf(t, c, owner.token);
    const stranger = await customer(t);
    const admin = await customer(t, { admin: true });
    expect((await t.gql(ORDER, { id: placed.oid }, { token: owner.token })).data.order.status).toBe(
      'COMPLETE',
    );
    expect((await t.gql(ORDER, { id: placed.oid }, { token: admin.token })).data.order.status).toBe(
      'COMPLETE',
    );
    expectError(await t.gql(ORDER, { id: placed.oid }, { token: stranger.token }), NOT_AUTHORIZED);
    const anonymous = await t.gql(ORDER, { id: placed.oid });
    expect(anonymous.data.order).toBeNull();
  });

  it('shows a placed guest order to nobody but an admin, even with its old cart id', async () => {
    const placed = await placedGuestOrder(t, c);
    const admin = await customer(t, { admin: true });
    expect((await t.gql(ORDER, { id: placed.oid })).data.order).toBeNull();
    expect((await t.gql(ORDER, { id: placed.oid }, { token: admin.token })).data.order.status).toBe(
      'COMPLETE',
    );
  });

  it('finds an order by number for its owner and an admin, but never a cart by its guessable number', async () => {
    const owner = await customer(t);
    const placed = await placedOrderOf(t, c, owner.token);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.oid));
    const admin = await customer(t, { admin: true });
    expect(
      (await t.gql(ORDER, { orderNumber: row!.orderNumber }, { token: owner.token })).data.order._id,
    ).toBe(placed.oid);
    expect(
      (await t.gql(ORDER, { orderNumber: row!.orderNumber }, { token: admin.token })).data.order._id,
    ).toBe(placed.oid);

    // An anonymous cart is reached only through its unguessable id, not by walking order numbers.
    const anonymousCart = await cartWithShop(t, c);
    const [cartRow] = await t.db.select().from(orders).where(eq(orders.id, anonymousCart.oid));
    const byNumber = await t.gql(ORDER, { orderNumber: cartRow!.orderNumber });
    expect(byNumber.data?.order ?? null).toBeNull();
    const byNumberLoggedIn = await t.gql(
      ORDER,
      { orderNumber: cartRow!.orderNumber },
      { token: owner.token },
    );
    expect(byNumberLoggedIn.data?.order ?? null).toBeNull();
  });

  it('answers null for an unknown id or a mismatched number', async () => {
    const cart = await cartWithShop(t, c);
    expect((await t.gql(ORDER, { id: 'no-such-order' })).data.order).toBeNull();
    expect((await t.gql(ORDER, { id: cart.oid, orderNumber: 1 })).data.order).toBeNull();
  });
});

describe('nextLocationID', () => {
  it("counts the cart's locations for whoever may read it, and reveals nothing otherwise", async () => {
    const cart = await cartWithShop(t, c);
    await addLocation(t, cart.oid, { name: 'Second' });
    expect((await t.gql(NEXT_LOCATION_ID, { oid: cart.oid })).data.nextLocationID).toBe('3');
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    expect((await t.gql(NEXT_LOCATION_ID, { oid: theirs.oid })).data.nextLocationID).toBe('1');
    expect(
      (await t.gql(NEXT_LOCATION_ID, { oid: theirs.oid }, { token: owner.token })).data.nextLocationID,
    ).toBe('2');
    expect((await t.gql(NEXT_LOCATION_ID, { oid: 'nope' })).data.nextLocationID).toBe('1');
    expect((await t.gql(NEXT_LOCATION_ID, {})).data.nextLocationID).toBe('1');
  });
});
