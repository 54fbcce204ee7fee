// Benchmarks (issue 48): where an account's and a location's score stands among every other account's
// approved shops of the same industry and questionnaire type. The dashboard reads a nightly rollup
// (benchmark_score_days: shops per industry, type, month, account and whole percent), never the other
// accounts' shops, and shows only a band ("Top 25 %") when at least BENCHMARK_MIN_ACCOUNTS other
// accounts and BENCHMARK_MIN_SHOPS shops contribute. An account may opt out of contributing.
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
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
  shopScoreDays,
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
    if (!contribute) {
      const removed = await tx
        .delete(benchmarkScoreDays)
        .where(eq(benchmarkScoreDays.accountId, account.id))
        .returning({ percent: benchmarkScoreDays.percent });
      // The rollup's row count is its version for the readers' caches: fewer rows, a new version.
      if (removed.length)
        await tx
          .update(benchmarkRollupRuns)
          .set({ rows: sql`greatest(0, ${benchmarkRollupRuns.rows} - ${removed.length})` });
    }
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
  const own = await ownTotals(db, account.id, f, scope, chosen);
  const version = await rollupVersion(db);
  const views: BenchmarkView[] = [];
  for (const p of own) {
    const { counts, contributors } = await othersDistribution(db, version, {
      industryId: p.industryId,
      type: p.type,
      startDate: f.startDate,
      endDate: f.endDate,
      accountId: account.id,
    });
    const band = (score: number | null, possible: number | null) =>
      possible && possible > 0 ? benchmarkBand((100 * (score ?? 0)) / possible, counts, contributors) : null;
    const accountBand = band(Number(p.score), Number(p.possible));
    const locationBand =
      chosen && p.locationPossible !== null
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

type OwnTotals = {
  programId: string;
  programName: string;
  industryId: string;
  industry: string;
  type: string;
  score: number;
  possible: number;
  locationScore: number | null;
  locationPossible: number | null;
};

/**
 * The caller's summed scores per program in the range (and the chosen location's). The whole account's
 * mystery shops come from the per-day rollup the reports keep on approval (shop_score_days: a row per
 * program and day, where a chain's year is 50,000 shops), its survey responses from the report index;
 * a manager's locations or a chosen location from the shops themselves.
 */
async function ownTotals(
  db: Db,
  accountId: string,
  f: BenchmarkFilter,
  scope: string[] | null,
  chosen: string[] | null,
): Promise<OwnTotals[]> {
  const programs = await db
    .select({
      programId: userQuestionnaires.id,
      programName: questionnaires.title,
      industryId: questionnaires.industryId,
      industry: industries.title,
      type: questionnaires.type,
    })
    .from(userQuestionnaires)
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .innerJoin(industries, eq(industries.id, questionnaires.industryId))
    .where(
      and(
        eq(userQuestionnaires.uid, accountId),
        f.programId ? eq(userQuestionnaires.id, f.programId) : undefined,
        f.programName ? eq(questionnaires.title, f.programName) : undefined,
      ),
    )
    .orderBy(questionnaires.title);
  if (!programs.length) return [];
  const ids = programs.map((p) => p.programId);
  const sums = new Map<string, { score: number; possible: number; locScore: number; locPossible: number }>();
  const add = (uqid: string, score: number, possible: number, locScore = 0, locPossible = 0) => {
    const s = sums.get(uqid) ?? { score: 0, possible: 0, locScore: 0, locPossible: 0 };
    s.score += Number(score);
    s.possible += Number(possible);
    s.locScore += Number(locScore ?? 0);
    s.locPossible += Number(locPossible ?? 0);
    sums.set(uqid, s);
  };
  const inRange = and(gte(evaluations.shopDate, f.startDate), lte(evaluations.shopDate, f.endDate));
  const approved = and(
    eq(evaluations.clientId, accountId),
    eq(evaluations.status, EvaluationStatus.Approved),
    inArray(evaluations.uqid, ids),
  );
  const shopsSeen = new Set<string>();
  if (!scope && !chosen) {
    const days = await db
      .select({
        uqid: shopScoreDays.uqid,
        shops: sql<number>`sum(${shopScoreDays.shops})::int`,
        score: sql<number>`sum(${shopScoreDays.totalScore})::float8`,
        possible: sql<number>`sum(${shopScoreDays.totalPossibleScore})::float8`,
      })
      .from(shopScoreDays)
      .where(
        and(
          eq(shopScoreDays.clientId, accountId),
          inArray(shopScoreDays.uqid, ids),
          gte(shopScoreDays.shopDate, f.startDate),
          lte(shopScoreDays.shopDate, f.endDate),
        ),
      )
      .groupBy(shopScoreDays.uqid);
    for (const d of days) {
      add(d.uqid, d.score, d.possible);
      shopsSeen.add(d.uqid);
    }
    const surveys = await db
      .select({
        uqid: evaluations.uqid,
        score: sql<number>`sum(${evaluations.score})::float8`,
        possible: sql<number>`sum(${evaluations.possibleScore})::float8`,
      })
      .from(evaluations)
      .where(and(approved, eq(evaluations.isSurvey, true), inRange))
      .groupBy(evaluations.uqid);
    for (const r of surveys) {
      add(r.uqid!, r.score, r.possible);
      shopsSeen.add(r.uqid!);
    }
  } else {
    const location = chosen
      ? sql`${evaluations.locationId} in (${sql.join(
          chosen.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;
    const rows = await db
      .select({
        uqid: evaluations.uqid,
        score: sql<number>`sum(${evaluations.score})::float8`,
        possible: sql<number>`sum(${evaluations.possibleScore})::float8`,
        locationScore: sql<number>`coalesce(sum(${evaluations.score}) filter (where ${location}), 0)::float8`,
        locationPossible: sql<number>`coalesce(sum(${evaluations.possibleScore}) filter (where ${location}), 0)::float8`,
        locationShops: sql<number>`(count(*) filter (where ${location}))::int`,
      })
      .from(evaluations)
      .where(and(approved, inRange, scope ? inArray(evaluations.locationId, scope) : undefined))
      .groupBy(evaluations.uqid);
    for (const r of rows) {
      add(r.uqid!, r.score, r.possible, r.locationScore, r.locationPossible);
      shopsSeen.add(r.uqid!);
      if (Number(r.locationShops) === 0) sums.get(r.uqid!)!.locPossible = Number.NaN;
    }
  }
  return programs
    .filter((p) => shopsSeen.has(p.programId))
    .map((p) => {
      const s = sums.get(p.programId)!;
      const located = chosen && !Number.isNaN(s.locPossible);
      return {
        ...p,
        score: s.score,
        possible: s.possible,
        locationScore: located ? s.locScore : null,
        locationPossible: located ? s.locPossible : null,
      };
    });
}

// ---------------------------------------------------------------- the others' distribution, cached

/**
 * The rollup's version: when it last finished and how many rows it holds (an opt-out that removes an
 * account's rows lowers the count). Null without a finished run: nothing is cached then.
 */
async function rollupVersion(db: Db): Promise<string | null> {
  const [run] = await db.select().from(benchmarkRollupRuns).limit(1);
  return run ? `${run.finishedAt.getTime()}:${run.rows}` : null;
}

type Distribution = {
  /** Shops per whole percent, every contributing account. */
  all: Map<number, number>;
  /** Each account's shops per whole percent. */
  byAccount: Map<string, Map<number, number>>;
};

/** Per database, the distributions of one rollup version by industry, type and months. */
const distributions = new WeakMap<Db, { version: string; entries: Map<string, Distribution> }>();
/** Ranges kept per database (the dashboard's few ranges, over each industry and type). */
const MAX_CACHED = 200;

/**
 * Every other account's shops per whole percent in an industry and questionnaire type over the months a
 * range touches, and how many accounts they are. The rollup changes once a night: each instance reads a
 * range's rows once per rollup (its version in benchmark_rollup_runs, read on every call) and takes the
 * caller's own rows out of the totals, instead of summing the others' rows on every dashboard load.
 */
async function othersDistribution(
  db: Db,
  version: string | null,
  k: { industryId: string; type: string; startDate: string; endDate: string; accountId: string },
): Promise<{ counts: Map<number, number>; contributors: number }> {
  const key = `${k.industryId}\u0000${k.type}\u0000${k.startDate.slice(0, 7)}\u0000${k.endDate}`;
  let cache = distributions.get(db);
  if (!cache || cache.version !== version) {
    cache = { version: version ?? '', entries: new Map() };
    if (version) distributions.set(db, cache);
  }
  let d = version ? cache.entries.get(key) : undefined;
  if (!d) {
    const rows = await db
      .select({
        accountId: benchmarkScoreDays.accountId,
        percent: benchmarkScoreDays.percent,
        shops: sql<number>`sum(${benchmarkScoreDays.shops})::int`,
      })
      .from(benchmarkScoreDays)
      .where(
        and(
          eq(benchmarkScoreDays.industryId, k.industryId),
          eq(benchmarkScoreDays.questionnaireType, k.type),
          // The rollup is per month: a range takes the months it touches.
          gte(benchmarkScoreDays.shopDate, `${k.startDate.slice(0, 7)}-01`),
          lte(benchmarkScoreDays.shopDate, k.endDate),
        ),
      )
      .groupBy(benchmarkScoreDays.accountId, benchmarkScoreDays.percent);
    d = { all: new Map(), byAccount: new Map() };
    for (const r of rows) {
      const shops = Number(r.shops);
      const percent = Number(r.percent);
      d.all.set(percent, (d.all.get(percent) ?? 0) + shops);
      const mine = d.byAccount.get(r.accountId) ?? new Map<number, number>();
      d.byAccount.set(r.accountId, mine);
      mine.set(percent, shops);
    }
    if (version) {
      if (cache.entries.size >= MAX_CACHED) cache.entries.delete(cache.entries.keys().next().value!);
      cache.entries.set(key, d);
    }
  }
  const own = d.byAccount.get(k.accountId);
  const counts = new Map(d.all);
  if (own)
    for (const [percent, shops] of own) {
      const left = (counts.get(percent) ?? 0) - shops;
      if (left > 0) counts.set(percent, left);
      else counts.delete(percent);
    }
  return { counts, contributors: d.byAccount.size - (own ? 1 : 0) };
}
