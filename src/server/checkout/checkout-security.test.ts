import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG_EMAIL_TAKEN } from '../accounts/register-user.js';
import { brandsChanged } from '../brands/resolve-brand.js';
import {
  brands,
  invoices,
  orders,
  outboxEmails,
  payables,
  shops,
  surveyLinks,
  testPaymentCards,
  testPaymentCharges,
  users,
} from '../db/schema.js';
import { publish, registerShopper, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import {
  ALREADY_PLACED,
  accountInput,
  addLocation,
  type Catalogue,
  CHECKOUT,
  cardToken,
  cartWithShop,
  catalogue,
  customer,
  DECLINED_CARD,
  expectError,
  expectNoChange,
  guestInput,
  LAS_VEGAS,
  NOT_AUTHORIZED,
  ORDER,
  ORDER_NOT_FOUND,
  orderStatus,
  placedGuestOrder,
  placedOrderOf,
  saveShop,
  snapshot,
  startCart,
  TOKENIZE,
} from '../test/order-wizard.js';
import { MSG_ACCOUNT_REQUIRED, MSG_NOTHING_IN_ORDER } from './checkout.js';

const t = setupTestApp();
let c: Catalogue;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
});

const charges = () =>
  t.db.select().from(testPaymentCharges).where(eq(testPaymentCharges.status, 'succeeded'));
const countOf = async (table: typeof users | typeof invoices | typeof outboxEmails) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('tokenizeTestCard', () => {
  it.each([
    {
      case: 'an unknown card number',
      input: { number: '1234123412341234', expireMonth: 12, expireYear: 2035, cvc: '123' },
      message: 'Your card number is invalid. Use a test card such as 4242 4242 4242 4242.',
      field: 'number',
    },
    {
      case: 'a missing card number',
      input: { expireMonth: 12, expireYear: 2035, cvc: '123' },
      message: 'Card number is required.',
      field: 'number',
    },
    {
      case: 'month 13',
      input: { number: '4242424242424242', expireMonth: 13, expireYear: 2035, cvc: '123' },
      message: "Your card's expiration date is invalid.",
      field: 'expiry',
    },
    {
      case: 'an expired card',
      input: { number: '4242424242424242', expireMonth: 1, expireYear: 2020, cvc: '123' },
      message: "Your card's expiration year is in the past.",
      field: 'expiry',
    },
    {
      case: 'a short security code',
      input: { number: '4242424242424242', expireMonth: 12, expireYear: 2035, cvc: '1' },
      message: "Your card's security code is incomplete.",
      field: 'cvc',
    },
  ])('refuses $case and issues no token', async ({ input, message, field }) => {
    const res = await t.gql(TOKENIZE, { input });
    expectError(res, message, { field, code: 'BAD_USER_INPUT' });
    expect(await t.db.select().from(testPaymentCards)).toEqual([]);
  });
});

describe('checkout input', () => {
  it.each([
    {
      case: 'the terms not accepted',
      over: { cancellationPolcy: false },
      message: 'You must agree to the Terms & Conditions.',
      field: 'cancellationPolcy',
    },
    {
      case: 'passwords that do not match',
      over: { confirmPassword: 'other-pass' },
      message: 'Passwords do not match.',
      field: 'confirmPassword',
    },
    {
      case: 'a password of 5 characters',
      over: { password: 'short', confirmPassword: 'short' },
      message: 'Password must be at least 6 characters.',
      field: 'password',
    },
    {
      case: 'an invalid e-mail',
      over: { email: 'not-an-email' },
      message: 'Please enter a valid email address.',
      field: 'email',
    },
    {
      case: 'a missing first name',
      over: { profile: { lastName: 'Guest', businessName: 'Co', phone: '5125550100' } },
      message: 'First Name is required.',
      field: 'profile.firstName',
    },
    {
      case: 'an invalid card',
      over: { paymentCardValid: false },
      message: 'A valid Payment Card is required.',
      field: 'paymentCardValid',
    },
  ])('refuses $case: no charge, no account, the cart unchanged', async ({ over, message, field }) => {
    const cart = await cartWithShop(t, c);
    const token = await cardToken(t);
    const res = await expectNoChange(t, () =>
      t.gql(CHECKOUT, { oid: cart.oid, input: accountInput(token, over) }),
    );
    expectError(res, message, { field, code: 'BAD_USER_INPUT' });
  });

  it('refuses an amount sent by the browser', async () => {
    const cart = await cartWithShop(t, c);
    const token = await cardToken(t);
    const res = await expectNoChange(t, () =>
      t.gql(CHECKOUT, { oid: cart.oid, input: { ...guestInput(token), amount: 1 } }),
    );
    expect(res.errors?.[0]?.message).toMatch(/"amount" is not defined by type "CheckoutInput"/);
  });

  it('refuses a card token the processor never issued, changing nothing', async () => {
    const cart = await cartWithShop(t, c);
    const res = await expectNoChange(t, () =>
      t.gql(CHECKOUT, { oid: cart.oid, input: guestInput('tok_forged') }),
    );
    expectError(res, 'The card could not be read. Please enter it again.', { code: 'BAD_USER_INPUT' });
  });

  it('refuses an empty order', async () => {
    const { oid } = await startCart(t, [c.shop.id]);
    const token = await cardToken(t);
    const res = await expectNoChange(t, () => t.gql(CHECKOUT, { oid, input: guestInput(token) }));
    expectError(res, MSG_NOTHING_IN_ORDER);
  });
});

