import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL } from '../test/harness.js';
import { openDatabase, postgresAddress } from './client.js';

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
