// Step 1 of a billing run: every customer with active recurring shops billable in the month gets one
// invoice (one line per shop, priced by the domain's billMonth). The unique (uid, billing_month) index
// claims the customer-month: of two runs inserting the same invoice, one wins and the other skips it.
import { and, asc, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import {
  type BillableShop,
  billMonth,
  type FrequencyPeriod,
  monthEndUtc,
  monthStartUtc,
  type QuestionnaireType,
  toDateKey,
} from '../../domain/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { invoiceLines, invoices, locations, questionnaires, shops, users } from '../db/schema.js';
import { billedPeriod, describeLine, invoiceKey, monthKey, rowsOf } from './billing-policy.js';

export type BillingShop = BillableShop & {
  id: string;
  uid: string;
  questionnaireTitle: string;
  locationName: string;
};

export type PlannedLine = {
  shopId: string;
  description: string;
  amount: number;
  periodStart: string;
  periodEnd: string;
};

export type PlannedInvoice = {
  uid: string;
  email: string;
  billingMonth: string;
  idempotencyKey: string;
  amount: number;
  lines: PlannedLine[];
};

/** Customers read per page (their shops come in one query per page). */
export const CUSTOMERS_PER_PAGE = 1000;

/**
 * Shops that can be billed for the month: active, not cancelled, owned by a customer, recurring or a
 * survey, started by the month's end and not paid into the month, of customers without an invoice for
 * the month yet. The domain's isShopBillableInMonth (inside billMonth) has the last word; this only
 * keeps the rows read small. Edits made to a shop up to its customer's invoice are billed; later ones
 * take effect the next billing month, and a cancelled shop (historical or cancelledAt) is never read.
 */
function billableWhere(month: Date) {
  const key = monthKey(month);
  return and(
    eq(shops.status, 'active'),
    isNull(shops.cancelledAt),
    or(eq(shops.recurring, true), eq(shops.questionnaireType, 'customerSurvey')),
    lte(shops.startDate, toDateKey(monthEndUtc(month))),
    or(isNull(shops.paidThrough), sql`${shops.paidThrough} < ${toDateKey(monthStartUtc(month))}`),
    notExists(
      sql`(select 1 from ${invoices} where ${invoices.uid} = ${shops.uid} and ${invoices.billingMonth} = ${key})`,
    ),
  );
}

/** The next page of customers (by id, after `afterUid`) with something billable in the month. */
async function customerPage(db: Db, month: Date, afterUid: string | null, size: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: shops.uid })
    .from(shops)
    .where(and(billableWhere(month), afterUid ? gt(shops.uid, afterUid) : sql`${shops.uid} is not null`))
    .orderBy(asc(shops.uid))
    .limit(size);
  return rows.map((r) => r.uid!).filter(Boolean);
}

async function shopsOf(db: Db, month: Date, uids: string[]) {
  return db
    .select({
      id: shops.id,
      uid: shops.uid,
      email: users.email,
      qid: shops.qid,
      questionnaireType: shops.questionnaireType,
      questionnaireTitle: shops.questionnaireTitle,
      recurring: shops.recurring,
      cost: shops.cost,
      reimbursement: shops.reimbursement,
      totalQuantity: shops.totalQuantity,
      frequencyQuantity: shops.frequencyQuantity,
      frequencyPeriod: shops.frequencyPeriod,
      startDate: shops.startDate,
      paidThrough: shops.paidThrough,
      monthsPurchased: questionnaires.monthsPurchased,
      state: locations.state,
      locationName: locations.name,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.uid))
    .innerJoin(locations, eq(locations.id, shops.locationId))
    .innerJoin(questionnaires, eq(questionnaires.id, shops.qid))
    .where(and(billableWhere(month), inArray(shops.uid, uids)))
    .orderBy(asc(shops.uid), asc(shops.startDate), asc(shops.id));
}

