// Sends every waiting daily digest now, as the scheduler in `npm start` does at DIGEST_AT (UTC). The
// e-mails go to the outbox with their delivery jobs; the app's workers deliver them. Safe to repeat:
// a line goes out in one digest only. See README 'Background jobs'.
//   npm run digest
import { createAdapters } from '../src/server/adapters/index.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { backgroundMailDeps, sendDigests } from '../src/server/notifications/index.js';
import { runCommand } from './run-command.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const adapters = createAdapters(config);
    const result = await sendDigests(database.db, backgroundMailDeps(config, adapters), new Date());
    console.log(`Daily digest on ${database.kind}: ${result.digests} digest(s) queued for delivery.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
