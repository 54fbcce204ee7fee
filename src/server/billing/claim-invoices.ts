// Step 2 of a billing run: claim recurring invoices to charge (new ones and retries that are due) with
// SELECT ... FOR UPDATE SKIP LOCKED and a lease, so that several runs share the work and an invoice is
// charged by one run at a time. A run that crashes loses nothing: its lease runs out and the next run
// takes the invoice over, charging it with the same idempotency key (see charge-invoice.ts).
import { sql } from 'drizzle-orm';
import { endOfDayUtc } from '../../domain/index.js';
import type { BrandRow } from '../context.js';
import type { Db } from '../db/client.js';
import type { EmailBrandSource } from '../email/index.js';
import { CLAIM_LEASE_MS, rowsOf } from './billing-policy.js';

export type ClaimedInvoice = {
  id: string;
  uid: string;
  billingMonth: string;
  amount: number;
  attemptCount: number;
  idempotencyKey: string;
  email: string;
  firstName: string;
  lastName: string;
  paymentCustomerId: string | null;
  hasCard: boolean;
  brandName: string;
  /** The customer's brand (the default brand when they have none), as their e-mails show it and link to it. */
  brand: (EmailBrandSource & Pick<BrandRow, 'type' | 'subdomain' | 'customDomain'>) | null;
};

/** Which invoices are billing work on `day`: unpaid recurring invoices never attempted, or whose retry is due. */
export const dueWork = (day: Date) => sql`
  i.billing_month is not null and not i.paid and not i.closed
  and (not i.attempted or (i.next_payment_attempt is not null and i.next_payment_attempt <= ${endOfDayUtc(day).toISOString()}::timestamptz))`;

/**
 * Claims up to `limit` due invoices not held by another run: sets their lease to now + leaseMs in one
 * statement. Rows locked by a concurrent claim are skipped, not waited for.
 */
export async function claimDueInvoices(
  db: Db,
  opts: { day: Date; now: Date; limit: number; leaseMs?: number },
): Promise<ClaimedInvoice[]> {
  const until = new Date(opts.now.getTime() + (opts.leaseMs ?? CLAIM_LEASE_MS));
  return rowsOf<ClaimedInvoice>(
    db,
    sql`
    with claimed as (
      update invoices set claimed_until = ${until.toISOString()}::timestamptz
      where id in (
        select i.id from invoices i
        where ${dueWork(opts.day)}
          and (i.claimed_until is null or i.claimed_until < ${opts.now.toISOString()}::timestamptz)
        order by i.id
        limit ${opts.limit}
        for update skip locked
      )
      returning id, uid, billing_month, amount, attempt_count, idempotency_key
    )
    select c.id, c.uid, c.billing_month as "billingMonth", c.amount, c.attempt_count as "attemptCount",
      c.idempotency_key as "idempotencyKey", u.email, u.first_name as "firstName", u.last_name as "lastName",
      u.payment_customer_id as "paymentCustomerId", (u.payment_card is not null) as "hasCard",
      coalesce(b.name, '') as "brandName",
      case when b.id is not null then json_build_object('id', b.id, 'name', b.name, 'logoUrl', b.logo_url,
        'primaryColor', b.primary_color, 'secondaryColor', b.secondary_color,
        'headerTextColor', b.header_text_color, 'footerLinkTextColor', b.footer_link_text_color,
        'type', b.type, 'subdomain', b.subdomain, 'customDomain', b.custom_domain) end as brand
    from claimed c join users u on u.id = c.uid
    left join brands b on b.id = coalesce(u.associated_brand_id, (select d.id from brands d where d.is_default limit 1))
    order by c.id`,
  );
}

/** Due invoices currently held by another run (a crashed one until its lease ends). */
export async function countHeldInvoices(db: Db, opts: { day: Date; now: Date }): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from invoices i where ${dueWork(opts.day)}
        and i.claimed_until is not null and i.claimed_until >= ${opts.now.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}
