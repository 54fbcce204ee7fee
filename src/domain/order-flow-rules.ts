import type { BrandCapabilities } from './brand-capabilities';
import type { QuestionnaireType } from './types';

/** The distinct services of an order, from its service keys or its questionnaires' types. */
function distinct(services: readonly QuestionnaireType[]): QuestionnaireType[] {
  return [...new Set(services)];
}

/**
 * Guest checkout is offered to a visitor who is not logged in, only when no shop is recurring
 * and no shop is a customer survey; otherwise an account (a password) is required.
 */
export function guestCheckoutOffered(options: {
  loggedIn: boolean;
  shops: readonly { recurring: boolean; questionnaireType: QuestionnaireType }[];
}): boolean {
  if (options.loggedIn) return false;
  return options.shops.every((s) => !s.recurring && s.questionnaireType !== 'customerSurvey');
}

/**
 * 'USE THESE ORDER DETAILS FOR ALL LOCATIONS' shows on the first location only, and only when the
 * order has more than one location. In the default flow the order must also have exactly one
 * service, and neither the route's type filter nor that service may be customer survey.
 */
export function showsUseForAllLocations(options: {
  brand: Pick<BrandCapabilities, 'flowVariant'>;
  locationIndex: number;
  locationCount: number;
  orderServices: readonly QuestionnaireType[];
  routeType: QuestionnaireType | null;
}): boolean {
  if (options.locationIndex !== 0 || options.locationCount <= 1) return false;
  if (options.brand.flowVariant !== 'default') return true;
  const services = distinct(options.orderServices);
  return services.length === 1 && services[0] !== 'customerSurvey' && options.routeType !== 'customerSurvey';
}

/** Order-wizard paths where the resume bar would only repeat where the user already is. */
const ORDER_FLOW_SEGMENTS = new Set([
  'customize',
  'locations',
  'frequency',
  'checkout',
  'select-questionnaires',
]);

/** 'customize' for '/customize/mystery-shop'; '' for '/'. */
export function firstPathSegment(pathname: string): string {
  return pathname.split('/').find((s) => s !== '') ?? '';
}

/**
 * The 'You have an order in progress' bar: shown when an order cookie exists and the page is not
 * already part of the order wizard. The resume link opens the mystery-shop customize step when
 * more than one service is selected.
 */
export function resumeBar(options: {
  hasOrderCookie: boolean;
  pathname: string;
  selectedServices: readonly QuestionnaireType[];
}): { resumeLink: string; startOverLink: '/new-order' } | null {
  if (!options.hasOrderCookie || ORDER_FLOW_SEGMENTS.has(firstPathSegment(options.pathname))) return null;
  const resumeLink = distinct(options.selectedServices).length > 1 ? '/customize/mystery-shop' : '/customize';
  return { resumeLink, startOverLink: '/new-order' };
}

/**
 * The customization status shown beside a questionnaire: 'N/A' when the brand does not allow
 * customization; an upload wins over questions (a save holds one or the other).
 */
export function customizationStatus(options: {
  brand: Pick<BrandCapabilities, 'customizationEnabled'>;
  customUpload?: { fileKey?: string | null } | null;
  customQuestions?: readonly { question?: string | null }[] | null;
}): string {
  if (!options.brand.customizationEnabled) return 'N/A';
  if (options.customUpload?.fileKey) return 'Custom upload added';
  const count = (options.customQuestions ?? []).filter((q) => (q.question ?? '').trim() !== '').length;
  return count > 0 ? `${count} custom question(s) added` : 'Not customized';
}

/**
 * On the frequency step a questionnaire's checkbox shows only when the order has several
 * questionnaires or no shop is ticked yet at that location.
 */
export function showsQuestionnaireCheckbox(options: {
  questionnaireCount: number;
  tickedShopCount: number;
}): boolean {
  return options.questionnaireCount > 1 || options.tickedShopCount === 0;
}

/** Next on Add Locations is disabled while the initial amount due is 0. */
export function canContinueFromLocations(initialDueCents: number): boolean {
  return initialDueCents > 0;
}
