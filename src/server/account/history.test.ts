import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.js';
import { invoiceLines, invoices, orders } from '../db/schema.js';
import { type GqlResult, setupTestApp } from '../test/harness.js';
import {
  type Catalogue,
  catalogue,
  expectError,
  NOT_AUTHORIZED,
  placedOrderOf,
} from '../test/order-wizard.js';
import { people } from './test-fixtures.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
});

const ORDERS = `query ($first: Int, $after: String) {
  currentUser { orders(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { _id orderNumber orderDate amount } } }
}`;
const INVOICES = `query ($first: Int, $after: String) {
  currentUser { invoices(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { id date amount attempted paid status statusLabel } } }
}`;
const INVOICE = `query ($id: String!) {
  invoice(invoiceId: $id) { id date amount attempted paid closed nextPaymentAttempt receiptNumber status failureMessage uid invoiceLines { id amount description } }
}`;
const USER_LISTS = `query ($uid: String!) { user(uid: $uid) { orders { nodes { _id } } invoices { nodes { id } } nextBilling { value } } }`;

/** `n` placed orders of a customer, several sharing one order date (the id breaks the tie). */
async function placedOrders(uid: string, n: number) {
  // Ids of one case and width, so their order is the same under any collation.
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `ord${uid.slice(0, 4).toLowerCase()}${String(i).padStart(3, '0')}`,
    uid,
    brandId: c.brand.id,
    status: 'COMPLETE',
    orderDate: new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 3))),
    amount: 1000 + i,
  }));
  await t.db.insert(orders).values(rows);
  return rows;
}

/** Invoices with microsecond timestamps (as now() writes them), some hidden (neither paid nor attempted). */
async function invoicesOf(uid: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `inv${uid.slice(0, 4).toLowerCase()}${String(i).padStart(3, '0')}`;
    ids.push(id);
    await t.db.insert(invoices).values({
      id,
      uid,
      date: sql`'2024-03-01 10:00:00.123456+00'::timestamptz + ${`${Math.floor(i / 2)} days`}::interval` as never,
      amount: 500 + i,
      attempted: i % 5 !== 4,
      paid: i % 5 < 3,
      billingMonth: `2024-${String(i + 1).padStart(2, '0')}`,
      idempotencyKey: `k-${id}`,
    });
  }
  return ids;
}

async function allPages(query: string, key: 'orders' | 'invoices', token: string, first?: number) {
  const seen: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res: GqlResult = await t.gql(query, { first, after }, { token });
    expect(res.errors).toBeUndefined();
    const conn: {
      nodes: { _id?: string; id?: string }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    } = res.data.currentUser[key];
    seen.push(...conn.nodes.map((n) => (n._id ?? n.id)!));
    if (!conn.pageInfo.hasNextPage) return { seen, pages: page + 1 };
    after = conn.pageInfo.endCursor;
  }
  throw new Error('too many pages');
}

describe('orders connection', () => {
  it("pages through the caller's placed orders, newest first, 10 at a time, each once", async () => {
    const mine = await placedOrders(p.alice.user.id, 23);
    await placedOrders(p.bob.user.id, 4);
    await t.db.insert(orders).values({ id: newId(), uid: p.alice.user.id, brandId: c.brand.id });
    const first = await t.gql(ORDERS, {}, { token: p.alice.token });
    expect(first.data.currentUser.orders.nodes).toHaveLength(10);
    expect(first.data.currentUser.orders.pageInfo.hasNextPage).toBe(true);
    const { seen, pages } = await allPages(ORDERS, 'orders', p.alice.token);
    expect(pages).toBe(3);
    const expected = [...mine]
      .sort((a, b) => b.orderDate.getTime() - a.orderDate.getTime() || (a.id < b.id ? 1 : -1))
      .map((o) => o.id);
    expect(seen).toEqual(expected);
  });

  it('returns amount, number and date of each order', async () => {
    const placed = await placedOrderOf(t, c, p.alice.token);
    const res = await t.gql(ORDERS, {}, { token: p.alice.token });
    expect(res.data.currentUser.orders).toEqual({
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
      nodes: [{ _id: placed.oid, orderNumber: 10001, orderDate: expect.stringMatching(/Z$/), amount: 25000 }],
    });
  });

  it('caps first at 50 and refuses a bad first or cursor with the field named', async () => {
    await placedOrders(p.alice.user.id, 55);
    const big = await t.gql(ORDERS, { first: 500 }, { token: p.alice.token });
    expect(big.data.currentUser.orders.nodes).toHaveLength(50);
    expectError(await t.gql(ORDERS, { first: 0 }, { token: p.alice.token }), /first/, { field: 'first' });
    expectError(await t.gql(ORDERS, { after: 'garbage' }, { token: p.alice.token }), /cursor/, {
      field: 'after',
    });
    const forged = Buffer.from("2024-01-01'); drop table orders; --|x").toString('base64url');
    expectError(await t.gql(ORDERS, { after: forged }, { token: p.alice.token }), /cursor/, {
      field: 'after',
    });
  });

  it('is empty for a customer without orders', async () => {
    const res = await t.gql(ORDERS, {}, { token: p.bob.token });
    expect(res.data.currentUser.orders).toEqual({
      pageInfo: { hasNextPage: false, endCursor: null },
      nodes: [],
    });
  });
});

