import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type postgres from 'postgres';
import {
  ALL_LOCATIONS,
  DEFAULT_SUMMARY_FILTERS,
  PERFORMANCE_THRESHOLDS,
  rangeParams,
  type SummaryDateRange,
  signingText,
  summaryChartParams,
  summaryDateRange,
  summarySectionsParams,
  summaryShopsParams,
  worstQuestionsParams,
} from '../../src/domain/index.js';
import type { buildApp } from '../../src/server/app.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { rollupBenchmarks } from '../../src/server/benchmarks/index.js';
import { CSV_PAGE_SHOPS } from '../../src/web/reports/summary/download-csv.js';
import { percentile, startBenchApp, withBenchDatabase } from './bench-database.js';

/**
 * The reporting API's calls over HTTP (p50, p95; PASS when every p95 < 150 ms), on one seeded customer
 * (client@bench.test / bench-client-pass, user id 'client').
 *
 * Size (BENCH_SIZE): `default` is BENCH_SHOPS shops (50,000) of 20 questions over 18 months at
 * BENCH_LOCATIONS locations (200). `chain` is issue 22's chain: 20,000,000 question scores in the
 * database, 5,000,000 of them the bench customer's (250,000 shops of 20 questions, every day from
 * 2021-11-23 to 2026-11-22, at 1,000 locations, in 3 programs, each shop a visit), the other 15,000,000
 * those of 15 other customers (50,000 shops each, 100 locations, 2 programs). The chain seed drops the
 * loaded tables' indexes and foreign keys, loads with INSERT ... SELECT generate_series, and recreates
 * them as they were; the rollups are written as approval writes them. It takes minutes: run it once
 * with BENCH_REUSE_DB=name (see bench-database.ts) and later runs reuse the database.
 *
 *   flock /tmp/bench.lock env BENCH_SIZE=chain BENCH_REUSE_DB=bench_chain npx tsx scripts/bench/reporting.ts seed
 *   flock /tmp/bench.lock env BENCH_SIZE=chain BENCH_REUSE_DB=bench_chain npx tsx scripts/bench/reporting.ts
 *
 * `scoped` (npx tsx scripts/bench/reporting.ts scoped): the customer has 1,000 locations and a team
 * manager of 50 of them (one region); the dashboard's calls are timed for the owner, the manager and
 * the owner again, interleaved, in ROUNDS rounds. A call fails the issue's target ("no worse than the
 * owner's") when the manager's p95 is above both owner runs' by more than 10 % and 1 ms: the two
 * owner runs show how far equal work falls apart on this machine.
 *
 * BENCH_BEFORE_DIR=dir (the default run): an earlier commit's worktree (node_modules linked, `npm run
 * codegen` done) serves the same database beside this checkout, and every call alternates between the
 * two apps; the earlier app is timed twice, interleaved, for the A/A spread. A call fails when this
 * checkout's p95 is above both of the earlier one's by more than 10 % and 1 ms, and again when that call
 * is timed anew (one such p95 in 30-odd calls comes from noise alone now and then); a call the earlier app
 * does not have (the Performance Summary's benchmarks and the score alerts card, issue 48) is timed here
 * only, against the target. A p95 of 25 requests is their second slowest: REPEAT=200 for a figure.
 */
const BEFORE = process.env.BENCH_BEFORE_DIR ? path.resolve(process.env.BENCH_BEFORE_DIR) : null;
const SCOPED = process.argv[2] === 'scoped';
/** `seed`: seed (or check the reused database) and stop, to bench later with BENCH_REUSE_DB. */
const SEED_ONLY = process.argv[2] === 'seed';
export const SIZE: 'default' | 'chain' = process.env.BENCH_SIZE === 'chain' ? 'chain' : 'default';
if (process.env.BENCH_SIZE && process.env.BENCH_SIZE !== SIZE)
  throw new Error('BENCH_SIZE: default or chain');
const CHAIN = SIZE === 'chain';
/** Divides the chain's shop counts (BENCH_CHAIN_DIVISOR=100: a smoke test of the chain seed in seconds). */
const DIVISOR = Number(process.env.BENCH_CHAIN_DIVISOR ?? 1);
export const SHOPS = CHAIN ? 250_000 / DIVISOR : Number(process.env.BENCH_SHOPS ?? 50_000);
export const QUESTIONS = 20;
export const LOCATIONS = CHAIN ? 1000 : Number(process.env.BENCH_LOCATIONS ?? (SCOPED ? 1000 : 200));
/** The chain's other customers: each 50,000 shops (1,000,000 question scores) at 100 locations. */
const OTHER_CUSTOMERS = 15;
const OTHER_SHOPS = 50_000 / DIVISOR;
const OTHER_LOCATIONS = 100;
/** The chain's five years of days, 2021-11-23 to 2026-11-22. */
const CHAIN_DAYS = 1826;
/** The scoped run's manager (manager@bench.test / bench-client-pass) sees locations l1 to l50. */
const MANAGER_LOCATIONS = 50;
const TARGET_MS = 150;
const REPEAT = Number(process.env.REPEAT ?? 25);
/** The rounds of the scoped and before/after runs (each REPEAT requests per call and caller); their figures pool them. */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TODAY = new Date('2026-11-22T00:00:00Z');
/** The list pages' paging (REPORT_PAGE of src/web/reports/reporting-client.ts, a React module). */
const REPORT_PAGE = { pageNumber: 1, pageSize: 999 };

/** What a database seeded at this size holds (recorded with BENCH_REUSE_DB; a mismatch reseeds nothing). */
export const SEED_LABEL = CHAIN
  ? `chain${DIVISOR === 1 ? '' : ` / ${DIVISOR}`}`
  : `default ${SHOPS} shops ${LOCATIONS} locations`;

