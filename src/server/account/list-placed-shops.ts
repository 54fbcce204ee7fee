import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { locations, questionnaires, shops } from '../db/schema.js';
import type { ShopInContext } from '../orders/order-graph.js';

/**
 * Placed shops (never cart shops) of a customer or at a location, optionally of one status ('ACTIVE'
 * or 'active'), with the questionnaire and location state the Recurring Orders page prices them by.
 */
export async function listPlacedShops(
  db: Db,
  opts: { uid?: string; locationId?: string; status?: string | null },
): Promise<ShopInContext[]> {
  const status = opts.status?.trim().toLowerCase();
  const rows = await db
    .select({ shop: shops, questionnaire: questionnaires, state: locations.state })
    .from(shops)
    .innerJoin(questionnaires, eq(questionnaires.id, shops.qid))
    .innerJoin(locations, eq(locations.id, shops.locationId))
    .where(
      and(
        opts.uid ? eq(shops.uid, opts.uid) : undefined,
        opts.locationId ? eq(shops.locationId, opts.locationId) : undefined,
        status ? eq(shops.status, status) : undefined,
        ne(shops.status, 'cart'),
      ),
    )
    .orderBy(asc(shops.createdAt), asc(shops.id));
  return rows.map((r) => ({ ...r.shop, questionnaire: r.questionnaire, state: r.state }));
}
