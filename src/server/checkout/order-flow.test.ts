import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  invoices,
  orders,
  outboxEmails,
  shops,
  surveyLinks,
  testPaymentCharges,
  users,
} from '../db/schema.js';
import { createBrand, createIndustry, createQuestionnaire, setupTestApp } from '../test/harness.js';

const t = setupTestApp();

const START = `mutation ($qids: [String!]!, $serviceKeys: [String!], $oid: String) {
  startOrder(qids: $qids, serviceKeys: $serviceKeys, oid: $oid) { _id userQuestionnaires { _id qid } }
}`;
const ADD_LOCATION = `mutation ($input: LocationInput!) { addLocation(input: $input) { _id name address { state city } } }`;
const SAVE_SHOP = `mutation ($id: String, $input: ShopInput!) {
  saveShop(_id: $id, input: $input) { _id cost reimbursement startDate initialDue { value } }
}`;
const ORDER = `query ($id: String) { order(_id: $id) { _id status initialDue { value displayValue }
  locations { _id shops { _id questionnaireTitle } } } }`;
const TOKENIZE = `mutation ($input: TestCardInput!) { tokenizeTestCard(input: $input) { token card { last4 } } }`;
const CHECKOUT = `mutation ($oid: String!, $input: CheckoutInput!) { checkout(oid: $oid, input: $input) { _id orderNumber status amount } }`;

async function catalogue() {
  const brand = await createBrand(t.db, { shortName: 'optix', isDefault: true });
  const industry = await createIndustry(t.db, { brandId: brand.id, title: 'Restaurants' });
  const shop = await createQuestionnaire(t.db, {
    brandId: brand.id,
    industryId: industry.id,
    title: 'Dine-In',
    cost: 9500,
    minimumReimbursement: 2500,
  });
  const survey = await createQuestionnaire(t.db, {
    brandId: brand.id,
    industryId: industry.id,
    title: 'Guest Survey',
    type: 'customerSurvey',
    cost: 4900,
  });
  return { brand, shop, survey };
}

async function cartWithShop(address = '123 Main St, Austin, TX 78701') {
  const c = await catalogue();
  const started = await t.gql(START, { qids: [c.shop.id], serviceKeys: ['mysteryShop'] });
  const oid = started.data.startOrder._id as string;
  const uqid = started.data.startOrder.userQuestionnaires[0]._id as string;
  const loc = await t.gql(ADD_LOCATION, {
    input: { address: { formattedAddress: address }, name: 'Main Street', oids: [oid] },
  });
  expect(loc.errors).toBeUndefined();
  const locationId = loc.data.addLocation._id as string;
  const saved = await t.gql(SAVE_SHOP, {
    input: { oid, locationId, uqid, recurring: false, totalQuantity: 2, reimbursement: 3000 },
  });
  expect(saved.errors).toBeUndefined();
  return { ...c, oid, uqid, locationId, shopId: saved.data.saveShop._id as string };
}

async function token(number = '4242424242424242') {
  const r = await t.gql(TOKENIZE, { input: { number, expireMonth: 12, expireYear: 2035, cvc: '123' } });
  expect(r.errors).toBeUndefined();
  return r.data.tokenizeTestCard.token as string;
}

const guestInput = (stripeToken: string) => ({
  email: 'guest@example.test',
  profile: { firstName: 'Gail', lastName: 'Guest', businessName: 'Gail Co', phone: '(512)-555-0100' },
  paymentCardValid: true,
  cancellationPolcy: true,
  guestCheckout: true,
  stripeToken,
});

/** Checkout input that creates an account, with a fresh good card. */
const accountInput = async (over: Record<string, unknown> = {}) => ({
  ...guestInput(await token()),
  guestCheckout: false,
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  ...over,
});