describe('invoices connection', () => {
  it('pages through listed invoices only (paid or attempted), newest first, with status labels', async () => {
    const ids = await invoicesOf(p.alice.user.id, 25);
    await invoicesOf(p.bob.user.id, 3);
    // Newest day first; the two invoices of a day by id, descending: ids[i] sorts as i.
    const listed = ids.filter((_, i) => i % 5 !== 4).reverse();
    const { seen, pages } = await allPages(INVOICES, 'invoices', p.alice.token, 7);
    expect(pages).toBe(3);
    expect(seen).toEqual(listed);
    const res = await t.gql(INVOICES, { first: 5 }, { token: p.alice.token });
    const statuses = res.data.currentUser.invoices.nodes.map((n: { status: string; statusLabel: string }) => [
      n.status,
      n.statusLabel,
    ]);
    expect(statuses).toEqual([
      ['PAYMENT_ERROR', 'Error Processing Payment'],
      ['PAID', 'Paid'],
      ['PAID', 'Paid'],
      ['PAID', 'Paid'],
      ['PAYMENT_ERROR', 'Error Processing Payment'],
    ]);
  });

  it('lists the checkout invoice of a placed order', async () => {
    await placedOrderOf(t, c, p.alice.token);
    const res = await t.gql(INVOICES, {}, { token: p.alice.token });
    expect(res.data.currentUser.invoices.nodes).toEqual([
      {
        id: expect.any(String),
        date: expect.any(String),
        amount: 25000,
        attempted: true,
        paid: true,
        status: 'PAID',
        statusLabel: 'Paid',
      },
    ]);
  });
});

describe('invoice(invoiceId)', () => {
  it('shows the owner and admins the invoice with its lines; refuses others', async () => {
    const [id] = await invoicesOf(p.alice.user.id, 1);
    await t.db.insert(invoiceLines).values([
      { id: 'l1', invoiceId: id!, description: 'Dine-In at Main Street', amount: 300 },
      { id: 'l2', invoiceId: id!, description: 'Guest Survey at Main Street', amount: 200 },
    ]);
    const owner = await t.gql(INVOICE, { id }, { token: p.alice.token });
    expect(owner.errors).toBeUndefined();
    expect(owner.data.invoice).toMatchObject({
      id,
      date: '2024-03-01T10:00:00.123Z',
      amount: 500,
      status: 'PAID',
      uid: p.alice.user.id,
      invoiceLines: [
        { id: 'l1', amount: 300, description: 'Dine-In at Main Street' },
        { id: 'l2', amount: 200, description: 'Guest Survey at Main Street' },
      ],
    });
    expect((await t.gql(INVOICE, { id }, { token: p.admin.token })).data.invoice.id).toBe(id);
    expectError(await t.gql(INVOICE, { id }, { token: p.bob.token }), NOT_AUTHORIZED, { code: 'FORBIDDEN' });
    expectError(await t.gql(INVOICE, { id }), 'You must be logged in.', { code: 'UNAUTHENTICATED' });
  });

  it('is null for an unknown invoice', async () => {
    const res = await t.gql(INVOICE, { id: 'nope' }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.invoice).toBeNull();
  });
});

describe('user(uid) lists', () => {
  it("give an admin the customer's orders and invoices", async () => {
    await placedOrderOf(t, c, p.alice.token);
    const res = await t.gql(USER_LISTS, { uid: p.alice.user.id }, { token: p.admin.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.user.orders.nodes).toHaveLength(1);
    expect(res.data.user.invoices.nodes).toHaveLength(1);
    expect(res.data.user.nextBilling).toBeNull();
  });
});
