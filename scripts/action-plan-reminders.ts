// Tells of action plans due tomorrow and overdue now, as the scheduler in `npm start` does at
// ACTION_PLAN_REMINDERS_AT (UTC). The e-mails go to the outbox with their delivery jobs; the app's
// workers deliver them. Safe to repeat: each plan is told each once. See README 'Action plans'.
//   npm run action-plan-reminders
import { runActionPlanReminders } from '../src/server/action-plans/index.js';
import { createAdapters } from '../src/server/adapters/index.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { backgroundMailDeps } from '../src/server/notifications/index.js';
import { runCommand } from './run-command.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const adapters = createAdapters(config);
    const told = await runActionPlanReminders(database.db, backgroundMailDeps(config, adapters), new Date());
    console.log(
      `Action plan reminders on ${database.kind}: ${told.dueSoon} due tomorrow, ${told.overdue} overdue.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
