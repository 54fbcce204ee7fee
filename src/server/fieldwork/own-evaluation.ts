import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { notAuthorized } from '../errors.js';
import { loadEvaluationRow } from './evaluation-store.js';
import { requireShopper } from './roles.js';

export const MSG_NOT_EDITABLE = 'This evaluation can no longer be changed.';

/** The shopper's own evaluation (a shopper reaches only their own), locked for the change. */
export async function ownEvaluation(db: Db, user: UserRow | null, id: string) {
  const shopper = requireShopper(user);
  const row = await loadEvaluationRow(db, id, { lock: true });
  if (row.userId !== shopper.id || row.isSurvey) throw notAuthorized();
  return { shopper, row };
}
