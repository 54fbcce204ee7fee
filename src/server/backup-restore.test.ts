import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL, setupTestApp, TEST_DB } from './test/harness.js';
import { catalogue, customer, ORDER, placedOrderOf } from './test/order-wizard.js';
import { childDatabaseEnv, get, graphqlClient, runScript, spawnServer } from './test/spawned-server.js';

// The documented backup and restore (README "Operations"): `npm run backup` while the app runs, then
// `npm run restore` into a fresh database, and the app started on it finds everything. PostgreSQL:
// pg_dump / pg_restore. The embedded database: the running server writes the copy (SIGUSR2).

const t = setupTestApp();
let tmp = '';
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'storefront-backup-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** What must survive: a customer's session and order, read through the API of a server on the restored copy. */
async function expectIntact(env: Record<string, string>, token: string, oid: string, orderNumber: number) {
  const server = await spawnServer({ ...env, SHUTDOWN_DELAY_MS: '0' });
  const api = graphqlClient(server.origin);
  try {
    expect((await get(`${server.origin}/readyz`)).status).toBe(200);
    const data = await api.call(ORDER, { id: oid }, token);
    expect(data.order).toMatchObject({ _id: oid, orderNumber, status: 'COMPLETE' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  } finally {
    api.close();
    await server.kill();
  }
}

it('a backup taken while the app runs restores into a fresh database, and the app starts on it with the data intact', async () => {
  const c = await catalogue(t);
  const { token } = await customer(t);
  const cart = await placedOrderOf(t, c, token);
  const [order] = await t.rows<{ order_number: number }>(
    sql`select order_number from orders where id = ${cart.oid}`,
  );
  const orderNumber = Number(order!.order_number);

  if (TEST_DB === 'postgres') {
    // The harness's app is running on the database while pg_dump copies it.
    const file = path.join(tmp, 'backup.dump');
    const backup = await runScript('scripts/backup.ts', ['--out', file], { DATABASE_URL: t.database.url! });
    expect(backup.output).toContain('Backup written');
    expect(backup.code).toBe(0);

    const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
    const fresh = `storefront_restore_${Date.now().toString(36)}`;
    await admin.unsafe(`CREATE DATABASE "${fresh}"`);
    try {
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${fresh}`;
      const restore = await runScript('scripts/restore.ts', [file], { DATABASE_URL: url.toString() });
      expect(restore.code, restore.output).toBe(0);
      await expectIntact({ DATABASE_URL: url.toString(), DATA_DIR: tmp }, token, cart.oid, orderNumber);
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${fresh}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    }
    return;
  }

  // The embedded database: a server runs on a data directory holding the harness's rows; the backup
  // command asks it for the copy, and a session it writes just before is in it.
  const original = path.join(tmp, 'original');
  const env = await childDatabaseEnv(t.database, original);
  const server = await spawnServer({ ...env, SHUTDOWN_DELAY_MS: '0' });
  const api = graphqlClient(server.origin);
  let session = '';
  try {
    const login = await api.call(
      'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
      {
        email: (await t.rows<{ email: string }>(sql`select email from users`))[0]!.email,
        password: 'password123',
      },
    );
    session = login.login.token as string;
    const file = path.join(tmp, 'backup.tar.gz');
    const backup = await runScript('scripts/backup.ts', ['--out', file], {
      DATABASE_URL: '',
      DATA_DIR: original,
    });
    expect(backup.code, backup.output).toBe(0);
    expect(existsSync(file)).toBe(true);
    // The server wrote it and is still serving.
    expect((await get(`${server.origin}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    const restored = path.join(tmp, 'restored');
    const restore = await runScript('scripts/restore.ts', [file], { DATABASE_URL: '', DATA_DIR: restored });
    expect(restore.code, restore.output).toBe(0);
    // A second restore into the same directory is refused: it never overwrites a database.
    const again = await runScript('scripts/restore.ts', [file], { DATABASE_URL: '', DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds a database');
    await expectIntact({ DATABASE_URL: '', DATA_DIR: restored }, session, cart.oid, orderNumber);
  } finally {
    api.close();
    await server.kill();
  }
}, 240_000);
