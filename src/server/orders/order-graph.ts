import { asc, eq, inArray } from 'drizzle-orm';
import { initialDue, type PricedOrder, type PricedShop, shopInitialDue } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import {
  locations,
  orderLocations,
  orders,
  questionnaires,
  shops,
  userQuestionnaires,
} from '../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;
export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type UserQuestionnaireRow = typeof userQuestionnaires.$inferSelect & {
  questionnaire: QuestionnaireRow;
};
/** A shop with what its price depends on: its questionnaire and its location's state. */
export type ShopInContext = ShopRow & { questionnaire?: QuestionnaireRow | undefined; state: string };
export type OrderLocation = LocationRow & { shops: ShopInContext[] };

/** An order with everything the wizard and the summary show, loaded in four queries. */
export type OrderGraph = {
  order: OrderRow;
  userQuestionnaires: UserQuestionnaireRow[];
  locations: OrderLocation[];
};

export async function loadOrderGraph(db: Db, order: OrderRow): Promise<OrderGraph> {
  const [uqRows, locRows, shopRows] = await Promise.all([
    db
      .select({ uq: userQuestionnaires, q: questionnaires })
      .from(userQuestionnaires)
      .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
      .where(eq(userQuestionnaires.oid, order.id))
      .orderBy(asc(userQuestionnaires.createdAt), asc(userQuestionnaires.id)),
    db
      .select({ location: locations })
      .from(orderLocations)
      .innerJoin(locations, eq(locations.id, orderLocations.locationId))
      .where(eq(orderLocations.oid, order.id))
      .orderBy(asc(orderLocations.createdAt), asc(locations.locationIdNumeric)),
    db.select().from(shops).where(eq(shops.oid, order.id)).orderBy(asc(shops.createdAt), asc(shops.id)),
  ]);
  const qById = new Map(uqRows.map((r) => [r.q.id, r.q]));
  const byLocation = new Map<string, ShopRow[]>();
  for (const shop of shopRows) {
    const list = byLocation.get(shop.locationId) ?? [];
    list.push(shop);
    byLocation.set(shop.locationId, list);
  }
  return {
    order,
    userQuestionnaires: uqRows.map((r) => ({ ...r.uq, questionnaire: r.q })),
    locations: locRows.map((r) => ({
      ...r.location,
      shops: (byLocation.get(r.location.id) ?? []).map((s) => ({
        ...s,
        questionnaire: qById.get(s.qid),
        state: r.location.state,
      })),
    })),
  };
}

export async function loadOrdersById(db: Db, ids: string[]): Promise<OrderRow[]> {
  return ids.length ? db.select().from(orders).where(inArray(orders.id, ids)) : [];
}

/** A shop as pricing reads it, with its questionnaire's months purchased. */
export function pricedShop(
  shop: ShopRow,
  questionnaire?: Pick<QuestionnaireRow, 'monthsPurchased'>,
): PricedShop {
  return {
    qid: shop.qid,
    questionnaireType: shop.questionnaireType as PricedShop['questionnaireType'],
    recurring: shop.recurring,
    cost: shop.cost,
    reimbursement: shop.reimbursement,
    totalQuantity: shop.totalQuantity,
    frequencyQuantity: shop.frequencyQuantity,
    frequencyPeriod: shop.frequencyPeriod as PricedShop['frequencyPeriod'],
    startDate: shop.startDate,
    monthsPurchased: questionnaire?.monthsPurchased ?? 1,
  };
}

export function pricedOrder(graph: OrderGraph): PricedOrder {
  const qById = new Map(graph.userQuestionnaires.map((uq) => [uq.qid, uq.questionnaire]));
  return {
    locations: graph.locations.map((l) => ({
      state: l.state,
      shops: l.shops.map((s) => pricedShop(s, qById.get(s.qid))),
    })),
    questionnaires: graph.userQuestionnaires.map((uq) => ({
      qid: uq.qid,
      startupCost: uq.questionnaire.startupCost,
    })),
  };
}

/** The initial amount due, computed on the server by the domain pricing rules. */
export function orderInitialDue(graph: OrderGraph, today: Date) {
  return initialDue(pricedOrder(graph), today);
}

export function shopDue(
  shop: ShopRow,
  state: string,
  questionnaire: QuestionnaireRow | undefined,
  today: Date,
) {
  return shopInitialDue(pricedShop(shop, questionnaire), state, today);
}
