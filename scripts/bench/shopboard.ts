import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type postgres from 'postgres';
import { newForm } from '../../src/evaluation/index.js';
import { CITY_CENTROIDS } from '../../src/server/adapters/us-places.js';
import type { Database } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import { listShopboard } from '../../src/server/fieldwork/shopboard.js';
import { percentile, withBenchDatabase } from './bench-database.js';

// The shopboard's first page on PostgreSQL (issue 47): 200,000 open visits (100,000 locations, two visits
// each) and 50,000 shoppers over the US, clustered around the larger cities with a quarter spread
// evenly; times listShopboard (profile read, bounding box + haversine query, length estimates) for
// shoppers within 50 miles, and prints p50 / p95 against the 50 ms target.
// Run: npx tsx scripts/bench/shopboard.ts (BENCH_POSTGRES_URL, BENCH_VISITS, BENCH_SHOPPERS to change).

const VISITS = Number(process.env.BENCH_VISITS ?? 200_000);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const TARGET_MS = 50;

/** A deterministic pseudo-random sequence, so every run seeds the same map. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const CITIES = Object.values(CITY_CENTROIDS);

function pointAt(r: () => number): [number, number] {
  if (r() < 0.25) return [25 + r() * 23, -123 + r() * 53];
  const [lat, lng] = CITIES[Math.floor(r() * CITIES.length)]!;
  // About a normal spread of half a degree around the city.
  const g = () => (r() + r() + r() - 1.5) * 0.6;
  return [lat + g(), lng + g()];
}

async function main() {
  await withBenchDatabase('shopboard', async ({ direct: sql, database, seededAs, markSeeded }) => {
    const t0 = performance.now();
    if (seededAs !== `${VISITS}/${SHOPPERS}`) await seed(sql, t0);
    await markSeeded(`${VISITS}/${SHOPPERS}`);
    await measure(sql, database);
  });
}

async function seed(sql: postgres.Sql, t0: number) {
  {
    const r = rng(47);
    const form = newForm('Bench visit');
    await sql`insert into brands (id, short_name, name, is_default) values ('bb', 'bench', 'Bench', true)`;
    await sql`insert into industries (id, brand_id, title) values ('bi', 'bb', 'Dining')`;
    await sql`insert into forms (id, name, draft) values ('bf', 'Bench', ${sql.json(form as never)})`;
    await sql`insert into form_versions (id, form_id, version, definition) values ('bv', 'bf', 1, ${sql.json(form as never)})`;
    await sql`insert into questionnaires (id, brand_id, industry_id, title, form_id, shopper_fee)
      select 'q' || g, 'bb', 'bi', 'Program ' || g, 'bf', 500 * g from generate_series(1, 10) g`;
    // Some programs ask for a car, a rating or an age: the board filters them per shopper.
    await sql`insert into questionnaire_shopper_rules (qid, requires_car, min_rating, min_age, location_gap_days)
      values ('q1', true, null, null, 30), ('q2', false, 7, null, null), ('q3', false, null, 21, 14)`;
    await sql`insert into users (id, email, first_name, last_name, business_name) select 'c' || g, 'c' || g || '@bench.test', 'C', 'C', 'Biz ' || g from generate_series(1, 1000) g`;
    await sql`insert into orders (id, uid, brand_id, status) select 'o' || g, 'c' || g, 'bb', 'COMPLETE' from generate_series(1, 1000) g`;
    await sql`insert into user_questionnaires (id, oid, uid, qid) select 'uq' || g, 'o' || g, 'c' || g, 'q' || (1 + g % 10) from generate_series(1, 1000) g`;

    const locationCount = Math.ceil(VISITS / 2);
    for (let start = 0; start < locationCount; start += 5000) {
      const rows = [];
      for (let i = start; i < Math.min(locationCount, start + 5000); i++) {
        const [lat, lng] = pointAt(r);
        rows.push({
          id: `l${i}`,
          uid: `c${1 + (i % 1000)}`,
          name: `Store ${i}`,
          city: `City ${i % 997}`,
          state: 'TX',
          search_latitude: lat,
          search_longitude: lng,
        });
      }
      await sql`insert into locations ${sql(rows)}`;
    }
    await sql`insert into shops (id, uid, oid, location_id, qid, uqid, status, reimbursement, start_date, questionnaire_title, questionnaire_type)
      select 's' || g, 'c' || (1 + g % 1000), 'o' || (1 + g % 1000), 'l' || g, 'q' || (1 + (1 + g % 1000) % 10), 'uq' || (1 + g % 1000),
        'active', 1000 + (g % 40) * 100, date '2026-11-01', 'Program', 'mysteryShop'
      from generate_series(0, ${locationCount - 1}) g`;
    await sql`insert into visits (id, shop_id, uqid, location_id, cycle_start, sequence, due_date)
      select 'v' || g || '-' || n, 's' || g, 'uq' || (1 + g % 1000), 'l' || g, date '2026-11-01', n, date '2026-12-01' + (g % 30)
      from generate_series(0, ${locationCount - 1}) g, generate_series(1, 2) n`;
    for (let start = 0; start < SHOPPERS; start += 5000) {
      const us = [];
      const ps = [];
      const rs = [];
      for (let i = start; i < Math.min(SHOPPERS, start + 5000); i++) {
        const [lat, lng] = pointAt(r);
        us.push({
          id: `sh${i}`,
          email: `sh${i}@bench.test`,
          roles: '{shopper}',
          birth_year: 1960 + (i % 45),
          gender: i % 2 ? 'female' : 'male',
        });
        ps.push({
          user_id: `sh${i}`,
          latitude: lat,
          longitude: lng,
          point_precision: 'geocoded',
          has_car: i % 3 !== 0,
        });
        if (i % 4 !== 0) rs.push({ shopper_id: `sh${i}`, rating: 5 + (i % 6), grades: 3 });
      }
      await sql`insert into users ${sql(us)}`;
      await sql`insert into shopper_profiles ${sql(ps)}`;
      if (rs.length) await sql`insert into shopper_ratings ${sql(rs)}`;
    }
    await sql`analyze`;
    const [counts] = await sql<{ v: number; s: number }[]>`
      select (select count(*) from visits where status = 10000)::int as v, (select count(*) from shopper_profiles)::int as s`;
    console.log(
      `Seeded ${counts!.v} open visits at ${locationCount} locations and ${counts!.s} shoppers in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
    );
  }
}

async function measure(sql: postgres.Sql, database: Database) {
  {
    const db = database.db;
    const now = new Date('2026-11-20T12:00:00Z');
    const pick = rng(4747);
    const shopperRows = [];
    for (let i = 0; i < QUERIES; i++) {
      const [u] = await db
        .select()
        .from(users)
        .where(eq(users.id, `sh${Math.floor(pick() * SHOPPERS)}`));
      shopperRows.push(u!);
    }
    // Warm up the plan and the cache, then time.
    for (const u of shopperRows.slice(0, 20)) await listShopboard(db, { user: u, radiusMiles: 50, now });
    const ms: number[] = [];
    let items = 0;
    for (const u of shopperRows) {
      const t = performance.now();
      const page = await listShopboard(db, { user: u, radiusMiles: 50, now });
      ms.push(performance.now() - t);
      items += page.items.length;
    }
    const [plan] = await sql.unsafe(`explain (analyze, buffers off, format text)
      select count(*) from locations l join visits v on v.location_id = l.id and v.status = 10000
      where l.search_latitude between 29.5 and 31.0 and l.search_longitude between -98.6 and -96.9`);
    const p95 = percentile(ms, 95);
    console.log(`Shopboard first page (20 visits, within 50 mi, nearest first), ${QUERIES} shoppers:`);
    console.log(
      `  p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms; ${(items / QUERIES).toFixed(1)} visits a page on average`,
    );
    console.log(`  target p95 < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'NOT met'}`);
    if (process.env.BENCH_EXPLAIN) console.log(plan);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
