import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { forceStartDate, toDateKey } from '../../domain/index.js';
import { locations, orders, questionnaires, shops, userQuestionnaires } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import {
  type Catalogue,
  CHECKOUT,
  catalogue,
  expectError,
  expectNoChange,
  NOT_AUTHORIZED,
  ORDER_NOT_FOUND,
  SAVE_UQ,
  startCart,
} from '../test/order-wizard.js';
import { MSG_REORDER_NOT_PLACED, msgNothingToReorder } from './reorder.js';
import { people, placedRecurringOrder } from './test-fixtures.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let placed: Awaited<ReturnType<typeof placedRecurringOrder>>;

const REORDER = `mutation ($oid: String!) {
  reorder(oid: $oid) {
    _id status uid serviceKeys
    userQuestionnaires { _id qid additionalComments customUpload { publicUrl fileName } customQuestions { type question multipleChoiceOptions allowMultipleSelections } }
    locations { _id shops { _id uqid qid status recurring startDate totalQuantity frequencyPeriod frequencyQuantity reimbursement cost } }
    initialDue { value }
  }
}`;

const customQuestions = [
  {
    type: 'Yes / No',
    question: 'Was the floor clean?',
    multipleChoiceOptions: [],
    allowMultipleSelections: false,
  },
];

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  placed = await placedRecurringOrder(t, c, p.alice.token);
  // The customizations the re-order must carry over (written as the placed order holds them).
  await t.db
    .update(userQuestionnaires)
    .set({
      customQuestions: customQuestions as never,
      additionalComments: 'Ask for the manager.',
      customUpload: { fileKey: `customQuestionnaires/${placed.oid}/Abc_a.pdf`, fileName: 'a.pdf' },
    })
    .where(eq(userQuestionnaires.id, placed.uqid(c.shop.id)));
});