/**
 * Seeds the database at this size unless BENCH_REUSE_DB's database holds that seed already; prints
 * what it holds and how long seeding took.
 */
export async function seedAtSize(
  bench: { direct: postgres.Sql; seededAs: string | null; markSeeded: (what: string) => Promise<void> },
  more?: (sql: postgres.Sql, passwordHash: string) => Promise<void>,
) {
  const { direct } = bench;
  const t0 = performance.now();
  const label = more ? `${SEED_LABEL} + ${more.name}` : SEED_LABEL;
  const reused = bench.seededAs === label;
  if (reused) console.log(`Reusing the database seeded as ${label}.`);
  else {
    if (bench.seededAs !== null || (await direct`select 1 from users limit 1`).length)
      throw new Error(`The reused database holds another seed (${bench.seededAs}): drop it or name another.`);
    const passwordHash = await hashPassword('bench-client-pass');
    if (CHAIN) await seedChain(direct, passwordHash);
    else await seed(direct, passwordHash);
    if (more) await more(direct, passwordHash);
    await bench.markSeeded(label);
  }
  const [{ all, mine }] = (await direct`select count(*)::int as all,
      count(*) filter (where e.client_id = 'client')::int as mine
    from evaluation_question_scores qs join evaluations e on e.id = qs.evaluation_id`) as unknown as [
    { all: number; mine: number },
  ];
  console.log(
    `${reused ? 'Database' : `Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`}: ${all} question scores, ${mine} of them the bench customer's (${LOCATIONS} locations, 3 programs, ${SHOPS} approved shops).`,
  );
}

/** A question's score (0 or 10) in shop g of a customer with `locations` locations: varied by location. */
const questionScore = (g: string, k: string, locations: number) =>
  `case when ((${g} % ${locations}) * 31 + ${k} * 17 + ${g}) % 100 < 60 + (${g} % ${locations}) % 40 then 10 else 0 end`;

/**
 * The chain (BENCH_SIZE=chain): the bench customer and OTHER_CUSTOMERS more, loaded table by table
 * with the big tables' indexes and foreign keys dropped and recreated after, as they were.
 */
