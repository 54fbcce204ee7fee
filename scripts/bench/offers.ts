// Benchmark of the offers run (issue 47, h47b) on PostgreSQL: VISITS new open visits at as many
// locations and SHOPPERS shoppers spread over the continental US (a fixed pseudo-random grid, the same
// every run), then one `runVisitOffers` as the `visit-offers` job runs it: the openings recorded, the
// pairs found (a box on the gist index of the shoppers' home points, then haversine), one e-mail per
// shopper within their radius (25 miles) written to the outbox. Then a second run the same day, which
// must send nothing (one e-mail per shopper per day).
// Run: npx tsx scripts/bench/offers.ts
//   VISITS=10000  SHOPPERS=50000  BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test  KEEP_DB=1
// Prints the seed time, the run's time, openings, e-mails, and the second run's time and e-mails.
// Exit status 1 when the first run takes a minute or more, or the second sends anything.
import { performance } from 'node:perf_hooks';
import { createAdapters } from '../../src/server/adapters/index.js';
import { loadConfig } from '../../src/server/config.js';
import { runVisitOffers } from '../../src/server/fieldwork/index.js';
import { backgroundMailDeps } from '../../src/server/notifications/notify.js';
import { withBenchDatabase } from './bench-database.js';

const VISITS = Number(process.env.VISITS ?? 10_000);
const SHOPPERS = Number(process.env.SHOPPERS ?? 50_000);

// Continental US: latitude 25-49, longitude -124 to -67. Points from a hash of their number, so each
// run seeds the same map. Half the locations and shoppers sit in 40 metro areas (as people do).
const point = (n: string, salt: number) => `
  (case when (${n} % 2) = 0
    then 29 + ((${n} * 7 + ${salt}) % 40) * 0.45 + ((${n} * 7919 + ${salt}) % 1000) / 2000.0
    else 25 + ((${n} * 104729 + ${salt}) % 24000) / 1000.0 end),
  (case when (${n} % 2) = 0
    then -122 + ((${n} * 7 + ${salt}) % 40) * 1.2 + ((${n} * 6271 + ${salt}) % 1000) / 2000.0
    else -124 + ((${n} * 15485863 + ${salt}) % 57000) / 1000.0 end)`;

async function main() {
  await withBenchDatabase('offers', async ({ direct: sql, database }) => {
    const seedStart = performance.now();
    await sql`insert into brands (id, short_name, name, is_default) values ('b', 'bench', 'Bench', true)`;
    await sql`insert into industries (id, brand_id, title) values ('i', 'b', 'Restaurants')`;
    await sql`insert into questionnaires (id, brand_id, industry_id, title, cost) values ('q', 'b', 'i', 'Dine-In Experience', 9500)`;
    await sql`insert into users (id, email, first_name, last_name) values ('client', 'client@bench.test', 'Bench', 'Client')`;
    await sql`insert into orders (id, uid, brand_id, status, order_date, amount) values ('o', 'client', 'b', 'COMPLETE', now(), 0)`;
    await sql`insert into user_questionnaires (id, oid, uid, qid) values ('p', 'o', 'client', 'q')`;
    await sql.unsafe(`insert into locations (id, uid, name, city, state, latitude, longitude, search_latitude, search_longitude)
      select 'l' || g, 'client', 'Location ' || g, 'City ' || (g % 500), 'TX', lat, lng, lat, lng
      from generate_series(1, ${VISITS}) g, lateral (select ${point('g::int8', 11)}) p (lat, lng)`);
    await sql.unsafe(`insert into shops (id, uid, oid, location_id, qid, uqid, status, recurring, start_date, questionnaire_title, questionnaire_type)
      select 's' || g, 'client', 'o', 'l' || g, 'q', 'p', 'active', false, current_date, 'Dine-In Experience', 'shop'
      from generate_series(1, ${VISITS}) g`);
    await sql.unsafe(`insert into visits (id, shop_id, uqid, location_id, cycle_start, sequence, due_date, status, created_at)
      select 'v' || g, 's' || g, 'p', 'l' || g, current_date, 1, current_date + 20, 10000, now() - interval '1 hour'
      from generate_series(1, ${VISITS}) g`);
    await sql.unsafe(`insert into users (id, email, first_name, last_name, roles, birth_year)
      select 'u' || g, 'shopper' || g || '@bench.test', 'Shopper', g::text, '{shopper}', 1960 + g % 50
      from generate_series(1, ${SHOPPERS}) g`);
    await sql.unsafe(`insert into shopper_profiles (user_id, latitude, longitude, point_precision, has_car)
      select 'u' || g, lat, lng, 'geocoded', g % 3 <> 0
      from generate_series(1, ${SHOPPERS}) g, lateral (select ${point('g::int8', 5)}) p (lat, lng)`);
    // The program asks for shoppers aged 21 or over (a tenth are younger): each pair is checked against the rule.
    await sql`insert into questionnaire_shopper_rules (qid, min_age) values ('q', 21)`;
    await sql`vacuum analyze`;
    const seedMs = performance.now() - seedStart;
    console.log(`Seeded ${VISITS} open visits and ${SHOPPERS} shoppers in ${(seedMs / 1000).toFixed(1)} s.`);

    const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
    const deps = backgroundMailDeps(config, createAdapters(config));
    const now = new Date();
    const t0 = performance.now();
    const phases: string[] = [];
    const first = await runVisitOffers(database.db, deps, now, {
      onPhase: (name, ms) => phases.push(`${name} ${(ms / 1000).toFixed(2)} s`),
    });
    const firstMs = performance.now() - t0;
    console.log(`Phases: ${phases.join(', ')}.`);
    const [pairs] =
      await sql`select count(*)::int as n, avg(array_length(regexp_split_to_array(text, E'\\n- '), 1) - 1)::float8 as listed
      from outbox_emails where kind = 'visit-offers'`;
    console.log(
      `First run: ${(firstMs / 1000).toFixed(2)} s, ${first.openings} openings, ${first.emails} e-mails ` +
        `(${pairs?.n} in the outbox, ${Number(pairs?.listed ?? 0).toFixed(1)} visits listed on average).`,
    );
    const t1 = performance.now();
    const second = await runVisitOffers(database.db, deps, new Date(now.getTime() + 60_000));
    const secondMs = performance.now() - t1;
    console.log(`Second run the same day: ${(secondMs / 1000).toFixed(2)} s, ${second.emails} e-mails.`);
    const pass = firstMs < 60_000 && second.emails === 0;
    console.log(pass ? 'PASS: under a minute, one e-mail per shopper per day.' : 'FAIL');
    if (!pass) process.exitCode = 1;
  });
}

await main();
