// The daily visit-scheduling job: adds the next cycles' visits of every active recurring mystery shop
// (orders get their first visits at checkout). Run it once a day next to the billing job; reruns and
// several instances at once add nothing twice. See README 'Fieldwork'.
//   npm run schedule-visits -- [--date YYYY-MM-DD]
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runVisitScheduling } from '../src/server/fieldwork/index.js';
import { runCommand } from './run-command.js';

const USAGE = 'Usage: npm run schedule-visits -- [--date YYYY-MM-DD]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { date: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const now = new Date();
  const date = values.date
    ? new Date(`${values.date}T00:00:00Z`)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (Number.isNaN(date.getTime()) || (values.date && date.toISOString().slice(0, 10) !== values.date)) {
    console.error(`--date must be a day as YYYY-MM-DD, got '${values.date}'.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const result = await runVisitScheduling(database.db, date);
    console.log(
      `Visit scheduling for ${date.toISOString().slice(0, 10)}: ${result.shops} recurring shops, ${result.visits} visits added.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
