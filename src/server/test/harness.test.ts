import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../db/ids.js';
import { brands, loginAttempts, orders, sessions, users } from '../db/schema.js';
import { createBrand, createUser, setupTestApp, TEST_DB } from './harness.js';

const t = setupTestApp();

describe('test harness', () => {
  it(`runs on the ${TEST_DB} database the project asks for`, () => {
    expect(t.database.kind).toBe(TEST_DB);
  });

  it('empties every table and restarts order numbers on resetDb', async () => {
    const brand = await createBrand(t.db, { isDefault: true });
    const user = await createUser(t.db, { associatedBrandId: brand.id });
    await t.db.insert(orders).values({ id: newId(), brandId: brand.id, uid: user.id });
    await t.db.insert(loginAttempts).values({ key: 'ip:1', succeeded: false });
    await t.login(user.email, 'password123');

    await t.resetDb();
    for (const table of [brands, users, orders, sessions, loginAttempts]) {
      expect((await t.db.select({ n: count() }).from(table))[0]!.n).toBe(0);
    }
    const b = await createBrand(t.db);
    const [order] = await t.db.insert(orders).values({ id: newId(), brandId: b.id }).returning();
    expect(order!.orderNumber).toBe(10001);
    // Even a sequence advanced by a failed insert into a table left empty starts again.
    await t.resetDb();
    await expect(
      t.db.execute(sql`insert into orders (id, brand_id) values ('x', 'no-such-brand')`),
    ).rejects.toThrow();
    await t.resetDb();
    const b2 = await createBrand(t.db);
    const [again] = await t.db.insert(orders).values({ id: newId(), brandId: b2.id }).returning();
    expect(again!.orderNumber).toBe(10001);
  });
});
