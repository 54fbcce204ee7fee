// How long drizzle takes to build the SQL of three of the order flow's statements (no database needed:
// the client never connects). Run: npm run bench:drizzle-build. The figure moves with drizzle-orm's is()
// (see scripts/patch-dependencies.ts): about half as long patched as unpatched.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '../../src/server/db/schema.js';
import { MARKER } from '../patch-dependencies.js';

const client = postgres('postgres://bench@127.0.0.1:1/never-connected', { max: 1 });
const db = drizzle({ client, schema });
const now = new Date();
const statements: Record<string, () => unknown> = {
  'update orders (checkout)': () =>
    db
      .update(schema.orders)
      .set({ status: 'COMPLETE', orderDate: now, amount: 9500, paymentChargeId: 'ch_1', updatedAt: now })
      .where(eq(schema.orders.id, 'order-id'))
      .toSQL(),
  'insert shops (saveShop)': () =>
    db
      .insert(schema.shops)
      .values({
        ...{ id: 's', oid: 'o', locationId: 'l', qid: 'q', uqid: 'u', status: 'cart', cost: 9500 },
        ...{ startDate: '2026-12-01', questionnaireTitle: 'Dine-In', questionnaireType: 'mysteryShop' },
      })
      .returning()
      .toSQL(),
  'select orders (cart check)': () =>
    db.select().from(schema.orders).where(eq(schema.orders.id, 'order-id')).limit(1).toSQL(),
};
const entity = createRequire(import.meta.url).resolve('drizzle-orm/entity');
console.log(
  `drizzle-orm is(): ${readFileSync(entity.replace(/\.cjs$/, '.js'), 'utf8').includes(MARKER) ? 'patched' : 'not patched'}`,
);
for (const [name, build] of Object.entries(statements)) {
  for (let i = 0; i < 5_000; i++) build();
  const n = 20_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) build();
  console.log(`${name.padEnd(28)} ${(((performance.now() - t0) / n) * 1000).toFixed(1)} µs per build`);
}
await client.end();
