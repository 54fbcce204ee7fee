// Benchmarks (issue 48): where an account's and a location's score stands among every other account's
// approved shops of the same industry and questionnaire type. The dashboard reads a nightly rollup
// (benchmark_score_days: shops per industry, type, month, account and whole percent), never the other
// accounts' shops, and shows only a band ("Top 25 %") when at least BENCHMARK_MIN_ACCOUNTS other
// accounts and BENCHMARK_MIN_SHOPS shops contribute. An account may opt out of contributing.
import { and, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { benchmarkBand, isDateKey, MSG_BENCHMARK_NOT_ENOUGH } from '../../domain/index.js';
import { EvaluationStatus } from '../../evaluation/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { executedRows } from '../db/json-rows.js';
import {
  benchmarkRollupRuns,
  benchmarkScoreDays,
  evaluations,
  industries,
  locations,
  questionnaires,
  userQuestionnaires,
  users,
} from '../db/schema.js';
import { badInput } from '../errors.js';
import { type Caller, locationScopeOf, requireTeam } from '../team/index.js';

// ---------------------------------------------------------------- the nightly rollup

/**
 * Rebuilds the rollup from every approved shop and survey response with a score, of accounts that did
 * not opt out, in one transaction (readers see the old rollup until it commits). Safe to repeat.
 */
export async function rollupBenchmarks(db: Db, now = new Date()): Promise<{ rows: number; ms: number }> {
  const started = performance.now();
  return inTransaction(db, async (tx) => {
    await tx.delete(benchmarkScoreDays);
    const inserted = executedRows<{ n: number }>(
      await tx.execute(sql`
        with rolled as (
          insert into ${benchmarkScoreDays}
            (industry_id, questionnaire_type, shop_date, account_id, percent, shops)
          select q.industry_id, q.type, date_trunc('month', e.shop_date)::date, e.client_id,
            least(100, greatest(0, round(100 * e.score / e.possible_score)))::int as percent, count(*)::int
          from ${evaluations} e
          join ${userQuestionnaires} uq on uq.id = e.uqid
          join ${questionnaires} q on q.id = uq.qid
          join ${users} u on u.id = e.client_id
          where e.status = ${EvaluationStatus.Approved} and e.possible_score > 0 and e.shop_date is not null
            and not u.benchmark_opt_out
          group by 1, 2, 3, 4, 5
          returning 1)
        select count(*)::int as n from rolled`),
    );
    const rows = Number(inserted[0]?.n ?? 0);
    const ms = Math.round(performance.now() - started);
    await tx
      .insert(benchmarkRollupRuns)
      .values({ id: 1, finishedAt: now, rows, ms })
      .onConflictDoUpdate({ target: benchmarkRollupRuns.id, set: { finishedAt: now, rows, ms } });
    return { rows, ms };
  });
}

// ---------------------------------------------------------------- the account's setting

export type BenchmarkSettings = { contributes: boolean; lastRollupAt: Date | null };

export async function readBenchmarkSettings(db: Db, c: Caller): Promise<BenchmarkSettings> {
  const account = requireTeam(c, 'settings');
  const [run] = await db.select().from(benchmarkRollupRuns).limit(1);
  const [row] = await db
    .select({ optOut: users.benchmarkOptOut })
    .from(users)
    .where(eq(users.id, account.id));
  return { contributes: !row?.optOut, lastRollupAt: run?.finishedAt ?? null };
}

/**
 * Whether the account's approved shops count in other accounts' benchmarks (owner and admins). Opting
 * out also removes its rows from the rollup now, not at the next night's run.
 */
export async function setBenchmarkContribution(db: Db, c: Caller, contribute: boolean) {
  const account = requireTeam(c, 'settings');
  if (typeof contribute !== 'boolean') throw badInput('contribute', 'Contribute must be true or false.');
  await inTransaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ benchmarkOptOut: !contribute, updatedAt: new Date() })
      .where(eq(users.id, account.id));
    if (!contribute) await tx.delete(benchmarkScoreDays).where(eq(benchmarkScoreDays.accountId, account.id));
  });
  return readBenchmarkSettings(db, c);
}

// ---------------------------------------------------------------- reading

export type BenchmarkFilter = {
  startDate: string;
  endDate: string;
  programId?: string | null;
  locationId?: string | null;
  /** As the Performance Summary's filters name them (its reporting calls go by names). */
  programName?: string | null;
  locationName?: string | null;
};

export type BenchmarkBandView = { label: string; topPercent: number | null };

export type BenchmarkView = {
  programId: string;
  programName: string;
  industry: string;
  questionnaireType: string;
  /** The caller's whole scope (the account; a manager's locations). Null: not enough data. */
  account: BenchmarkBandView | null;
  /** The chosen location, when one is chosen. */
  location: BenchmarkBandView | null;
  available: boolean;
  message: string | null;
};

