import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addMonthsUtc, chargeDateFor, weeksInBillingMonth } from '../../domain/index.js';
import { tokenizeTestCard } from '../adapters/payments.js';
import type { UserRow } from '../context.js';
import { type Database, type Db, openDatabase } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  brands,
  invoiceLines,
  invoices,
  locations,
  orders,
  outboxEmails,
  shops,
  testPaymentCharges,
  userQuestionnaires,
  users,
} from '../db/schema.js';
import {
  createQuestionnaire,
  createUser,
  POSTGRES_ADMIN_URL,
  setupTestApp,
  TEST_DB,
} from '../test/harness.js';
import {
  addLocation,
  type Catalogue,
  CHECKOUT,
  cardToken,
  catalogue,
  customer,
  DECLINED_CARD,
  GOOD_CARD,
  LAS_VEGAS,
  saveShop,
  startCart,
} from '../test/order-wizard.js';
import { CLAIM_LEASE_MS, MSG_NO_CARD, rowsOf } from './billing-policy.js';
import { retryUnpaidInvoicesSoon } from './retry-failed-invoices.js';
import { type BillingDeps, runBilling } from './run-billing.js';

// The billing e-mails' links go to PUBLIC_URL's site (or the customer's brand's under BASE_DOMAIN).
const t = setupTestApp({ PUBLIC_URL: 'https://shop.test', BASE_DOMAIN: 'shop.test' });

const day = (s: string) => new Date(`${s}T00:00:00Z`);
const deps = (): BillingDeps => ({ payments: t.adapters.payments });

type Cat = Catalogue & { annualSurvey: Awaited<ReturnType<typeof createQuestionnaire>> };
let c: Cat;

beforeEach(async () => {
  await t.resetDb();
  const base = await catalogue(t);
  const annualSurvey = await createQuestionnaire(t.db, {
    brandId: base.brand.id,
    industryId: base.industry.id,
    title: 'Annual Survey',
    type: 'customerSurvey',
    cost: 44100,
    monthsPurchased: 12,
  });
  c = { ...base, annualSurvey };
});

/** Attaches a test card as the customer's card on file, as saveDefaultCard / checkout do. */
async function attachCard(db: Db, user: UserRow, number: string): Promise<void> {
  const [current] = await db.select().from(users).where(eq(users.id, user.id));
  const tok = await tokenizeTestCard(
    db,
    { number, expireMonth: 12, expireYear: 2035, cvc: '123' },
    day('2026-11-01'),
  );
  if (!tok.ok) throw new Error(tok.message);
  const customerId =
    current!.paymentCustomerId ??
    (await t.adapters.payments.createCustomer(db, { email: user.email, name: 'Test User' }));
  const card = await t.adapters.payments.attachCard(db, { customerId, cardToken: tok.token });
  await db
    .update(users)
    .set({ paymentCustomerId: customerId, paymentCard: card })
    .where(eq(users.id, user.id));
}

async function customerWith(card: string | null = GOOD_CARD): Promise<UserRow> {
  const user = await createUser(t.db, { associatedBrandId: c.brand.id });
  if (card) await attachCard(t.db, user, card);
  return user;
}

/** A placed order of the customer; shops are added with addShop. */
async function placedOrder(user: UserRow) {
  const oid = newId();
  await t.db
    .insert(orders)
    .values({ id: oid, uid: user.id, brandId: c.brand.id, status: 'COMPLETE', orderDate: day('2026-11-01') });
  const uqids = new Map<string, string>();
  const location = async (name: string, state: string) => {
    const id = newId();
    await t.db
      .insert(locations)
      .values({ id, uid: user.id, name, state, city: state === 'NV' ? 'Las Vegas' : 'Austin' });
    return id;
  };
  const addShop = async (
    locationId: string,
    q: { id: string; title: string; type: string; cost: number },
    over: Partial<typeof shops.$inferInsert>,
  ) => {
    let uqid = uqids.get(q.id);
    if (!uqid) {
      uqid = newId();
      await t.db.insert(userQuestionnaires).values({ id: uqid, oid, uid: user.id, qid: q.id });
      uqids.set(q.id, uqid);
    }
    const id = newId();
    await t.db.insert(shops).values({
      id,
      uid: user.id,
      oid,
      locationId,
      qid: q.id,
      uqid,
      status: 'active',
      recurring: q.type !== 'customerSurvey',
      cost: q.cost,
      questionnaireTitle: q.title,
      questionnaireType: q.type,
      startDate: '2026-12-01',
      ...over,
    });
    return id;
  };
  return { oid, location, addShop };
}

