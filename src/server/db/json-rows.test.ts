import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createBrand,
  createIndustry,
  createQuestionnaire,
  createUser,
  setupTestApp,
} from '../test/harness.js';
import { executedRows, jsonRowArray, jsonRowDecoder } from './json-rows.js';
import { brands, questionnaires, users } from './schema.js';

const t = setupTestApp();

beforeEach(() => t.resetDb());

/** A row of `table` read three ways: drizzle's select(), and each decoder from PostgreSQL's JSON. */
async function readThreeWays<T extends typeof users | typeof brands | typeof questionnaires>(
  table: T,
  name: string,
  id: string,
) {
  const [selected] = await t.db
    .select()
    .from(table as typeof users)
    .where(eq((table as typeof users).id, id));
  const array = jsonRowArray(table, 'r');
  const [row] = executedRows<{ keyed: Record<string, unknown>; positional: unknown[] }>(
    await t.db.execute(
      sql.raw(
        `select to_json(r) as keyed, ${array.select} as positional from ${name} r where r.id = '${id}'`,
      ),
    ),
  );
  return { selected, keyed: jsonRowDecoder(table)(row!.keyed), positional: array.decode(row!.positional) };
}

describe('rows sent as JSON', () => {
  it('decode to what drizzle selects: timestamps, numbers, booleans, arrays, JSON and nulls', async () => {
    const brand = await createBrand(t.db, { customDomain: 'shops.example.test' });
    const industry = await createIndustry(t.db, { brandId: brand.id });
    const q = await createQuestionnaire(t.db, {
      brandId: brand.id,
      industryId: industry.id,
      startupCost: 12_345,
      monthsPurchased: 3,
    });
    const user = await createUser(t.db, { associatedBrandId: brand.id, admin: true });
    // Microseconds in a timestamp: a Date keeps milliseconds, as drizzle's select() does.
    await t.db.execute(
      sql`update users set created_at = '2026-03-04 05:06:07.891234+00', roles = '{qa,proofer}', payment_card = '{"last4": "4242"}' where id = ${user.id}`,
    );

    for (const [table, name, id] of [
      [users, 'users', user.id],
      [brands, 'brands', brand.id],
      [questionnaires, 'questionnaires', q.id],
    ] as const) {
      const { selected, keyed, positional } = await readThreeWays(table, name, id);
      expect(selected).toBeDefined();
      expect(keyed).toEqual(selected);
      expect(positional).toEqual(selected);
      // Every key drizzle has, and nothing else; a null column is null, not missing.
      expect(Object.keys(keyed).sort()).toEqual(Object.keys(selected!).sort());
      expect(Object.keys(positional).sort()).toEqual(Object.keys(selected!).sort());
    }
    const { keyed } = await readThreeWays(users, 'users', user.id);
    expect((keyed as { createdAt: Date }).createdAt.toISOString()).toBe('2026-03-04T05:06:07.891Z');
  });

  it('gives each row its own object', async () => {
    const brand = await createBrand(t.db);
    const { keyed } = await readThreeWays(brands, 'brands', brand.id);
    const again = await readThreeWays(brands, 'brands', brand.id);
    expect(again.keyed).toEqual(keyed);
    expect(again.keyed).not.toBe(keyed);
    expect(Object.getPrototypeOf(keyed)).toBe(Object.prototype);
  });

  it('reads a column the JSON lacks as null', () => {
    const row = jsonRowDecoder(brands)({ id: 'b1' });
    expect(row.id).toBe('b1');
    expect(row.customDomain).toBeNull();
    expect(Object.values(row).filter((v) => v === undefined)).toEqual([]);
  });
});