describe('reorder', () => {
  it("copies the caller's placed order into a new cart of theirs, start dates moved up to today's minimum", async () => {
    const res = await t.gql(REORDER, { oid: placed.oid }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    const cart = res.data.reorder;
    expect(cart._id).not.toBe(placed.oid);
    expect(cart).toMatchObject({ status: 'CART', uid: p.alice.user.id });
    expect(cart.serviceKeys.sort()).toEqual(['customerSurvey', 'mysteryShop']);
    const shopUq = cart.userQuestionnaires.find((u: { qid: string }) => u.qid === c.shop.id);
    expect(shopUq).toMatchObject({
      additionalComments: 'Ask for the manager.',
      // The re-order keeps the source order's file; its URL (a signed link) is derived from the key.
      customUpload: {
        publicUrl: expect.stringMatching(
          new RegExp(`^/s3/uploads/customQuestionnaires/${placed.oid}/Abc_a\\.pdf\\?expires=\\d+&sig=\\w+$`),
        ),
        fileName: 'a.pdf',
      },
      customQuestions,
    });
    expect(shopUq._id).not.toBe(placed.uqid(c.shop.id));
    expect(cart.userQuestionnaires.map((u: { qid: string }) => u.qid).sort()).toEqual(
      [c.shop.id, c.survey.id].sort(),
    );
    expect(cart.locations.map((l: { _id: string }) => l._id)).toEqual([placed.locationId]);
    const today = new Date();
    const copied = cart.locations[0].shops;
    expect(copied).toHaveLength(2);
    expect(copied.find((s: { qid: string }) => s.qid === c.shop.id)).toMatchObject({
      uqid: shopUq._id,
      status: 'CART',
      recurring: true,
      frequencyPeriod: 'month',
      frequencyQuantity: 2,
      reimbursement: 3000,
      cost: 9500,
      startDate: toDateKey(forceStartDate('2020-01-01', false, today)),
    });
    expect(copied.find((s: { qid: string }) => s.qid === c.survey.id).startDate).toBe(
      toDateKey(forceStartDate('2020-01-01', true, today)),
    );
    expect(cart.initialDue.value).toBeGreaterThan(0);
    // The placed order is untouched.
    const [old] = await t.db.select().from(orders).where(eq(orders.id, placed.oid));
    expect(old!.status).toBe('COMPLETE');
    expect((await t.db.select().from(shops).where(eq(shops.oid, placed.oid))).map((s) => s.status)).toEqual([
      'active',
      'active',
    ]);
  });

  it('gives a cart that checks out with the card on file', async () => {
    const cart = (await t.gql(REORDER, { oid: placed.oid }, { token: p.alice.token })).data.reorder;
    const res = await t.gql(
      CHECKOUT,
      { oid: cart._id, input: { paymentCardValid: true, cancellationPolcy: true } },
      { token: p.alice.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.checkout).toMatchObject({ status: 'COMPLETE', amount: cart.initialDue.value });
  });

  it("uses today's price and minimum reimbursement", async () => {
    await t.db
      .update(questionnaires)
      .set({ cost: 12000, minimumReimbursement: 3500 })
      .where(eq(questionnaires.id, c.shop.id));
    const cart = (await t.gql(REORDER, { oid: placed.oid }, { token: p.alice.token })).data.reorder;
    const shop = cart.locations[0].shops.find((s: { qid: string }) => s.qid === c.shop.id);
    expect(shop).toMatchObject({ cost: 12000, reimbursement: 3500 });
  });

  it('skips questionnaires no longer published and their shops', async () => {
    await t.db
      .update(questionnaires)
      .set({ removedAt: new Date() })
      .where(eq(questionnaires.id, c.survey.id));
    const cart = (await t.gql(REORDER, { oid: placed.oid }, { token: p.alice.token })).data.reorder;
    expect(cart.userQuestionnaires.map((u: { qid: string }) => u.qid)).toEqual([c.shop.id]);
    expect(cart.locations[0].shops.map((s: { qid: string }) => s.qid)).toEqual([c.shop.id]);
    expect(cart.serviceKeys).toEqual(['mysteryShop']);
  });

  it('says which questionnaires are gone when none remain, and changes nothing', async () => {
    await t.db.update(questionnaires).set({ published: false }).where(eq(questionnaires.brandId, c.brand.id));
    const res = await expectNoChange(t, () => t.gql(REORDER, { oid: placed.oid }, { token: p.alice.token }));
    expectError(res, msgNothingToReorder(['Dine-In', 'Guest Survey']), {
      field: 'oid',
      code: 'BAD_USER_INPUT',
    });
    expect(res.errors![0]!.message).toBe(
      'This order cannot be re-ordered: Dine-In, Guest Survey are no longer available.',
    );
  });

  it('leaves out locations removed from the account', async () => {
    await t.db.update(locations).set({ published: false }).where(eq(locations.id, placed.locationId));
    const cart = (await t.gql(REORDER, { oid: placed.oid }, { token: p.alice.token })).data.reorder;
    expect(cart.locations).toEqual([]);
    expect(cart.userQuestionnaires).toHaveLength(2);
  });

  it("refuses another customer's order, an admin's re-order of it, and anonymous callers, changing nothing", async () => {
    expectError(
      await expectNoChange(t, () => t.gql(REORDER, { oid: placed.oid }, { token: p.bob.token })),
      NOT_AUTHORIZED,
      { code: 'FORBIDDEN' },
    );
    expectError(
      await expectNoChange(t, () => t.gql(REORDER, { oid: placed.oid }, { token: p.admin.token })),
      NOT_AUTHORIZED,
    );
    expectError(
      await expectNoChange(t, () => t.gql(REORDER, { oid: placed.oid })),
      'You must be logged in.',
      {
        code: 'UNAUTHENTICATED',
      },
    );
  });

  it('refuses carts and unknown orders with the field named, changing nothing', async () => {
    const cart = await startCart(t, [c.shop.id], { token: p.alice.token });
    await t.gql(
      SAVE_UQ,
      { id: cart.uqid(c.shop.id), input: { additionalComments: 'x' } },
      { token: p.alice.token },
    );
    expectError(
      await expectNoChange(t, () => t.gql(REORDER, { oid: cart.oid }, { token: p.alice.token })),
      MSG_REORDER_NOT_PLACED,
      { field: 'oid' },
    );
    expectError(
      await expectNoChange(t, () => t.gql(REORDER, { oid: 'nope' }, { token: p.alice.token })),
      ORDER_NOT_FOUND,
      { field: 'oid', code: 'NOT_FOUND' },
    );
  });
});
