import type { BrandCapabilities } from './brand-capabilities';
import { firstPathSegment } from './order-flow-rules';
import type { QuestionnaireType } from './types';

export interface ProgressStep {
  number: number;
  label: string;
  /** Where the step leads; null when it is shown as plain text. */
  link: string | null;
  active: boolean;
}

/**
 * The default (single-service) status bar: steps 3 and 4 become links only once the order has
 * locations. A step is active when the page is on its route (the spec leaves this detail open).
 */
export function singleServiceProgress(options: {
  brand: Pick<BrandCapabilities, 'customizationEnabled'>;
  orderServices: readonly QuestionnaireType[];
  hasLocations: boolean;
  pathname: string;
}): ProgressStep[] {
  const services = new Set(options.orderServices);
  const onlySurveys = services.size === 1 && services.has('customerSurvey');
  const steps: Omit<ProgressStep, 'number' | 'active'>[] = [
    {
      label: options.brand.customizationEnabled ? 'Customize Questionnaire(s)' : 'Confirm Questionnaire(s)',
      link: '/customize',
    },
    { label: 'Add Locations', link: '/locations' },
    {
      label: onlySurveys ? 'Confirm Locations' : 'Specify Frequency',
      link: options.hasLocations ? '/frequency#edit' : null,
    },
    { label: 'Place Your Order', link: options.hasLocations ? '/checkout' : null },
  ];
  const routes = ['customize', 'locations', 'frequency', 'checkout'];
  const here = firstPathSegment(options.pathname);
  return steps.map((step, i) => ({ ...step, number: i + 1, active: routes[i] === here }));
}

export interface MultiServiceItem {
  label: string;
  link: string;
  /** Disabled items are shown but not navigable. */
  disabled: boolean;
  active: boolean;
}

export interface MultiServiceSection {
  service: QuestionnaireType;
  title: 'Mystery Shops' | 'Surveys';
  items: MultiServiceItem[];
}

type DisabledUntil = 'never' | 'locations exist' | 'surveys selected';

/** The table of order-flow 2 (Progress bars), as data. */
const MULTI_SERVICE_TABLE: readonly {
  service: QuestionnaireType;
  title: MultiServiceSection['title'];
  items: readonly { label: string; link: string; disabledUntil: DisabledUntil }[];
}[] = [
  {
    service: 'mysteryShop',
    title: 'Mystery Shops',
    items: [
      { label: 'Select Forms', link: '/select-questionnaires/mystery-shop', disabledUntil: 'never' },
      { label: 'Customize', link: '/customize/mystery-shop', disabledUntil: 'never' },
      { label: 'Add Locations', link: '/locations/mystery-shop', disabledUntil: 'never' },
      { label: 'Mystery Shop Options', link: '/frequency/mystery-shop', disabledUntil: 'locations exist' },
    ],
  },
  {
    service: 'customerSurvey',
    title: 'Surveys',
    items: [
      {
        label: 'Select Surveys',
        link: '/select-questionnaires/customer-survey',
        disabledUntil: 'locations exist',
      },
      { label: 'Customize', link: '/customize/customer-survey', disabledUntil: 'surveys selected' },
      { label: 'Add Locations', link: '/locations/customer-survey', disabledUntil: 'surveys selected' },
      { label: 'Confirm Locations', link: '/frequency/customer-survey', disabledUntil: 'surveys selected' },
    ],
  },
];

/**
 * The multi-service bar: a section per service on the order. The active item is the one whose
 * link equals path plus hash (`hash` as the browser gives it, '' or '#...').
 */
export function multiServiceProgress(options: {
  orderServices: readonly QuestionnaireType[];
  hasLocations: boolean;
  hasSurveysSelected: boolean;
  pathname: string;
  hash: string;
}): MultiServiceSection[] {
  const here = options.pathname + options.hash;
  const unmet: Record<DisabledUntil, boolean> = {
    never: false,
    'locations exist': !options.hasLocations,
    'surveys selected': !options.hasSurveysSelected,
  };
  return MULTI_SERVICE_TABLE.filter((section) => options.orderServices.includes(section.service)).map(
    (section) => ({
      service: section.service,
      title: section.title,
      items: section.items.map((item) => ({
        label: item.label,
        link: item.link,
        disabled: unmet[item.disabledUntil],
        active: item.link === here,
      })),
    }),
  );
}

/** The multi-service bar is used when the order has more than one service. */
export function usesMultiServiceProgress(orderServices: readonly QuestionnaireType[]): boolean {
  return new Set(orderServices).size > 1;
}
