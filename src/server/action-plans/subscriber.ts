import { documentForReader, type EvaluationDocument } from '../../evaluation/index.js';
import { formOfVersion, onApproval } from '../fieldwork/index.js';
import { planAfterApproval } from './plans.js';

/**
 * The action-plan trigger, as a subscriber of evaluation.approved: the approved shop follows up the
 * location's earlier plans on the program, and a low score asks the location for a plan (once per
 * shop: a plan is unique by its evaluation). Its e-mails follow from plan.created.
 */
export const actionPlanTrigger = onApproval('action-plan-trigger', async (tx, evaluation, event) => {
  if (!evaluation.clientId) return;
  const form = await formOfVersion(tx, evaluation.formVersionId);
  await planAfterApproval(tx, {
    evaluation,
    // What the customer may read of the shopper's comments (src/evaluation/readers.ts): QA's
    // rejection note, kept in metadata.externalComment for the shopper, is not one of them.
    shopperComment:
      documentForReader('customer', evaluation.document as EvaluationDocument, new Set()).metadata
        ?.externalComment ?? '',
    programName: event.payload.programName,
    locationName: event.payload.locationName,
    questionOrder: form.sections.flatMap((s) => s.elements.map((el) => el.localId)),
    now: event.at,
  });
});