/** The invoices of one page of customers, priced with the domain's billMonth. */
function planInvoices(rows: Awaited<ReturnType<typeof shopsOf>>, month: Date): PlannedInvoice[] {
  const byUid = new Map<string, { email: string; shops: BillingShop[] }>();
  for (const r of rows) {
    const shop: BillingShop = {
      ...r,
      uid: r.uid!,
      questionnaireType: r.questionnaireType as QuestionnaireType,
      frequencyPeriod: r.frequencyPeriod as FrequencyPeriod,
    };
    const entry = byUid.get(shop.uid) ?? { email: r.email, shops: [] };
    entry.shops.push(shop);
    byUid.set(shop.uid, entry);
  }
  const planned: PlannedInvoice[] = [];
  for (const [uid, { email, shops: customerShops }] of byUid) {
    const bill = billMonth(customerShops, month);
    if (bill.lines.length === 0) continue;
    planned.push({
      uid,
      email,
      billingMonth: monthKey(month),
      idempotencyKey: invoiceKey(uid, month),
      amount: bill.value,
      lines: bill.lines.map(({ shop, amount }) => {
        const period = billedPeriod(shop, bill.month);
        return {
          shopId: shop.id,
          description: describeLine(shop, bill.month, bill.numWeeks),
          amount,
          periodStart: period.start,
          periodEnd: period.end,
        };
      }),
    });
  }
  return planned;
}

/**
 * Inserts the page's invoices and their lines in one transaction. ON CONFLICT DO NOTHING on the unique
 * (uid, billing_month) and idempotency-key indexes: an invoice another run created first is skipped,
 * and only invoices this run inserted get lines. Rows go in uid order in every run, so two runs
 * inserting the same customers wait on each other instead of deadlocking.
 */
async function insertInvoices(db: Db, planned: PlannedInvoice[], date: Date): Promise<number> {
  if (planned.length === 0) return 0;
  // The rows go as one JSON parameter each for invoices and lines (jsonb_to_recordset): thousands of
  // rows per statement without thousands of bind parameters.
  const rows = planned.map((p) => ({
    id: newId(),
    uid: p.uid,
    amount: p.amount,
    billing_month: p.billingMonth,
    idempotency_key: p.idempotencyKey,
  }));
  return inTransaction(db, async (tx) => {
    const inserted = await rowsOf<{ id: string; uid: string }>(
      tx,
      sql`insert into ${invoices} (id, uid, date, amount, billing_month, idempotency_key)
          select v.id, v.uid, ${date.toISOString()}::timestamptz, v.amount, v.billing_month, v.idempotency_key
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(id text, uid text, amount int, billing_month text, idempotency_key text)
          order by v.uid
          on conflict do nothing
          returning id, uid`,
    );
    const byUid = new Map(planned.map((p) => [p.uid, p]));
    const lines = inserted.flatMap(({ id, uid }) =>
      byUid.get(uid)!.lines.map((l) => ({
        id: newId(),
        invoice_id: id,
        shop_id: l.shopId,
        description: l.description,
        amount: l.amount,
        period_start: l.periodStart,
        period_end: l.periodEnd,
      })),
    );
    if (lines.length > 0) {
      await tx.execute(
        sql`insert into ${invoiceLines} (id, invoice_id, shop_id, description, amount, period_start, period_end)
            select v.id, v.invoice_id, v.shop_id, v.description, v.amount, v.period_start, v.period_end
            from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as v(id text, invoice_id text, shop_id text,
              description text, amount int, period_start date, period_end date)`,
      );
    }
    return inserted.length;
  });
}

export type BillMonthResult = { invoicesCreated: number; planned: PlannedInvoice[] };

/**
 * Creates the month's invoices (or, with dryRun, only returns what would be invoiced). Works through
 * the customers a page at a time: two queries and one transaction per page, whatever the page's size.
 */
export async function billMonthInvoices(
  db: Db,
  opts: { month: Date; date: Date; dryRun?: boolean; pageSize?: number; keepPlan?: boolean },
): Promise<BillMonthResult> {
  const month = monthStartUtc(opts.month);
  const pageSize = opts.pageSize ?? CUSTOMERS_PER_PAGE;
  const result: BillMonthResult = { invoicesCreated: 0, planned: [] };
  let after: string | null = null;
  for (;;) {
    const uids = await customerPage(db, month, after, pageSize);
    if (uids.length === 0) break;
    after = uids[uids.length - 1]!;
    const planned = planInvoices(await shopsOf(db, month, uids), month);
    if (opts.dryRun || opts.keepPlan) result.planned.push(...planned);
    if (!opts.dryRun) result.invoicesCreated += await insertInvoices(db, planned, opts.date);
    if (uids.length < pageSize) break;
  }
  return result;
}
