import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { smtpMail } from '../adapters/mail.js';
import { type Database, openDatabase } from '../db/client.js';
import { outboxEmails, users } from '../db/schema.js';
import { setupTestApp, TEST_DB } from '../test/harness.js';
import { header, type SmtpStandIn, startSmtpStandIn } from '../test/smtp-stand-in.js';
import { deliverEmail } from './deliver-email.js';
import { createJobQueue } from './job-queue.js';

const t = setupTestApp();
const CHILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/record-mail-then-hang.ts');

let smtp: SmtpStandIn;
let dataDir = '';
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-crash-'));
});
afterAll(async () => {
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Resolves when the child prints `line`; rejects if it exits first. */
function waitForLine(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').includes(line)) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`The child exited (${code}) before '${line}':\n${err}`)));
  });
}

it('delivers an e-mail whose process was killed (kill -9) between the commit and the delivery', async () => {
  // PGlite is embedded: the child opens its own data directory, which this process opens after the kill.
  const env =
    TEST_DB === 'postgres' ? { DATABASE_URL: t.database.url } : { DATABASE_URL: '', DATA_DIR: dataDir };
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await waitForLine(child, 'committed');
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  const database: Database = TEST_DB === 'postgres' ? t.database : await openDatabase({ dataDir });
  const queue = createJobQueue(database, { poll: false });
  try {
    const [row] = await database.db.select().from(outboxEmails);
    expect(row).toMatchObject({ to: 'crash@example.test', status: 'pending', tries: 0 });
    // The change that caused the e-mail committed with it.
    expect(await database.db.select().from(users).where(eq(users.email, 'crash@example.test'))).toHaveLength(
      1,
    );

    const mail = smtpMail(smtp.url, 'Customer Optix <no-reply@customer-optix.test>');
    await queue.work('mail-delivery', (job) => deliverEmail(database.db, mail, job));
    await queue.start();
    expect(await queue.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(header(smtp.received[0]!, 'Subject')).toBe('Sent after a crash');
    expect((await database.db.select().from(outboxEmails))[0]).toMatchObject({ status: 'sent', tries: 1 });
  } finally {
    await queue.stop();
    if (database !== t.database) await database.close();
  }
});
