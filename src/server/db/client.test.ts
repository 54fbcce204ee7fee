import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pgliteSnapshot } from '../test/db-template.js';
import { POSTGRES_ADMIN_URL } from '../test/harness.js';
import { openDatabase, postgresAddress } from './client.js';
import { executedRows } from './json-rows.js';

describe('postgresAddress', () => {
  it('keeps a TCP URL as it is', () => {
    const url = 'postgres://app:secret@db.internal:6543/storefront?sslmode=require';
    expect(postgresAddress(url)).toEqual([url, {}]);
  });

  it('reads a Unix-domain socket from ?host=, as libpq does, with the port in its name', () => {
    expect(postgresAddress('postgresql://postgres@localhost/test?host=/var/run/postgresql')).toEqual([
      'postgresql://postgres@localhost/test',
      { path: '/var/run/postgresql/.s.PGSQL.5432' },
    ]);
    expect(postgresAddress('postgres://u@localhost:5433/db?host=/tmp/&application_name=web')).toEqual([
      'postgres://u@localhost:5433/db?application_name=web',
      { path: '/tmp/.s.PGSQL.5433' },
    ]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a database URL with a socket', () => {
  it('connects through the socket, not TCP', async () => {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.searchParams.set('host', process.env.PGSOCKETDIR ?? '/var/run/postgresql');
    const { db, close } = await openDatabase({ url: url.toString(), migrate: false });
    try {
      const rows = (await db.execute(sql`select inet_server_addr() as addr`)) as unknown as {
        addr: unknown;
      }[];
      expect(rows).toEqual([{ addr: null }]);
    } finally {
      await close();
    }
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('an embedded database in a data directory', () => {
  it('starts from a dump when new, and a dump never replaces a database already there', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-client-'));
    try {
      const dump = await pgliteSnapshot();
      const first = await openDatabase({ dataDir, loadDataDir: dump, migrate: false });
      // The dump's migrations are there without the migrator having run.
      const [migrations] = executedRows<{ n: number }>(
        await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(migrations?.n).toBeGreaterThan(20);
      await first.db.execute(sql`create table kept_here (x int)`);
      await first.close();
      const again = await openDatabase({ dataDir, loadDataDir: dump, migrate: false });
      const rows = executedRows(await again.db.execute(sql`select to_regclass('kept_here')::text as t`));
      expect(rows).toEqual([{ t: 'kept_here' }]);
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
