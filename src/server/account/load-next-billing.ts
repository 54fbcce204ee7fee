import { type BillableShop, isRecurringBilled, type NextBilling, nextBilling } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { pricedShop } from '../orders/order-graph.js';
import { listPlacedShops } from './list-placed-shops.js';

/** The next charge of a customer's active recurring shops (domain nextBilling); null when they have none. */
export async function loadNextBilling(
  db: Db,
  opts: { uid: string; today: Date },
): Promise<NextBilling | null> {
  const active = await listPlacedShops(db, { uid: opts.uid, status: 'active' });
  const billable: BillableShop[] = active
    .map((s) => ({ ...pricedShop(s, s.questionnaire), state: s.state, paidThrough: s.paidThrough }))
    .filter(isRecurringBilled);
  return billable.length > 0 ? nextBilling(billable, opts.today) : null;
}
