// The daily recurring-billing job. Schedule it once a day (cron, a systemd timer, a Kubernetes CronJob);
// several instances at once are safe. See README 'Recurring billing'.
//   npm run billing -- [--date YYYY-MM-DD] [--dry-run]
import { parseArgs } from 'node:util';
import { formatMoney } from '../src/domain/index.js';
import { createAdapters } from '../src/server/adapters/index.js';
import { runBilling } from '../src/server/billing/run-billing.js';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runCommand } from './run-command.js';

const USAGE = 'Usage: npm run billing -- [--date YYYY-MM-DD] [--dry-run]';

function parseDay(value: string | undefined): Date {
  if (value === undefined) {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  }
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new ConfigError(`--date must be a day as YYYY-MM-DD, got '${value}'.\n${USAGE}`);
  }
  return day;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      date: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const date = parseDay(values.date);
  const dryRun = values['dry-run'] ?? false;
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const adapters = createAdapters(config);
    const result = await runBilling(database.db, { payments: adapters.payments }, { date, dryRun });
    const month = result.billingMonth
      ? `bills ${result.billingMonth}`
      : `no month to invoice (next charge date ${result.nextChargeDate})`;
    console.log(`Billing run for ${result.day} on ${database.kind}: ${month}${dryRun ? ' [dry run]' : ''}`);
    if (dryRun) {
      const planned = result.planned ?? [];
      for (const p of planned) {
        console.log(
          `  ${p.email} (${p.uid}): ${formatMoney(p.amount)} for ${p.billingMonth}, key ${p.idempotencyKey}`,
        );
        for (const l of p.lines) console.log(`      ${formatMoney(l.amount).padStart(12)}  ${l.description}`);
      }
      const due = result.due ?? [];
      for (const d of due) {
        console.log(
          `  ${d.email} (${d.uid}): ${formatMoney(d.amount)} for ${d.billingMonth}, ` +
            `${d.attemptCount === 0 ? 'first charge' : `retry (attempt ${d.attemptCount + 1})`}${d.hasCard ? '' : ', no card on file'}`,
        );
      }
      const total = planned.reduce((s, p) => s + p.amount, 0) + due.reduce((s, d) => s + d.amount, 0);
      console.log(
        `Would invoice ${planned.length} customer(s) and charge ${planned.length + due.length} invoice(s), ${formatMoney(total)}. Nothing was written.`,
      );
      return 0;
    }
    console.log(
      `Invoices created: ${result.invoicesCreated}; paid: ${result.paid} (${formatMoney(result.amountPaid)}); ` +
        `declined: ${result.declined}; no card on file: ${result.noCard}; provider errors: ${result.errors}; ` +
        `held under a lease (another run, or a crashed one until the lease ends): ${result.held}`,
    );
    return result.errors > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
