// Score alerts and benchmarks (issue 48). Pure rules: when an approved shop raises an alert, and how a
// score's place among other accounts' shops is told without revealing any of their figures.

/** A program's alert rule: below a line, or a drop against the location's trailing average. */
export type ScoreAlertRule = {
  /** Alert when the shop scores below this percent (1 to 100); null: not by the line. */
  belowPercent: number | null;
  /** Alert when the shop scores more than this many points under the trailing average; null: not by a drop. */
  dropPoints: number | null;
  /** How many of the location's previous approved shops on the program the trailing average takes. */
  trailingShops: number;
};

export const DEFAULT_TRAILING_SHOPS = 5;
export const MAX_TRAILING_SHOPS = 50;

export type ScoreAlertReason = 'below' | 'drop' | 'below-and-drop';

export const SCORE_ALERT_REASON_LABELS: Record<ScoreAlertReason, string> = {
  below: 'Below the alert line',
  drop: 'Dropped against its recent shops',
  'below-and-drop': 'Below the alert line and dropped against its recent shops',
};

export const MSG_ALERT_BELOW = 'Alert below must be a whole percent from 1 to 100.';
export const MSG_ALERT_DROP = 'Drop of more than must be whole points from 1 to 100.';
export const MSG_ALERT_TRAILING = `Trailing shops must be a whole number from 1 to ${MAX_TRAILING_SHOPS}.`;
export const MSG_ALERT_NOT_FOUND = 'Alert not found.';
export const MSG_ALERT_RULE_SAVED = 'Alert rule saved.';
export const MSG_BENCHMARK_NOT_ENOUGH = 'Not enough data to compare';

/**
 * Whether a shop scoring `percentage` (0 to 100) raises an alert under `rule`, given the scores of the
 * location's previous approved shops on the program, newest first. The trailing average takes the
 * newest `trailingShops` of them; with none there is no drop to measure.
 */
export function alertOf(
  rule: ScoreAlertRule,
  percentage: number,
  previous: readonly number[],
): { reason: ScoreAlertReason; trailingAverage: number | null } | null {
  const window = previous.slice(0, Math.max(1, rule.trailingShops));
  const trailingAverage = window.length ? window.reduce((a, b) => a + b, 0) / window.length : null;
  const below = rule.belowPercent !== null && percentage < rule.belowPercent;
  const drop =
    rule.dropPoints !== null && trailingAverage !== null && trailingAverage - percentage > rule.dropPoints;
  if (!below && !drop) return null;
  return { reason: below && drop ? 'below-and-drop' : below ? 'below' : 'drop', trailingAverage };
}

/** A benchmark is shown only when at least this many other accounts and shops contribute (k-anonymity). */
export const BENCHMARK_MIN_ACCOUNTS = 5;
export const BENCHMARK_MIN_SHOPS = 50;

/** The bands a percentile is told in: the smallest "top" share the score is within. */
const BANDS = [10, 25, 50] as const;

/**
 * Where a score stands among the others' shops, counted per whole percent (`counts[p]` shops scored p),
 * as a band: "Top 10 %", "Top 25 %", "Top 50 %" or "Bottom 50 %". Null when fewer than the minimum of
 * accounts or shops contribute. Only the band leaves the server: never the others' counts or averages.
 */
export function benchmarkBand(
  percentage: number,
  counts: ReadonlyMap<number, number>,
  contributors: number,
): { topPercent: number | null; label: string } | null {
  let total = 0;
  let above = 0;
  let equal = 0;
  const mine = Math.round(percentage);
  for (const [p, n] of counts) {
    total += n;
    if (p > mine) above += n;
    else if (p === mine) equal += n;
  }
  if (contributors < BENCHMARK_MIN_ACCOUNTS || total < BENCHMARK_MIN_SHOPS) return null;
  // The share of the others' shops at or above this score (ties count half).
  const share = ((above + equal / 2) / total) * 100;
  const band = BANDS.find((b) => share <= b);
  return band ? { topPercent: band, label: `Top ${band} %` } : { topPercent: null, label: 'Bottom 50 %' };
}