describe('checkout access', () => {
  it("refuses another customer's cart, a placed order and an unknown id, charging nothing", async () => {
    const owner = await customer(t);
    const theirs = await cartWithShop(t, c, { token: owner.token });
    const placed = await placedGuestOrder(t, c);
    const stranger = await customer(t);
    const token = await cardToken(t);
    const call = (oid: string, input: Record<string, unknown>, tk?: string) => () =>
      t.gql(CHECKOUT, { oid, input }, { token: tk });
    const loggedInInput = { paymentCardValid: true, cancellationPolcy: true, stripeToken: token };
    expectError(await expectNoChange(t, call(theirs.oid, guestInput(token))), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(theirs.oid, loggedInInput, stranger.token)), NOT_AUTHORIZED);
    expectError(await expectNoChange(t, call(placed.oid, guestInput(token))), ALREADY_PLACED, {
      code: 'CONFLICT',
    });
    expectError(await expectNoChange(t, call('no-such-order', guestInput(token))), ORDER_NOT_FOUND);
    expect(await charges()).toHaveLength(1); // the placed order's own charge
  });

  it('lets the owner check out their cart with the card on file', async () => {
    const owner = await customer(t);
    const first = await cartWithShop(t, c, { token: owner.token });
    const input = { paymentCardValid: true, cancellationPolcy: true };
    const placed = await t.gql(
      CHECKOUT,
      { oid: first.oid, input: { ...input, stripeToken: await cardToken(t) } },
      { token: owner.token },
    );
    expect(placed.errors).toBeUndefined();
    const second = await cartWithShop(t, c, { token: owner.token });
    const again = await t.gql(CHECKOUT, { oid: second.oid, input }, { token: owner.token });
    expect(again.errors).toBeUndefined();
    expect(again.data.checkout).toMatchObject({ status: 'COMPLETE', uid: owner.user.id });
    expect((await charges()).map((ch) => ch.amount)).toEqual([25000, 25000]);
  });
});

describe('checkout prices', () => {
  it('charges the initial amount due computed on the server', async () => {
    const cart = await cartWithShop(t, c);
    const due = (await t.gql(ORDER, { id: cart.oid })).data.order.initialDue.value;
    const res = await t.gql(CHECKOUT, { oid: cart.oid, input: guestInput(await cardToken(t)) });
    expect(res.data.checkout.amount).toBe(due);
    expect((await charges()).map((ch) => ch.amount)).toEqual([(9500 + 3000) * 2]);
  });

  it('charges the Nevada surcharge from the state the server geocoded, not the browser copy', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const locationId = await addLocation(t, cart.oid, { address: LAS_VEGAS, state: 'TX' });
    await saveShop(t, {
      oid: cart.oid,
      locationId,
      uqid: cart.uqid(c.shop.id),
      totalQuantity: 1,
      reimbursement: 2500,
    });
    const res = await t.gql(CHECKOUT, { oid: cart.oid, input: guestInput(await cardToken(t)) });
    expect(res.errors).toBeUndefined();
    expect((await charges()).map((ch) => ch.amount)).toEqual([Math.round((9500 + 2500) * 1.5)]);
  });
});

