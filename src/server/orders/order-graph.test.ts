import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { locations, orderLocations, questionnaires, shops, userQuestionnaires } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import {
  addLocation,
  type Catalogue,
  cartWithShop,
  catalogue,
  LAS_VEGAS,
  saveShop,
} from '../test/order-wizard.js';
import { findOrder } from './cart-access.js';
import { findOrderGraph, loadOrderGraph, type OrderRow } from './order-graph.js';

const t = setupTestApp();
let c: Catalogue;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
});

/** The graph as drizzle's select() reads it, table by table: what the one-query reading must equal. */
async function referenceGraph(db: Db, order: OrderRow) {
  const uqRows = await db
    .select({ uq: userQuestionnaires, q: questionnaires })
    .from(userQuestionnaires)
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .where(eq(userQuestionnaires.oid, order.id))
    .orderBy(asc(userQuestionnaires.createdAt), asc(userQuestionnaires.id));
  const locRows = await db
    .select({ location: locations })
    .from(orderLocations)
    .innerJoin(locations, eq(locations.id, orderLocations.locationId))
    .where(eq(orderLocations.oid, order.id))
    .orderBy(asc(orderLocations.createdAt), asc(locations.locationIdNumeric));
  const shopRows = await db
    .select()
    .from(shops)
    .where(eq(shops.oid, order.id))
    .orderBy(asc(shops.createdAt), asc(shops.id));
  const qById = new Map(uqRows.map((r) => [r.q.id, r.q]));
  return {
    order,
    userQuestionnaires: uqRows.map((r) => ({ ...r.uq, questionnaire: r.q })),
    locations: locRows.map(({ location }) => ({
      ...location,
      shops: shopRows
        .filter((s) => s.locationId === location.id)
        .map((s) => ({ ...s, questionnaire: qById.get(s.qid), state: location.state })),
    })),
  };
}

describe('loadOrderGraph', () => {
  it('reads questionnaires, locations and shops exactly as drizzle selects them', async () => {
    const { oid, uqid, locationId } = await cartWithShop(t, c);
    const second = await addLocation(t, oid, { address: LAS_VEGAS });
    await saveShop(t, {
      oid,
      locationId: second,
      uqid,
      recurring: true,
      frequencyPeriod: 'quarter',
      frequencyQuantity: 2,
      reimbursement: 4000,
    });
    // Values of every kind a column can hold: nulls, reals, jsonb, arrays, dates and timestamps.
    await t.db
      .update(locations)
      .set({ latitude: 30.2672, longitude: -97.7431, formattedAddress: null })
      .where(eq(locations.id, locationId));
    await t.db
      .update(shops)
      .set({ paidThrough: '2031-02-28', stripeInvoiceItemIds: ['ii_1', 'ii "2"'], cancelledAt: new Date() })
      .where(eq(shops.locationId, second));
    await t.db
      .update(userQuestionnaires)
      .set({ customUpload: { fileKey: 'k', publicUrl: 'https://x.test/k', fileName: 'k.pdf' } })
      .where(eq(userQuestionnaires.id, uqid));

    const order = (await findOrder(t.db, oid))!;
    const graph = await loadOrderGraph(t.db, order);
    expect(graph).toEqual(await referenceGraph(t.db, order));
    expect(graph.locations.map((l) => l.id)).toEqual([locationId, second]);
    expect(graph.locations.flatMap((l) => l.shops)).toHaveLength(2);
    expect(graph.locations[0]!.latitude).toBeCloseTo(30.2672, 4);
    expect(graph.locations[1]!.shops[0]!.cancelledAt).toBeInstanceOf(Date);
    expect(graph.userQuestionnaires[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('reads inside a transaction what the transaction wrote', async () => {
    const { oid } = await cartWithShop(t, c);
    const order = (await findOrder(t.db, oid))!;
    await t.db
      .transaction(async (tx) => {
        await tx.update(shops).set({ totalQuantity: 7 }).where(eq(shops.oid, oid));
        const graph = await loadOrderGraph(tx as unknown as Db, order);
        expect(graph.locations[0]!.shops[0]!.totalQuantity).toBe(7);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    const graph = await loadOrderGraph(t.db, order);
    expect(graph.locations[0]!.shops[0]!.totalQuantity).toBe(2);
  });

  it('reads an order without questionnaires or locations as empty, and an unknown id as nothing', async () => {
    const order = (await findOrder(t.db, (await cartWithShop(t, c)).oid))!;
    await t.db.delete(shops);
    await t.db.delete(orderLocations);
    await t.db.delete(userQuestionnaires);
    expect(await findOrderGraph(t.db, order.id)).toEqual({ order, userQuestionnaires: [], locations: [] });
    expect(await findOrderGraph(t.db, 'no-such-order')).toBeNull();
  });
});
