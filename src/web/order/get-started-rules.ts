// Screen rules of Get Started that the domain does not hold: which industries are "popular", which
// questionnaires a service choice lists, and the annual survey promise. Pure, tested beside.
import {
  feeSuffix,
  formatMoney,
  MONTHS_PURCHASED,
  type QuestionnaireType,
  surveyAnnualPricing,
} from '../../domain';

/** The Popular Industries list, in the spec's order; a brand shows only those it has. */
export const POPULAR_INDUSTRY_TITLES = [
  'Restaurants',
  'Apartments',
  'Retail',
  'Self-Storage',
  'Telephone Services',
  'Automotive',
] as const;

/** 'Save 25% by selecting an Annual plan'. */
export const ANNUAL_SURVEY_DISCOUNT_PERCENT = 25;

/** The industry chosen animates into view over this long (spec: order-flow 9). */
export const INDUSTRY_ANIMATION_MS = 500;

export interface ListedQuestionnaire {
  _id: string;
  title: string;
  type: string;
  cost: number;
  startupCost: number;
  monthsPurchased: number;
}

export interface ListedIndustry<Q extends ListedQuestionnaire = ListedQuestionnaire> {
  _id: string;
  title: string;
  questionnaires: readonly Q[];
}

const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The brand's industries that are popular, in the popular order. */
export function popularIndustries<I extends { title: string }>(industries: readonly I[]): I[] {
  return POPULAR_INDUSTRY_TITLES.flatMap((title) => industries.filter((i) => sameTitle(i.title, title)));
}

/** Questionnaires of the chosen services only. */
export function questionnairesForServices<Q extends { type: string }>(
  questionnaires: readonly Q[],
  services: readonly QuestionnaireType[],
): Q[] {
  return questionnaires.filter((q) => services.includes(q.type as QuestionnaireType));
}

/** Industries that list at least one questionnaire of the chosen services. */
export function industriesForServices<I extends ListedIndustry>(
  industries: readonly I[],
  services: readonly QuestionnaireType[],
): I[] {
  return industries.filter((i) => questionnairesForServices(i.questionnaires, services).length > 0);
}

/** '$95.00/shop', '$39.00/month', '$351.00/year'. */
export function questionnairePrice(
  q: Pick<ListedQuestionnaire, 'type' | 'cost' | 'monthsPurchased'>,
): string {
  const suffix = feeSuffix({
    questionnaireType: q.type as QuestionnaireType,
    monthsPurchased: q.monthsPurchased,
  });
  return `${formatMoney(q.cost)}${suffix}`;
}

/** '+ $150.00 startup fee' when the questionnaire has one. */
export function startupFeeText(q: Pick<ListedQuestionnaire, 'startupCost'>): string | null {
  return q.startupCost > 0 ? `+ ${formatMoney(q.startupCost)} one-time startup fee` : null;
}

export interface SurveyPromise {
  /** Lowest monthly survey price per location, cents. */
  monthlyPerLocation: number;
  /** The same plan paid annually with the discount, per location, cents. */
  annualPerLocation: number;
  discountPercent: number;
}

/**
 * The survey pricing promise: the lowest monthly survey price among the given industries and what
 * it comes to per year on the annual plan. Null when no monthly survey is listed.
 */
export function surveyPromise(industries: readonly ListedIndustry[]): SurveyPromise | null {
  const monthly = industries
    .flatMap((i) => i.questionnaires)
    .filter((q) => q.type === 'customerSurvey' && q.monthsPurchased !== MONTHS_PURCHASED.annual)
    .map((q) => q.cost);
  if (monthly.length === 0) return null;
  const monthlyPerLocation = Math.min(...monthly);
  const { annualPrice } = surveyAnnualPricing(monthlyPerLocation, ANNUAL_SURVEY_DISCOUNT_PERCENT);
  return {
    monthlyPerLocation,
    annualPerLocation: annualPrice,
    discountPercent: ANNUAL_SURVEY_DISCOUNT_PERCENT,
  };
}

/** 'Dallas, TX': how a zone city is listed and picked. */
export const zoneLabel = (zone: { city: string; state: string }) => `${zone.city}, ${zone.state}`;
