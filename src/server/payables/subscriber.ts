import { eq } from 'drizzle-orm';
import { evaluations } from '../db/schema.js';
import type { Subscriber } from '../events/index.js';
import { createPayable } from './create-payable.js';

/**
 * What a shopper is owed, as a subscriber of the event log: an approved visit's evaluation gets its
 * payable line (createPayable: surveys and evaluations without a shopper owe nothing; at most one line
 * per evaluation, so neither a replay nor a second approval after a rejection pays twice).
 */
export const payablesSubscriber: Subscriber = {
  name: 'payables',
  events: ['evaluation.approved'],
  async handle(tx, event) {
    if (event.type !== 'evaluation.approved') return;
    const [evaluation] = await tx
      .select()
      .from(evaluations)
      .where(eq(evaluations.id, event.payload.evaluationId))
      .limit(1);
    if (evaluation) await createPayable(tx, { evaluation, now: event.at });
  },
};
