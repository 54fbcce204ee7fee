// Benchmark of the recurring-billing job on PostgreSQL: 10,000 customers with 5 active recurring shops
// each (weekly, monthly, quarterly, Nevada, a survey), billed for one charge date with the built-in test
// card processor and the mail outbox. Target: under 60 s.
// Run: npm run bench:billing   (BENCH_POSTGRES_URL overrides postgres://postgres@127.0.0.1:5432/test)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { testPayments } from '../../src/server/adapters/payments.js';
import { runBilling } from '../../src/server/billing/run-billing.js';
import { openDatabase } from '../../src/server/db/client.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const SHOPS_PER_CUSTOMER = 5;
const CHARGE_DATE = new Date('2027-02-24T00:00:00Z'); // bills March 2027 (5 Mondays)
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function seed(sql: postgres.Sql, n: number) {
  await sql`insert into brands (id, short_name, name, is_default) values ('bench-brand', 'bench', 'Bench Brand', true)`;
  await sql`insert into industries (id, brand_id, title) values ('bench-ind', 'bench-brand', 'Restaurants')`;
  await sql`insert into questionnaires (id, brand_id, industry_id, title, type, cost, minimum_reimbursement)
            values ('q-shop', 'bench-brand', 'bench-ind', 'Dine-In', 'mysteryShop', 9500, 2500),
                   ('q-survey', 'bench-brand', 'bench-ind', 'Guest Survey', 'customerSurvey', 4900, 0)`;
  // One statement per table: generate_series inserts the rows in bulk.
  await sql`insert into users (id, email, first_name, last_name, associated_brand_id, payment_customer_id, payment_card)
    select 'u' || lpad(g::text, 6, '0'), 'bench' || g || '@example.test', 'Bench', 'Customer ' || g, 'bench-brand',
      'cus_' || g, '{"brand":"Visa","last4":"4242","expireMonth":12,"expireYear":2035}'::jsonb
    from generate_series(1, ${n}) g`;
  await sql`insert into test_payment_cards (token, customer_id, number_last4, brand, expire_month, expire_year, behaviour)
    select 'tok_' || g, 'cus_' || g, '4242', 'Visa', 12, 2035, 'succeed' from generate_series(1, ${n}) g`;
  await sql`insert into orders (id, uid, brand_id, status, order_date, amount)
    select 'o' || g, 'u' || lpad(g::text, 6, '0'), 'bench-brand', 'COMPLETE', '2026-11-20', 0 from generate_series(1, ${n}) g`;
  await sql`insert into locations (id, uid, name, state, city)
    select 'l' || g || '-' || k, 'u' || lpad(g::text, 6, '0'), 'Store ' || k,
      case when k = 2 then 'NV' else 'TX' end, case when k = 2 then 'Las Vegas' else 'Austin' end
    from generate_series(1, ${n}) g, generate_series(1, 2) k`;
  await sql`insert into user_questionnaires (id, oid, uid, qid)
    select 'uq' || g || '-' || q, 'o' || g, 'u' || lpad(g::text, 6, '0'), q
    from generate_series(1, ${n}) g, unnest(array['q-shop', 'q-survey']) q`;
  // Per customer: weekly x2 (TX), monthly (NV), quarterly started in December (billed in March),
  // monthly x3 (TX), a monthly survey (NV). All paid through February 2027.
  await sql`insert into shops (id, uid, oid, location_id, qid, uqid, status, recurring, reimbursement, cost,
      start_date, frequency_period, frequency_quantity, paid_through, questionnaire_title, questionnaire_type)
    select 's' || g || '-' || k, 'u' || lpad(g::text, 6, '0'), 'o' || g,
      'l' || g || '-' || (case when k in (2, 5) then 2 else 1 end),
      case when k = 5 then 'q-survey' else 'q-shop' end,
      'uq' || g || '-' || (case when k = 5 then 'q-survey' else 'q-shop' end),
      'active', k <> 5, case when k = 5 then 0 else 2500 end, case when k = 5 then 4900 else 9500 end,
      '2026-12-01', (array['week', 'month', 'quarter', 'month', 'month'])[k], (array[2, 1, 1, 3, 1])[k],
      '2027-02-28', case when k = 5 then 'Guest Survey' else 'Dine-In' end,
      case when k = 5 then 'customerSurvey' else 'mysteryShop' end
    from generate_series(1, ${n}) g, generate_series(1, ${SHOPS_PER_CUSTOMER}) k`;
  await sql`analyze`;
}

// Per customer, March 2027 (5 Mondays): 12000 x 2 x 5 + 12000 x 1.5 + 12000 + 12000 x 3 + 4900.
const EXPECTED_PER_CUSTOMER = 120_000 + 18_000 + 12_000 + 36_000 + 4_900;

async function main() {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const name = `storefront_bench_billing_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString() });
    const raw = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      let t0 = performance.now();
      await seed(raw, CUSTOMERS);
      console.log(
        `Seeded ${CUSTOMERS} customers x ${SHOPS_PER_CUSTOMER} shops in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );

      t0 = performance.now();
      const result = await runBilling(database.db, { payments: testPayments() }, { date: CHARGE_DATE });
      const seconds = (performance.now() - t0) / 1000;

      const [check] = await raw`select count(*)::int as invoices, count(*) filter (where paid)::int as paid,
          coalesce(sum(amount), 0)::bigint as total,
          (select count(*)::int from test_payment_charges) as charges,
          (select count(*)::int from invoice_lines) as lines,
          (select count(*)::int from outbox_emails where kind = 'billing-receipt') as receipts
        from invoices where billing_month = '2027-03'`;
      console.log(JSON.stringify(result));
      console.log(
        `Checked: ${check!.invoices} invoices (${check!.paid} paid), ${check!.lines} lines, ${check!.charges} charges, ${check!.receipts} receipts`,
      );
      const ok =
        check!.invoices === CUSTOMERS &&
        check!.paid === CUSTOMERS &&
        check!.charges === CUSTOMERS &&
        check!.lines === CUSTOMERS * SHOPS_PER_CUSTOMER &&
        Number(check!.total) === CUSTOMERS * EXPECTED_PER_CUSTOMER;
      console.log(
        `Billed ${result.invoicesCreated} invoices in ${seconds.toFixed(2)} s: ${Math.round(result.invoicesCreated / seconds)} invoices/s ` +
          `(target: under 60 s) ${ok ? 'OK' : 'MISMATCH'}`,
      );
      if (!ok || seconds >= 60) process.exitCode = 1;
    } finally {
      await raw.end();
      await database.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
