import type { Evaluation, EvaluationLocation, EvaluationShop, EvaluationUser } from './evaluation-types';
import { indexForm } from './form-index';
import type { Form } from './form-schema';
import { setOwn } from './own-key';
import { DEFAULT_USER, refresh } from './refresh';
import { EvaluationStatus, type EvaluationStatusCode } from './statuses';

/** Who fills in the evaluation and what it is about; everything is optional. */
export interface EvaluationContext {
  evaluationId?: string | null;
  remoteId?: string | null;
  localId?: string | null;
  user?: Partial<EvaluationUser>;
  shopper?: Partial<EvaluationUser> | null;
  location?: Partial<EvaluationLocation> | null;
  shop?: Partial<EvaluationShop> | null;
  /** Defaults to Started; pass Preview to show a form with nothing editable. */
  evaluationStatus?: EvaluationStatusCode;
  isSurvey?: boolean;
  surveyReviewUrl?: string | null;
  surveyResponseValue?: number | null;
  environment?: string | null;
  /**
   * Values for inboundparameter elements (e.g. from a survey link's query), keyed by element
   * localId. Keys that are not inboundparameter elements are ignored; values become text.
   */
  inboundParameters?: Readonly<Record<string, string | number>>;
}

function location(input: Partial<EvaluationLocation>): EvaluationLocation {
  return { name: input.name ?? null, address: input.address ?? null, state: input.state ?? null };
}

function shop(input: Partial<EvaluationShop>): EvaluationShop {
  return {
    businessName: input.businessName ?? null,
    address: input.address ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    dueDate: input.dueDate ?? null,
    maxReimbursement: input.maxReimbursement ?? null,
  };
}

/** A new evaluation of a form: status Started, not submitted, the first section current. */
export function createEvaluation(form: Form, context: EvaluationContext = {}): Evaluation {
  const index = indexForm(form);
  const answers: Record<string, string> = {};
  for (const [id, value] of Object.entries(context.inboundParameters ?? {})) {
    if (index.byId.get(id)?.element.typeId === 'inboundparameter') {
      setOwn(answers, id, String(value));
    }
  }
  const firstSection = form.sections[0];
  return refresh({
    remoteId: context.remoteId ?? null,
    localId: context.localId ?? null,
    form,
    metadata: {
      evaluationId: context.evaluationId ?? null,
      evaluationStatus: context.evaluationStatus ?? EvaluationStatus.Started,
      currentSectionId: firstSection?.localId ?? null,
      currentElementId: firstSection?.elements[0]?.localId ?? null,
      furthestSectionIndex: 0,
      furthestElementIndex: 0,
      internalComment: '',
      externalComment: '',
      timeSubmitted: null,
    },
    user: { ...DEFAULT_USER, ...context.user },
    shopper: context.shopper ? { ...DEFAULT_USER, ...context.shopper } : null,
    location: context.location ? location(context.location) : null,
    shop: context.shop ? shop(context.shop) : null,
    answers,
    status: {
      elements: {},
      sections: {},
      completion: {
        incomplete: 0,
        invalid: 0,
        available: 0,
        validated: 0,
        completed: 0,
        commented: 0,
        description: 'Ready to Submit',
        icon: 'check',
        tone: 'success',
      },
    },
    submitStatus: { submitted: false, inProgress: false, success: false },
    proofingComments: {},
    isSurvey: context.isSurvey ?? false,
    surveyReviewUrl: context.surveyReviewUrl ?? null,
    surveyResponseValue: context.surveyResponseValue ?? null,
    environment: context.environment ?? null,
  });
}
