// The Performance Summary's data for a PDF or a scheduled e-mail: the same reporting queries the page
// calls (reporting-api/queries.ts) with the same parameters (domain summary-filters), summed by the same
// domain rules (cards, board, chart, worst questions), within the reader's scope.
import { and, eq, isNull } from 'drizzle-orm';
import {
  ALL_LOCATIONS,
  ALL_PROGRAMS,
  type ChartData,
  chartGranularity,
  type DateRange,
  filterRecords,
  type LocationBoard,
  locationBoard,
  type ProgramCard,
  programChartData,
  programChoices,
  programView,
  type ReportPeriod,
  resolveFilters,
  type ShopScoreRecord,
  type SummaryFilters,
  summaryChartParams,
  summaryProgramCards,
  summarySectionsParams,
  summaryShopsParams,
  summedScore,
  type WorstQuestionView,
  wholePercent,
  worstQuestionsParams,
  worstQuestionView,
} from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { accountMembers, locations, regions } from '../db/schema.js';
import {
  RawJson,
  type Scope,
  summarySections,
  summaryShops,
  worstQuestions,
} from '../reporting-api/queries.js';
import { managerReach, type Reach } from '../team/access.js';

/** What of an account a reader sees: everything (`scope` null) or a manager's locations. */
export type ReaderScope = { scope: string[] | null; reach: Pick<Reach, 'regions' | 'loose'> | null };

export const WHOLE_ACCOUNT: ReaderScope = { scope: null, reach: null };

/**
 * The scope of login `userId` in account `accountId`, read now: the account's own login without a
 * team row, an owner or an admin see it whole, a manager their reach; a removed member, or a login of
 * another account, none (null).
 */
export async function readerScopeOf(db: Db, accountId: string, userId: string): Promise<ReaderScope | null> {
  const [member] = await db
    .select({ id: accountMembers.id, role: accountMembers.role, removedAt: accountMembers.removedAt })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)))
    .limit(1);
  if (!member) return userId === accountId ? WHOLE_ACCOUNT : null;
  if (member.removedAt) return null;
  if (member.role !== 'manager') return WHOLE_ACCOUNT;
  const reach = await managerReach(db, member.id, accountId);
  return { scope: reach.locations, reach };
}

/** Whether `userId` is a current member of `accountId`'s team (or its own login). */
export async function isTeamMember(db: Db, accountId: string, userId: string): Promise<boolean> {
  if (userId === accountId) return true;
  const [row] = await db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.userId, userId),
        isNull(accountMembers.removedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A reader's scope narrowed to one region of the account (the Region filter: never wider), or null when
 * the region is not the account's.
 */
export async function narrowToRegion(
  db: Db,
  accountId: string,
  regionId: string,
  s: ReaderScope,
): Promise<ReaderScope | null> {
  const [region] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, regionId), eq(regions.accountId, accountId)))
    .limit(1);
  if (!region) return null;
  const inRegion = (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.regionId, region.id), eq(locations.uid, accountId)))
  ).map((l) => l.id);
  const allowed = s.scope && new Set(s.scope);
  const scope = allowed ? inRegion.filter((id) => allowed.has(id)) : inRegion;
  const reach =
    !s.reach || s.reach.regions.includes(region.id)
      ? { regions: [region.id], loose: [] }
      : { regions: [], loose: scope };
  return { scope, reach };
}

/** The region's name, for the PDF's filter line. */
export async function regionName(db: Db, accountId: string, regionId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: regions.name })
    .from(regions)
    .where(and(eq(regions.id, regionId), eq(regions.accountId, accountId)))
    .limit(1);
  return row?.name ?? null;
}

export type SummaryReport = {
  period: ReportPeriod;
  /** The filters as applied (a program or location the range does not have is reset to All). */
  filters: SummaryFilters;
  regionName: string | null;
  /** The reader sees only some locations (a manager). */
  scoped: boolean;
  headline: { shops: number; percent: number | null; locations: number; programs: number };
  cards: ProgramCard[];
  chart: { program: string; granularity: 'monthly' | 'daily'; data: ChartData } | null;
  board: LocationBoard;
  worstQuestions: WorstQuestionView[];
};

const rowsOf = <T>(result: RawJson | T[]): T[] =>
  result instanceof RawJson ? (JSON.parse(result.text) as T[]) : result;

/** The Performance Summary of `accountId` for one range and filters, as `reader` may see it. */
export async function loadSummaryReport(
  db: Db,
  input: {
    accountId: string;
    reader: ReaderScope;
    period: ReportPeriod;
    filters?: Partial<SummaryFilters>;
    regionName?: string | null;
  },
): Promise<SummaryReport> {
  const { accountId, period } = input;
  const scope: Scope = { scope: input.reader.scope, reach: input.reader.reach };
  const range: DateRange = {
    start: new Date(`${period.start}T00:00:00.000Z`),
    end: new Date(`${period.end}T23:59:59.999Z`),
  };
  const shops = rowsOf<ShopScoreRecord>(
    await summaryShops(db, accountId, { ...scope, ...summaryShopsParams(range) }),
  );
  const chosen: SummaryFilters = {
    program: input.filters?.program || ALL_PROGRAMS,
    location: input.filters?.location || ALL_LOCATIONS,
  };
  const filters = resolveFilters(chosen, shops, range);
  const shown = filterRecords(shops, range, filters);
  const cardShops = filterRecords(shops, range, filters, { ignoreProgram: true });
  const programs = programChoices(shops, range);
  const view = programView(filters.program, programs);
  let chart: SummaryReport['chart'] = null;
  if (view.kind === 'chart') {
    const [sections, chartShops] = await Promise.all([
      summarySections(db, accountId, { ...scope, ...summarySectionsParams(range, view.program, filters) }),
      summaryShops(db, accountId, { ...scope, ...summaryChartParams(range, view.program, filters) }),
    ]);
    const granularity = chartGranularity(range.start, range.end);
    chart = {
      program: view.program,
      granularity,
      data: programChartData({ shops: rowsOf(chartShops), sections: rowsOf(sections), granularity }),
    };
  }
  const questions = await worstQuestions(db, accountId, {
    ...scope,
    ...worstQuestionsParams(range, filters),
  });
  const score = summedScore(shown);
  return {
    period,
    filters,
    regionName: input.regionName ?? null,
    scoped: input.reader.scope !== null,
    headline: {
      shops: shown.reduce((n, r) => n + (r.shop_count ?? 1), 0),
      percent: score === null ? null : wholePercent(score),
      locations: new Set(shown.map((r) => r.name ?? '')).size,
      programs: new Set(shown.map((r) => r.program_name ?? '')).size,
    },
    cards: summaryProgramCards(cardShops),
    chart,
    board: locationBoard(shown),
    worstQuestions: questions.map(worstQuestionView),
  };
}
