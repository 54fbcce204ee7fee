import { MONTHS_PURCHASED } from '../pricing';
import { PASSWORD_MAX_LENGTH } from './account';
import { MAX_BULK_LOCATIONS } from './location';
import { MAX_SHOP_QUANTITY } from './shop';
import type { TextRule } from './text';
import {
  MAX_ADDITIONAL_COMMENTS,
  MAX_CUSTOM_QUESTIONS,
  MULTIPLE_CHOICE_OPTION_LABELS,
} from './user-questionnaire';

/**
 * The limits of every input the API takes, by GraphQL schema coordinate: `Type.field.argument` for
 * an argument, `InputType.field` for a field of an input object. The server's input boundary
 * applies them to every request before a resolver runs; the web forms' zod schemas use the same
 * constants. A string follows the text rule (text.ts) with the length and line rule given here or
 * its default; every Int must have a range here (a test checks); a list holds at most `maxItems`.
 */
export interface InputLimit {
  /** How the field is named in messages; by default its name in words ('referralCode' -> 'Referral code'). */
  label?: string;
  /** Strings (and each string of a list). */
  text?: TextRule;
  /** Ints and Floats: inclusive range (Ints also whole). */
  range?: readonly [number, number];
  /** Lists. */
  maxItems?: number;
}

/** Money in cents as admins and customers enter it: up to $1,000,000. */
export const MAX_INPUT_CENTS = 100_000_000;
/** Ids, cursors, tokens and codes. */
export const ID_TEXT: TextRule = { max: 200 };
/** Any other string without its own limit: one line. */
export const DEFAULT_TEXT: TextRule = { max: 1000 };
export const EMAIL_TEXT: TextRule = { max: 320 };
export const DEFAULT_MAX_ITEMS = 1000;
/** JSON arguments (answers, form drafts): nesting, size and each string and key. */
export const JSON_LIMITS = { maxDepth: 32, maxNodes: 100_000, maxString: 100_000, maxKey: 200 } as const;

const PASSWORD: InputLimit = { text: { max: PASSWORD_MAX_LENGTH } };
const EMAILS_LIST: InputLimit = { text: { max: 2000 } };
const URL: InputLimit = { text: { max: 2000 } };
const CENTS: readonly [number, number] = [0, MAX_INPUT_CENTS];
/** Page sizes (`first`): the server serves at most its own page cap whatever is asked. */
const PAGE: InputLimit = { label: 'Page size (first)', range: [1, 1000] };

