import { eq } from 'drizzle-orm';
import { createZActiveShopInput } from '../../domain/index.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { shops } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import type { ShopInContext } from '../orders/order-graph.js';
import { loadActiveShopForUpdate } from './active-shop-access.js';

/** What an active shop's edit may change; the rest was settled when the order was placed. */
const EDITABLE = new Set(['frequencyPeriod', 'frequencyQuantity', 'reimbursement']);
export const MSG_SURVEY_NOT_EDITABLE = 'Customer surveys have no settings to change.';

/**
 * saveShop on an active shop (Recurring Orders): frequency and shopper reimbursement, validated against
 * the questionnaire's minimum (domain createZActiveShopInput). The shop row changes now; the current
 * month is already paid, so the billing run charges the new settings from the next billing month.
 */
export async function saveActiveShop(
  db: Db,
  opts: { user: UserRow; id: string; input: Record<string, unknown>; actor?: AuditActor },
): Promise<ShopInContext> {
  const fixed = Object.keys(opts.input).filter((k) => !EDITABLE.has(k) && opts.input[k] != null);
  if (fixed.length > 0) {
    const fields = fixed.map((field) => ({
      field,
      message: `${field} cannot be changed on an active shop.`,
    }));
    throw new AppError('BAD_USER_INPUT', fields.map((f) => f.message).join(' '), fields);
  }
  return inTransaction(db, async (tx) => {
    const shop = await loadActiveShopForUpdate(tx, opts.user, opts.id);
    if (shop.questionnaireType === 'customerSurvey') {
      throw new AppError('BAD_USER_INPUT', MSG_SURVEY_NOT_EDITABLE, [
        { field: '_id', message: MSG_SURVEY_NOT_EDITABLE },
      ]);
    }
    const input = parseInput(
      createZActiveShopInput({
        recurring: shop.recurring,
        minimumReimbursementCents: shop.questionnaire?.minimumReimbursement ?? 0,
      }),
      opts.input,
    );
    const [saved] = await tx
      .update(shops)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(shops.id, shop.id))
      .returning();
    if (opts.user.admin && shop.uid && shop.uid !== opts.user.id) {
      const changed = Object.keys(input) as (keyof typeof input & keyof typeof shop)[];
      await recordAudit(tx, opts.actor ?? { person: opts.user }, {
        accountId: shop.uid,
        action: 'admin.shop_changed',
        subject: { type: 'shop', id: shop.id, label: shop.questionnaireTitle },
        before: Object.fromEntries(changed.map((k) => [k, shop[k]])),
        after: Object.fromEntries(changed.map((k) => [k, saved![k]])),
      });
    }
    return { ...saved!, questionnaire: shop.questionnaire, state: shop.state };
  });
}
