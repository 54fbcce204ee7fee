// Reporting maths of the Performance Summary, the location board, report tables and invoices
// (spec: account-and-reporting 2, 4, 9; admin-and-evaluation 2, 4, 9). Scores are ratios 0 to 1;
// percents are 0 to 100.
import { parseDate } from './dates';

/**
 * A summary shop record as the reporting API returns it: one shop, or (groupBy) the shops of a
 * program and location in a month or day, with their count, summed scores and last shop date.
 */
export interface ShopScoreRecord {
  /** The shop's date; of a group, its first shop's. */
  shop_date?: string | Date | null;
  /** A group's last shop date. */
  last_shop_date?: string | Date | null;
  /** Shops in a group (1 for a single shop). */
  shop_count?: number | null;
  program_id?: string | number | null;
  program_name?: string | null;
  /** Location name. */
  name?: string | null;
  total_score: number;
  total_possible_score: number;
}

export type PerformanceStatus = 'error' | 'warn' | 'success';

/** Whole percent of a 0-1 score: score x 100, rounded (0.285 is 29, despite 0.285 x 100 = 28.4999...). */
export const wholePercent = (score: number): number => Math.round(Number((score * 100).toFixed(9)));

/** Summed total_score / summed total_possible_score; null when nothing was possible. */
export function summedScore(
  records: ReadonlyArray<Pick<ShopScoreRecord, 'total_score' | 'total_possible_score'>>,
): number | null {
  let score = 0;
  let possible = 0;
  for (const record of records) {
    score += Number(record.total_score) || 0;
    possible += Number(record.total_possible_score) || 0;
  }
  return possible === 0 ? null : score / possible;
}

/** The score (0 to 1) from which a result is warn and success (spec 9). */
export const PERFORMANCE_THRESHOLDS = { warn: 0.8, success: 0.9 } as const;

/** Below 0.80 error, 0.80 to below 0.90 warn, 0.90 and above success. */
export function performanceStatus(score: number): PerformanceStatus {
  if (score < PERFORMANCE_THRESHOLDS.warn) return 'error';
  if (score < PERFORMANCE_THRESHOLDS.success) return 'warn';
  return 'success';
}

/** Report table colours by percent: up to 69 red, 70 to 89 blue, 90 and above green. */
export function scoreColor(percent: number): 'red' | 'blue' | 'green' {
  if (percent < 70) return 'red';
  if (percent < 90) return 'blue';
  return 'green';
}

