// A child process for the crash test (jobs/crash-delivery.test.ts): records one e-mail with its delivery
// job in a committed transaction, says so on stdout, then waits to be killed before anything delivers it.
//   DATABASE_URL=... | DATA_DIR=...  tsx src/server/test/record-mail-then-hang.ts
import { smtpMail } from '../adapters/mail.js';
import { inTransaction, openDatabase } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { ensurePgliteSnapshot, pgliteSnapshot } from './db-template.js';

const url = process.env.DATABASE_URL || undefined;
// A new PGlite directory starts from the migrated snapshot the tests share, not from the migrations
// (which take most of a minute on a busy 2-core machine).
const loadDataDir = url ? undefined : (await ensurePgliteSnapshot(), await pgliteSnapshot());
const database = await openDatabase({ url, dataDir: process.env.DATA_DIR, loadDataDir });
await inTransaction(database.db, async (tx) => {
  const user = await createUser(tx, { email: 'crash@example.test' });
  // As an app with SMTP_URL records it: pending, with its delivery job (the server is not reached here).
  await smtpMail('smtp://127.0.0.1:1', 'Customer Optix <no-reply@customer-optix.test>').send(tx, {
    to: user.email,
    subject: 'Sent after a crash',
    text: 'The process that recorded this e-mail was killed before it was delivered.',
    kind: 'crash-test',
  });
});
process.stdout.write('committed\n');
setInterval(() => {}, 60_000);
