// Visit scheduling (fieldwork): which mystery-shop visits a shop promises, cycle by cycle. Pure and
// clock-free like the rest of src/domain: "today" is an argument.
import { addDaysUtc, addMonthsUtc, parseDate, toDateKey } from './dates';
import type { FrequencyPeriod } from './types';

export interface SchedulableShop {
  recurring: boolean;
  /** YYYY-MM-DD */
  startDate: string;
  totalQuantity: number;
  frequencyPeriod: FrequencyPeriod | string;
  frequencyQuantity: number;
}

export interface PlannedVisit {
  /** YYYY-MM-DD: the first day of the cycle the visit belongs to. */
  cycleStart: string;
  /** 1-based within the cycle. */
  sequence: number;
  /** YYYY-MM-DD: the last day the visit may take place. */
  dueDate: string;
}

/** How far ahead recurring cycles are created, so shoppers can see and accept them in advance. */
export const SCHEDULE_LOOKAHEAD_DAYS = 7;
/** A one-time order's visits are spread over the month that starts on its start date. */
const ONE_TIME_PERIOD = 'month';

const startOf = (shop: SchedulableShop): Date => {
  const start = parseDate(shop.startDate);
  if (!start) throw new Error(`Invalid start date: ${shop.startDate}`);
  return start;
};

/** The k-th cycle's first day (k = 0 is the start date): weekly, monthly or quarterly. */
export function cycleStartAt(start: Date, period: string, k: number): Date {
  if (period === 'week') return addDaysUtc(start, 7 * k);
  return addMonthsUtc(start, (period === 'quarter' ? 3 : 1) * k);
}

/**
 * The visits of one cycle: `count` visits whose due dates split the cycle into equal parts, the
 * last one due on the cycle's last day (a monthly pair from 1 March is due 15 and 31 March).
 */
export function visitsInCycle(cycleStart: Date, period: string, count: number): PlannedVisit[] {
  const next = cycleStartAt(cycleStart, period, 1);
  const days = Math.round((next.getTime() - cycleStart.getTime()) / 86_400_000);
  return Array.from({ length: Math.max(0, count) }, (_, i) => ({
    cycleStart: toDateKey(cycleStart),
    sequence: i + 1,
    dueDate: toDateKey(addDaysUtc(cycleStart, Math.max(1, Math.floor(((i + 1) * days) / count)) - 1)),
  }));
}

/**
 * The visits a shop should have by `today`: a one-time shop has its total quantity in its first
 * cycle; a recurring shop has frequencyQuantity visits in every cycle that starts on or before
 * today plus the look-ahead (the first cycle always, even when it starts later: it is paid for).
 */
export function plannedVisits(shop: SchedulableShop, today: Date): PlannedVisit[] {
  const start = startOf(shop);
  if (!shop.recurring) return visitsInCycle(start, ONE_TIME_PERIOD, shop.totalQuantity);
  const horizon = addDaysUtc(today, SCHEDULE_LOOKAHEAD_DAYS);
  const visits: PlannedVisit[] = [];
  for (let k = 0; ; k++) {
    const cycle = cycleStartAt(start, shop.frequencyPeriod, k);
    if (k > 0 && cycle > horizon) break;
    visits.push(...visitsInCycle(cycle, shop.frequencyPeriod, shop.frequencyQuantity));
  }
  return visits;
}
