import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type postgres from 'postgres';
import { readBenchmarks, rollupBenchmarks } from '../../src/server/benchmarks/index.js';
import { percentile, withBenchDatabase } from './bench-database.js';

/**
 * The nightly benchmark rollup (issue 48) over many approved shops, and the dashboard's benchmark read
 * on its result (p50, p95 of ROUNDS calls).
 *
 * BENCH_QUESTION_SCORES (default 20,000,000) question scores: shops of 20 questions each, so 1,000,000
 * approved shops over 2 years, of BENCH_ACCOUNTS accounts (100) in 4 industries x 2 questionnaire
 * types. The rollup reads the shops' stored scores (evaluations.score / possible_score, the sums of
 * their question scores), never the question rows, so the seed writes the shops only; its cost grows
 * with the shops. BENCH_QUESTION_SCORES=2000000 measures a tenth and the figure is extrapolated.
 *
 * The seed also writes the per-day totals approval keeps (shop_score_days), which the read takes the
 * account's own figures from.
 *
 *   flock /tmp/bench.lock npx tsx scripts/bench/benchmark-rollup.ts
 *
 * BENCH_REUSE_DB=name keeps the seeded database and reuses it (bench-database.ts). BENCH_BEFORE_DIR=dir
 * (an earlier commit's worktree, node_modules linked) also times that checkout's readBenchmarks on the
 * same database, the two calls alternating, so that the machine's load falls on both alike.
 */
const QUESTION_SCORES = Number(process.env.BENCH_QUESTION_SCORES ?? 20_000_000);
const QUESTIONS = 20;
const SHOPS = Math.round(QUESTION_SCORES / QUESTIONS);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const INDUSTRIES = 4;
const ROUNDS = Number(process.env.ROUNDS ?? 50);

const SEED = `${SHOPS} shops ${ACCOUNTS} accounts`;
const BEFORE = process.env.BENCH_BEFORE_DIR ? path.resolve(process.env.BENCH_BEFORE_DIR) : null;
type Read = typeof readBenchmarks;
const beforeRead: Read | null = BEFORE
  ? (
      (await import(pathToFileURL(path.join(BEFORE, 'src/server/benchmarks/index.ts')).href)) as {
        readBenchmarks: Read;
      }
    ).readBenchmarks
  : null;

/** The accounts, programs and approved shops, and the per-day totals approval keeps. */
async function seed(sql: postgres.Sql) {
  const t0 = performance.now();
  await sql.unsafe(`
    insert into brands (id, short_name, name) values ('b', 'bench', 'Bench');
    insert into forms (id, name, draft) values ('f', 'Bench form', '{}');
    insert into form_versions (id, form_id, version, definition) values ('fv', 'f', 1, '{}');
    insert into industries (id, brand_id, title)
      select 'ind' || i, 'b', 'Industry ' || i from generate_series(1, ${INDUSTRIES}) i;
    insert into questionnaires (id, brand_id, industry_id, title, type)
      select 'q' || i || '-' || t, 'b', 'ind' || i, 'Program ' || i || t,
        case t when 0 then 'mysteryShop' else 'customerSurvey' end
      from generate_series(1, ${INDUSTRIES}) i, generate_series(0, 1) t;
    insert into users (id, email) select 'u' || a, 'u' || a || '@bench.test' from generate_series(1, ${ACCOUNTS}) a;
    insert into orders (id, brand_id, uid) select 'o' || a, 'b', 'u' || a from generate_series(1, ${ACCOUNTS}) a;
    insert into user_questionnaires (id, oid, uid, qid)
      select 'uq' || a || '-' || t, 'o' || a, 'u' || a, 'q' || (1 + a % ${INDUSTRIES}) || '-' || t
      from generate_series(1, ${ACCOUNTS}) a, generate_series(0, 1) t;`);
  // The shops: approved, scored 40 to 100 % of 100 possible, over two years (730 days).
  await sql.unsafe(`
    insert into evaluations (id, form_version_id, document, status, score, possible_score, client_id, uqid,
      is_survey, shop_date, approved_at)
    select 'e' || s, 'fv', '{}', 10004, 40 + (s::bigint * 7919 % 61)::int, 100, 'u' || (1 + s % ${ACCOUNTS}),
      'uq' || (1 + s % ${ACCOUNTS}) || '-' || (s / ${ACCOUNTS}) % 2, (s / ${ACCOUNTS}) % 2 = 1,
      date '2025-01-01' + (s % 730), timestamptz '2025-01-01' + (s % 730) * interval '1 day'
    from generate_series(1, ${SHOPS}) s`);
  await sql.unsafe(`
    insert into shop_score_days (client_id, uqid, shop_date, shops, total_score, total_possible_score,
      percent_sum, scored_shops)
    select client_id, uqid, shop_date, count(*), sum(score)::float8, sum(possible_score)::float8,
      sum(score::float8 / possible_score), count(*)
    from evaluations where not is_survey group by 1, 2, 3`);
  await sql.unsafe('analyze');
  const seeded = performance.now() - t0;
  console.log(
    `Seeded ${SHOPS.toLocaleString('en-US')} approved shops (${QUESTION_SCORES.toLocaleString('en-US')} question scores at ${QUESTIONS} a shop) of ${ACCOUNTS} accounts in ${(seeded / 1000).toFixed(1)} s.`,
  );
}

await withBenchDatabase('rollup', async (db) => {
  if (db.seededAs === SEED) console.log(`Reusing the database seeded with ${SEED}.`);
  else {
    await seed(db.direct);
    await db.markSeeded(SEED);
  }

  const run = await rollupBenchmarks(db.database.db);
  console.log(`Rollup: ${run.rows.toLocaleString('en-US')} rows in ${(run.ms / 1000).toFixed(1)} s.`);
  const again = await rollupBenchmarks(db.database.db);
  console.log(
    `Rollup again (warm): ${again.rows.toLocaleString('en-US')} rows in ${(again.ms / 1000).toFixed(1)} s.`,
  );

  // The dashboard's read for one account: a quarter and a year, every program.
  const account = { id: 'u1' } as never;
  const caller = { user: account, person: account, member: null };
  for (const [label, startDate, endDate] of [
    ['a quarter', '2026-10-01', '2026-12-31'],
    ['a year', '2026-01-01', '2026-12-31'],
  ] as const) {
    const times: number[] = [];
    const before: number[] = [];
    let shown = '';
    const shownOf = (rows: Awaited<ReturnType<Read>>) =>
      rows.map((r) => `${r.programName}: ${r.account?.label ?? r.message}`).join('; ');
    for (let i = 0; i < ROUNDS; i++) {
      const s = performance.now();
      const rows = await readBenchmarks(db.database.db, caller, { startDate, endDate });
      times.push(performance.now() - s);
      shown = shownOf(rows);
      if (beforeRead) {
        const b = performance.now();
        const old = await beforeRead(db.database.db, caller, { startDate, endDate });
        before.push(performance.now() - b);
        if (shownOf(old) !== shown) throw new Error(`before and after differ: ${shownOf(old)} / ${shown}`);
      }
    }
    console.log(
      `benchmarks read, ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${shown})` +
        (beforeRead
          ? `; before (${BEFORE}): p50 ${percentile(before, 50).toFixed(1)} ms, p95 ${percentile(before, 95).toFixed(1)} ms`
          : ''),
    );
  }
});
