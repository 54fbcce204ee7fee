import { eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { shops } from '../db/schema.js';
import { cancelShopVisits } from '../fieldwork/index.js';
import type { ShopInContext } from '../orders/order-graph.js';
import { loadActiveShopForUpdate } from './active-shop-access.js';

/**
 * cancelActiveShop: the shop becomes 'historical' with its cancellation time. Billing bills only
 * 'active' shops, so it is never charged again; the months already paid for still run. Its visits
 * nobody has delivered are cancelled.
 */
export async function cancelActiveShop(
  db: Db,
  opts: { user: UserRow; id: string; now: Date; actor?: AuditActor },
): Promise<ShopInContext> {
  return inTransaction(db, async (tx) => {
    const shop = await loadActiveShopForUpdate(tx, opts.user, opts.id);
    const [saved] = await tx
      .update(shops)
      .set({ status: 'historical', cancelledAt: opts.now, updatedAt: opts.now })
      .where(eq(shops.id, shop.id))
      .returning();
    await cancelShopVisits(tx, { shopId: shop.id, userId: opts.user.id, now: opts.now });
    if (opts.user.admin && shop.uid && shop.uid !== opts.user.id)
      await recordAudit(tx, opts.actor ?? { person: opts.user }, {
        accountId: shop.uid,
        action: 'admin.shop_changed',
        subject: { type: 'shop', id: shop.id, label: shop.questionnaireTitle },
        before: { status: shop.status },
        after: { status: 'historical', cancelledAt: opts.now.toISOString() },
      });
    return { ...saved!, questionnaire: shop.questionnaire, state: shop.state };
  });
}
