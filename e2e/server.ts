/**
 * The journeys' server (playwright.config.ts): the app on a new embedded database in DATA_DIR, started
 * from the migrated snapshot the integration tests share (src/server/test/db-template.ts; made here when
 * missing) instead of initdb and the migrations, which took most of a start's CPU (issue 43). Then the
 * app starts as `npm start` does, seeding the demo data into the empty database.
 */

import { openDatabase } from '../src/server/db/client';
import { ensurePgliteSnapshot, pgliteSnapshot } from '../src/server/test/db-template';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the journeys’ data directory');
await ensurePgliteSnapshot();
const database = await openDatabase({ dataDir, loadDataDir: await pgliteSnapshot() });
await database.close();
await import('../src/server/main');
