// Tells of action plans due tomorrow and overdue now, as the scheduler in `npm start` does at
// ACTION_PLAN_REMINDERS_AT (UTC): records plan.due_soon / plan.overdue, whose subscriber (the app's
// workers) queues the e-mails. Safe to repeat: each plan is told each once. See README 'Action plans'.
//   npm run action-plan-reminders
import { remindPlans } from '../src/server/action-plans/index.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runCommand } from './run-command.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const told = await remindPlans(database.db, new Date());
    console.log(
      `Action plan reminders on ${database.kind}: ${told.dueSoon} due tomorrow, ${told.overdue} overdue.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
