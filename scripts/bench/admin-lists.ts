import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import type { buildApp } from '../../src/server/app.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { percentile, startBenchApp, withBenchDatabase } from './bench-database.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_MS = 100;
const REPEAT = 30;

async function seed(sql: postgres.Sql, n: number) {
  await sql`insert into brands (id, short_name, name, is_default) values ('bench-brand', 'bench', 'Bench Brand', true)`;
  await sql`insert into users (id, email, first_name, last_name, business_name, phone, associated_brand_id, created_at)
    select 'u' || g, 'customer' || g || '@example.test',
      (array['Maria', 'James', 'Wei', 'Aisha', 'Lucas', 'Sofia', 'Noah', 'Emma'])[1 + g % 8],
      'Customer' || g, (array['Taco', 'Pizza', 'Burger', 'Salon', 'Garage', 'Hotel'])[1 + g % 6] || ' Co ' || g,
      '(555)-555-0100', 'bench-brand', timestamptz '2024-01-01' + g * interval '7 minutes'
    from generate_series(1, ${n}) g`;
  await sql`insert into orders (id, uid, brand_id, status, order_date, amount)
    select 'o' || g, 'u' || (1 + (g * 7919) % ${n}), 'bench-brand', 'COMPLETE',
      timestamptz '2024-01-01' + g * interval '5 minutes', 10000 + g % 50000
    from generate_series(1, ${n}) g`;
  // Carts outnumber placed orders in a live shop; the list must skip them cheaply.
  await sql`insert into orders (id, brand_id, status, created_at)
    select 'cart' || g, 'bench-brand', 'CART', timestamptz '2024-01-01' + g * interval '3 minutes'
    from generate_series(1, ${n}) g`;
  await sql`analyze`;
}

type Timing = { name: string; ms: number[] };

async function main() {
  await withBenchDatabase('admin', async (bench) => {
    const { direct } = bench;
    let app: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      const t0 = performance.now();
      await seed(direct, ROWS);
      const passwordHash = await hashPassword('bench-admin-pass');
      await direct`insert into users (id, email, password_hash, admin) values ('bench-admin', 'admin@bench.test', ${passwordHash}, true)`;
      console.log(
        `Seeded ${ROWS} customers, ${ROWS} completed orders and ${ROWS} carts in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
      );

      const started = await startBenchApp(bench);
      app = started.app;
      const { base, gql: call } = started;

      const token = (
        await call('mutation { login(email: "admin@bench.test", password: "bench-admin-pass") { token } }')
      ).login.token as string;

      const USERS = `query ($after: String, $name: String, $business: String) {
        users(after: $after, nameSearch: $name, businessNameSearch: $business) {
          pageInfo { hasNextPage endCursor } nodes { _id fullName email profile { businessName } associatedBrand { name } } } }`;
      const ORDERS = `query ($after: String) { orders(status: COMPLETE, after: $after) {
          pageInfo { hasNextPage endCursor } nodes { _id orderNumber orderDate businessName amount } } }`;

      // Cursors deep into each list (page 200 = rows 4,976-5,000), to time a page far from the start.
      const cursorAt = async (query: string, key: 'users' | 'orders', pages: number) => {
        let after: string | null = null;
        for (let i = 0; i < pages; i++) after = (await call(query, { after }, token))[key].pageInfo.endCursor;
        return after;
      };
      const deepUsers = await cursorAt(USERS, 'users', 200);
      const deepOrders = await cursorAt(ORDERS, 'orders', 200);

      const cases: [string, string, Record<string, unknown>, (d: Record<string, unknown>) => number][] = [
        ['customers: first page', USERS, {}, (d) => (d.users as { nodes: unknown[] }).nodes.length],
        [
          'customers: page 201 (Load More)',
          USERS,
          { after: deepUsers },
          (d) => (d.users as { nodes: unknown[] }).nodes.length,
        ],
        [
          'customers: search by name',
          USERS,
          { name: 'maria customer1' },
          (d) => (d.users as { nodes: unknown[] }).nodes.length,
        ],
        [
          'customers: search by business name',
          USERS,
          { business: 'garage co 99' },
          (d) => (d.users as { nodes: unknown[] }).nodes.length,
        ],
        [
          'customers: search with no match',
          USERS,
          { name: 'zzz-nobody' },
          (d) => (d.users as { nodes: unknown[] }).nodes.length,
        ],
        ['orders: first page', ORDERS, {}, (d) => (d.orders as { nodes: unknown[] }).nodes.length],
        [
          'orders: page 201 (Load More)',
          ORDERS,
          { after: deepOrders },
          (d) => (d.orders as { nodes: unknown[] }).nodes.length,
        ],
      ];
      const timings: Timing[] = [];
      for (const [name, query, vars, count] of cases) {
        const ms: number[] = [];
        let rows = 0;
        for (let i = 0; i < REPEAT + 3; i++) {
          const s = performance.now();
          rows = count(await call(query, vars, token));
          if (i >= 3) ms.push(performance.now() - s); // the first 3 warm the caches
        }
        timings.push({ name: `${name} (${rows} rows)`, ms });
      }

      console.log(`\nAdmin list pages over HTTP, ${REPEAT} requests each (target p95 < ${TARGET_MS} ms):`);
      let worst = 0;
      for (const t of timings) {
        const p95 = percentile(t.ms, 95);
        worst = Math.max(worst, p95);
        console.log(
          `  ${t.name.padEnd(52)} p50 ${percentile(t.ms, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   max ${Math.max(
            ...t.ms,
          )
            .toFixed(1)
            .padStart(6)} ms`,
        );
      }

      console.log('\nCSV exports (streamed):');
      for (const type of ['customers', 'orders']) {
        const link = (await call(`mutation { createExportLink(type: "${type}") { url } }`, {}, token))
          .createExportLink.url;
        const rssBefore = process.memoryUsage().rss;
        let peak = rssBefore;
        const timer = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 20);
        const s = performance.now();
        const res = await fetch(`${base}${link}`);
        let bytes = 0;
        let lines = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (const b of chunk) if (b === 10) lines++;
        }
        clearInterval(timer);
        console.log(
          `  ${type.padEnd(10)} ${lines - 1} rows, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - s) / 1000).toFixed(2)} s; ` +
            `process memory grew by at most ${((peak - rssBefore) / 1024 / 1024).toFixed(0)} MiB`,
        );
      }
      console.log(
        `\n${worst < TARGET_MS ? 'PASS' : 'FAIL'}: the slowest list page p95 is ${worst.toFixed(1)} ms (target < ${TARGET_MS} ms).`,
      );
      if (worst >= TARGET_MS) process.exitCode = 1;
    } finally {
      await app?.close();
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