const invoicesOf = (uid: string) =>
  t.db.select().from(invoices).where(eq(invoices.uid, uid)).orderBy(invoices.billingMonth);
const linesOf = (invoiceId: string) =>
  t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
const paidThrough = async (shopId: string) =>
  (await t.db.select({ p: shops.paidThrough }).from(shops).where(eq(shops.id, shopId)))[0]!.p;
const charges = () => t.db.select().from(testPaymentCharges).orderBy(testPaymentCharges.createdAt);
/** The customer's e-mails, once the billing events' subscribers have run (billing/mail-subscriber.ts). */
const mails = async (to: string) => {
  await t.relayEvents();
  return t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
};

describe('recurring billing', () => {
  it('bills a month of weekly, monthly, quarterly, Nevada and survey shops at hand-computed amounts', async () => {
    // The receipt shows the customer's brand: name, colours and logo (its PNG rendition, for mail clients).
    await t.db
      .update(brands)
      .set({ name: 'Primrose Visits', primaryColor: '#862e9c', logoUrl: '/brands/primroseschools.svg' })
      .where(eq(brands.id, c.brand.id));
    const alice = await customerWith();
    const o = await placedOrder(alice);
    const austin = await o.location('Main Street', 'TX');
    const vegas = await o.location('Fremont', 'NV');
    const shop = { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 };
    const cheap = { id: c.cheapShop.id, title: 'Drive-Thru', type: 'mysteryShop', cost: 100 };
    const survey = { id: c.survey.id, title: 'Guest Survey', type: 'customerSurvey', cost: 4900 };
    const annual = { id: c.annualSurvey.id, title: 'Annual Survey', type: 'customerSurvey', cost: 44100 };
    // Paid through February by checkout; the month billed is March 2027, charged on February 24.
    const paid = { paidThrough: '2027-02-28' };
    const weeklyTx = await o.addShop(austin, shop, {
      ...paid,
      frequencyPeriod: 'week',
      frequencyQuantity: 2,
      reimbursement: 2500,
    });
    const monthlyNv = await o.addShop(vegas, shop, {
      ...paid,
      frequencyPeriod: 'month',
      frequencyQuantity: 1,
      reimbursement: 3000,
    });
    const quarterlyDec = await o.addShop(austin, shop, {
      startDate: '2026-12-10',
      paidThrough: '2027-02-28',
      frequencyPeriod: 'quarter',
      frequencyQuantity: 1,
      reimbursement: 2500,
    });
    const quarterlyJan = await o.addShop(austin, shop, {
      startDate: '2027-01-05',
      paidThrough: '2027-03-31',
      frequencyPeriod: 'quarter',
      frequencyQuantity: 1,
      reimbursement: 2500,
    });
    const weeklyNv = await o.addShop(vegas, cheap, {
      ...paid,
      frequencyPeriod: 'week',
      frequencyQuantity: 3,
      reimbursement: 0,
    });
    const surveyNv = await o.addShop(vegas, survey, { ...paid });
    const annualTx = await o.addShop(austin, annual, { startDate: '2026-03-01', paidThrough: '2027-02-28' });

    // Bob has nothing billable: paid into March, cancelled (historical, or cancelledAt), a cart, one-time.
    const bob = await customerWith();
    const b = await placedOrder(bob);
    const bobLoc = await b.location('Bob HQ', 'TX');
    await b.addShop(bobLoc, shop, { paidThrough: '2027-03-31', frequencyPeriod: 'month' });
    await b.addShop(bobLoc, shop, { paidThrough: '2027-02-28', status: 'historical' });
    await b.addShop(bobLoc, shop, { paidThrough: '2027-02-28', cancelledAt: day('2027-02-01') });
    await b.addShop(bobLoc, shop, { status: 'cart' });
    await b.addShop(bobLoc, shop, { recurring: false, totalQuantity: 3 });

    // Before the charge date (and on an ordinary day) nothing is invoiced.
    for (const d of ['2027-02-10', '2027-02-23']) {
      const early = await runBilling(t.db, deps(), { date: day(d) });
      expect(early.billingMonth).toBeNull();
      expect(early.nextChargeDate).toBe('2027-02-24');
    }
    expect(await t.db.select().from(invoices)).toHaveLength(0);

    const run = await runBilling(t.db, deps(), { date: day('2027-02-24') });
    expect(run).toMatchObject({ billingMonth: '2027-03', invoicesCreated: 1, paid: 1, declined: 0 });

    // March 2027 has 5 Mondays (1, 8, 15, 22, 29), so weekly shops are billed 5 weeks.
    const expected = new Map([
      [weeklyTx, (9500 + 2500) * 2 * 5], //               $120.00 x 2 shops x 5 weeks = $1,200.00
      [monthlyNv, ((9500 + 3000) * 3) / 2], //            $125.00 x 1.5 (Nevada)      =   $187.50
      [quarterlyDec, 9500 + 2500], //                     Dec start: Dec, Mar, Jun... =   $120.00
      [weeklyNv, (((100 + 0) * 3) / 2) * 3 * 5], // ($1.00 + $0) x 1.5 (NV) = $1.50 x 3 shops x 5 weeks = $22.50
      [surveyNv, 4900], //                                a survey has no NV surcharge =    $49.00
      [annualTx, 44100], //                               annual, March 2026 + 12       =   $441.00
    ]);
    expect(expected.get(weeklyNv)).toBe(150 * 3 * 5);
    const total = 120000 + 18750 + 12000 + 2250 + 4900 + 44100;
    expect(total).toBe(202000);

    const [march] = await invoicesOf(alice.id);
    expect(march).toMatchObject({
      billingMonth: '2027-03',
      amount: 202000,
      paid: true,
      attempted: true,
      closed: true,
      idempotencyKey: `billing:${alice.id}:2027-03`,
      failureMessage: null,
      nextPaymentAttempt: null,
    });
    expect(march!.receiptNumber).toMatch(/^202703-/);
    const lines = await linesOf(march!.id);
    expect(new Map(lines.map((l) => [l.shopId!, l.amount]))).toEqual(expected);
    expect(lines.find((l) => l.shopId === weeklyTx)!.description).toBe(
      'Dine-In at Main Street, March 2027: 2 shops per week x 5 weeks',
    );
    expect(lines.find((l) => l.shopId === quarterlyDec)!.description).toBe(
      'Dine-In at Main Street, March 2027 to May 2027: 1 shop per quarter',
    );
    expect(lines.find((l) => l.shopId === annualTx)!.description).toBe(
      'Annual Survey at Main Street, March 2027 to February 2028: annual survey plan',
    );
    expect(await invoicesOf(bob.id)).toHaveLength(0);

    // Paid through the end of each billed interval.
    expect(await paidThrough(weeklyTx)).toBe('2027-03-31');
    expect(await paidThrough(quarterlyDec)).toBe('2027-05-31');
    expect(await paidThrough(quarterlyJan)).toBe('2027-03-31');
    expect(await paidThrough(annualTx)).toBe('2028-02-29');

    const chargeRows = await charges();
    expect(chargeRows.map((r) => [r.idempotencyKey, r.amount, r.status])).toEqual([
      [`billing:${alice.id}:2027-03`, 202000, 'succeeded'],
    ]);
    const receipt = (await mails(alice.email)).find((m) => m.kind === 'billing-receipt')!;
    expect(receipt.subject).toBe('Your receipt for March 2027');
    expect(receipt.text).toContain('$2,020.00');
    expect(receipt.text).toContain(`https://shop.test/account/invoices/${march!.id}`);
    expect(receipt.text.endsWith('\nPrimrose Visits')).toBe(true);
    expect(receipt.html).toContain('background-color:#862e9c');
    expect(receipt.html).toContain(
      '<img alt="Primrose Visits" height="48" src="https://shop.test/brands/primroseschools.png"',
    );
    expect(receipt.html).toContain('$2,020.00');
    expect(receipt.html).toContain(`href="https://shop.test/account/invoices/${march!.id}"`);

    // Another run before the 1st (catch-up) adds nothing.
    const again = await runBilling(t.db, deps(), { date: day('2027-02-25') });
    expect(again).toMatchObject({ billingMonth: '2027-03', invoicesCreated: 0, paid: 0 });
    expect(await charges()).toHaveLength(1);

    // Edits take effect from the next billing month: one shop a week instead of two, the survey cancelled.
    await t.db.update(shops).set({ frequencyQuantity: 1 }).where(eq(shops.id, weeklyTx));
    await t.db
      .update(shops)
      .set({ status: 'historical', cancelledAt: day('2027-03-10') })
      .where(eq(shops.id, surveyNv));
    expect((await invoicesOf(alice.id))[0]!.amount).toBe(202000);

    const april = await runBilling(t.db, deps(), { date: day('2027-03-27') });
    // Bob is billed from April for his shop paid through March; his cancelled shops never are.
    expect(april).toMatchObject({ billingMonth: '2027-04', invoicesCreated: 2, paid: 2 });
    const [bobApril] = await invoicesOf(bob.id);
    expect(bobApril).toMatchObject({ billingMonth: '2027-04', amount: 9500, paid: true });
    expect(await linesOf(bobApril!.id)).toHaveLength(1);
    // April 2027 has 4 Mondays (5, 12, 19, 26).
    //   weekly TX   $120.00 x 1 x 4 weeks = $480.00
    //   monthly NV  $187.50
    //   weekly NV   $1.50 x 3 x 4 weeks  =  $18.00
    //   quarterly from January: Jan, Apr, Jul... = $120.00 (quarterly from December waits for June)
    //   annual survey paid through February 2028, monthly survey cancelled: nothing
    const aprilInvoice = (await invoicesOf(alice.id))[1]!;
    expect(aprilInvoice.amount).toBe(48000 + 18750 + 1800 + 12000);
    expect(new Map((await linesOf(aprilInvoice.id)).map((l) => [l.shopId!, l.amount]))).toEqual(
      new Map([
        [weeklyTx, 48000],
        [monthlyNv, 18750],
        [quarterlyJan, 12000],
        [weeklyNv, 1800],
      ]),
    );
    expect(await paidThrough(quarterlyJan)).toBe('2027-06-30');
    expect(await paidThrough(surveyNv)).toBe('2027-03-31');
  });

  it('keeps a declined invoice unpaid, e-mails the customer, and pays the same invoice on retry with a new card', async () => {
    const carol = await customerWith(DECLINED_CARD);
    const o = await placedOrder(carol);
    const loc = await o.location('Main Street', 'TX');
    const shopId = await o.addShop(
      loc,
      { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 },
      {
        paidThrough: '2027-02-28',
        frequencyPeriod: 'month',
        frequencyQuantity: 1,
        reimbursement: 2500,
      },
    );

    const first = await runBilling(t.db, deps(), { date: day('2027-02-24') });
    expect(first).toMatchObject({ invoicesCreated: 1, paid: 0, declined: 1 });
    const [declined] = await invoicesOf(carol.id);
    expect(declined).toMatchObject({
      amount: 12000,
      paid: false,
      attempted: true,
      attemptCount: 1,
      failureMessage: 'Your card was declined.',
      nextPaymentAttempt: day('2027-02-27'),
      receiptNumber: null,
    });
    expect(await paidThrough(shopId)).toBe('2027-02-28');
    const notice = (await mails(carol.email)).find((m) => m.kind === 'billing-payment-failed')!;
    expect(notice.text).toContain('https://shop.test/account/info#billing');
    expect(notice.text).toContain('Your card was declined.');
    expect(notice.text).toContain('02/27/2027');
    expect(notice.html).toContain('href="https://shop.test/account/info#billing"');
    expect(notice.html).toContain('Your card was declined.');

    // Not due yet: nothing is charged.
    expect(await runBilling(t.db, deps(), { date: day('2027-02-26') })).toMatchObject({
      paid: 0,
      declined: 0,
    });
    await attachCard(t.db, carol, GOOD_CARD);
    const retry = await runBilling(t.db, deps(), { date: day('2027-02-27') });
    expect(retry).toMatchObject({ invoicesCreated: 0, paid: 1, declined: 0 });

    const all = await invoicesOf(carol.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      id: declined!.id,
      paid: true,
      attempted: true,
      attemptCount: 2,
      failureMessage: null,
      nextPaymentAttempt: null,
    });
    expect(await paidThrough(shopId)).toBe('2027-03-31');
    expect((await charges()).map((r) => [r.idempotencyKey, r.status])).toEqual([
      [`billing:${carol.id}:2027-03`, 'failed'],
      [`billing:${carol.id}:2027-03:attempt-2`, 'succeeded'],
    ]);
    expect((await mails(carol.email)).map((m) => m.kind).sort()).toEqual([
      'billing-payment-failed',
      'billing-receipt',
    ]);

    // The e-mails are the billing-mail subscriber's (billing/mail-subscriber.ts): both events relayed
    // again, as a retried relay job would, still leave one e-mail each.
    expect(await t.relayAgain(['invoice.paid', 'invoice.failed'])).toBeGreaterThan(0);
    expect((await mails(carol.email)).map((m) => m.kind).sort()).toEqual([
      'billing-payment-failed',
      'billing-receipt',
    ]);
  });

  it("links a white-label customer's billing e-mails to their brand's own site", async () => {
    const carol = await customerWith(DECLINED_CARD);
    const o = await placedOrder(carol);
    const loc = await o.location('Main Street', 'TX');
    await o.addShop(
      loc,
      { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 },
      { paidThrough: '2027-02-28', frequencyPeriod: 'month', frequencyQuantity: 1, reimbursement: 2500 },
    );
    await t.db
      .update(brands)
      .set({ type: 'CUSTOM_DOMAIN', customDomain: 'Visits.Primrose.test' })
      .where(eq(brands.id, c.brand.id));
    await runBilling(t.db, deps(), { date: day('2027-02-24') });
    const notice = (await mails(carol.email)).find((m) => m.kind === 'billing-payment-failed')!;
    expect(notice.text).toContain('https://visits.primrose.test/account/info#billing');
    expect(notice.html).toContain('href="https://visits.primrose.test/account/info#billing"');
    expect(notice.text).not.toContain('shop.test');
  });

  it('stops retrying after four attempts until the customer saves a new card', async () => {
    const gus = await customerWith(DECLINED_CARD);
    const o = await placedOrder(gus);
    const loc = await o.location('Main Street', 'TX');
    await o.addShop(
      loc,
      { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 },
      {
        paidThrough: '2027-02-28',
      },
    );
    // Attempts on the charge date and every 3 days: Feb 24, Feb 27, Mar 2, Mar 5.
    for (const d of ['2027-02-24', '2027-02-27', '2027-03-02', '2027-03-05']) {
      expect(await runBilling(t.db, deps(), { date: day(d) })).toMatchObject({ declined: 1 });
    }
    const [given] = await invoicesOf(gus.id);
    expect(given).toMatchObject({ attemptCount: 4, attempted: true, paid: false, nextPaymentAttempt: null });
    expect(await runBilling(t.db, deps(), { date: day('2027-03-08') })).toMatchObject({
      declined: 0,
      paid: 0,
    });
    const last = (await mails(gus.email)).filter((m) => m.kind === 'billing-payment-failed');
    expect(last).toHaveLength(4);
    expect(
      last.some((m) => m.text.includes('Once you update your card, we will try the charge again.')),
    ).toBe(true);

    await attachCard(t.db, gus, GOOD_CARD);
    expect(await retryUnpaidInvoicesSoon(t.db, gus.id, day('2027-03-09'))).toBe(1);
    expect(await runBilling(t.db, deps(), { date: day('2027-03-09') })).toMatchObject({ paid: 1 });
    expect((await invoicesOf(gus.id))[0]).toMatchObject({ id: given!.id, paid: true, attemptCount: 5 });
    expect((await charges()).map((r) => r.idempotencyKey.split(':').slice(2).join(':'))).toEqual([
      '2027-03',
      '2027-03:attempt-2',
      '2027-03:attempt-3',
      '2027-03:attempt-4',
      '2027-03:attempt-5',
    ]);
  });

  it('records a customer without a card on file as attempted with the no-card message', async () => {
    const dan = await customerWith(null);
    const o = await placedOrder(dan);
    const loc = await o.location('Main Street', 'TX');
    await o.addShop(
      loc,
      { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 },
      { paidThrough: '2027-02-28' },
    );
    expect(await runBilling(t.db, deps(), { date: day('2027-02-24') })).toMatchObject({ noCard: 1, paid: 0 });
    expect((await invoicesOf(dan.id))[0]).toMatchObject({
      attempted: true,
      paid: false,
      failureMessage: MSG_NO_CARD,
    });
    expect(await charges()).toHaveLength(0);
  });

  it('a dry run reports what would be charged and writes nothing', async () => {
    const erin = await customerWith();
    const o = await placedOrder(erin);
    const loc = await o.location('Main Street', 'NV');
    await o.addShop(
      loc,
      { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 },
      {
        paidThrough: '2027-02-28',
        reimbursement: 2500,
      },
    );
    const dry = await runBilling(t.db, deps(), { date: day('2027-02-24'), dryRun: true });
    expect(dry.planned).toEqual([
      expect.objectContaining({ uid: erin.id, email: erin.email, amount: 18000 }),
    ]);
    expect(await t.db.select().from(invoices)).toHaveLength(0);
    expect(await charges()).toHaveLength(0);
  });

  it('two concurrent runs charge each customer-month once (racing on two connections on PostgreSQL; PGlite has one and runs them in turn)', async () => {
    const customers: UserRow[] = [];
    for (let i = 0; i < 12; i++) {
      const u = await customerWith();
      const o = await placedOrder(u);
      const loc = await o.location(`Store ${i}`, 'TX');
      for (let k = 0; k < 2; k++) {
        await o.addShop(
          loc,
          { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 },
          { paidThrough: '2027-02-28' },
        );
      }
      customers.push(u);
    }
    let second: Database | null = null;
    let otherDb: Db = t.db;
    if (TEST_DB === 'postgres') {
      const [{ name }] = (await t.rows<{ name: string }>(sql`select current_database() as name`)) as [
        { name: string },
      ];
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${name}`;
      second = await openDatabase({ url: url.toString() });
      otherDb = second.db;
      // Two server sessions, not one connection used twice.
      const pid = async (db: Db) =>
        (await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]!.pid;
      expect(await pid(t.db)).not.toBe(await pid(otherDb));
    }
    try {
      const opts = { date: day('2027-02-24'), batchSize: 2, concurrency: 2, pageSize: 3 };
      const [a, b] = await Promise.all([runBilling(t.db, deps(), opts), runBilling(otherDb, deps(), opts)]);
      expect(a.invoicesCreated + b.invoicesCreated).toBe(12);
      expect(a.paid + b.paid).toBe(12);
    } finally {
      await second?.close();
    }
    const perKey = await t.rows<{ k: string; n: number | string }>(
      sql`select idempotency_key as k, count(*) as n from test_payment_charges group by 1`,
    );
    expect(perKey).toHaveLength(12);
    expect(perKey.every((r) => Number(r.n) === 1)).toBe(true);
    const all = await t.db.select().from(invoices);
    expect(all).toHaveLength(12);
    expect(all.every((i) => i.paid && i.amount === 2 * 9500)).toBe(true);
    expect(await t.db.select().from(invoiceLines)).toHaveLength(24);
    await t.relayEvents();
    const receipts = await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'billing-receipt'));
    expect(receipts).toHaveLength(12);
    expect(new Set(customers.map((u) => u.id))).toEqual(new Set(all.map((i) => i.uid)));
  });

  it('a run killed between charge and commit, then rerun, charges once and pays the invoice', async () => {
    const fay = await customerWith();
    const o = await placedOrder(fay);
    const loc = await o.location('Main Street', 'TX');
    const shopId = await o.addShop(
      loc,
      { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 },
      {
        paidThrough: '2027-02-28',
        reimbursement: 500,
      },
    );
    const now = new Date('2027-02-24T06:00:00Z');
    await expect(
      runBilling(t.db, deps(), {
        date: day('2027-02-24'),
        now,
        afterCharge: () => {
          throw new Error('killed after the charge');
        },
      }),
    ).rejects.toThrow('killed after the charge');
    // The charge went through at the provider; the invoice exists, unrecorded and held by the dead run.
    expect(await charges()).toHaveLength(1);
    expect((await invoicesOf(fay.id))[0]).toMatchObject({ paid: false, attempted: false, attemptCount: 0 });

    // A rerun while the lease holds leaves it alone.
    const early = await runBilling(t.db, deps(), {
      date: day('2027-02-24'),
      now: new Date(now.getTime() + 60_000),
    });
    expect(early).toMatchObject({ paid: 0, held: 1 });

    // After the lease, the rerun charges with the same key: the provider returns the first charge.
    const rerun = await runBilling(t.db, deps(), {
      date: day('2027-02-24'),
      now: new Date(now.getTime() + CLAIM_LEASE_MS + 1000),
    });
    expect(rerun).toMatchObject({ invoicesCreated: 0, paid: 1, held: 0 });
    const chargeRows = await charges();
    expect(chargeRows).toHaveLength(1);
    const [invoice] = await invoicesOf(fay.id);
    expect(invoice).toMatchObject({
      paid: true,
      attemptCount: 1,
      amount: 10000,
      paymentChargeId: chargeRows[0]!.id,
    });
    expect(await paidThrough(shopId)).toBe('2027-03-31');
    expect((await mails(fay.email)).filter((m) => m.kind === 'billing-receipt')).toHaveLength(1);
  });

  it('a run that lost its lease while charging does not record or e-mail a second time', async () => {
    const hal = await customerWith();
    const o = await placedOrder(hal);
    const loc = await o.location('Main Street', 'TX');
    await o.addShop(
      loc,
      { id: c.shop.id, title: 'Dine-In', type: 'mysteryShop', cost: 9500 },
      {
        paidThrough: '2027-02-28',
      },
    );
    const now = new Date('2027-02-24T06:00:00Z');
    let takeover: Awaited<ReturnType<typeof runBilling>> | null = null;
    const slow = await runBilling(t.db, deps(), {
      date: day('2027-02-24'),
      now,
      // While the slow run sits between charge and save, its lease runs out and another run takes over.
      afterCharge: async () => {
        takeover = await runBilling(t.db, deps(), {
          date: day('2027-02-24'),
          now: new Date(now.getTime() + CLAIM_LEASE_MS + 1000),
        });
      },
    });
    expect(takeover).toMatchObject({ paid: 1 });
    expect(slow).toMatchObject({ invoicesCreated: 1, paid: 0 });
    expect(await charges()).toHaveLength(1);
    expect((await invoicesOf(hal.id))[0]).toMatchObject({ paid: true, attemptCount: 1 });
    expect((await mails(hal.email)).filter((m) => m.kind === 'billing-receipt')).toHaveLength(1);
  });

  it('bills the month after the checkout paid for, for an order placed through the API', async () => {
    const { user, token } = await customer(t, { associatedBrandId: c.brand.id });
    const cart = await startCart(t, [c.shop.id], { token });
    const locationId = await addLocation(t, cart.oid, { token, address: LAS_VEGAS, name: 'Vegas' });
    const shop = await saveShop(
      t,
      {
        oid: cart.oid,
        locationId,
        uqid: cart.uqid(c.shop.id),
        recurring: true,
        frequencyPeriod: 'week',
        frequencyQuantity: 1,
        reimbursement: 3000,
      },
      { token },
    );
    const placed = await t.gql(
      CHECKOUT,
      {
        oid: cart.oid,
        input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
      },
      { token },
    );
    expect(placed.errors).toBeUndefined();
    const paidBy = (await paidThrough(shop._id))!;
    // The customer raises the reimbursement (Recurring Orders): the paid month's visits are still
    // promised the $30 paid for, until the next payment.
    const billed = async () =>
      (await t.db.select().from(shops).where(eq(shops.id, shop._id)))[0]!.billedReimbursement;
    await t.db.update(shops).set({ reimbursement: 4000 }).where(eq(shops.id, shop._id));
    expect(await billed()).toBe(3000);
    // The checkout paid the start month; the next month is billed on its charge date.
    const month = addMonthsUtc(new Date(`${paidBy.slice(0, 7)}-01T00:00:00Z`), 1);
    expect(await runBilling(t.db, deps(), { date: chargeDateFor(month) })).toMatchObject({
      invoicesCreated: 1,
      paid: 1,
    });
    const recurring = (await invoicesOf(user.id)).find((i) => i.billingMonth !== null)!;
    // ($95 + $40) x 1.5 in Nevada = $202.50 a shop, once a week, for the month's billed weeks.
    expect(recurring.amount).toBe(20250 * weeksInBillingMonth(month));
    expect(await billed()).toBe(4000);
    expect(await paidThrough(shop._id)).toBe(
      new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).toISOString().slice(0, 10),
    );
  });
});
