// Order pricing (spec: order-flow 9, admin-and-evaluation 9). All amounts are integer cents; the only
// rounding points are the Nevada surcharge (per shop, half up) and the discounted survey price.
import { billedWeeks, forceStartDate, mondaysLeftInMonth } from './dates';
import type { Cents, FrequencyPeriod, QuestionnaireType } from './types';

/** What pricing reads from a shop line. `cost` is the questionnaire's price per shop copied onto the shop. */
export interface PricedShop {
  qid: string;
  questionnaireType: QuestionnaireType;
  recurring: boolean;
  cost: Cents;
  reimbursement?: Cents | null;
  totalQuantity: number;
  frequencyQuantity: number;
  frequencyPeriod: FrequencyPeriod;
  startDate: Date | string;
  /** Surveys: 12 means an annual plan, anything else monthly. */
  monthsPurchased?: number | null;
}

export interface PricedOrder {
  locations: ReadonlyArray<{ state?: string | null; shops: ReadonlyArray<PricedShop> }>;
  /** The order's questionnaires (user questionnaires' questionnaire fields). */
  questionnaires: ReadonlyArray<{ qid: string; startupCost?: Cents | null }>;
}

export interface InitialDue {
  /** The amount charged at checkout: shops plus startup costs. */
  value: Cents;
  shops: Cents;
  startupCosts: Cents;
}

export const NEVADA = 'NV';

/** A survey's months purchased: 1 to 12, 1 when empty, 12 meaning an annual plan (spec 5 and 9). */
export const MONTHS_PURCHASED = { min: 1, max: 12, default: 1, annual: 12 } as const;

