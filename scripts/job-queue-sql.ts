// Prints the SQL that creates pg-boss's tables and functions (schema `pgboss`), as a Drizzle migration:
// one statement per `--> statement-breakpoint`, without pg-boss's own BEGIN/COMMIT and advisory lock (the
// migrator runs each migration in its transaction). drizzle/0010_job_queue.sql was made with it; when an
// upgrade of pg-boss changes its schema version, print the upgrade with `--from <version>` into a new
// custom migration (npx drizzle-kit generate --custom).
//   npx tsx scripts/job-queue-sql.ts [--from VERSION]
import { parseArgs } from 'node:util';
import PgBoss from 'pg-boss';
import { JOB_QUEUE_SCHEMA } from '../src/server/jobs/index.js';

/** Splits SQL at top-level semicolons (not inside quotes or $$ bodies). */
function splitStatements(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote = false;
  let dollar = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (!quote && text.startsWith('$$', i)) {
      dollar = !dollar;
      current += '$$';
      i++;
      continue;
    }
    if (!dollar && c === "'") quote = !quote;
    if (c === ';' && !quote && !dollar) {
      out.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  if (current.trim()) out.push(current.trim());
  return out.filter((s) => s.length > 0);
}

const WRAPPER = /^(BEGIN|COMMIT|SET LOCAL|SELECT pg_advisory_xact_lock)\b/i;

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const plans = values.from
  ? PgBoss.getMigrationPlans(JOB_QUEUE_SCHEMA, values.from)
  : PgBoss.getConstructionPlans(JOB_QUEUE_SCHEMA);
const statements = splitStatements(plans).filter((s) => !WRAPPER.test(s));
console.log(`${statements.map((s) => `${s};`).join('\n--> statement-breakpoint\n')}`);
