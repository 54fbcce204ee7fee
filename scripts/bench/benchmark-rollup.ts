import { performance } from 'node:perf_hooks';
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
 *   flock /tmp/bench.lock npx tsx scripts/bench/benchmark-rollup.ts
 */
const QUESTION_SCORES = Number(process.env.BENCH_QUESTION_SCORES ?? 20_000_000);
const QUESTIONS = 20;
const SHOPS = Math.round(QUESTION_SCORES / QUESTIONS);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const INDUSTRIES = 4;
const ROUNDS = Number(process.env.ROUNDS ?? 50);

await withBenchDatabase('rollup', async (db) => {
  const sql = db.direct;
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
  await sql.unsafe('analyze');
  const seeded = performance.now() - t0;
  console.log(
    `Seeded ${SHOPS.toLocaleString('en-US')} approved shops (${QUESTION_SCORES.toLocaleString('en-US')} question scores at ${QUESTIONS} a shop) of ${ACCOUNTS} accounts in ${(seeded / 1000).toFixed(1)} s.`,
  );

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
    let shown = '';
    for (let i = 0; i < ROUNDS; i++) {
      const s = performance.now();
      const rows = await readBenchmarks(db.database.db, caller, { startDate, endDate });
      times.push(performance.now() - s);
      shown = rows.map((r) => `${r.programName}: ${r.account?.label ?? r.message}`).join('; ');
    }
    console.log(
      `benchmarks read, ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${shown})`,
    );
  }
});
