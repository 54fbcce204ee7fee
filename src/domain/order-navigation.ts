import type { QuestionnaireType } from './types';

const KEBAB: Readonly<Record<QuestionnaireType, string>> = {
  mysteryShop: 'mystery-shop',
  customerSurvey: 'customer-survey',
};

/** 'mysteryShop' -> 'mystery-shop', the form questionnaire types take in routes. */
export function questionnaireTypeToKebab(type: QuestionnaireType): string {
  return KEBAB[type];
}

/** The route segment back to a type; null for anything else (an unknown segment is no filter). */
export function questionnaireTypeFromKebab(segment: string | null | undefined): QuestionnaireType | null {
  const entry = Object.entries(KEBAB).find(([, kebab]) => kebab === segment);
  return entry ? (entry[0] as QuestionnaireType) : null;
}

/** '/locations' or '/locations/mystery-shop'. */
export function orderStepPath(
  step: 'select-questionnaires' | 'customize' | 'locations' | 'frequency',
  type: QuestionnaireType | null,
): string {
  return type ? `/${step}/${questionnaireTypeToKebab(type)}` : `/${step}`;
}

function serviceCount(services: readonly QuestionnaireType[]): number {
  return new Set(services).size;
}

/**
 * After Start Order and after saving a questionnaire selection: /customize, or the typed
 * customize step when the order has more than one service (mystery shops when no type is given).
 */
export function pathAfterSelectingQuestionnaires(options: {
  orderServices: readonly QuestionnaireType[];
  type?: QuestionnaireType | null;
}): string {
  if (serviceCount(options.orderServices) <= 1) return '/customize';
  return orderStepPath('customize', options.type ?? 'mysteryShop');
}

/** Next on Customize: /locations, keeping the route's type. */
export function pathAfterCustomize(routeType: QuestionnaireType | null): string {
  return orderStepPath('locations', routeType);
}

/** Next on Add Locations: /frequency, keeping the route's type. */
export function pathAfterLocations(routeType: QuestionnaireType | null): string {
  return orderStepPath('frequency', routeType);
}

/**
 * Next on the frequency step: with more than one service, the mystery-shop options lead on to
 * selecting surveys; otherwise to checkout.
 */
export function pathAfterFrequency(options: {
  orderServices: readonly QuestionnaireType[];
  routeType: QuestionnaireType | null;
}): string {
  return serviceCount(options.orderServices) > 1 && options.routeType === 'mysteryShop'
    ? '/select-questionnaires/customer-survey'
    : '/checkout';
}

/** Checkout's 'edit details' link: /frequency#edit, or to one location (/frequency/{type}#{id}). */
export function frequencyEditPath(options: {
  locationId?: string | null;
  type?: QuestionnaireType | null;
}): string {
  return `${orderStepPath('frequency', options.type ?? null)}#${options.locationId ?? 'edit'}`;
}

/** Fixed paths of the order wizard. */
export const ORDER_PATHS = {
  bulkLocations: '/locations/bulk',
  /** Cancel on bulk add, and where a successful bulk add lands. */
  afterBulkLocations: '/locations',
  loginForSavedLocations: '/login?redirect=/locations',
  /** The survey variant of Add Locations links here to adjust mystery-shop frequency. */
  adjustMysteryShopFrequency: '/frequency/mystery-shop',
  startOver: '/new-order',
  accountInfo: '/account/info',
  accountBilling: '/account/info#billing',
  thanks: '/thanks',
} as const;

/**
 * Where the entry gateway ('/', and a brand's /{entryPath}) sends a visit (order-flow 2, "Entry and
 * gateway"): a logged-in user to the account (its dashboard, where /account leads), an anonymous visitor
 * to Get Started. The brand does not change it: every brand's Get Started is /industry (an automotive
 * brand's make and an incentive-zone brand's city are picked there). `search` (the query string, with
 * its '?') is kept. The server answers '/' with a redirect here; the browser's router uses it for an
 * in-app visit of '/'.
 */
export function gatewayPath(loggedIn: boolean, search = ''): string {
  const path = loggedIn ? '/account/dashboard' : '/industry';
  return search && search !== '?' ? `${path}${search.startsWith('?') ? '' : '?'}${search}` : path;
}