async function seedChain(sql: postgres.Sql, passwordHash: string) {
  await sql`set work_mem = '512MB'`;
  await sql`set maintenance_work_mem = '1GB'`;
  await sql`set synchronous_commit = off`;
  const big = ['visits', 'evaluations', 'evaluation_section_scores', 'evaluation_question_scores'];
  // Foreign keys of and to the big tables, and their indexes but the primary keys others reference.
  const constraints =
    (await sql`select c.conrelid::regclass::text as tbl, c.conname, pg_get_constraintdef(c.oid) as def, c.contype
    from pg_constraint c
    where (c.conrelid::regclass::text in ${sql(big)} and (c.contype = 'f'
        or (c.contype = 'p' and c.conrelid::regclass::text like 'evaluation\_%\_scores')))
      or (c.contype = 'f' and c.confrelid::regclass::text in ${sql(big)})`) as unknown as {
      tbl: string;
      conname: string;
      def: string;
      contype: string;
    }[];
  const indexes = (await sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i where i.indrelid::regclass::text in ${sql(big)}
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`) as unknown as {
    name: string;
    def: string;
  }[];
  for (const c of constraints) await sql.unsafe(`alter table ${c.tbl} drop constraint "${c.conname}"`);
  for (const i of indexes) await sql.unsafe(`drop index ${i.name}`);

  await sql`insert into brands (id, short_name, name, is_default) values ('b', 'bench', 'Bench', true)`;
  await sql`insert into industries (id, brand_id, title) values ('i', 'b', 'Restaurants')`;
  await sql`insert into forms (id, name, draft) values ('f', 'F', '{}')`;
  await sql`insert into form_versions (id, form_id, version, definition) values ('fv', 'f', 1, '{}')`;
  await sql`insert into questionnaires (id, brand_id, industry_id, title, cost, form_id)
    values ('q1', 'b', 'i', 'Dine-In Experience', 9500, 'f'), ('q2', 'b', 'i', 'Drive-Thru Visit', 6500, 'f'),
           ('q3', 'b', 'i', 'Takeout Phone Order', 4500, 'f')`;
  const customers = [
    { id: 'client', prefix: '', shops: SHOPS, locations: LOCATIONS, programs: 3 },
    ...Array.from({ length: OTHER_CUSTOMERS }, (_, i) => ({
      id: `c${i + 1}`,
      prefix: `c${i + 1}-`,
      shops: OTHER_SHOPS,
      locations: OTHER_LOCATIONS,
      programs: 2,
    })),
  ];
  for (const c of customers) {
    const email = c.id === 'client' ? 'client@bench.test' : `${c.id}@bench.test`;
    const p = c.prefix;
    await sql`insert into users (id, email, password_hash, first_name, last_name) values (${c.id}, ${email}, ${passwordHash}, 'Bench', ${c.id})`;
    await sql`insert into orders (id, uid, brand_id, status, order_date, amount) values (${`${p}o`}, ${c.id}, 'b', 'COMPLETE', '2021-11-01', 0)`;
    await sql`insert into user_questionnaires (id, oid, uid, qid)
      select ${p} || 'p' || n, ${`${p}o`}, ${c.id}, 'q' || n from generate_series(1, ${c.programs}) n`;
    await sql`insert into locations (id, uid, name, city, state, formatted_address)
      select ${p} || 'l' || g, ${c.id}, 'Location ' || g, 'Austin', 'TX', g || ' Main St, Austin, TX 78701'
      from generate_series(1, ${c.locations}) g`;
    // A recurring shop per location and program; a visit per shop date, each with its approved evaluation.
    await sql`insert into shops (id, uid, oid, location_id, qid, uqid, status, recurring, start_date, questionnaire_title, questionnaire_type)
      select ${p} || 's' || l || '-' || n, ${c.id}, ${`${p}o`}, ${p} || 'l' || l, 'q' || n, ${p} || 'p' || n, 'active', true,
        '2021-11-01', 'Program ' || n, 'shop'
      from generate_series(1, ${c.locations}) l, generate_series(1, ${c.programs}) n`;
    // Shop g's location, program and day: days rise with g, so rows lie in date order as approvals
    // write them (each customer's rows together, though: in production customers interleave).
    const shop = (g: string) =>
      `(1 + ${g} % ${c.locations}), (1 + ${g} % ${c.programs}), (date '2021-11-23' + ((${g} - 1)::int8 * ${CHAIN_DAYS} / ${c.shops})::int)`;
    await sql.unsafe(`insert into visits (id, shop_id, uqid, location_id, cycle_start, sequence, due_date, status)
      select '${p}v' || g, '${p}s' || l || '-' || n, '${p}p' || n, '${p}l' || l, d - extract(day from d)::int + 1, g, d, 10003
      from generate_series(1, ${c.shops}) g, lateral (select ${shop('g')}) s (l, n, d)`);
    // Scores are those of the question rows below, summed: the evaluation's total as approval stores it.
    await sql.unsafe(`insert into evaluations (id, visit_id, form_version_id, status, document, client_id, uqid, location_id,
        is_survey, shop_date, score, possible_score, submitted_at, approved_at)
      select '${p}e' || g, '${p}v' || g, 'fv', 10004, '{}', '${c.id}', '${p}p' || n, '${p}l' || l, false, d,
        (select sum(${questionScore('g', 'k', c.locations)}) from generate_series(1, ${QUESTIONS}) k), ${QUESTIONS * 10},
        d + time '18:00', d + time '20:00'
      from generate_series(1, ${c.shops}) g, lateral (select ${shop('g')}) s (l, n, d)`);
    await sql.unsafe(`insert into evaluation_question_scores (evaluation_id, element_id, section_header, prompt, answer, score, possible_score)
      select '${p}e' || g, 'q' || k, 'Section ' || (1 + (k - 1) / 4), 'Question ' || k || ' of program ' || (1 + g % ${c.programs}),
        case when (g * k) % 7 < 5 then 'Yes' else 'No' end, ${questionScore('g', 'k', c.locations)}, 10
      from generate_series(1, ${c.shops}) g, generate_series(1, ${QUESTIONS}) k`);
    await sql.unsafe(`insert into evaluation_section_scores (evaluation_id, section_index, section_header, score, possible_score)
      select '${p}e' || g, s - 1, 'Section ' || s,
        (select sum(${questionScore('g', 'k', c.locations)}) from generate_series(s * 4 - 3, s * 4) k), 40
      from generate_series(1, ${c.shops}) g, generate_series(1, ${QUESTIONS / 4}) s`);
  }
  // The daily rollups as approval writes them (rollUpScores), in date order as approvals add them.
  await sql`insert into question_score_days (client_id, uqid, shop_date, prompt, percent_sum, answers)
    select e.client_id, e.uqid, e.shop_date, qs.prompt, sum(qs.score::float8 / qs.possible_score), count(*)
    from evaluation_question_scores qs join evaluations e on e.id = qs.evaluation_id
    where qs.possible_score > 0 group by 1, 2, 3, 4 order by 3`;
  await sql`insert into section_score_days (client_id, uqid, shop_date, section_index, section_header, percent_sum, shops)
    select e.client_id, e.uqid, e.shop_date, s.section_index, s.section_header, sum(s.score::float8 / s.possible_score), count(*)
    from evaluation_section_scores s join evaluations e on e.id = s.evaluation_id
    where s.possible_score > 0 group by 1, 2, 3, 4, 5 order by 3`;
  await seedTotals(sql);

  for (const c of constraints.filter((c) => c.contype === 'p'))
    await sql.unsafe(`alter table ${c.tbl} add constraint "${c.conname}" ${c.def}`);
  for (const i of indexes) await sql.unsafe(i.def);
  for (const c of constraints.filter((c) => c.contype === 'f'))
    await sql.unsafe(`alter table ${c.tbl} add constraint "${c.conname}" ${c.def}`);
  await seedScoreAlerts(sql);
  await sql`vacuum analyze`;
}

/** Loads the bench customer (client@bench.test / bench-client-pass, user id 'client') into an empty database. */
export async function seed(sql: postgres.Sql, passwordHash: string) {
  await sql`insert into brands (id, short_name, name, is_default) values ('b', 'bench', 'Bench', true)`;
  await sql`insert into users (id, email, password_hash, first_name, last_name) values ('client', 'client@bench.test', ${passwordHash}, 'Bench', 'Client')`;
  await sql`insert into industries (id, brand_id, title) values ('i', 'b', 'Restaurants')`;
  await sql`insert into forms (id, name, draft) values ('f', 'F', '{}')`;
  await sql`insert into form_versions (id, form_id, version, definition) values ('fv', 'f', 1, '{}')`;
  await sql`insert into questionnaires (id, brand_id, industry_id, title, cost, form_id)
    values ('q1', 'b', 'i', 'Dine-In Experience', 9500, 'f'), ('q2', 'b', 'i', 'Drive-Thru Visit', 6500, 'f'),
           ('q3', 'b', 'i', 'Takeout Phone Order', 4500, 'f')`;
  await sql`insert into orders (id, uid, brand_id, status, order_date, amount) values ('o', 'client', 'b', 'COMPLETE', '2025-01-01', 0)`;
  await sql`insert into user_questionnaires (id, oid, uid, qid) values ('p1', 'o', 'client', 'q1'), ('p2', 'o', 'client', 'q2'), ('p3', 'o', 'client', 'q3')`;
  await sql`insert into locations (id, uid, name, city, state, formatted_address)
    select 'l' || g, 'client', 'Location ' || g, 'Austin', 'TX', g || ' Main St, Austin, TX 78701' from generate_series(1, ${LOCATIONS}) g`;
  // Shops over the 18 months before TODAY; scores vary by location so every performance column fills.
  await sql`insert into evaluations (id, form_version_id, status, document, client_id, uqid, location_id, is_survey,
      shop_date, score, possible_score, submitted_at, approved_at)
    select 'e' || g, 'fv', 10004, '{}', 'client', 'p' || (1 + g % 3), 'l' || (1 + g % ${LOCATIONS}), false,
      (date '2026-11-22' - (g % 540)), 0, 0, now(), now()
    from generate_series(1, ${SHOPS}) g`;
  // An evaluation's answers and sections are stored together, as approval writes them.
  await sql`insert into evaluation_question_scores (evaluation_id, element_id, section_header, prompt, answer, score, possible_score)
    select 'e' || g, 'q' || k, 'Section ' || (1 + (k - 1) / 4), 'Question ' || k || ' of program ' || (1 + g % 3),
      case when (g * k) % 7 < 5 then 'Yes' else 'No' end,
      case when ((g % ${LOCATIONS}) * 31 + k * 17 + g) % 100 < 60 + (g % ${LOCATIONS}) % 40 then 10 else 0 end, 10
    from generate_series(1, ${SHOPS}) g, generate_series(1, ${QUESTIONS}) k
    order by g, k`;
  await sql`insert into evaluation_section_scores (evaluation_id, section_index, section_header, score, possible_score)
    select evaluation_id, (substring(section_header from 9))::int - 1, section_header, sum(score), sum(possible_score)
    from evaluation_question_scores group by evaluation_id, section_header order by evaluation_id, 2`;
  await sql`update evaluations e set score = s.score, possible_score = s.possible
    from (select evaluation_id, sum(score) score, sum(possible_score) possible from evaluation_section_scores group by 1) s
    where s.evaluation_id = e.id`;
  // The daily question and section rollups that approval maintains (see rollUpScores), written day after
  // day as approvals write them: a table's rows lie in date order, as its key (owner, shop_date, ...)
  // reads them. Written in hash order instead, a range of days costs a random heap read per row.
  await sql`insert into question_score_days (client_id, uqid, shop_date, prompt, percent_sum, answers)
    select e.client_id, e.uqid, e.shop_date, qs.prompt, sum(qs.score::float8 / qs.possible_score), count(*)
    from evaluation_question_scores qs join evaluations e on e.id = qs.evaluation_id group by 1, 2, 3, 4 order by 3`;
  await sql`insert into section_score_days (client_id, uqid, shop_date, section_index, section_header, percent_sum, shops)
    select e.client_id, e.uqid, e.shop_date, s.section_index, s.section_header, sum(s.score::float8 / s.possible_score), count(*)
    from evaluation_section_scores s join evaluations e on e.id = s.evaluation_id group by 1, 2, 3, 4, 5 order by 3`;
  await seedTotals(sql);
  await seedScoreAlerts(sql);
  await sql`analyze`;
}

/**
 * Score alerts (issue 48) on one of the bench customer's shops in 50, as approval raises them, a tenth
 * of them acknowledged: the dashboard's alerts card reads the newest open ones.
 */
async function seedScoreAlerts(sql: postgres.Sql) {
  await sql`insert into score_alerts (id, account_id, evaluation_id, uqid, location_id, reason, percentage,
      trailing_average, below_percent, drop_points, trailing_shops, shop_date, created_at, acknowledged_at)
    select 'alert-' || e.id, e.client_id, e.id, e.uqid, e.location_id, 'below-and-drop', 52.5, 81.25, 70, 10, 5,
      e.shop_date, e.shop_date + time '12:00', case when n % 10 = 0 then e.shop_date + time '18:00' end
    from (select *, row_number() over (order by id) n from evaluations where client_id = 'client') e
    where n % 50 = 0`;
}

/**
 * The per-location and per-day totals approval keeps (rollUpScores), written for every approved mystery
 * shop at once, as migrations 0021 and 0023 backfill them.
 */
async function seedTotals(sql: postgres.Sql) {
  await sql.unsafe(`insert into shop_score_days (client_id, uqid, shop_date, shops, total_score, total_possible_score,
      percent_sum, scored_shops)
    select client_id, uqid, shop_date, count(*), coalesce(sum(score), 0)::float8, coalesce(sum(possible_score), 0)::float8,
      coalesce(sum(score::float8 / possible_score) filter (where possible_score > 0), 0), count(*) filter (where possible_score > 0)
    from evaluations
    where status = 10004 and not is_survey and client_id is not null and uqid is not null and shop_date is not null
    group by 1, 2, 3 order by 3`);
  await sql.unsafe(`insert into location_score_totals (client_id, uqid, location_id, first_shop_date, last_shop_date, shops,
      total_score, total_possible_score, percent_sum, scored_shops, positives, neutrals, negatives)
    select client_id, uqid, location_id, min(shop_date), max(shop_date), count(*), coalesce(sum(score), 0)::float8,
      coalesce(sum(possible_score), 0)::float8, coalesce(sum(score::float8 / possible_score) filter (where possible_score > 0), 0),
      count(*) filter (where possible_score > 0),
      count(*) filter (where possible_score > 0 and score / possible_score >= ${PERFORMANCE_THRESHOLDS.success}),
      count(*) filter (where possible_score > 0 and score / possible_score >= ${PERFORMANCE_THRESHOLDS.warn}
        and score / possible_score < ${PERFORMANCE_THRESHOLDS.success}),
      count(*) filter (where not (possible_score > 0 and score / possible_score >= ${PERFORMANCE_THRESHOLDS.warn}))
    from evaluations
    where status = 10004 and not is_survey and client_id is not null and uqid is not null and shop_date is not null
      and location_id is not null
    group by 1, 2, 3`);
}

/** A manager of the bench customer's team whose one region holds locations l1..l50. */
async function seedManager(sql: postgres.Sql, passwordHash: string) {
  await sql`insert into users (id, email, password_hash, first_name, last_name) values ('manager', 'manager@bench.test', ${passwordHash}, 'Bench', 'Manager')`;
  await sql`insert into account_members (id, account_id, user_id, role) values ('m-owner', 'client', 'client', 'owner'), ('m-manager', 'client', 'manager', 'manager')`;
  await sql`insert into regions (id, account_id, name) values ('r1', 'client', 'Region 1')`;
  await sql`update locations set region_id = 'r1' where id in (select 'l' || g from generate_series(1, ${MANAGER_LOCATIONS}) g)`;
  await sql`insert into member_regions (member_id, region_id) values ('m-manager', 'r1')`;
  // The region rollups that approval and region moves maintain (see rebuildRegionRollups).
  await sql`insert into question_score_region_days (region_id, uqid, shop_date, prompt, percent_sum, answers)
    select l.region_id, e.uqid, e.shop_date, qs.prompt, sum(qs.score::float8 / qs.possible_score), count(*)
    from evaluation_question_scores qs join evaluations e on e.id = qs.evaluation_id
    join locations l on l.id = e.location_id and l.region_id is not null group by 1, 2, 3, 4 order by 3`;
  await sql`insert into section_score_region_days (region_id, uqid, shop_date, section_index, section_header, percent_sum, shops)
    select l.region_id, e.uqid, e.shop_date, s.section_index, s.section_header, sum(s.score::float8 / s.possible_score), count(*)
    from evaluation_section_scores s join evaluations e on e.id = s.evaluation_id
    join locations l on l.id = e.location_id and l.region_id is not null group by 1, 2, 3, 4, 5 order by 3`;
  await sql`analyze`;
}

async function main() {
  await withBenchDatabase('reports', async (bench) => {
    const { direct } = bench;
    let app: Awaited<ReturnType<typeof buildApp>> | null = null;
    let beforeApp: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      await seedAtSize(bench, SCOPED ? seedManager : undefined);
      if (SCOPED) console.log(`A manager of ${MANAGER_LOCATIONS} of the customer's locations is seeded too.`);
      if (SEED_ONLY) return;

      // The benchmarks read the nightly rollup: make it, as the night would.
      await rollupBenchmarks(bench.database.db);
      const started = await startBenchApp(bench);
      app = started.app;
      const { base, gql } = started;
      const before = BEFORE
        ? await (
            (await import(pathToFileURL(path.join(BEFORE, 'scripts/bench/bench-database.ts')).href)) as {
              startBenchApp: typeof startBenchApp;
            }
          ).startBenchApp(bench)
        : null;
      if (before) beforeApp = before.app;
      /** Whether the earlier app's schema has the type (a call it lacks is timed on this checkout only). */
      const beforeHas = async (type: string) =>
        before !== null &&
        (await fetch(`${before.base}/api`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ __type(name: "${type}") { name } }` }),
        })
          .then((r) => r.json())
          .then((b: { data?: { __type: unknown } }) => Boolean(b.data?.__type))
          .catch(() => false));
      const beforeHasBenchmarks = await beforeHas('BenchmarkFilter');
      const beforeHasAlerts = await beforeHas('ScoreAlert');
      const login = async (email: string) =>
        (await gql(`mutation { login(email: "${email}", password: "bench-client-pass") { token } }`)).login
          .token as string;
      const token = await login('client@bench.test');
      type Call = { url: string; init?: RequestInit };
      const signedUrl = async (
        path: string,
        params: Record<string, string | number>,
        token: string,
        origin = base,
      ) => {
        // Signed by the app that answers (each has its own secret).
        const signature = (
          await (origin === base ? gql : before!.gql)(
            'mutation ($t: String!) { generateSignature(text: $t) }',
            { t: signingText(params) },
            token,
          )
        ).generateSignature;
        const q = new URLSearchParams(
          Object.entries({ ...params, signature }).map(([k, v]) => [k, String(v)]),
        );
        return `${origin}${path}?${q}`;
      };
      const who = { userMakingRequest: 'client', client: 'client' };
      const gqlRequest = (
        query: string,
        variables: Record<string, unknown>,
        as: string,
        origin = base,
      ): Call => ({
        url: `${origin}/api`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
          body: JSON.stringify({ query, variables }),
        },
      });
      // The page's own parameters, from the domain functions it calls, for each range and filter.
      const [span] = (await direct`select min(shop_date)::text as first, max(shop_date)::text as last
        from evaluations where client_id = 'client'`) as unknown as [{ first: string; last: string }];
      const rangeOf = (choice: SummaryDateRange) =>
        summaryDateRange(choice, { today: TODAY, shopDates: [span.first, span.last] });
      const program = 'Dine-In Experience';
      const location = 'Location 17';
      const one = { program, location: ALL_LOCATIONS };
      const oneAt = { program, location };
      /** A case's calls for a caller (at `origin`, an app); null: that app has no such call. */
      type Case = {
        name: string;
        calls: (who: Record<string, string>, as: string, origin: string) => Promise<Call[] | null>;
      };
      const rest = (name: string, path: string, params: Record<string, string | number>): Case => ({
        name,
        calls: async (w, as, origin) => [{ url: await signedUrl(path, { ...params, ...w }, as, origin) }],
      });
      const summaryCases = (choice: SummaryDateRange): Case[] => {
        const range = rangeOf(choice);
        const shopsParams = summaryShopsParams(choice === 'All Time' ? null : range);
        return [
          rest(`${choice}: summary/shops, all programs`, '/api/summary/shops', shopsParams),
          rest(`${choice}: summary/worstQuestions, all programs`, '/api/summary/worstQuestions', {
            ...worstQuestionsParams(range, DEFAULT_SUMMARY_FILTERS),
          }),
          rest(`${choice}: summary/shops (chart), one program`, '/api/summary/shops', {
            ...summaryChartParams(range, program, DEFAULT_SUMMARY_FILTERS),
          }),
          rest(`${choice}: summary/sectionHeaders, one program`, '/api/summary/sectionHeaders', {
            ...summarySectionsParams(range, program, DEFAULT_SUMMARY_FILTERS),
          }),
          rest(`${choice}: summary/worstQuestions, one program`, '/api/summary/worstQuestions', {
            ...worstQuestionsParams(range, one),
          }),
          rest(`${choice}: summary/shops (chart), program+location`, '/api/summary/shops', {
            ...summaryChartParams(range, program, oneAt),
          }),
          rest(`${choice}: summary/sectionHeaders, program+location`, '/api/summary/sectionHeaders', {
            ...summarySectionsParams(range, program, oneAt),
          }),
          rest(`${choice}: summary/worstQuestions, program+location`, '/api/summary/worstQuestions', {
            ...worstQuestionsParams(range, oneAt),
          }),
        ];
      };
      // Download CSV of one program over Past 12 Months: every page of its shops, their sections and
      // their answers (the same pages for the three calls, until a page has fewer shops than asked for).
      const csv = { ...rangeParams(rangeOf('Past 12 Months')), programName: program };
      const csvPages =
        (path: string) =>
        async (w: Record<string, string>, as: string, origin: string): Promise<Call[]> => {
          const calls: Call[] = [];
          for (let pageNumber = 1; ; pageNumber++) {
            const page = { ...csv, ...w, pageNumber, pageSize: CSV_PAGE_SHOPS };
            calls.push({ url: await signedUrl(path, page, as, origin) });
            const shops = (await (
              await fetch(await signedUrl('/api/summary/shops', page, as, origin))
            ).json()) as [];
            if (shops.length < CSV_PAGE_SHOPS) return calls;
          }
        };
      const cases: Case[] = [
        ...(['All Time', 'Year to Date', 'Past 30 Days'] as const).flatMap(summaryCases),
        ...(['summary/shops', 'summary/sectionHeaders', 'summary/questions'] as const).map((call) => ({
          name: `CSV (one program, Past 12 Months): ${call}, every page`,
          calls: csvPages(`/api/${call}`),
        })),
        // My Programs, All Mystery Shops and a program's shops, with the GraphQL calls of every report page.
        rest('programs list (/api/programs/)', '/api/programs/', REPORT_PAGE),
        rest('shops list (/api/shops/)', '/api/shops/', { order: '', ...REPORT_PAGE }),
        rest("a program's shops (/api/shops/?programId)", '/api/shops/', {
          order: '',
          programId: 'p1',
          ...REPORT_PAGE,
        }),
        {
          name: 'GraphQL ReportingViewer, ReportingApiUrl, GenerateSignature',
          calls: async (w, as, origin) => [
            gqlRequest('query ReportingViewer { viewer { _id accountId } }', {}, as, origin),
            gqlRequest('query ReportingApiUrl { reportingApiUrl }', {}, as, origin),
            gqlRequest(
              'mutation GenerateSignature($text: String!) { generateSignature(text: $text) }',
              {
                text: signingText({ ...w, ...REPORT_PAGE }),
              },
              as,
              origin,
            ),
          ],
        },
        // The dashboard's score alerts card (issue 48): the newest open alerts; an app without it skips it.
        {
          name: 'GraphQL ScoreAlerts (the dashboard card)',
          calls: async (_w, as, origin) => {
            if (origin !== base && !beforeHasAlerts) return null;
            return [
              gqlRequest(
                'query ScoreAlerts($includeAcknowledged: Boolean) { scoreAlerts(includeAcknowledged: $includeAcknowledged) { _id evaluationId programName locationName shopDate percentage trailingAverage reason reasonLabel actionPlanId createdAt acknowledgedAt } }',
                {},
                as,
                origin,
              ),
            ];
          },
        },
        // The Performance Summary's benchmark line (issue 48), loaded after the summary: Year to Date and
        // Past 30 Days, every program; an app without it skips it.
        ...(['Year to Date', 'Past 30 Days'] as const).map(
          (choice): Case => ({
            name: `GraphQL Benchmarks (${choice}, all programs)`,
            calls: async (_w, as, origin) => {
              if (origin !== base && !beforeHasBenchmarks) return null;
              return [
                gqlRequest(
                  'query Benchmarks($f: BenchmarkFilter!) { benchmarks(filter: $f) { programId programName industry questionnaireType available message account { label topPercent } location { label topPercent } } }',
                  { f: rangeParams(rangeOf(choice)) },
                  as,
                  origin,
                ),
              ];
            },
          }),
        ),
      ];
      type Timing = { name: string; rows: number; bytes: number; p50: number; p95: number; ms: number[] };
      /**
       * Times each case for each caller ([userMakingRequest, token]): p50, p95, rows and bytes per case
       * and caller. The callers' requests alternate, so a noisy moment of the machine falls on them alike.
       * A case of several calls (every page of the CSV's answers) pools their timings, each call
       * repeated so that the case has about REPEAT requests (at least 3 per call).
       */
      const time = async (
        callers: [string, string, string?][],
        report?: (t: Timing) => void,
        only: readonly Case[] = cases,
      ) => {
        const results: Timing[][] = callers.map(() => []);
        for (const { name, calls } of only) {
          const found = await Promise.all(
            callers.map(([userMakingRequest, as, origin]) =>
              calls({ ...who, userMakingRequest }, as, origin ?? base),
            ),
          );
          // The callers whose app has this call.
          const active = found.flatMap((t, k) => (t ? [k] : []));
          const targets = found as Call[][];
          const perCall = Math.max(3, Math.ceil(REPEAT / targets[active[0]!]!.length));
          const ms: number[][] = callers.map(() => []);
          const rows: number[] = callers.map(() => 0);
          const bytes: number[] = callers.map(() => 0);
          for (const [j] of targets[active[0]!]!.entries())
            for (let i = 0; i < perCall + 3; i++) {
              for (let a = 0; a < active.length; a++) {
                const c = active[(i + a) % active.length]!;
                const call = targets[c]![j]!;
                const s = performance.now();
                const res = await fetch(call.url, call.init);
                const text = await res.text();
                if (res.status !== 200 || text.includes('"errors"'))
                  throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
                if (i >= 3) ms[c]!.push(performance.now() - s);
                if (i === 0) {
                  bytes[c]! += text.length;
                  const body = JSON.parse(text) as unknown;
                  rows[c]! += Array.isArray(body) ? body.length : 1;
                }
              }
            }
          for (const [c, r] of results.entries())
            r.push({
              name,
              rows: rows[c]!,
              bytes: bytes[c]!,
              p50: ms[c]!.length ? percentile(ms[c]!, 50) : Number.NaN,
              p95: ms[c]!.length ? percentile(ms[c]!, 95) : Number.NaN,
              ms: ms[c]!,
            });
          report?.(results[0]!.at(-1)!);
        }
        return results;
      };
      /** Each caller's timings over all rounds: rounds[round][caller][case], pooled per caller and case. */
      const pooled = (rounds: Timing[][][], callers: number): Timing[][] =>
        Array.from({ length: callers }, (_, c) =>
          rounds[0]![c]!.map((first, i) => {
            const all = rounds.flatMap((round) => round[c]![i]!.ms);
            return all.length
              ? { ...first, ms: all, p50: percentile(all, 50), p95: percentile(all, 95) }
              : first;
          }),
        );
      const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
      if (SCOPED) {
        const managerToken = await login('manager@bench.test');
        console.log(
          `\nReporting API over HTTP, ${ROUNDS} rounds of ${REPEAT} requests each (figures over the rounds pooled): the owner (all ${LOCATIONS} locations), a manager of ${MANAGER_LOCATIONS}, and the owner again (the A/A spread):`,
        );
        // A second owner session interleaved with the two: the same calls twice for the same caller show
        // how far two p95s of equal work fall apart on this machine (the A/A spread).
        // ROUNDS runs of all the calls, interleaved; each caller's figures are over its requests of all
        // rounds pooled (ROUNDS x REPEAT per call: a p95 of 50 requests is their third slowest, noise).
        const rounds: Timing[][][] = [];
        for (let r = 0; r < ROUNDS; r++)
          rounds.push(
            await time([
              ['client', token],
              ['manager', managerToken],
              ['client', token],
            ]),
          );
        const [owner, manager, again] = pooled(rounds, 3) as [Timing[], Timing[], Timing[]];
        // The issue's target: every call's p95 for the manager no worse than the owner's. "Worse" is
        // beyond the noise: above both owner runs' p95 by more than 10 % and 1 ms (a timer and GC
        // floor: on calls of 3 ms the two owner runs alone fall 1-2 ms apart).
        let slower = 0;
        console.log(
          `  ${'call'.padEnd(58)} ${'owner rows'.padStart(10)} ${'mgr rows'.padStart(8)}  ${'owner p50'.padStart(9)} ${'mgr p50'.padStart(9)}  ${'owner p95'.padStart(9)} ${'again p95'.padStart(9)} ${'mgr p95'.padStart(9)}  mgr/owner  again/owner`,
        );
        for (const [i, o] of owner.entries()) {
          const m = manager[i]!;
          const a = again[i]!;
          const worse = m.p95 > Math.max(o.p95, a.p95) * 1.1 + 1;
          if (worse) slower++;
          console.log(
            `  ${o.name.padEnd(58)} ${String(o.rows).padStart(10)} ${String(m.rows).padStart(8)}  ${ms(o.p50)} ${ms(m.p50)}  ${ms(o.p95)} ${ms(a.p95)} ${ms(m.p95)}  ${(m.p95 / o.p95).toFixed(2).padStart(9)}  ${(a.p95 / o.p95).toFixed(2).padStart(11)}${worse ? '  slower' : ''}`,
          );
        }
        const worst = (r: typeof owner) => Math.max(...r.map((x) => x.p95));
        const ok = slower === 0;
        console.log(
          `\n${ok ? 'PASS' : 'FAIL'}: ${slower} of ${owner.length} calls slower for the manager than both owner runs by more than 10 % and 1 ms; the manager's slowest p95 is ${worst(manager).toFixed(1)} ms, the owner's ${worst(owner).toFixed(1)} ms.`,
        );
        if (!ok) process.exitCode = 1;
        return;
      }
      if (before) {
        const beforeToken = (
          await before.gql(
            `mutation { login(email: "client@bench.test", password: "bench-client-pass") { token } }`,
          )
        ).login.token as string;
        console.log(
          `\nReporting API over HTTP, ${ROUNDS} rounds of ${REPEAT} requests each (pooled), this checkout (after) and ${BEFORE} (before, timed twice: the A/A spread) alternating; target: after's p95 no more than 10 % and 1 ms above both of before's (a call only after has: p95 < ${TARGET_MS} ms):`,
        );
        console.log(
          `  ${'call'.padEnd(66)} ${'rows'.padStart(7)}  ${'p50 after'.padStart(9)} ${'p50 before'.padStart(10)}  ${'p95 after'.padStart(9)} ${'p95 before'.padStart(10)} ${'again'.padStart(9)}  after/before`,
        );
        // The earlier app twice, interleaved with this one: two p95s of the same work show how far they
        // fall apart on this machine (on calls of 2-4 ms, a millisecond or two from one GC or another
        // process), so "slower" is beyond that spread, as in the scoped run. ROUNDS runs of the calls,
        // each caller's figures over its requests of all rounds pooled.
        const callers: [string, string, string][] = [
          ['client', token, base],
          ['client', beforeToken, before.base],
          ['client', beforeToken, before.base],
        ];
        const timeAll = async (only: readonly Case[]) => {
          const rounds: Timing[][][] = [];
          for (let r = 0; r < ROUNDS; r++) rounds.push(await time(callers, undefined, only));
          return pooled(rounds, 3) as [Timing[], Timing[], Timing[]];
        };
        const isSlower = (a: Timing, b: Timing, b2: Timing) =>
          Number.isNaN(b.p95) ? a.p95 >= TARGET_MS : a.p95 > Math.max(b.p95, b2.p95) * 1.1 + 1;
        const dash = '         -';
        const row = (a: Timing, b: Timing, b2: Timing, note: string) => {
          const isNew = Number.isNaN(b.p95);
          console.log(
            `  ${a.name.padEnd(66)} ${String(a.rows).padStart(7)}  ${ms(a.p50)} ${isNew ? dash : ` ${ms(b.p50)}`}  ${ms(a.p95)} ${isNew ? dash : ` ${ms(b.p95)}`} ${isNew ? dash : ms(b2.p95)}  ${isNew ? '(new)' : (a.p95 / b.p95).toFixed(2).padStart(12)}${note}`,
          );
        };
        const [after, earlier, again] = await timeAll(cases);
        const flagged: Case[] = [];
        for (const [i, a] of after.entries()) {
          const worse = isSlower(a, earlier[i]!, again[i]!);
          if (worse) flagged.push(cases[i]!);
          row(a, earlier[i]!, again[i]!, worse ? '  slower: timed again below' : '');
        }
        // The calls' p95s after against before, all together: a change that slows them shows here first.
        const both = after.flatMap((a, i) =>
          Number.isNaN(earlier[i]!.p95) ? [] : [a.p95 / earlier[i]!.p95],
        );
        const aa = earlier.flatMap((b, i) => (Number.isNaN(b.p95) ? [] : [again[i]!.p95 / b.p95]));
        const geomean = (r: number[]) => Math.exp(r.reduce((sum, x) => sum + Math.log(x), 0) / r.length);
        console.log(
          `\nGeometric mean of the p95s over the ${both.length} calls both apps have: after/before ${geomean(both).toFixed(2)}, before again/before ${geomean(aa).toFixed(2)} (the A/A spread).`,
        );
        // With 30-odd calls, one p95 of three beyond the others by 10 % and 1 ms is expected now and then
        // from noise alone (the A/A column trips it too). A flagged call is timed again, all three
        // callers anew: it fails only when it is slower again.
        let slower = 0;
        if (flagged.length) {
          console.log(
            `\nThe ${flagged.length} flagged call(s), timed again (${ROUNDS} rounds of ${REPEAT}):`,
          );
          const [a2, b2, c2] = await timeAll(flagged);
          for (const [i, a] of a2.entries()) {
            const worse = isSlower(a, b2[i]!, c2[i]!);
            if (worse) slower++;
            row(a, b2[i]!, c2[i]!, worse ? '  slower again' : '  not slower');
          }
        }
        console.log(
          `${slower === 0 ? 'PASS' : 'FAIL'}: ${slower} of ${after.length} calls slower after than both before runs (by more than 10 % and 1 ms, and again when timed anew; a new call: over ${TARGET_MS} ms).`,
        );
        if (slower) process.exitCode = 1;
        return;
      }
      console.log(`\nReporting API over HTTP, ${REPEAT} requests each (target p95 < ${TARGET_MS} ms):`);
      let worst = 0;
      let failed = 0;
      await time([['client', token]], (r) => {
        worst = Math.max(worst, r.p95);
        if (r.p95 >= TARGET_MS) failed++;
        console.log(
          `  ${r.name.padEnd(66)} ${String(r.rows).padStart(7)} rows ${(r.bytes / 1024).toFixed(0).padStart(6)} KiB   p50 ${ms(r.p50)}   p95 ${ms(r.p95)}${r.p95 >= TARGET_MS ? '  over' : ''}`,
        );
      });
      console.log(
        `\n${worst < TARGET_MS ? 'PASS' : 'FAIL'}: ${failed} of ${cases.length} calls over; the slowest p95 is ${worst.toFixed(1)} ms (target < ${TARGET_MS} ms); today is fixed at ${TODAY.toISOString().slice(0, 10)}.`,
      );
      if (worst >= TARGET_MS) process.exitCode = 1;
    } finally {
      await app?.close();
      await beforeApp?.close();
    }
  });
}

// Run only when started directly: summary-page.ts imports seed() from here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
