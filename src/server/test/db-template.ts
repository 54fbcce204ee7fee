import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { access, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../db/client.js';

/**
 * Migrated templates for the integration tests. Migrating a fresh database (the 25 migrations, pg_trgm,
 * pg-boss's schema) costs each test file ~2 s on PostgreSQL and ~6–8 s on PGlite (its initdb included);
 * instead the migrations run once, into a template, and every file starts from a copy of it:
 *
 * - PostgreSQL: a template database `storefront_tpl_<hash>`, copied by `CREATE DATABASE … TEMPLATE`
 *   (~0.2 s). Nobody may connect to it (ALLOW_CONNECTIONS false), so the copy is never refused for a
 *   session open on the template.
 * - PGlite: a tarball of a migrated data directory under the OS temp directory, loaded with
 *   `new PGlite({ loadDataDir })` (~1.5 s, no initdb).
 *
 * Both are keyed by a hash of the migration files (and the PGlite version), so a changed or added
 * migration makes a new template and a stale one is never used. They are built once per run by the
 * integration projects' globalSetup (template-setup.ts), or by the first file that finds none. Each file
 * still runs drizzle's migrator on its copy: a no-op (~30 ms) that proves the copy is current.
 */

const pgliteVersion = (
  JSON.parse(
    readFileSync(
      path.join(MIGRATIONS_FOLDER, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/** A hash of every migration file and the journal that lists them (drizzle/ and drizzle/meta/_journal.json). */
export const MIGRATIONS_HASH = (() => {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of [...files, 'meta/_journal.json']) {
    hash.update(file);
    hash.update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
})();

// ---------------------------------------------------------------------------------------------------
// PGlite

/** Where the migrated PGlite data directory's tarball is kept for this set of migrations. */
export const PGLITE_SNAPSHOT = path.join(
  os.tmpdir(),
  `storefront-pglite-${MIGRATIONS_HASH}-${pgliteVersion}.tar`,
);

/** Makes the migrated PGlite snapshot unless it is there; returns its path. */
export async function ensurePgliteSnapshot(): Promise<string> {
  if (await exists(PGLITE_SNAPSHOT)) return PGLITE_SNAPSHOT;
  const database = await openDatabase({ dataDir: ':memory:' });
  try {
    // Uncompressed: a 44 MB file that loads faster than the 5 MB gzip (no inflate per test file).
    const dump = await database.pglite!.dumpDataDir('none');
    // Written aside and renamed: a reader never sees half a file, and two builders racing both succeed.
    const partial = `${PGLITE_SNAPSHOT}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, PGLITE_SNAPSHOT);
  } finally {
    await database.close();
  }
  return PGLITE_SNAPSHOT;
}

/** The migrated snapshot, to pass as `loadDataDir` (made first if missing). */
export async function pgliteSnapshot(): Promise<Blob> {
  return new Blob([await readFile(await ensurePgliteSnapshot())]);
}

/** An in-memory PGlite loaded from the migrated snapshot (no initdb, no migration left to apply). */
export async function openMigratedPglite(): Promise<Database> {
  return openDatabase({ dataDir: ':memory:', loadDataDir: await pgliteSnapshot() });
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

/** The test server's maintenance database, where test databases are created and dropped. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const POSTGRES_TEMPLATE = `storefront_tpl_${MIGRATIONS_HASH}`;
/** Templates of other migration sets are dropped once this old (other worktrees may still use theirs). */
const STALE_AFTER_MS = 7 * 24 * 3600_000;

/**
 * Makes the migrated template database on the server of `adminUrl` unless it is there; returns its
 * name. Builders take an advisory lock, and the template gets its name only once migrated (a rename),
 * so a half-migrated database is never copied.
 */
export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const present = async () =>
    (await admin`select 1 from pg_database where datname = ${POSTGRES_TEMPLATE}`).length > 0;
  try {
    if (await present()) return POSTGRES_TEMPLATE;
    // A session lock (CREATE DATABASE cannot run in a transaction); max: 1 keeps every statement on it.
    await admin`select pg_advisory_lock(hashtext('storefront test template'))`;
    try {
      if (await present()) return POSTGRES_TEMPLATE;
      const building = `${POSTGRES_TEMPLATE}_building`;
      await admin.unsafe(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.unsafe(`CREATE DATABASE "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString() });
      await database.close();
      await admin.unsafe(`ALTER DATABASE "${building}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await admin.unsafe(`COMMENT ON DATABASE "${building}" IS '${Date.now()}'`);
      await admin.unsafe(`ALTER DATABASE "${building}" RENAME TO "${POSTGRES_TEMPLATE}"`);
      await dropStaleTemplates(admin);
    } finally {
      await admin`select pg_advisory_unlock(hashtext('storefront test template'))`;
    }
    return POSTGRES_TEMPLATE;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

async function dropStaleTemplates(admin: postgres.Sql): Promise<void> {
  const rows = await admin<{ datname: string; made: string | null }[]>`
    select datname, shobj_description(oid, 'pg_database') as made from pg_database
    where datname like 'storefront\\_tpl\\_%' and datname <> ${POSTGRES_TEMPLATE}`;
  for (const { datname, made } of rows) {
    if (Date.now() - Number(made ?? 0) < STALE_AFTER_MS) continue;
    await admin.unsafe(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
    await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}
