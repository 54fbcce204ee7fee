import { eq } from 'drizzle-orm';
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
  opts: { user: UserRow; id: string; now: Date },
): Promise<ShopInContext> {
  return inTransaction(db, async (tx) => {
    const shop = await loadActiveShopForUpdate(tx, opts.user, opts.id);
    const [saved] = await tx
      .update(shops)
      .set({ status: 'historical', cancelledAt: opts.now, updatedAt: opts.now })
      .where(eq(shops.id, shop.id))
      .returning();
    await cancelShopVisits(tx, { shopId: shop.id, userId: opts.user.id, now: opts.now });
    return { ...saved!, questionnaire: shop.questionnaire, state: shop.state };
  });
}
