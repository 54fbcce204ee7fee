import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  groupingPeriod,
  groupingPerLocation,
  PERFORMANCE_THRESHOLDS,
  type SummaryGrouping,
} from '../../domain/index.js';
import { EvaluationStatus, VisitStatus } from '../../evaluation/index.js';
import type { Db } from '../db/client.js';
import { executedRows } from '../db/json-rows.js';
import {
  evaluations,
  locations,
  orders,
  questionnaires,
  questionScoreDays,
  questionScoreRegionDays,
  sectionScoreDays,
  sectionScoreRegionDays,
  surveyLinks,
  userQuestionnaires,
  visits,
} from '../db/schema.js';
import type { Reach } from '../team/access.js';

// The reporting API's data: SQL aggregations over the scores stored when evaluations are approved
// (evaluation_section_scores, evaluation_question_scores), never loops over answers.

export type Paging = { pageNumber: number; pageSize: number };
export type DateFilter = { startDate?: string | null; endDate?: string | null };
/**
 * The locations a call keeps to: null (or absent) for all of the client's, else only these ids
 * (none: nothing). A team's manager and the Region filter set it (see routes.ts).
 */
export type Scope = {
  scope?: string[] | null;
  /**
   * The same locations as whole regions plus loose locations, set whenever `scope` is: the rollup-backed
   * calls read the regions' rollups and only the loose locations' shops.
   */
  reach?: Pick<Reach, 'regions' | 'loose'> | null;
};

/** `column` within the scope; undefined when the call sees every location. */
const inScope = (column: SQL | AnyPgColumn, scope: string[] | null | undefined) =>
  scope == null ? undefined : scope.length ? sql`${column} in ${scope}` : sql`false`;
/** The same as a raw SQL condition to append (`and ...`), empty when unscoped. */
const andInScope = (column: SQL, scope: string[] | null | undefined) =>
  scope == null ? sql`` : sql`and ${inScope(column, scope)}`;

const offset = (p: Paging) => (p.pageNumber - 1) * p.pageSize;
const address = sql<string>`coalesce(${locations.formattedAddress}, concat_ws(', ', nullif(${locations.line1}, ''), nullif(${locations.city}, ''), nullif(${locations.state}, '')))`;
const programName = questionnaires.title;

/** Approved evaluations of one client (mystery shops unless `surveys`), optionally in a date range. */
function approvedOf(
  client: string,
  f: DateFilter & Scope & { programId?: string | null; surveys?: boolean },
) {
  return and(
    eq(evaluations.clientId, client),
    inScope(evaluations.locationId, f.scope),
    eq(evaluations.status, EvaluationStatus.Approved),
    eq(evaluations.isSurvey, f.surveys ?? false),
    f.startDate ? gte(evaluations.shopDate, f.startDate) : undefined,
    f.endDate ? lte(evaluations.shopDate, f.endDate) : undefined,
    f.programId ? eq(evaluations.uqid, f.programId) : undefined,
  );
}

/**
 * /api/programs/: the client's programs (questionnaires on completed orders) with their result counts:
 * mystery shops from the per-location totals approval keeps, survey responses counted.
 */