function groupBy<T>(items: ReadonlyArray<T>, key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export interface ProgramCard {
  programId: string;
  programName: string;
  /** Summed score ratio; null when no shop had a possible score. */
  score: number | null;
  percent: number | null;
  shopCount: number;
  lastShopDate: Date | null;
}

/** Shops behind a summary record: a group's count, else 1. */
export const shopsOf = (record: Pick<ShopScoreRecord, 'shop_count'>): number => record.shop_count ?? 1;

/** One card per program, in order of first appearance: score, Shops count and Last Shop date. */
export function programCards(shops: ReadonlyArray<ShopScoreRecord>): ProgramCard[] {
  const byProgram = groupBy(shops, (shop) => String(shop.program_id ?? shop.program_name ?? ''));
  return [...byProgram].map(([programId, records]) => {
    const score = summedScore(records);
    const times = records
      .map((r) => parseDate(r.last_shop_date ?? r.shop_date)?.getTime())
      .filter((t): t is number => t !== undefined);
    return {
      programId,
      programName: records[0]?.program_name ?? '',
      score,
      percent: score === null ? null : wholePercent(score),
      shopCount: records.reduce((n, r) => n + shopsOf(r), 0),
      lastShopDate: times.length > 0 ? new Date(Math.max(...times)) : null,
    };
  });
}

export interface LocationScore {
  name: string;
  score: number;
  percent: number;
  status: PerformanceStatus;
}

export interface LocationBoard {
  strong: LocationScore[];
  growthOpportunity: LocationScore[];
  needsAttention: LocationScore[];
}

export const LOCATION_BOARD_COLUMNS = [
  { key: 'strong', title: 'Strong', status: 'success' },
  { key: 'growthOpportunity', title: 'Growth Opportunity', status: 'warn' },
  { key: 'needsAttention', title: 'Needs Attention', status: 'error' },
] as const;

/** Each location's summed score; locations with nothing possible have no score and are left out. */
export function locationScores(shops: ReadonlyArray<ShopScoreRecord>): LocationScore[] {
  const scores: LocationScore[] = [];
  for (const [name, records] of groupBy(shops, (shop) => shop.name ?? '')) {
    const score = summedScore(records);
    if (score !== null)
      scores.push({ name, score, percent: wholePercent(score), status: performanceStatus(score) });
  }
  return scores;
}

/** Locations in Strong / Growth Opportunity / Needs Attention, each column sorted ascending by score. */
export function locationBoard(shops: ReadonlyArray<ShopScoreRecord>): LocationBoard {
  const sorted = locationScores(shops).sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  const column = (status: PerformanceStatus) => sorted.filter((location) => location.status === status);
  return { strong: column('success'), growthOpportunity: column('warn'), needsAttention: column('error') };
}

export interface InvoiceFlags {
  paid: boolean;
  attempted: boolean;
}

/** An invoice's status as a code (the API's InvoiceStatus) and in the spec's words. */
export const INVOICE_STATUS_LABELS = {
  PAID: 'Paid',
  PAYMENT_ERROR: 'Error Processing Payment',
  UNPAID: 'Unpaid',
} as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUS_LABELS;
export const INVOICE_STATUSES = Object.keys(INVOICE_STATUS_LABELS) as InvoiceStatus[];

/** PAID if paid; PAYMENT_ERROR if not paid but attempted; UNPAID otherwise. */
export function invoiceStatus({ paid, attempted }: InvoiceFlags): InvoiceStatus {
  if (paid) return 'PAID';
  return attempted ? 'PAYMENT_ERROR' : 'UNPAID';
}

/** 'Paid' if paid; 'Error Processing Payment' if not paid but attempted; 'Unpaid' otherwise. */
export const invoiceStatusLabel = (flags: InvoiceFlags): (typeof INVOICE_STATUS_LABELS)[InvoiceStatus] =>
  INVOICE_STATUS_LABELS[invoiceStatus(flags)];

/** Invoices neither paid nor attempted are hidden from the payment list. */
export const isInvoiceListed = ({ paid, attempted }: InvoiceFlags): boolean => paid || attempted;

/** An evaluation section stat of a shop. */
export interface SectionStat {
  sectionName: string;
  scoreAchieved: number;
  scoreTotal: number;
}

export interface AggregateSection extends SectionStat {
  percentage: number;
}

/** A shop's stats without zero-total sections; null when none remain (the shop has no stats). */
export function shopStats(sections: ReadonlyArray<SectionStat> | null | undefined): SectionStat[] | null {
  const scored = (sections ?? []).filter((section) => section.scoreTotal > 0);
  return scored.length > 0 ? scored : null;
}

/** Fewer shops with stats than this give no aggregate report. */
export const AGGREGATE_MIN_SHOPS = 2;

/**
 * The aggregate report over a program's shops: per section name, summed achieved and total scores and
 * their whole percent, in order of first appearance. Null unless at least 2 shops have stats.
 */
export function aggregateReport(
  shops: ReadonlyArray<{ stats?: ReadonlyArray<SectionStat> | null }>,
): AggregateSection[] | null {
  const withStats = shops.map((shop) => shopStats(shop.stats)).filter((s): s is SectionStat[] => s !== null);
  if (withStats.length < AGGREGATE_MIN_SHOPS) return null;
  const totals = new Map<string, SectionStat>();
  for (const section of withStats.flat()) {
    const total = totals.get(section.sectionName) ?? {
      sectionName: section.sectionName,
      scoreAchieved: 0,
      scoreTotal: 0,
    };
    total.scoreAchieved += section.scoreAchieved;
    total.scoreTotal += section.scoreTotal;
    totals.set(section.sectionName, total);
  }
  return [...totals.values()].map((t) => ({
    ...t,
    percentage: wholePercent(t.scoreAchieved / t.scoreTotal),
  }));
}

/** Survey rows reduced to the first one per program and location pair. */
export function onePerProgramAndLocation<T extends { programId: unknown; clientLocationId: unknown }>(
  rows: ReadonlyArray<T>,
): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = JSON.stringify([String(row.programId), String(row.clientLocationId)]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