function assertWhole(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${field} must be a whole non-negative number, got ${value}`);
  }
}

export const isSurveyType = (type: QuestionnaireType): boolean => type === 'customerSurvey';

const isNevada = (state: string | null | undefined): boolean => state?.trim().toUpperCase() === NEVADA;

/** A shop in Nevada costs 1.5 times the price unless it is a survey; half cents round up. */
export function applyStateSurcharge(
  price: Cents,
  state: string | null | undefined,
  questionnaireType: QuestionnaireType,
): Cents {
  assertWhole(price, 'price');
  return isNevada(state) && !isSurveyType(questionnaireType) ? Math.round((price * 3) / 2) : price;
}

/**
 * Price of one shop: (cost + reimbursement), surcharged in Nevada. The surcharge is applied to this
 * per-shop price so that the shown per-shop fee times the quantity is exactly the line total. A survey's
 * price is its questionnaire cost (per month, or per year with monthsPurchased 12), with no reimbursement.
 */
export function pricePerShop(shop: PricedShop, state: string | null | undefined): Cents {
  assertWhole(shop.cost, 'cost');
  if (isSurveyType(shop.questionnaireType)) return shop.cost;
  const reimbursement = shop.reimbursement ?? 0;
  assertWhole(reimbursement, 'reimbursement');
  return applyStateSurcharge(shop.cost + reimbursement, state, shop.questionnaireType);
}

/** A one-time shop line: price per shop x totalQuantity. */
export function oneTimePrice(shop: PricedShop, state: string | null | undefined): Cents {
  assertWhole(shop.totalQuantity, 'totalQuantity');
  return pricePerShop(shop, state) * shop.totalQuantity;
}

/** A recurring shop per period (week, month or quarter): price per shop x frequencyQuantity. */
export function recurringPeriodPrice(shop: PricedShop, state: string | null | undefined): Cents {
  assertWhole(shop.frequencyQuantity, 'frequencyQuantity');
  return pricePerShop(shop, state) * shop.frequencyQuantity;
}

/**
 * One month's charge for a recurring shop: weekly shops per billed week (4 or 5, see billedWeeks),
 * monthly and quarterly flat per charge. Surveys are charged their price once per billing.
 */
export function recurringCharge(shop: PricedShop, state: string | null | undefined, weeks: number): Cents {
  if (isSurveyType(shop.questionnaireType)) return pricePerShop(shop, state);
  const perPeriod = recurringPeriodPrice(shop, state);
  return shop.frequencyPeriod === 'week' ? perPeriod * weeks : perPeriod;
}

/**
 * What a shop line adds to the order's initial amount due. The spec names the initial amount due but
 * not what a recurring line contributes; we charge the first billing period up front (order-flow 9:
 * later periods are billed 5 days before each month), so:
 * - one-time: price x totalQuantity;
 * - recurring monthly or quarterly: one period, price x frequencyQuantity;
 * - recurring weekly: the weeks billed for the start month, i.e. the Mondays left in the month of the
 *   (forced) start date, minimum 4 and maximum 5;
 * - survey: its price, one month or one year (monthsPurchased 12).
 */
export function shopInitialDue(shop: PricedShop, state: string | null | undefined, today: Date): Cents {
  if (isSurveyType(shop.questionnaireType)) return pricePerShop(shop, state);
  if (!shop.recurring) return oneTimePrice(shop, state);
  const start = forceStartDate(shop.startDate, false, today);
  return recurringCharge(shop, state, billedWeeks(mondaysLeftInMonth(start)));
}

/**
 * Startup costs: once per questionnaire with startupCost above 0. Only questionnaires that have at
 * least one shop on the order count, so a questionnaire picked but never placed at a location does not
 * make the order payable on its own.
 */
export function startupCostsDue(order: PricedOrder): Cents {
  const ordered = new Set(order.locations.flatMap((location) => location.shops.map((shop) => shop.qid)));
  const charged = new Set<string>();
  let total = 0;
  for (const { qid, startupCost } of order.questionnaires) {
    const cost = startupCost ?? 0;
    assertWhole(cost, 'startupCost');
    if (cost > 0 && ordered.has(qid) && !charged.has(qid)) {
      charged.add(qid);
      total += cost;
    }
  }
  return total;
}

/** The initial amount due of an order: every shop line's first charge plus startup costs. */
export function initialDue(order: PricedOrder, today: Date): InitialDue {
  let shops = 0;
  for (const location of order.locations) {
    for (const shop of location.shops) shops += shopInitialDue(shop, location.state, today);
  }
  const startupCosts = startupCostsDue(order);
  return { value: shops + startupCosts, shops, startupCosts };
}

export interface SurveyAnnualPricing {
  /** Per location: monthly cost x 12 without discount. */
  fullAnnualPrice: Cents;
  /** Per location: monthly cost x (1 - discount/100) x 12, rounded once to the cent. */
  annualPrice: Cents;
  savings: Cents;
  locationCount: number;
  annualTotal: Cents;
  fullAnnualTotal: Cents;
  savingsTotal: Cents;
}

/** Annual survey plan with a percentage discount (spec: order-flow 9, "Save 25% by selecting an Annual plan"). */
export function surveyAnnualPricing(
  monthlyCost: Cents,
  discountPercent: number,
  locationCount = 1,
): SurveyAnnualPricing {
  assertWhole(monthlyCost, 'monthlyCost');
  assertWhole(locationCount, 'locationCount');
  if (!(discountPercent >= 0 && discountPercent <= 100)) {
    throw new RangeError(`discountPercent must be between 0 and 100, got ${discountPercent}`);
  }
  const fullAnnualPrice = monthlyCost * 12;
  // Integer product first, one division, one rounding: no drift from (1 - d/100) in floating point.
  const annualPrice = Math.round((monthlyCost * (100 - discountPercent) * 12) / 100);
  const savings = fullAnnualPrice - annualPrice;
  return {
    fullAnnualPrice,
    annualPrice,
    savings,
    locationCount,
    annualTotal: annualPrice * locationCount,
    fullAnnualTotal: fullAnnualPrice * locationCount,
    savingsTotal: savings * locationCount,
  };
}
