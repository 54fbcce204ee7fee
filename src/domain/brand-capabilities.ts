import type { TBrandCapabilities, TFlowVariant } from './schemas/brand';
import type { QuestionnaireType } from './types';

/**
 * Brand capabilities (order-flow 1, 4, 6): behaviour differences between storefronts are read
 * from these stored fields, never from the brand's shortName.
 */
export type BrandCapabilities = TBrandCapabilities;

/** The services in the order the Get Started step lists them; mystery shops is the default. */
export const SERVICE_LABELS: Readonly<Record<QuestionnaireType, string>> = {
  mysteryShop: 'Mystery Shops',
  customerSurvey: 'Customer Feedback Surveys',
};
export const DEFAULT_SELECTED_SERVICES: readonly QuestionnaireType[] = ['mysteryShop'];

/**
 * Services the brand offers: only mystery shops when the brand has surveys disabled or none of
 * its industries has a survey questionnaire; otherwise both.
 */
export function offeredServices(
  brand: Pick<BrandCapabilities, 'surveysEnabled'>,
  industries: readonly { questionnaires: readonly { type: QuestionnaireType }[] }[],
): QuestionnaireType[] {
  const hasSurveys = industries.some((i) => i.questionnaires.some((q) => q.type === 'customerSurvey'));
  return brand.surveysEnabled && hasSurveys ? ['mysteryShop', 'customerSurvey'] : ['mysteryShop'];
}

/** The service-choice step is skipped when there is nothing to choose. */
export function skipsServiceStep(services: readonly QuestionnaireType[]): boolean {
  return new Set(services).size <= 1;
}

/** Whether customers may customize questionnaires (otherwise they only confirm them). */
export function customizationAllowed(brand: Pick<BrandCapabilities, 'customizationEnabled'>): boolean {
  return brand.customizationEnabled;
}

/** Texts of the Customize step, which becomes a Confirm step when customization is off. */
export function customizeStepTexts(brand: Pick<BrandCapabilities, 'customizationEnabled'>) {
  return brand.customizationEnabled
    ? { heading: 'Customize Your Questionnaires', action: 'Edit' as const }
    : { heading: 'Confirm Your Questionnaires', action: 'Remove' as const };
}

/** With customization allowed and exactly one questionnaire, its editor opens by default. */
export function opensEditorByDefault(
  brand: Pick<BrandCapabilities, 'customizationEnabled'>,
  questionnaireCount: number,
): boolean {
  return brand.customizationEnabled && questionnaireCount === 1;
}

/** Wording and screen differences between the default flow and the automotive one. */
export interface FlowVariantTexts {
  referralCodeLabel: 'Referral Code' | 'Promo Code';
  bulkLocationsLinkLabel: 'Add Locations In Bulk' | 'Have More Than 20 Locations? Add Here';
  showsSampleLinks: boolean;
  getStartedSubmitLabel: 'Next' | 'Continue';
  /** The select-questionnaires route shows the Get Started view instead of its own. */
  selectShowsGetStarted: boolean;
  /** The frequency step is the single 'Specify Frequency' table with Edit Locations / Checkout. */
  frequencyAsTable: boolean;
  /** Get Started lists industries in three columns. */
  industryColumns: 1 | 3;
}

const FLOW_VARIANT_TEXTS: Readonly<Record<TFlowVariant, FlowVariantTexts>> = {
  default: {
    referralCodeLabel: 'Referral Code',
    bulkLocationsLinkLabel: 'Add Locations In Bulk',
    showsSampleLinks: true,
    getStartedSubmitLabel: 'Next',
    selectShowsGetStarted: false,
    frequencyAsTable: false,
    industryColumns: 1,
  },
  automotive: {
    referralCodeLabel: 'Promo Code',
    bulkLocationsLinkLabel: 'Have More Than 20 Locations? Add Here',
    showsSampleLinks: false,
    getStartedSubmitLabel: 'Continue',
    selectShowsGetStarted: true,
    frequencyAsTable: true,
    industryColumns: 3,
  },
};

export function flowVariantTexts(brand: Pick<BrandCapabilities, 'flowVariant'>): FlowVariantTexts {
  return FLOW_VARIANT_TEXTS[brand.flowVariant];
}

/**
 * Splits the industry list into three columns; the middle column takes the remainder
 * (10 items: 3, 4, 3).
 */
export function splitIntoThreeColumns<T>(items: readonly T[]): [T[], T[], T[]] {
  const side = Math.floor(items.length / 3);
  const middle = items.length - 2 * side;
  return [items.slice(0, side), items.slice(side, side + middle), items.slice(side + middle)];
}

/** The 'click here' link for industries that are not listed, when the brand has an address. */
export function unlistedIndustryMailto(
  brand: Pick<BrandCapabilities, 'unlistedIndustryEmail'>,
): string | null {
  return brand.unlistedIndustryEmail ? `mailto:${brand.unlistedIndustryEmail}` : null;
}