describe('checkout is all or nothing', () => {
  it('a declined card leaves the cart, creates no account, invoice or e-mail', async () => {
    const cart = await cartWithShop(t, c);
    const declined = await cardToken(t, DECLINED_CARD);
    const before = await snapshot(t);
    const res = await t.gql(CHECKOUT, { oid: cart.oid, input: accountInput(declined) });
    expectError(res, 'Your card was declined.', { field: 'card', code: 'PAYMENT_FAILED' });
    expect(await snapshot(t)).toEqual(before);
    expect(await orderStatus(t, cart.oid)).toBe('CART');
    expect((await t.db.select().from(shops).where(eq(shops.oid, cart.oid))).map((s) => s.status)).toEqual([
      'cart',
    ]);
    expect(await countOf(users)).toBe(0);
    expect(await countOf(invoices)).toBe(0);
    await t.relayEvents(); // no order.placed was recorded, so its subscribers send nothing
    expect(await countOf(outboxEmails)).toBe(0);
  });

  it('a retry with a good card after a decline charges once', async () => {
    const cart = await cartWithShop(t, c);
    await t.gql(CHECKOUT, { oid: cart.oid, input: accountInput(await cardToken(t, DECLINED_CARD)) });
    const res = await t.gql(CHECKOUT, { oid: cart.oid, input: accountInput(await cardToken(t)) });
    expect(res.errors).toBeUndefined();
    expect((await charges()).map((ch) => ch.amount)).toEqual([25000]);
    expect(await countOf(users)).toBe(1);
    expect(await countOf(invoices)).toBe(1);
  });

  it('a double submit with the same card charges once and places the order once', async () => {
    const cart = await cartWithShop(t, c);
    const token = await cardToken(t);
    const results = await Promise.all([
      t.gql(CHECKOUT, { oid: cart.oid, input: accountInput(token) }),
      t.gql(CHECKOUT, { oid: cart.oid, input: accountInput(token) }),
    ]);
    const ok = results.filter((r) => !r.errors);
    const refused = results.filter((r) => r.errors);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expectError(refused[0]!, ALREADY_PLACED);
    expect(await charges()).toHaveLength(1);
    expect(await countOf(users)).toBe(1);
    expect(await countOf(invoices)).toBe(1);
    await t.relayEvents(); // the order's e-mails are order.placed's subscriber's
    const confirmations = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'order-confirmation'));
    expect(confirmations).toHaveLength(1);
  });
});

