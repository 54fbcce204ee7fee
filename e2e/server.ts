/**
 * The journeys' server (playwright.config.ts): the app on a new embedded database in DATA_DIR, started
 * from the migrated snapshot the integration tests share (src/server/test/db-template.ts; made here when
 * missing) instead of initdb and the migrations, which took most of a start's CPU (issue 43). The
 * snapshot (an uncompressed tar of a data directory) is unpacked into DATA_DIR/pglite by `tar`, as the
 * child servers of the integration tests get theirs (spawned-server.ts): booting a PGlite only to have
 * it write the files, then closing it, cost each start ~0.4 s of CPU more. Then the app starts as `npm start`
 * does (migrating: nothing left to apply), seeding the demo data into the empty database.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensurePgliteSnapshot } from '../src/server/test/db-template';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the journeys’ data directory');
const pgDir = path.join(dataDir, 'pglite');
if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
  mkdirSync(pgDir, { recursive: true });
  // The members' names start with '/': GNU tar strips it and says so on stderr.
  execFileSync('tar', ['-x', '-f', await ensurePgliteSnapshot(), '-C', pgDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}
await import('../src/server/main');
