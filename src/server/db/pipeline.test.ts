import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/harness.js';
import { inTransaction, pipeline } from './client.js';
import { brands, industries } from './schema.js';

const t = setupTestApp();
beforeEach(() => t.resetDb());

const brand = (id: string) => ({ id, shortName: id, name: id });

describe('pipeline', () => {
  it('sends statements in order, so a later one may rely on a row inserted before it', async () => {
    const [[created], , found] = await inTransaction(t.db, (tx) =>
      pipeline(
        tx.insert(brands).values(brand('b1')).returning(),
        tx.insert(industries).values({ id: 'i1', brandId: 'b1', title: 'Dining' }),
        tx.select().from(industries).where(eq(industries.brandId, 'b1')),
      ),
    );
    expect(created?.id).toBe('b1');
    expect(found.map((i) => i.title)).toEqual(['Dining']);
  });

  it('rolls the whole transaction back when a later statement fails', async () => {
    await t.db.insert(brands).values(brand('taken'));
    await expect(
      inTransaction(t.db, (tx) =>
        pipeline(
          tx.insert(brands).values(brand('b2')),
          tx.insert(industries).values({ id: 'i2', brandId: 'b2', title: 'Retail' }),
          tx.insert(brands).values(brand('taken')),
          tx.insert(industries).values({ id: 'i3', brandId: 'b2', title: 'Auto' }),
        ),
      ),
    ).rejects.toThrow();
    expect((await t.db.select().from(brands)).map((b) => b.id)).toEqual(['taken']);
    expect(await t.db.select().from(industries)).toEqual([]);
  });
});
