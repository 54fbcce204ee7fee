import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/harness.js';
import { finish, inTransaction, pipeline } from './client.js';
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

describe('transactions', () => {
  const brandIds = async () => (await t.db.select().from(brands)).map((b) => b.id).sort();

  it('finish sends the last writes and commits them', async () => {
    const [[created], found] = await inTransaction(t.db, async (tx) => {
      await tx.insert(brands).values(brand('first'));
      return finish(
        tx,
        tx.insert(brands).values(brand('second')).returning(),
        tx.select().from(brands).where(eq(brands.id, 'first')),
      );
    });
    expect(created?.id).toBe('second');
    expect(found.map((b) => b.id)).toEqual(['first']);
    expect(await brandIds()).toEqual(['first', 'second']);
  });

  it('finish rejects with the failing statement, and nothing of the transaction is kept', async () => {
    await t.db.insert(brands).values(brand('taken'));
    await expect(
      inTransaction(t.db, async (tx) => {
        await tx.insert(brands).values(brand('early'));
        return finish(tx, tx.insert(brands).values(brand('late')), tx.insert(brands).values(brand('taken')));
      }),
    ).rejects.toThrow(/^Failed query: insert into "brands"/);
    expect(await brandIds()).toEqual(['taken']);
  });

  it('rolls back when the code between statements throws', async () => {
    await expect(
      inTransaction(t.db, async (tx) => {
        await tx.insert(brands).values(brand('written'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await brandIds()).toEqual([]);
  });

  it('keeps nothing when a failed statement was swallowed by the caller', async () => {
    await t.db.insert(brands).values(brand('taken'));
    await inTransaction(t.db, async (tx) => {
      await tx.insert(brands).values(brand('before'));
      await tx
        .insert(brands)
        .values(brand('taken'))
        .catch(() => {});
    }).catch(() => {});
    expect(await brandIds()).toEqual(['taken']);
  });

  it('a nested transaction is a savepoint: its failure undoes only its own writes', async () => {
    await t.db.insert(brands).values(brand('taken'));
    await inTransaction(t.db, async (tx) => {
      await tx.insert(brands).values(brand('outer'));
      await inTransaction(tx, async (inner) => {
        await inner.insert(brands).values(brand('inner'));
        await inner.insert(brands).values(brand('taken'));
      }).catch(() => {});
      await inTransaction(tx, (inner) => finish(inner, inner.insert(brands).values(brand('kept'))));
      await tx.insert(brands).values(brand('after'));
    });
    expect(await brandIds()).toEqual(['after', 'kept', 'outer', 'taken']);
  });

  it('a COMMIT that fails (a deferred constraint) rejects finish, keeps nothing, and frees the connection', async () => {
    await t.db.execute(sql`create table if not exists deferred_refs (
      id int primary key, ref int references deferred_refs (id) deferrable initially deferred)`);
    for (let i = 0; i < 15; i++) {
      await expect(
        inTransaction(t.db, (tx) => finish(tx, tx.execute(sql`insert into deferred_refs values (1, 2)`))),
      ).rejects.toThrow(/foreign key/);
    }
    await inTransaction(t.db, (tx) =>
      finish(
        tx,
        tx.execute(sql`insert into deferred_refs values (1, 1)`),
        tx.insert(brands).values(brand('ok')),
      ),
    );
    expect(await t.rows(sql`select id, ref from deferred_refs`)).toEqual([{ id: 1, ref: 1 }]);
    expect(await brandIds()).toEqual(['ok']);
  });

  it('gives its connection back after every outcome (more transactions than the pool has connections)', async () => {
    await t.db.insert(brands).values(brand('taken'));
    for (let i = 0; i < 25; i++) {
      await inTransaction(t.db, (tx) => finish(tx, tx.insert(brands).values(brand('taken')))).catch(() => {});
      await inTransaction(t.db, async () => {
        throw new Error('no');
      }).catch(() => {});
    }
    await inTransaction(t.db, (tx) => finish(tx, tx.insert(brands).values(brand('last'))));
    expect(await brandIds()).toEqual(['last', 'taken']);
  });
});
