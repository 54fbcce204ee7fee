/**
 * A backup of the app's database (README "Operations"):
 *   npm run backup [-- --out FILE]
 * - PostgreSQL (DATABASE_URL set): `pg_dump --format=custom` of the database into FILE (default
 *   storefront-<time>.dump), consistent as of the dump's start while the app runs (one snapshot);
 *   restore it with `npm run restore` or pg_restore.
 * - The embedded database (no DATABASE_URL; DATA_DIR, default ./data): when the server is running on it
 *   (DATA_DIR/server.pid), it is sent SIGUSR2 and writes the copy itself, between two transactions
 *   (src/server/db/backup.ts); else this opens DATA_DIR and copies it. The file is
 *   DATA_DIR/backups/pglite-<time>.tar.gz, also copied to FILE when --out is given.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { backupsDir, pidFile, writePgliteBackup } from '../src/server/db/backup.js';
import { runCommand } from './run-command.js';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Whether a process of that id is running (signal 0 checks without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function backupPglite(dataDir: string): Promise<string> {
  const pid = existsSync(pidFile(dataDir)) ? Number(readFileSync(pidFile(dataDir), 'utf8')) : 0;
  if (pid && running(pid)) {
    const before = new Set(existsSync(backupsDir(dataDir)) ? readdirSync(backupsDir(dataDir)) : []);
    process.kill(pid, 'SIGUSR2');
    const until = Date.now() + 300_000;
    while (Date.now() < until) {
      const made = existsSync(backupsDir(dataDir))
        ? readdirSync(backupsDir(dataDir)).find((f) => f.endsWith('.tar.gz') && !before.has(f))
        : undefined;
      if (made) return path.join(backupsDir(dataDir), made);
      if (!running(pid)) throw new Error(`The server (pid ${pid}) exited before writing the backup.`);
      await sleep(200);
    }
    throw new Error('The server wrote no backup within 5 minutes.');
  }
  // No server on it: open the data directory here (nothing else may, meanwhile).
  const pglite = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return await writePgliteBackup(pglite, dataDir);
  } finally {
    await pglite.close();
  }
}

runCommand(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const url = process.env.DATABASE_URL;
  if (url) {
    const out = values.out ?? `storefront-${stamp()}.dump`;
    const dump = spawnSync(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, url],
      {
        stdio: 'inherit',
      },
    );
    if (dump.error) throw dump.error;
    if (dump.status !== 0) return dump.status ?? 1;
    console.log(`Backup written: ${out}`);
    return 0;
  }
  const file = await backupPglite(process.env.DATA_DIR || './data');
  if (values.out) copyFileSync(file, values.out);
  console.log(`Backup written: ${values.out ?? file}`);
  return 0;
});