export const INPUT_LIMITS: Readonly<Record<string, InputLimit>> = {
  // Multi-line text.
  'UserQuestionnaireInput.additionalComments': {
    label: 'Additional Comments',
    text: { max: MAX_ADDITIONAL_COMMENTS, multiline: true },
  },
  'UserQuestionnaireInput.customQuestions': { label: 'Custom questions', maxItems: MAX_CUSTOM_QUESTIONS * 4 },
  'CustomQuestionInput.question': { label: 'Custom question', text: { max: 1000, multiline: true } },
  'CustomQuestionInput.multipleChoiceOptions': {
    label: 'Answer option',
    text: { max: 200 },
    maxItems: MULTIPLE_CHOICE_OPTION_LABELS.length * 2,
  },
  'BrandInput.brandText': { label: 'Brand Text', text: { max: 5000, multiline: true } },
  'Mutation.rejectEvaluation.comment': { label: 'Comment', text: { max: 4000, multiline: true } },
  'Mutation.setProofingComment.comment': { label: 'Comment', text: { max: 4000, multiline: true } },
  'ActionPlanItemInput.action': { label: 'Action', text: { max: 2000, multiline: true } },
  'Mutation.returnActionPlan.note': { label: 'Note', text: { max: 2000, multiline: true } },
  'Mutation.resolveActionPlan.note': { label: 'Note', text: { max: 2000, multiline: true } },
  'ActionPlanItemInput.responsible': { label: 'Responsible person', text: { max: 200 } },
  'Mutation.saveActionPlan.items': { label: 'Questions', maxItems: 500 },
  'Mutation.submitActionPlan.items': { label: 'Questions', maxItems: 500 },
  'ActionPlanTriggerInput.questionIds': { label: 'Questions', maxItems: 500 },

  // Longer single-line text.
  'Mutation.generateSignature.text': { text: { max: 2000 } },
  'AccountProfileInput.additionalEmails': EMAILS_LIST,
  'CheckoutProfileInput.additionalEmails': EMAILS_LIST,
  'ProfileInput.additionalEmails': EMAILS_LIST,
  'LocationInput.additionalEmails': EMAILS_LIST,
  'LocationEditInput.additionalEmails': EMAILS_LIST,
  'BrandInput.orderNotificationEmails': EMAILS_LIST,
  'QuestionnaireInput.sampleLink': { label: 'Sample Link', ...URL },
  'BrandInput.logoUrl': URL,
  'BrandInput.faviconUrl': URL,
  'BrandInput.brandTextImageUrl': URL,
  'LocationInput.website': URL,
  'LocationEditInput.website': URL,
  'CheckoutInput.stripeToken': { label: 'Card', text: { max: 500 } },
  'Mutation.saveDefaultCard.stripeToken': { label: 'Card', text: { max: 500 } },

  // A browser's passkey answer (WebAuthn JSON; a few KB with its attestation).
  'Mutation.finishPasskeyRegistration.response': { label: 'Passkey response', text: { max: 16_000 } },
  'Mutation.passkeySignIn.response': { label: 'Passkey response', text: { max: 16_000 } },
  'Mutation.finishPasskeyRegistration.name': { label: 'Name', text: { max: 60 } },
  'Mutation.renamePasskey.name': { label: 'Name', text: { max: 60 } },

  // Passwords.
  'Mutation.login.password': PASSWORD,
  'Mutation.changePassword.oldPassword': { label: 'Current Password', ...PASSWORD },
  'Mutation.changePassword.newPassword': { label: 'New Password', ...PASSWORD },
  'Mutation.resetPassword.password': PASSWORD,
  'RegisterInput.password': PASSWORD,
  'CheckoutInput.password': PASSWORD,
  'CheckoutInput.confirmPassword': { label: 'Confirm Password', ...PASSWORD },
  'ShopperRegisterInput.password': PASSWORD,

  // Numbers.
  'Query.order.orderNumber': { label: 'Order number', range: [1, 2_147_483_647] },
  'Mutation.saveEvaluation.baseVersion': { label: 'Base version', range: [0, 2_147_483_647] },
  'Query.orders.first': PAGE,
  'WebhookEndpoint.deliveries.first': PAGE,
  'Query.actionPlans.first': PAGE,
  'Query.actionPlans.offset': { label: 'Offset', range: [0, 1_000_000] },
  // Wider than the rule (1 to 100), so the trigger's own message says what is allowed.
  'ActionPlanTriggerInput.belowPercent': { label: 'Score below', range: [-1000, 1000] },
  'Query.users.first': PAGE,
  'User.orders.first': PAGE,
  'User.invoices.first': PAGE,
  'Query.outboxEmails.limit': { label: 'Limit', range: [1, 200] },
  'Query.outbox.first': PAGE,
  'QuestionnaireInput.cost': { label: 'Cost', range: CENTS },
  'QuestionnaireInput.startupCost': { label: 'Startup Cost', range: CENTS },
  'QuestionnaireInput.minimumReimbursement': { label: 'Minimum Reimbursement', range: CENTS },
  'QuestionnaireInput.shopperFee': { label: 'Shopper Fee', range: CENTS },
  'QuestionnaireInput.monthsPurchased': {
    label: 'Months Purchased',
    range: [MONTHS_PURCHASED.min, MONTHS_PURCHASED.max],
  },
  'ShopInput.reimbursement': { label: 'Reimbursement', range: CENTS },
  // Visit proof: a browser position (a coarse one, from the network, can be kilometres wide).
  // Supply, reports and the audit log (issues 47, 48, 50): bounds against absurd numbers only; each
  // use case checks its own rule with its own message (a grade from 1 to 10, up to 14 more days, ...).
  'Mutation.approveEvaluation.grade': { label: 'Grade', range: [0, 100] },
  'Mutation.gradeVisit.grade': { label: 'Grade', range: [0, 100] },
  'Mutation.requestVisitExtension.days': { label: 'Days', range: [0, 365] },
  'Mutation.decideVisitExtension.days': { label: 'Days', range: [0, 365] },
  'Mutation.saveOfferSettings.radiusMiles': { label: 'Distance (miles)', range: [0, 5000] },
  'Query.auditLog.page': { label: 'Page', range: [0, 1_000_000] },
  'Query.auditLog.pageSize': { label: 'Page size', range: [0, 1000] },
  'Query.scoreAlerts.first': PAGE,
  'Query.shopboard.latitude': { label: 'Latitude', range: [-90, 90] },
  'Query.shopboard.longitude': { label: 'Longitude', range: [-180, 180] },
  'Query.shopboard.limit': { label: 'Limit', range: [0, 1000] },
  'Query.shopboard.offset': { label: 'Offset', range: [0, 1_000_000] },
  'Query.shopboard.radiusMiles': { label: 'Distance (miles)', range: [0, 5000] },
  'Query.shopboard.minPay': { label: 'Minimum pay', range: [0, 100_000_000] },
  'Query.shoppersForVisit.maxMiles': { label: 'Distance (miles)', range: [0, 5000] },
  'Query.visitsAtRisk.limit': { label: 'Limit', range: [0, 1000] },
  'ScoreAlertRuleInput.belowPercent': { label: 'Alert under (%)', range: [0, 1000] },
  'ScoreAlertRuleInput.dropPoints': { label: 'Drop (points)', range: [0, 1000] },
  'ScoreAlertRuleInput.trailingShops': { label: 'Shops averaged', range: [0, 1000] },
  'ShopperProfileInput.birthYear': { label: 'Birth Year', range: [1900, 2100] },
  'ShopperRulesInput.minAge': { label: 'Minimum age', range: [0, 200] },
  'ShopperRulesInput.maxAge': { label: 'Maximum age', range: [0, 200] },
  'ShopperRulesInput.minRating': { label: 'Minimum rating', range: [0, 100] },
  'ShopperRulesInput.locationGapDays': { label: 'Days between visits', range: [0, 10_000] },
  'ShopperRulesInput.maxVisitsPerCycle': { label: 'Visits per cycle', range: [0, 10_000] },
  'Mutation.checkIn.latitude': { label: 'Latitude', range: [-90, 90] },
  'Mutation.checkIn.longitude': { label: 'Longitude', range: [-180, 180] },
  'Mutation.checkIn.accuracy': { label: 'Accuracy', range: [0, 20_000_000] },
  'Mutation.checkOut.latitude': { label: 'Latitude', range: [-90, 90] },
  'Mutation.checkOut.longitude': { label: 'Longitude', range: [-180, 180] },
  'Mutation.checkOut.accuracy': { label: 'Accuracy', range: [0, 20_000_000] },
  'ShopInput.frequencyQuantity': { label: 'Number of Shops', range: [0, MAX_SHOP_QUANTITY] },
  'ShopInput.totalQuantity': { label: 'Number of Shops', range: [0, MAX_SHOP_QUANTITY] },
  'ShopperRegisterInput.birthYear': { label: 'Birth Year', range: [1900, 2100] },
  // Wide enough for the card processor to answer with its own words (Stripe's) for a bad expiry;
  // two-digit years are allowed.
  'TestCardInput.expireMonth': { label: 'Expiration month', range: [0, 99] },
  'TestCardInput.expireYear': { label: 'Expiration year', range: [0, 9999] },

  // Lists.
  'Mutation.addBulkLocations.input': { label: 'Locations', maxItems: MAX_BULK_LOCATIONS },
  'Mutation.startOrder.qids': { label: 'Questionnaire', maxItems: 100 },
  'Mutation.modifyOrderQuestionnaires.qids': { label: 'Questionnaire', maxItems: 100 },
  'Mutation.startOrder.serviceKeys': { label: 'Service', maxItems: 20 },
  'LocationInput.oids': { label: 'Order', maxItems: 100 },
};

const LABEL_WORDS: Readonly<Record<string, string>> = {
  _id: 'Id',
  oid: 'Order',
  uid: 'User',
  qid: 'Questionnaire',
  uqid: 'Customized questionnaire',
  qType: 'Questionnaire type',
};

/** 'referralCode' -> 'Referral code'; ids by what they name ('oid' -> 'Order'). */
export function inputLabel(name: string): string {
  const known = LABEL_WORDS[name];
  if (known) return known;
  const words = name
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ID_NAME =
  /^(_id|[a-z]*id|[a-z]*Ids?|after|token|key|surveyCode|serviceKeys|elementId|currentSectionId)$/;

/** The text rule of a string at `coordinate` named `name`: its own limit, else by what it holds. */
export function textRuleFor(coordinate: string, name: string): TextRule {
  const own = INPUT_LIMITS[coordinate]?.text;
  if (own) return own;
  if (/email$/i.test(name) && !/emails$/i.test(name)) return EMAIL_TEXT;
  if (ID_NAME.test(name)) return ID_TEXT;
  return DEFAULT_TEXT;
}