/**
 * The benchmark of each of the caller's programs with shops in the range (or of the chosen one): the
 * band of the caller's score, and of the chosen location's, among the other accounts' shops.
 */
export async function readBenchmarks(db: Db, c: Caller, f: BenchmarkFilter): Promise<BenchmarkView[]> {
  const account = requireTeam(c, 'reports');
  if (!isDateKey(f.startDate)) throw badInput('startDate', 'Start date must be a date as YYYY-MM-DD.');
  if (!isDateKey(f.endDate)) throw badInput('endDate', 'End date must be a date as YYYY-MM-DD.');
  const scope = await locationScopeOf(db, c);
  if (scope && f.locationId && !scope.includes(f.locationId)) return [];
  if (scope && !scope.length) return [];
  // The chosen location: by id, or the caller's locations of that name.
  let chosen: string[] | null = f.locationId ? [f.locationId] : null;
  if (!chosen && f.locationName) {
    const named = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.uid, account.id), eq(locations.name, f.locationName)));
    chosen = named.map((l) => l.id).filter((id) => !scope || scope.includes(id));
    if (!chosen.length) return [];
  }
  const where: SQL[] = [
    eq(evaluations.clientId, account.id),
    eq(evaluations.status, EvaluationStatus.Approved),
    gte(evaluations.shopDate, f.startDate),
    lte(evaluations.shopDate, f.endDate),
  ];
  if (scope) where.push(inArray(evaluations.locationId, scope));
  if (f.programId) where.push(eq(evaluations.uqid, f.programId));
  if (f.programName) where.push(eq(questionnaires.title, f.programName));
  const location = chosen
    ? sql`${evaluations.locationId} in (${sql.join(
        chosen.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : null;
  const own = await db
    .select({
      programId: userQuestionnaires.id,
      programName: questionnaires.title,
      industryId: questionnaires.industryId,
      industry: industries.title,
      type: questionnaires.type,
      score: sql<number>`sum(${evaluations.score})::float8`,
      possible: sql<number>`sum(${evaluations.possibleScore})::float8`,
      locationScore: location
        ? sql<number | null>`(sum(${evaluations.score}) filter (where ${location}))::float8`
        : sql<null>`null`,
      locationPossible: location
        ? sql<number | null>`(sum(${evaluations.possibleScore}) filter (where ${location}))::float8`
        : sql<null>`null`,
    })
    .from(evaluations)
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, evaluations.uqid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .innerJoin(industries, eq(industries.id, questionnaires.industryId))
    .where(and(...where))
    .groupBy(
      userQuestionnaires.id,
      questionnaires.title,
      questionnaires.industryId,
      industries.title,
      questionnaires.type,
    )
    .orderBy(questionnaires.title);
  const views: BenchmarkView[] = [];
  for (const p of own) {
    const others = await db
      .select({
        percent: benchmarkScoreDays.percent,
        shops: sql<number>`sum(${benchmarkScoreDays.shops})::int`,
        accounts: sql<number>`count(distinct ${benchmarkScoreDays.accountId})::int`,
      })
      .from(benchmarkScoreDays)
      .where(
        and(
          eq(benchmarkScoreDays.industryId, p.industryId),
          eq(benchmarkScoreDays.questionnaireType, p.type),
          // The rollup is per month: a range takes the months it touches.
          gte(benchmarkScoreDays.shopDate, `${f.startDate.slice(0, 7)}-01`),
          lte(benchmarkScoreDays.shopDate, f.endDate),
          ne(benchmarkScoreDays.accountId, account.id),
        ),
      )
      .groupBy(sql`rollup(${benchmarkScoreDays.percent})`);
    // The rollup's grand total row (percent null) counts the distinct accounts over every percent.
    const total = others.find((r) => r.percent === null);
    const counts = new Map(
      others.filter((r) => r.percent !== null).map((r) => [Number(r.percent), Number(r.shops)]),
    );
    const contributors = Number(total?.accounts ?? 0);
    const band = (score: number | null, possible: number | null) =>
      possible && possible > 0 ? benchmarkBand((100 * (score ?? 0)) / possible, counts, contributors) : null;
    const accountBand = band(Number(p.score), Number(p.possible));
    const locationBand =
      location && p.locationPossible !== null
        ? band(Number(p.locationScore), Number(p.locationPossible))
        : null;
    views.push({
      programId: p.programId,
      programName: p.programName,
      industry: p.industry,
      questionnaireType: p.type,
      account: accountBand,
      location: locationBand,
      available: accountBand !== null,
      message: accountBand ? null : MSG_BENCHMARK_NOT_ENOUGH,
    });
  }
  return views;
}
