/**
 * Restores a backup made by `npm run backup` into a fresh database (README "Operations"):
 *   npm run restore -- FILE
 * - PostgreSQL (DATABASE_URL set, an empty database: `createdb` it first): pg_restore of the
 *   custom-format dump, stopping at the first error. Start the app on it afterwards; its migrations then
 *   apply whatever the backup's schema lacks.
 * - The embedded database (no DATABASE_URL): FILE (a PGlite data-directory tarball) becomes DATA_DIR's
 *   database; refused when DATA_DIR already holds one. Start the app with that DATA_DIR.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { restorePglite } from '../src/server/db/backup.js';
import { runCommand } from './run-command.js';

runCommand(async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file || !existsSync(file)) throw new Error('Usage: npm run restore -- FILE (a backup that exists)');
  const url = process.env.DATABASE_URL;
  if (url) {
    const restore = spawnSync(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file],
      { stdio: 'inherit' },
    );
    if (restore.error) throw restore.error;
    if (restore.status !== 0) return restore.status ?? 1;
  } else {
    await restorePglite(file, process.env.DATA_DIR || './data');
  }
  console.log(`Restored ${file}${url ? '' : ` into ${process.env.DATA_DIR || './data'}`}.`);
  return 0;
});
