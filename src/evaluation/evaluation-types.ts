import type { Form } from './form-schema';
import type { EvaluationStatusCode } from './statuses';

/** A timespan answer; scored in seconds (hours x 3600 + minutes x 60 + seconds). */
export interface TimespanAnswer {
  hours: number;
  minutes: number;
  seconds: number;
}

/** A phone recording answer; it counts as answered only once recordingURL is set (stored as a key, read as a URL). */
export interface PhoneRecordingAnswer {
  recordingURL: string | null;
  [extra: string]: unknown;
}

/**
 * An answer value. By element type:
 * text, narrative, inboundparameter, embed: string; imageupload: the uploaded image (the server
 * stores its storage key and gives readers its URL; see src/server/fieldwork/file-answers.ts);
 * date: 'YYYY-MM-DD'; time: local time 'h:mm A' (e.g. '3:05 PM'); number: number;
 * choice: the selected option's localId; multichoice: the selected options' localIds;
 * timespan: TimespanAnswer; phonerecording: PhoneRecordingAnswer. Remarks take no answer.
 */
export type AnswerValue = string | number | readonly string[] | TimespanAnswer | PhoneRecordingAnswer;

/** Answers keyed by element localId. */
export type Answers = Readonly<Record<string, AnswerValue>>;

/** Evaluation roles; anything else is treated like a shopper for editability. */
export const EVALUATION_ROLES = ['shopper', 'employee', 'proofer'] as const;
export type EvaluationRole = (typeof EVALUATION_ROLES)[number];
export const isEvaluationRole = (role: string): role is EvaluationRole =>
  (EVALUATION_ROLES as readonly string[]).includes(role);

/** The person filling in the evaluation; rulesets read role, age and gender. */
export interface EvaluationUser {
  role: EvaluationRole | (string & {});
  gender: string | null;
  age: number | null;
  displayName: string | null;
  email: string | null;
  phone: string | null;
}

/** The evaluated location; rulesets read its state (e.g. 'NV'). */
export interface EvaluationLocation {
  name: string | null;
  address: string | null;
  state: string | null;
}

/** The shop (visit) being evaluated, as shown to the shopper. */
export interface EvaluationShop {
  businessName: string | null;
  address: string | null;
  phone: string | null;
  website: string | null;
  dueDate: string | null;
  maxReimbursement: number | null;
}

/** Where the evaluation stands: its status, the current and furthest positions, comments. */
export interface EvaluationMetadata {
  evaluationId: string | null;
  evaluationStatus: EvaluationStatusCode;
  currentSectionId: string | null;
  currentElementId: string | null;
  furthestSectionIndex: number;
  furthestElementIndex: number;
  internalComment: string;
  externalComment: string;
  /** ISO timestamp, passed in by the caller (the engine has no clock). */
  timeSubmitted: string | null;
}

/** The submit flags of spec section 3; a new evaluation has all three false ("not submitted"). */
export interface SubmitStatus {
  submitted: boolean;
  inProgress: boolean;
  success: boolean;
}

/** The derived state of one element, by element localId in `status.elements`. */
export interface ElementStatus {
  visible: boolean;
  editable: boolean;
  required: boolean;
  populated: boolean;
  invalid: boolean;
  message: string | null;
  /** Display number; null for remarks and elements with displayNumber false. */
  number: number | null;
  indexWithinSection: number;
  indexOverall: number;
}

/** The derived state of one section; collected once any of its elements is populated. */
export interface SectionStatus {
  sectionIndex: number;
  collected: boolean;
}

/** The completion description shown to the person filling in the evaluation. */
export type CompletionDescription = 'Corrections Needed' | 'In Progress' | 'Ready to Submit';

/** Completion counts of spec section 4 with the description, its icon and its tone. */
export interface CompletionSummary {
  incomplete: number;
  invalid: number;
  available: number;
  validated: number;
  completed: number;
  commented: number;
  description: CompletionDescription;
  icon: 'error' | 'empty-circle' | 'check';
  tone: 'danger' | 'info' | 'success';
}

/** Derived by `refresh`; never edit by hand. */
export interface EvaluationState {
  elements: Readonly<Record<string, ElementStatus>>;
  sections: Readonly<Record<string, SectionStatus>>;
  completion: CompletionSummary;
}

/** A filled-in form: a visit's shopper evaluation or one survey response. */
export interface Evaluation {
  remoteId: string | null;
  localId: string | null;
  form: Form;
  metadata: EvaluationMetadata;
  user: EvaluationUser;
  shopper: EvaluationUser | null;
  location: EvaluationLocation | null;
  shop: EvaluationShop | null;
  answers: Answers;
  status: EvaluationState;
  submitStatus: SubmitStatus;
  proofingComments: Readonly<Record<string, string>>;
  isSurvey: boolean;
  surveyReviewUrl: string | null;
  surveyResponseValue: number | null;
  environment: string | null;
}
