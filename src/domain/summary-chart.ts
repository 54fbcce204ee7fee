// The program chart of the Performance Summary (spec: account-and-reporting 4 and 9): one point per day
// or month, an Overall series and one per section, average scores as whole percents 0 to 100, point
// sizes by shop count, and the legend's isolate/toggle rule.

import { parseDate, toDateKey } from './dates';
import { formatShortDate } from './format';
import { wholePercent } from './reporting';

export type ChartGranularity = 'monthly' | 'daily';

export const OVERALL_SERIES = 'Overall Score';

/** Smallest and largest point radius; a point grows with the number of shops behind it. */
export const POINT_SIZE = { min: 6, max: 12 } as const;

/** A shop, or (groupBy) the shops of a period: the sum of their percents and how many had a score. */
export interface ChartShopRecord {
  shop_date?: string | Date | null;
  total_score: number;
  total_possible_score: number;
  /** Of a group: the sum of its shops' score / possible score (0 to 1 each) ... */
  percent_sum?: number | null;
  /** ... over this many shops with something possible. */
  scored_shops?: number | null;
}

/** A shop's section, or (groupBy) a section of a period's shops: the sum of their percents and count. */
export interface ChartSectionRecord {
  shop_date?: string | Date | null;
  section_header?: string | null;
  /** A shop's percent, 0 to 1. */
  percent_score?: number | null;
  /** Of a group: the sum of its shops' percents (0 to 1 each) ... */
  percent_sum?: number | null;
  /** ... over this many shops. */
  shop_count?: number | null;
}

export interface ChartValue {
  /** Average score as a whole percent. */
  percent: number;
  /** Shops averaged. */
  shops: number;
}

export interface ChartPoint {
  /** YYYY-MM-DD (daily) or YYYY-MM (monthly). */
  key: string;
  /** 'Jan 5' (daily) or 'Jan 2024' (monthly). */
  label: string;
  values: Record<string, ChartValue>;
}

export interface ChartData {
  /** Series names: Overall first, then sections in order of first appearance. */
  series: string[];
  points: ChartPoint[];
  /** The largest shop count of any point (for point sizes). */
  maxShops: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function bucketOf(date: Date, granularity: ChartGranularity): { key: string; label: string } {
  if (granularity === 'daily') return { key: toDateKey(date), label: formatShortDate(date) };
  return {
    key: toDateKey(date).slice(0, 7),
    label: `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
  };
}

/**
 * The chart's points: per period, the average of each series over the shops of that period. Overall is
 * each shop's total score over its possible score (shops with nothing possible are left out); a section
 * is its percent_score. Grouped records count as their shops, with the sum of their percents. A series is kept only if some point of it is above 0.
 */
export function programChartData(input: {
  shops: ReadonlyArray<ChartShopRecord>;
  sections: ReadonlyArray<ChartSectionRecord>;
  granularity: ChartGranularity;
}): ChartData {
  const buckets = new Map<string, { label: string; sums: Map<string, { total: number; shops: number }> }>();
  const order: string[] = [OVERALL_SERIES];
  const add = (dateValue: ChartShopRecord['shop_date'], series: string, ratioSum: number, shops: number) => {
    const date = parseDate(dateValue);
    if (!date || !Number.isFinite(ratioSum) || !(shops > 0)) return;
    const { key, label } = bucketOf(date, input.granularity);
    const bucket = buckets.get(key) ?? { label, sums: new Map() };
    buckets.set(key, bucket);
    const sum = bucket.sums.get(series) ?? { total: 0, shops: 0 };
    sum.total += ratioSum;
    sum.shops += shops;
    bucket.sums.set(series, sum);
    if (!order.includes(series)) order.push(series);
  };
  for (const shop of input.shops) {
    if (shop.scored_shops != null) {
      add(shop.shop_date, OVERALL_SERIES, Number(shop.percent_sum) || 0, Number(shop.scored_shops));
      continue;
    }
    const possible = Number(shop.total_possible_score) || 0;
    if (possible > 0) add(shop.shop_date, OVERALL_SERIES, (Number(shop.total_score) || 0) / possible, 1);
  }
  for (const section of input.sections) {
    const header = section.section_header?.trim();
    if (!header) continue;
    if (section.shop_count != null)
      add(section.shop_date, header, Number(section.percent_sum) || 0, Number(section.shop_count));
    else if (section.percent_score != null) add(section.shop_date, header, Number(section.percent_score), 1);
  }
  const points = [...buckets]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, bucket]) => {
      const values: Record<string, ChartValue> = {};
      for (const [series, sum] of bucket.sums)
        values[series] = { percent: wholePercent(sum.total / sum.shops), shops: sum.shops };
      return { key, label: bucket.label, values };
    });
  const series = order.filter((name) => points.some((p) => (p.values[name]?.percent ?? 0) > 0));
  const maxShops = Math.max(0, ...points.flatMap((p) => series.map((s) => p.values[s]?.shops ?? 0)));
  return { series, points, maxShops };
}

/** A point's radius: 6 for the fewest shops, growing linearly to 12 for the most shops of the chart. */
export function pointSize(shops: number, maxShops: number): number {
  if (maxShops <= 1 || shops <= 1) return POINT_SIZE.min;
  const share = Math.min(1, (shops - 1) / (maxShops - 1));
  return POINT_SIZE.min + share * (POINT_SIZE.max - POINT_SIZE.min);
}

/** '1 shop', '3 shops'. */
export const shopCountLabel = (shops: number): string => `${shops} ${shops === 1 ? 'shop' : 'shops'}`;

/**
 * The series shown after a legend click: with all on, the clicked one is isolated; otherwise it is
 * toggled; and if none would remain, all turn back on.
 */
export function legendClick(
  visible: ReadonlyArray<string>,
  all: ReadonlyArray<string>,
  clicked: string,
): string[] {
  if (all.every((name) => visible.includes(name))) return [clicked];
  const next = visible.includes(clicked) ? visible.filter((name) => name !== clicked) : [...visible, clicked];
  const ordered = all.filter((name) => next.includes(name));
  return ordered.length === 0 ? [...all] : ordered;
}
