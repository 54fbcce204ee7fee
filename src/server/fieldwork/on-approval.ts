import { eq } from 'drizzle-orm';
import type { DomainEventPayloads, StoredDomainEvent } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { evaluations } from '../db/schema.js';
import type { Subscriber } from '../events/index.js';
import type { EvaluationRow } from './evaluation-store.js';

export type ApprovedEvent = StoredDomainEvent & {
  type: 'evaluation.approved';
  payload: DomainEventPayloads['evaluation.approved'];
};

/**
 * A subscriber of evaluation.approved that works on the approved evaluation's row, as it is when the
 * subscriber runs (the report's e-mails, the shopper's payable, the action-plan trigger); an
 * evaluation since deleted asks nothing.
 */
export function onApproval(
  name: string,
  handle: (tx: Db, evaluation: EvaluationRow, event: ApprovedEvent) => Promise<unknown>,
): Subscriber {
  return {
    name,
    events: ['evaluation.approved'],
    async handle(tx, event) {
      if (event.type !== 'evaluation.approved') return;
      const [evaluation] = await tx
        .select()
        .from(evaluations)
        .where(eq(evaluations.id, event.payload.evaluationId))
        .limit(1);
      if (evaluation) await handle(tx, evaluation, event);
    },
  };
}