export async function listPrograms(db: Db, client: string, paging: Paging & Scope) {
  // Each count: the program's mystery shops from the totals, plus its approved survey responses.
  const ratio = sql`case when s.possible_score > 0 then s.score / s.possible_score else 0 end`;
  const count = (column: SQL, surveys: SQL) =>
    sql<number>`(select coalesce(sum(${column}), 0) from location_score_totals t
        where t.client_id = ${client} and t.uqid = ${userQuestionnaires.id} ${andInScope(sql`t.location_id`, paging.scope)})
      + (select count(*) filter (where ${surveys}) from evaluations s
        where s.client_id = ${client} and s.status = ${EvaluationStatus.Approved} and s.is_survey
          and s.uqid = ${userQuestionnaires.id} ${andInScope(sql`s.location_id`, paging.scope)})`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      programId: userQuestionnaires.id,
      programName,
      programType: questionnaires.type,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      positives: count(sql`t.positives`, sql`${ratio} >= ${PERFORMANCE_THRESHOLDS.success}`),
      negatives: count(sql`t.negatives`, sql`${ratio} < ${PERFORMANCE_THRESHOLDS.warn}`),
      neutrals: count(
        sql`t.neutrals`,
        sql`${ratio} >= ${PERFORMANCE_THRESHOLDS.warn} and ${ratio} < ${PERFORMANCE_THRESHOLDS.success}`,
      ),
    })
    .from(userQuestionnaires)
    .innerJoin(orders, eq(orders.id, userQuestionnaires.oid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .where(
      and(
        eq(orders.uid, client),
        eq(orders.status, 'COMPLETE'),
        // A scoped caller sees the programs with a visit, survey link or result at one of their locations.
        paging.scope == null
          ? undefined
          : sql`(exists (select 1 from ${visits} where ${visits.uqid} = ${userQuestionnaires.id} ${andInScope(sql`${visits.locationId}`, paging.scope)})
              or exists (select 1 from ${surveyLinks} where ${surveyLinks.uqid} = ${userQuestionnaires.id} ${andInScope(sql`${surveyLinks.locationId}`, paging.scope)})
              or exists (select 1 from ${evaluations} e where e.uqid = ${userQuestionnaires.id} ${andInScope(sql`e.location_id`, paging.scope)}))`,
      ),
    )
    .orderBy(desc(orders.orderDate), asc(questionnaires.title))
    .limit(paging.pageSize)
    .offset(offset(paging));
  return rows.map((r) => ({
    ...r,
    programType: r.programType === 'customerSurvey' ? ('customerSurvey' as const) : ('shop' as const),
    orderDate: r.orderDate?.toISOString() ?? null,
    summaryLink: `/account/reports/shopsbyprogram/${r.programId}`,
  }));
}

/** A visit status code as its name (visitStatusName), or the code itself when outside the catalogue. */
const VISIT_STATUS_SQL = sql.raw(
  `case v.status ${Object.entries(VisitStatus)
    .map(([name, code]) => `when ${Number(code)} then '${name}'`)
    .join(' ')} else v.status::text end`,
);

/**
 * /api/shops/: the visits of the client's programs (one program's with `programId`, one order's with
 * `order`, the order's id; empty or absent: all), with the latest evaluation and its section
 * stats, as one JSON text built by PostgreSQL. Another account's program or order is no program or order
 * of the client's: an empty list, like any filter that matches nothing. Each program's latest visits are read by its (uqid, due
 * date) index, enough of them for the page, and merged; the page's visits then find their latest
 * evaluation and its sections by key (a chain's 250,000 visits are never all read or sorted).
 */
export function listShops(
  db: Db,
  client: string,
  f: { programId?: string | null; order?: string | null } & Paging & Scope,
) {
  const approved = sql`e.status = ${EvaluationStatus.Approved}`;
  // A section's percent from its scores as the client reads them: a real's shortest text, as a double.
  const percent = sql`case when s.possible_score > 0 then s.score::text::float8 / s.possible_score::text::float8 else 0 end`;
  return jsonRows(
    db,
    sql`with v as (
        select v.id, v.uqid, v.location_id, v.cycle_start, v.due_date, v.status, q.title, o.order_number
        from user_questionnaires uq
        join orders o on o.id = uq.oid
        join questionnaires q on q.id = uq.qid
        -- In the index's order: desc alone means nulls first, which the index (nulls last) does not give.
        cross join lateral (
          select id, uqid, location_id, cycle_start, due_date, status from visits
          where visits.uqid = uq.id ${andInScope(sql`visits.location_id`, f.scope)}
          order by due_date desc nulls last, id
          limit ${offset(f) + f.pageSize}) v
        where o.uid = ${client} ${f.programId ? sql`and uq.id = ${f.programId}` : sql``}
          ${f.order ? sql`and o.id = ${f.order}` : sql``}
        order by v.due_date desc, v.id
        limit ${f.pageSize} offset ${offset(f)})
      select v.id as "shopId", v.uqid as "programId", v.title as "programName", v.order_number as "orderNumber",
        ${ADDRESS_SQL} as "address", l.name as "locationName", v.cycle_start as "cycleStartDate",
        v.due_date as "dueDate", ${VISIT_STATUS_SQL} as "status", e.status as "latestEvalStatus",
        case when ${approved} then '/account/reports/shop/' || e.id end as "reportLink",
        to_char(e.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "submittedDate",
        case when ${approved} then coalesce((
          select json_agg(j order by s.section_index)
          from evaluation_section_scores s, lateral (
            select s.section_header as "sectionName", s.score as "scoreAchieved", s.possible_score as "scoreTotal",
              ${percent} as "percentage") j
          where s.evaluation_id = e.id), '[]') end as "stats"
      from v
      join locations l on l.id = v.location_id
      left join lateral (
        select evaluations.id, evaluations.status, evaluations.submitted_at from evaluations
        where evaluations.visit_id = v.id and evaluations.client_id = ${client}
        order by evaluations.created_at desc limit 1) e on true`,
    sql`t."dueDate" desc, t."shopId"`,
  );
}

/** /api/surveys/: one row per survey program and location, with its response count. */
export async function listSurveys(db: Db, client: string, f: { programId?: string | null } & Paging & Scope) {
  const rows = await db
    .select({
      programId: surveyLinks.uqid,
      clientLocationId: surveyLinks.locationId,
      surveyCode: surveyLinks.surveyCode,
      programName,
      address,
      locationName: locations.name,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      responses:
        sql<number>`(select count(*) from ${evaluations} where ${evaluations.surveyLinkId} = ${surveyLinks.id} and ${evaluations.status} = ${EvaluationStatus.Approved})`.mapWith(
          Number,
        ),
      submittedDate: sql<
        string | null
      >`(select max(${evaluations.submittedAt}) from ${evaluations} where ${evaluations.surveyLinkId} = ${surveyLinks.id})`,
    })
    .from(surveyLinks)
    .innerJoin(userQuestionnaires, eq(userQuestionnaires.id, surveyLinks.uqid))
    .innerJoin(orders, eq(orders.id, userQuestionnaires.oid))
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .innerJoin(locations, eq(locations.id, surveyLinks.locationId))
    .where(
      and(
        eq(orders.uid, client),
        f.programId ? eq(surveyLinks.uqid, f.programId) : undefined,
        inScope(surveyLinks.locationId, f.scope),
      ),
    )
    .orderBy(desc(orders.orderDate), asc(locations.name))
    .limit(f.pageSize)
    .offset(offset(f));
  return rows.map((r) => ({
    ...r,
    orderDate: r.orderDate?.toISOString() ?? null,
    submittedDate: r.submittedDate ? new Date(r.submittedDate).toISOString() : null,
    reportLink: `/survey/program-summary/${r.surveyCode}`,
    evaluationLink: `/survey/${r.surveyCode}`,
  }));
}

/** A JSON array already serialized by PostgreSQL (sent as is). */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * The rows of a report query as one JSON array built by PostgreSQL: the large per-shop reports skip
 * making a JavaScript object per row and serializing it again. Ids are ordered byte-wise (collate "C"):
 * they only need a stable order, and the database's locale collation costs more.
 */
async function jsonRows(db: Db, query: SQL, order: SQL): Promise<RawJson> {
  const rows = executedRows<{ json: string }>(
    await db.execute(
      sql`select coalesce(json_agg(t order by ${order}), '[]')::text as json from (${query}) t`,
    ),
  );
  return new RawJson(rows[0]?.json ?? '[]');
}

const ADDRESS_SQL = sql`coalesce(l.formatted_address, concat_ws(', ', nullif(l.line1, ''), nullif(l.city, ''), nullif(l.state, '')))`;

export type SummaryFilter = DateFilter &
  Scope & {
    programId?: string | null;
    programName?: string | null;
    locationName?: string | null;
    groupBy?: SummaryGrouping | null;
  };

/** A date's month (its first day, still a date: cheaper than date_trunc's timestamp) or the day itself. */
const bucketOf = (period: 'month' | 'day', column: SQL) =>
  period === 'month' ? sql`${column} - extract(day from ${column})::int + 1` : column;

/**
 * The ids of the client's programs of a name, as an array evaluated once (from the per-location totals,
 * which hold every program with an approved shop): an index reads those programs' rows only, where a
 * join on the title filtered every row.
 */
const programIdsNamed = (client: string, name: string) =>
  sql`array(select distinct t.uqid from location_score_totals t
    join user_questionnaires uq on uq.id = t.uqid join questionnaires q on q.id = uq.qid
    where t.client_id = ${client} and q.title = ${name})`;

/** A daily rollup's (`d`) conditions for the range and program filters (`and ...`). */
const dayFilters = (client: string, f: SummaryFilter) =>
  sql`${f.startDate ? sql`and d.shop_date >= ${f.startDate}` : sql``}
    ${f.endDate ? sql`and d.shop_date <= ${f.endDate}` : sql``}
    ${f.programId ? sql`and d.uqid = ${f.programId}` : sql``}
    ${f.programName ? sql`and d.uqid = any(${programIdsNamed(client, f.programName)})` : sql``}`;

/** The period of a grouping as one more group key (`, bucket`), none when it sums the whole range. */
const periodKey = (grouping: SummaryGrouping, column: SQL) => {
  const period = groupingPeriod(grouping);
  return period ? sql`, ${bucketOf(period, column)}` : sql``;
};

/** The named program and location filters of the summary calls (omitted when All). */
const namedFilters = (f: SummaryFilter) =>
  sql`${f.programName ? sql`and q.title = ${f.programName}` : sql``} ${f.locationName ? sql`and l.name = ${f.locationName}` : sql``}`;

/**
 * One page of the shops of a per-shop call, in shop date and id order: summary/shops, sectionHeaders
 * and questions page by the same shops, so a CSV read page by page equals the one read at once.
 */
const shopsPageClause = (page: Paging | null | undefined) =>
  page
    ? sql`order by evaluations.shop_date, evaluations.id collate "C" limit ${page.pageSize} offset ${offset(page)}`
    : sql``;

/** Per-shop calls (the CSV) may be read a page of shops at a time. */
export type ShopsPage = { shopsPage?: Paging | null };

/**
 * /api/summary/shops: one record per approved shop (CSV, external clients); with `groupBy`, one per
 * group (see SUMMARY_GROUPINGS: per program with location and period, location over the range, or
 * period over all locations), with its shop count, summed scores, the sum of the shops' percents and
 * its first and last shop date (the Performance Summary: a few thousand records for any range
 * instead of one per shop). Records of a grouping without locations name the location filter, or none.
 * Per shop, `shopsPage` reads one page of the shops (the CSV reads a program's range page by page).
 */
export function summaryShops(db: Db, client: string, f: SummaryFilter & ShopsPage) {
  const percent = sql`case when evaluations.possible_score > 0 then evaluations.score::float8 / evaluations.possible_score else 0 end`;
  if (f.groupBy === 'location' && !f.startDate && !f.endDate) {
    // All time per program and location: the totals approval keeps (a row each), not every shop.
    return jsonRows(
      db,
      sql`select t.first_shop_date as shop_date, t.last_shop_date, t.uqid as program_id, q.title as program_name, l.name,
          t.shops as shop_count, t.total_score, t.total_possible_score, t.percent_sum, t.scored_shops
        from location_score_totals t
        join user_questionnaires uq on uq.id = t.uqid
        join questionnaires q on q.id = uq.qid
        join locations l on l.id = t.location_id
        where t.client_id = ${client} ${andInScope(sql`t.location_id`, f.scope)}
          ${f.programId ? sql`and t.uqid = ${f.programId}` : sql``} ${namedFilters(f)}`,
      sql`t.shop_date, t.program_name collate "C", t.name collate "C"`,
    );
  }
  if (f.groupBy && !groupingPerLocation(f.groupBy) && !f.locationName && f.scope == null) {
    // A program's shops by period over all locations (the program chart): the daily totals approval keeps.
    return jsonRows(
      db,
      sql`select g.shop_date, g.last_shop_date, g.uqid as program_id, q.title as program_name, null::text as name,
          g.shop_count, g.total_score, g.total_possible_score, g.percent_sum, g.scored_shops
        from (
          select d.uqid, min(d.shop_date) as shop_date, max(d.shop_date) as last_shop_date, sum(d.shops)::int as shop_count,
            sum(d.total_score) as total_score, sum(d.total_possible_score) as total_possible_score,
            sum(d.percent_sum) as percent_sum, sum(d.scored_shops)::int as scored_shops
          from shop_score_days d
          where d.client_id = ${client} ${dayFilters(client, f)}
          group by d.uqid ${periodKey(f.groupBy, sql`d.shop_date`)}
        ) g
        join user_questionnaires uq on uq.id = g.uqid
        join questionnaires q on q.id = uq.qid`,
      sql`t.shop_date, t.program_name collate "C", t.name collate "C"`,
    );
  }
  if (f.groupBy) {
    // Evaluations are summed per group first; names join the few groups. A program name is turned into
    // the client's program ids first (from the totals, which hold every program with a shop), so the
    // covering index reads that program's shops only instead of all of them joined and filtered.
    const programIds = f.programName
      ? sql`and evaluations.uqid = any(${programIdsNamed(client, f.programName)})`
      : sql``;
    const named = f.locationName;
    const perLocation = groupingPerLocation(f.groupBy);
    const period = groupingPeriod(f.groupBy);
    const keys = [
      sql`evaluations.uqid`,
      ...(perLocation ? [sql`evaluations.location_id`] : []),
      ...(period ? [bucketOf(period, sql`evaluations.shop_date`)] : []),
    ];
    return jsonRows(
      db,
      sql`select g.shop_date, g.last_shop_date, g.uqid as program_id, q.title as program_name,
          ${perLocation ? sql`l.name` : sql`${f.locationName ?? null}::text`} as name, g.shop_count,
          g.total_score, g.total_possible_score, g.percent_sum, g.scored_shops
        from (
          select evaluations.uqid, ${perLocation ? sql`evaluations.location_id` : sql`null::text as location_id`}, min(evaluations.shop_date) as shop_date,
            max(evaluations.shop_date) as last_shop_date, count(*)::int as shop_count,
            sum(evaluations.score)::float8 as total_score, sum(evaluations.possible_score)::float8 as total_possible_score,
            coalesce(sum(${percent}) filter (where evaluations.possible_score > 0), 0) as percent_sum,
            (count(*) filter (where evaluations.possible_score > 0))::int as scored_shops
          from evaluations
          ${named ? sql`join user_questionnaires uq on uq.id = evaluations.uqid join questionnaires q on q.id = uq.qid join locations l on l.id = evaluations.location_id` : sql``}
          where ${approvedOf(client, f)} ${programIds} ${namedFilters({ ...f, programName: null })}
          group by ${sql.join(keys, sql`, `)}
        ) g
        join user_questionnaires uq on uq.id = g.uqid
        join questionnaires q on q.id = uq.qid
        ${perLocation ? sql`join locations l on l.id = g.location_id` : sql``}`,
      sql`t.shop_date, t.program_name collate "C", t.name collate "C"`,
    );
  }
  return jsonRows(
    db,
    sql`select evaluations.id as shop_id, evaluations.shop_date, evaluations.uqid as program_id, q.title as program_name, l.name,
        ${ADDRESS_SQL} as address_name, evaluations.score as total_score, evaluations.possible_score as total_possible_score,
        evaluations.score as overall_score, ${percent} as percent_score
      from evaluations
      join user_questionnaires uq on uq.id = evaluations.uqid
      join questionnaires q on q.id = uq.qid
      join locations l on l.id = evaluations.location_id
      where ${approvedOf(client, f)} ${namedFilters(f)}
      ${shopsPageClause(f.shopsPage)}`,
    sql`t.shop_date, t.shop_id collate "C"`,
  );
}

type RollupTable = typeof questionScoreDays | typeof sectionScoreDays;
type RegionRollupTable = typeof questionScoreRegionDays | typeof sectionScoreRegionDays;

/**
 * The daily rollup rows a call reads instead of every answer, as (shop_date, program_name, ...columns):
 * the client's rollup when the call sees all locations; else its regions' rollups plus the answers of
 * its loose locations' shops, summed alike. Null when a location is chosen (its shops are few) or
 * the scope is only known as location ids.
 */
function rollupSource(
  client: string,
  f: SummaryFilter,
  t: {
    client: RollupTable;
    region: RegionRollupTable;
    columns: SQL;
    loose: { from: SQL; on: SQL; columns: SQL; scored: SQL };
  },
): SQL | null {
  if (f.locationName || (f.scope != null && !f.reach)) return null;
  const filters = dayFilters(client, f);
  const rows = (table: RollupTable | RegionRollupTable, which: SQL) =>
    sql`select d.shop_date, q.title, ${t.columns}
      from ${table} d
      join user_questionnaires uq on uq.id = d.uqid
      join questionnaires q on q.id = uq.qid
      where ${which} ${filters}`;
  if (f.scope == null) return rows(t.client, sql`d.client_id = ${client}`);
  const parts: SQL[] = [];
  if (f.reach?.regions.length) parts.push(rows(t.region, sql`d.region_id in ${f.reach.regions}`));
  if (f.reach?.loose.length)
    parts.push(sql`select evaluations.shop_date, q.title, ${t.loose.columns}
      from ${t.loose.from}
      join evaluations on evaluations.id = ${t.loose.on}
      join user_questionnaires uq on uq.id = evaluations.uqid
      join questionnaires q on q.id = uq.qid
      where ${approvedOf(client, { ...f, scope: f.reach.loose })} and ${t.loose.scored}
        ${f.programName ? sql`and q.title = ${f.programName}` : sql``}`);
  // Nothing in scope: no rows, in the same columns.
  return parts.length ? sql.join(parts, sql` union all `) : rows(t.client, sql`false`);
}

/**
 * /api/summary/sectionHeaders: each approved shop's percent per section; with `groupBy`, per program,
 * section and month or day, the sum of the shops' percents and their count (the program chart), read
 * from the daily rollups unless a location is chosen. Per shop, `shopsPage` reads one page of the
 * shops' sections (the same pages as summary/shops).
 */
export function summarySections(db: Db, client: string, f: SummaryFilter & ShopsPage) {
  const rolledUp = rollupSource(client, f, {
    client: sectionScoreDays,
    region: sectionScoreRegionDays,
    columns: sql`d.section_header, d.section_index, d.percent_sum, d.shops`,
    loose: {
      from: sql`evaluation_section_scores s`,
      on: sql`s.evaluation_id`,
      columns: sql`s.section_header, s.section_index, s.score::float8 / s.possible_score, 1`,
      scored: sql`s.possible_score > 0`,
    },
  });
  if (f.groupBy && rolledUp)
    return jsonRows(
      db,
      sql`select min(d.shop_date) as shop_date, d.program_name, d.section_header, d.section_index,
          sum(d.percent_sum) as percent_sum, sum(d.shops)::int as shop_count
        from (${rolledUp}) d (shop_date, program_name, section_header, section_index, percent_sum, shops)
        group by d.program_name, d.section_index, d.section_header ${periodKey(f.groupBy, sql`d.shop_date`)}`,
      sql`t.shop_date, t.program_name collate "C", t.section_index`,
    );
  const from = sql`from evaluation_section_scores s
      join evaluations on evaluations.id = s.evaluation_id
      join user_questionnaires uq on uq.id = evaluations.uqid
      join questionnaires q on q.id = uq.qid
      join locations l on l.id = evaluations.location_id
      where ${approvedOf(client, f)} ${namedFilters(f)}`;
  const percent = sql`case when s.possible_score > 0 then s.score::float8 / s.possible_score else 0 end`;
  if (f.groupBy)
    return jsonRows(
      db,
      sql`select min(evaluations.shop_date) as shop_date, q.title as program_name, s.section_header, s.section_index,
          sum(${percent}) as percent_sum, count(*)::int as shop_count
        ${from}
        group by q.title, s.section_index, s.section_header ${periodKey(f.groupBy, sql`evaluations.shop_date`)}`,
      sql`t.shop_date, t.program_name collate "C", t.section_index`,
    );
  // Per shop: the shops (a page of them, or all) first, then their sections.
  return jsonRows(
    db,
    sql`with shop as (
        select evaluations.id, evaluations.shop_date, evaluations.uqid, q.title as program_name, l.name
        from evaluations
        join user_questionnaires uq on uq.id = evaluations.uqid
        join questionnaires q on q.id = uq.qid
        join locations l on l.id = evaluations.location_id
        where ${approvedOf(client, f)} ${namedFilters(f)}
        ${shopsPageClause(f.shopsPage)})
      select shop.id as shop_id, shop.shop_date, shop.uqid as program_id, shop.program_name, shop.name,
        s.section_header, s.section_index, ${percent} as percent_score
      from shop join evaluation_section_scores s on s.evaluation_id = shop.id`,
    sql`t.shop_date, t.shop_id collate "C", t.section_index`,
  );
}

/**
 * /api/summary/worstQuestions: the lowest average question scores in the range (limit, default 3).
 * Without a location it reads the daily rollups (a few rows per program and day); with one, the
 * per-answer rows of its shops.
 */
export async function worstQuestions(
  db: Db,
  client: string,
  f: DateFilter & Scope & { limit: number; programName?: string | null; locationName?: string | null },
) {
  const rolledUp = rollupSource(client, f, {
    client: questionScoreDays,
    region: questionScoreRegionDays,
    columns: sql`d.prompt, d.percent_sum, d.answers`,
    loose: {
      from: sql`evaluation_question_scores qs`,
      on: sql`qs.evaluation_id`,
      columns: sql`qs.prompt, qs.score::float8 / qs.possible_score, 1`,
      scored: sql`qs.possible_score > 0`,
    },
  });
  // Without the rollups: the shops first (by the location index), then each shop's answers by its key.
  // As one join the planner misjudged the per-shop lookups and scanned every evaluation of the client.
  const query = rolledUp
    ? sql`select d.prompt, sum(d.percent_sum) / sum(d.answers) as avg_percent_score, d.program_name
        from (${rolledUp}) d (shop_date, program_name, prompt, percent_sum, answers)
        group by d.prompt, d.program_name
        order by avg_percent_score, d.prompt
        limit ${f.limit}`
    : sql`with shop as materialized (
        select evaluations.id, q.title as program_name
        from evaluations
        join user_questionnaires uq on uq.id = evaluations.uqid
        join questionnaires q on q.id = uq.qid
        ${f.locationName ? sql`join locations l on l.id = evaluations.location_id` : sql``}
        where ${approvedOf(client, f)} ${namedFilters(f)})
      select qs.prompt, avg(qs.score::float8 / qs.possible_score) as avg_percent_score, shop.program_name
      from shop join evaluation_question_scores qs on qs.evaluation_id = shop.id
      group by qs.prompt, shop.program_name
      order by avg_percent_score, qs.prompt
      limit ${f.limit}`;
  const rows = executedRows<{ prompt: string; avg_percent_score: number; program_name: string }>(
    await db.execute(query),
  );
  return rows.map((r) => ({ ...r, avg_percent_score: Number(r.avg_percent_score) }));
}

/**
 * /api/summary/questions: every scored answer of one program's shops in the range (CSV export). With
 * `shopsPage`, the answers of one page of those shops only (in shop date order), so a long range is
 * read in requests of bounded size.
 */
export function summaryQuestions(
  db: Db,
  client: string,
  f: DateFilter & Scope & ShopsPage & { programName?: string | null },
) {
  return jsonRows(
    db,
    sql`with shop as (
        select evaluations.id, evaluations.shop_date
        from evaluations
        join user_questionnaires uq on uq.id = evaluations.uqid
        join questionnaires q on q.id = uq.qid
        where ${approvedOf(client, f)} ${f.programName ? sql`and q.title = ${f.programName}` : sql``}
        ${shopsPageClause(f.shopsPage)})
      select shop.id as shop_id, shop.shop_date, qs.prompt, qs.answer, qs.possible_score as total_possible_score,
        case when qs.possible_score > 0 then qs.score::float8 / qs.possible_score else 0 end as percent_score,
        qs.element_id
      from evaluation_question_scores qs join shop on shop.id = qs.evaluation_id`,
    sql`t.shop_date, t.shop_id collate "C", t.element_id collate "C"`,
  );
}