describe('checkout rules', () => {
  it('refuses a guest checkout of a recurring shop, asking for a password', async () => {
    const cart = await startCart(t, [c.shop.id]);
    const locationId = await addLocation(t, cart.oid);
    await saveShop(t, {
      oid: cart.oid,
      locationId,
      uqid: cart.uqid(c.shop.id),
      recurring: true,
      frequencyPeriod: 'month',
      frequencyQuantity: 2,
    });
    const token = await cardToken(t);
    const res = await expectNoChange(t, () => t.gql(CHECKOUT, { oid: cart.oid, input: guestInput(token) }));
    expectError(res, MSG_ACCOUNT_REQUIRED, { field: 'password' });
  });

  it('refuses a guest checkout of a survey', async () => {
    const cart = await startCart(t, [c.survey.id]);
    const locationId = await addLocation(t, cart.oid);
    await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) });
    const token = await cardToken(t);
    const res = await expectNoChange(t, () => t.gql(CHECKOUT, { oid: cart.oid, input: guestInput(token) }));
    expectError(res, MSG_ACCOUNT_REQUIRED, { field: 'password' });
  });

  it('refuses an account e-mail that is already taken, changing nothing', async () => {
    await createUser(t.db, { email: 'new.customer@example.test' });
    const cart = await cartWithShop(t, c);
    const token = await cardToken(t);
    const res = await expectNoChange(t, () =>
      t.gql(CHECKOUT, { oid: cart.oid, input: accountInput(token, { email: 'New.Customer@example.test' }) }),
    );
    expectError(res, MSG_EMAIL_TAKEN, { field: 'email', code: 'CONFLICT' });
  });

  it("sends the brand's order-notification e-mails", async () => {
    await t.db
      .update(brands)
      .set({ orderNotificationEmails: 'ops@example.test, sales@example.test' })
      .where(eq(brands.id, c.brand.id));
    brandsChanged();
    await placedGuestOrder(t, c);
    await t.relayEvents();
    const notices = await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'order-notification'));
    expect(notices.map((m) => m.to).sort()).toEqual(['ops@example.test', 'sales@example.test']);
    expect(notices[0]!.subject).toMatch(/#10001/);

    // The order's e-mails are order.placed's subscriber's (checkout/mail-subscriber.ts): the event
    // relayed again, as a retried relay job would, still leaves one confirmation and one notice each.
    expect(await t.relayAgain(['order.placed'])).toBeGreaterThan(0);
    const kinds = (await t.db.select().from(outboxEmails)).map((m) => `${m.kind} ${m.to}`).sort();
    expect(kinds).toEqual([
      'order-confirmation guest@example.test',
      'order-notification ops@example.test',
      'order-notification sales@example.test',
    ]);
  });

  it('makes one survey link per survey and location and e-mails each /survey/{code} link', async () => {
    const cart = await startCart(t, [c.survey.id, c.shop.id]);
    const first = await addLocation(t, cart.oid, { name: 'Downtown' });
    const second = await addLocation(t, cart.oid, { name: 'Uptown', address: LAS_VEGAS });
    for (const locationId of [first, second]) {
      await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) });
      await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.shop.id) });
    }
    const res = await t.gql(CHECKOUT, { oid: cart.oid, input: accountInput(await cardToken(t)) });
    expect(res.errors).toBeUndefined();
    const links = await t.db.select().from(surveyLinks);
    expect(links.map((l) => l.locationId).sort()).toEqual([first, second].sort());
    await t.relayEvents();
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'order-confirmation'));
    expect(mail!.to).toBe('new.customer@example.test');
    for (const link of links) {
      expect(mail!.text).toContain(`/survey/${link.surveyCode}`);
      expect(mail!.html).toContain(`/survey/${link.surveyCode}`);
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.oid));
    expect(order!.status).toBe('COMPLETE');
  });
});

describe('money a customer must not move (issue 42)', () => {
  it("cannot raise a visit's pay after a shopper accepted it: saveShop then approval pays the accepted amount", async () => {
    await publish(t, VISIT_FORM, [c.shop.id]);
    const alice = await customer(t, { email: 'alice@example.test' });
    const cart = await placedOrderOf(t, c, alice.token); // $30 reimbursement, billed at checkout
    const sam = await registerShopper(t, 'sam@example.test');
    await createUser(t.db, { email: 'pat@example.test', roles: ['proofer'], password: 'password123' });
    const proofer = await t.login('pat@example.test', 'password123');
    const as = (token: string) => ({ token });
    const [visit] = (await t.gql('query { openVisits { _id } }', {}, as(sam.token))).data.openVisits;
    const accepted = await t.gql(
      'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }',
      { id: visit._id },
      as(sam.token),
    );
    const id = accepted.data.acceptVisit._id as string;
    await t.gql(
      'mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { status } }',
      { id, answers: { greet: 'yes', wait: 3 } },
      as(sam.token),
    );
    await t.gql('mutation ($id: String!) { submitEvaluation(_id: $id) { status } }', { id }, as(sam.token));

    // The exploit: the customer (perhaps with the shopper) raises the reimbursement before approval.
    const raised = await t.gql(
      'mutation ($id: String!, $input: ShopInput!) { saveShop(_id: $id, input: $input) { reimbursement } }',
      { id: cart.shopId, input: { frequencyPeriod: 'month', frequencyQuantity: 1, reimbursement: 500_000 } },
      as(alice.token),
    );
    expect(raised.data.saveShop.reimbursement).toBe(500_000);
    await t.gql('mutation ($id: String!) { startReview(_id: $id) { status } }', { id }, as(proofer));
    const approved = await t.gql(
      'mutation ($id: String!) { approveEvaluation(_id: $id) { status } }',
      { id },
      as(proofer),
    );
    expect(approved.errors).toBeUndefined();

    await t.relayEvents();
    const owed = await t.db.select().from(payables);
    expect(owed.map((l) => [l.evaluationId, l.reimbursement, l.total])).toEqual([[id, 3000, 3000]]);
  });
});
