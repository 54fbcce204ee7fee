import { inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { initialDue, type PricedOrder, type PricedShop, shopInitialDue } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { executedRows, jsonRowArray } from '../db/json-rows.js';
import { locations, orders, questionnaires, shops, userQuestionnaires } from '../db/schema.js';

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

/** An order with everything the wizard and the summary show, loaded in one query. */
export type OrderGraph = {
  order: OrderRow;
  userQuestionnaires: UserQuestionnaireRow[];
  locations: OrderLocation[];
};

const orderRow = jsonRowArray(orders, 'o');
const userQuestionnaireRow = jsonRowArray(userQuestionnaires, 'uq');
const questionnaireRow = jsonRowArray(questionnaires, 'q');
const locationRow = jsonRowArray(locations, 'l');
const shopRow = jsonRowArray(shops, 's');

type JsonRow = unknown[];

/**
 * The order row with its questionnaires (with their questionnaire), locations and shops in one round
 * trip: each row a JSON array of its columns (jsonRowArray), decoded as drizzle's select() would decode
 * it. Orders as before: questionnaires and shops by creation, locations by when they were added, then
 * their number. `forUpdate` locks the order row for the transaction, as a cart mutation does.
 */
const GRAPH_SELECT = sql.raw(`
  select ${orderRow.select} as "order",
    (select coalesce(json_agg(json_build_array(${userQuestionnaireRow.select}, ${questionnaireRow.select})
                              order by uq.created_at, uq.id), '[]'::json)
       from user_questionnaires uq join questionnaires q on q.id = uq.qid
      where uq.oid = o.id) as "userQuestionnaires",
    (select coalesce(json_agg(${locationRow.select} order by ol.created_at, l.location_id_numeric), '[]'::json)
       from order_locations ol join locations l on l.id = ol.location_id
      where ol.oid = o.id) as "locations",
    (select coalesce(json_agg(${shopRow.select} order by s.created_at, s.id), '[]'::json)
       from shops s
      where s.oid = o.id) as "shops"
  from orders o where o.id = `);
const FOR_UPDATE = sql.raw(' for update of o');

/**
 * The statement, built once with the order's id as its parameter, for drizzle's session to send as it is.
 * `db.execute(sql...)` would build the text again from its pieces on every call, and postgres.js would
 * then hash a new string to find its prepared statement: about 4 % of the order query's CPU
 * (docs/per-request-overhead.md).
 */
const dialect = new PgDialect();
const GRAPH_QUERY = dialect.sqlToQuery(sql`${GRAPH_SELECT}${sql.placeholder('oid')}`);
const GRAPH_QUERY_FOR_UPDATE = dialect.sqlToQuery(sql`${GRAPH_SELECT}${sql.placeholder('oid')}${FOR_UPDATE}`);

/** The order and everything the wizard shows of it, in one query; null for an unknown id. */
export function findOrderGraph(
  db: Db,
  oid: string,
  opts: { forUpdate?: boolean } = {},
): Promise<OrderGraph | null> {
  return orderGraphRead(db, oid, opts).execute();
}

/** findOrderGraph as a statement not yet sent, to go with others (see `pipeline` and `finish`). */
export function orderGraphRead(db: Db, oid: string, opts: { forUpdate?: boolean } = {}) {
  return {
    // execute() sends the query now (awaiting drizzle's raw query would send it a tick later).
    execute: (): Promise<OrderGraph | null> =>
      db._.session
        .prepareQuery(opts.forUpdate ? GRAPH_QUERY_FOR_UPDATE : GRAPH_QUERY, undefined, undefined, false)
        .execute({ oid })
        .then((result) => decodeGraph(executedRows<GraphRow>(result)[0])),
  };
}

type GraphRow = {
  order: JsonRow;
  userQuestionnaires: [JsonRow, JsonRow][];
  locations: JsonRow[];
  shops: JsonRow[];
};

/**
 * The graph from its row. Each decoded row is a fresh object, so what hangs off it (a questionnaire, a
 * location's shops, a shop's state) is added to it rather than copied with it (rows of 20-odd columns,
 * on the order query's path: docs/per-request-overhead.md).
 */
function decodeGraph(row: GraphRow | undefined): OrderGraph | null {
  if (!row) return null;
  const qById = new Map<string, QuestionnaireRow>();
  const userQuestionnaires = row.userQuestionnaires.map(([uq, q]) => {
    const questionnaire = questionnaireRow.decode(q);
    qById.set(questionnaire.id, questionnaire);
    return Object.assign(userQuestionnaireRow.decode(uq), { questionnaire });
  });
  const byLocation = new Map<string, ShopRow[]>();
  for (const shop of row.shops.map(shopRow.decode)) {
    const list = byLocation.get(shop.locationId);
    if (list) list.push(shop);
    else byLocation.set(shop.locationId, [shop]);
  }
  return {
    order: orderRow.decode(row.order),
    userQuestionnaires,
    locations: row.locations.map((json) => {
      const location = locationRow.decode(json);
      const shops = (byLocation.get(location.id) ?? []).map((shop) =>
        Object.assign(shop, { questionnaire: qById.get(shop.qid), state: location.state }),
      );
      return Object.assign(location, { shops });
    }),
  };
}

/** The graph of an order already read (for a placed order, the read of the moment). */
export async function loadOrderGraph(db: Db, order: OrderRow): Promise<OrderGraph> {
  const graph = await findOrderGraph(db, order.id);
  if (!graph) throw new Error(`Order ${order.id} disappeared while it was read.`);
  return graph;
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
