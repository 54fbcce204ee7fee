import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Backups of the embedded database (PGlite). It belongs to one process, so a copy taken while the app
 * runs is taken by the app itself: `npm run backup` sends the server SIGUSR2 (main.ts), and the server
 * writes DATA_DIR/backups/pglite-<time>.tar.gz. PostgreSQL's backups are pg_dump's (README
 * "Operations"; scripts/backup.ts).
 */

/** The server's process id, written at start when it runs on the embedded database (for `npm run backup`). */
export const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * A consistent copy of a running PGlite database: a CHECKPOINT, then its data directory as a gzipped
 * tarball (dumpDataDir) taken while no transaction is open. PGlite runs one transaction at a time
 * (drizzle's, pg-boss's and single statements all queue on one lock), and the dump holds that lock: it
 * waits for the transaction in progress to end, and the next waits for the dump. The copy is the
 * database as of that moment; loading it runs PostgreSQL's recovery like any clean restart.
 */
/** PGlite's own lock for a transaction (an internal method; without it the dump still waits per statement). */
type Exclusive = (fn: () => Promise<Blob>) => Promise<Blob>;

export async function dumpPglite(pglite: PGlite): Promise<Blob> {
  await pglite.exec('CHECKPOINT');
  const exclusive = (pglite as unknown as { _runExclusiveTransaction?: Exclusive })._runExclusiveTransaction;
  const dump = () => pglite.dumpDataDir('gzip') as Promise<Blob>;
  return exclusive ? exclusive.call(pglite, dump) : dump();
}

/** Writes a backup into DATA_DIR/backups (whole or not at all: written aside, then renamed); returns its path. */
export async function writePgliteBackup(pglite: PGlite, dataDir: string, now = new Date()): Promise<string> {
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  const blob = await dumpPglite(pglite);
  await writeFile(`${file}.partial`, Buffer.from(await blob.arrayBuffer()));
  await rename(`${file}.partial`, file);
  return file;
}

/**
 * Restores a backup (a PGlite data-directory tarball, gzipped or not) into DATA_DIR, as the app opens it
 * (DATA_DIR/pglite). Refuses a DATA_DIR that already holds a database: restore into a fresh one.
 */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(`${dir} already holds a database; restore into an empty DATA_DIR.`);
  }
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([await readFile(file)]),
  });
  await pglite.waitReady;
  await pglite.query('select 1');
  await pglite.close();
}