describe('the order flow over the API', () => {
  beforeEach(() => t.resetDb());

  it('prices a one-time order on the server: (cost + reimbursement) x quantity', async () => {
    const c = await cartWithShop();
    const order = await t.gql(ORDER, { id: c.oid });
    expect(order.data.order.initialDue.value).toBe((9500 + 3000) * 2);
    expect(order.data.order.initialDue.displayValue).toBe('$250.00');
  });

  it('prices a Nevada location at 1.5 times, from the address the server geocoded', async () => {
    const c = await cartWithShop('500 Fremont St, Las Vegas, NV 89101');
    const order = await t.gql(ORDER, { id: c.oid });
    expect(order.data.order.initialDue.value).toBe(Math.round(12500 * 1.5) * 2);
  });

  it('checks out a guest order in one go: order complete, shops active, e-mail queued, one charge', async () => {
    const c = await cartWithShop();
    const result = await t.gql(CHECKOUT, { oid: c.oid, input: guestInput(await token()) });
    expect(result.errors).toBeUndefined();
    expect(result.data.checkout).toMatchObject({ status: 'COMPLETE', amount: 25000, orderNumber: 10001 });
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, c.shopId));
    expect(shop!.status).toBe('active');
    await t.relayEvents(); // the order's e-mails are order.placed's subscriber's
    const mail = await t.db.select().from(outboxEmails);
    expect(mail.map((m) => m.to)).toContain('guest@example.test');
    expect((await t.db.select({ n: count() }).from(testPaymentCharges))[0]!.n).toBe(1);
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(0);
  });

  it('a declined card completes nothing; a good card afterwards charges once', async () => {
    const c = await cartWithShop();
    const declined = await t.gql(CHECKOUT, {
      oid: c.oid,
      input: guestInput(await token('4000000000000002')),
    });
    expect(declined.errors?.[0]?.message).toBe('Your card was declined.');
    const [cart] = await t.db.select().from(orders).where(eq(orders.id, c.oid));
    expect(cart!.status).toBe('CART');
    const good = await token();
    const first = await t.gql(CHECKOUT, { oid: c.oid, input: guestInput(good) });
    expect(first.errors).toBeUndefined();
    const again = await t.gql(CHECKOUT, { oid: c.oid, input: guestInput(good) });
    expect(again.errors?.[0]?.message).toMatch(/already been placed/);
    const charges = await t.db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.status, 'succeeded'));
    expect(charges).toHaveLength(1);
  });

  it('a survey order creates the account, logs it in, and makes a survey link', async () => {
    const c = await catalogue();
    const started = await t.gql(START, { qids: [c.survey.id], serviceKeys: ['customerSurvey'] });
    const oid = started.data.startOrder._id;
    const uqid = started.data.startOrder.userQuestionnaires[0]._id;
    const loc = await t.gql(ADD_LOCATION, {
      input: { address: { formattedAddress: '1 Elm St, Reno, NV 89501' }, name: 'Reno', oids: [oid] },
    });
    await t.gql(SAVE_SHOP, { input: { oid, locationId: loc.data.addLocation._id, uqid } });
    const guestTry = await t.gql(CHECKOUT, { oid, input: guestInput(await token()) });
    expect(guestTry.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: 'password' }),
    ]);
    const result = await t.gql(CHECKOUT, {
      oid,
      input: await accountInput(),
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.checkout.amount).toBe(4900); // surveys are not surcharged in Nevada
    expect(result.cookie('sid')?.value).toBeTruthy();
    expect(await t.db.select().from(surveyLinks)).toHaveLength(1);
    expect(await t.db.select().from(invoices)).toHaveLength(1);
  });

  it('answers checkout with the placed order as it is stored', async () => {
    const c = await catalogue();
    const started = await t.gql(START, { qids: [c.shop.id, c.survey.id] });
    const oid = started.data.startOrder._id;
    const uqid = (qid: string) =>
      started.data.startOrder.userQuestionnaires.find((u: { qid: string }) => u.qid === qid)._id;
    const loc = await t.gql(ADD_LOCATION, {
      input: {
        address: { formattedAddress: '500 Fremont St, Las Vegas, NV 89101' },
        name: 'Strip',
        oids: [oid],
      },
    });
    const locationId = loc.data.addLocation._id;
    await t.gql(SAVE_SHOP, { input: { oid, locationId, uqid: uqid(c.survey.id) } });
    await t.gql(SAVE_SHOP, {
      input: {
        oid,
        locationId,
        uqid: uqid(c.shop.id),
        recurring: true,
        frequencyQuantity: 1,
        frequencyPeriod: 'month',
      },
    });
    const PLACED = `_id orderNumber status amount orderDate uid referralCode
      userQuestionnaires { _id qid questionnaire { title } }
      locations { _id name shops { _id status recurring paidThrough cost reimbursement initialDue { value } } }`;
    const placed = await t.gql(
      `mutation ($oid: String!, $input: CheckoutInput!) { checkout(oid: $oid, input: $input) { ${PLACED} } }`,
      {
        oid,
        input: await accountInput({ referralCode: 'FRIEND' }),
      },
    );
    expect(placed.errors?.map((e: { message: string }) => e.message)).toBeUndefined();
    const sid = placed.cookie('sid')!.value;
    const stored = await t.gql(
      `query ($id: String) { order(_id: $id) { ${PLACED} } }`,
      { id: oid },
      { cookie: { sid } },
    );
    expect(stored.errors).toBeUndefined();
    expect(placed.data.checkout).toEqual(stored.data.order);
    expect(placed.data.checkout).toMatchObject({ status: 'COMPLETE', referralCode: 'FRIEND' });
    expect(placed.data.checkout.uid).toBeTruthy();
    expect(placed.data.checkout.locations[0].shops).toHaveLength(2);
  });
});
