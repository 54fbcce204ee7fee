import { eq, sql } from 'drizzle-orm';
import type { MailAdapter } from '../adapters/mail.js';
import type { Db } from '../db/client.js';
import { outboxEmails } from '../db/schema.js';
import type { Job } from './job-queue.js';

/**
 * The 'mail-delivery' job: hands one outbox e-mail to the mail server and records the outcome on its
 * row. A message already sent is never sent again: the row is read first, and marked sent right after
 * the server accepted it. (Only a crash between the server's answer and that write could repeat a
 * message; it carries the same Message-ID then, which receivers use to drop the copy.) A try that fails
 * leaves the row pending with its error and throws, so the queue retries it after a growing delay;
 * after the last try the row is failed.
 */
export async function deliverEmail(
  db: Db,
  mail: MailAdapter,
  job: Pick<Job<'mail-delivery'>, 'data' | 'lastTry'>,
  now: () => Date = () => new Date(),
): Promise<void> {
  const [email] = await db
    .select({
      id: outboxEmails.id,
      to: outboxEmails.to,
      subject: outboxEmails.subject,
      text: outboxEmails.text,
      html: outboxEmails.html,
      kind: outboxEmails.kind,
      headers: outboxEmails.headers,
      attachments: outboxEmails.attachments,
      status: outboxEmails.status,
    })
    .from(outboxEmails)
    .where(eq(outboxEmails.id, job.data.outboxId))
    .limit(1);
  // Not recorded (a duplicate by its dedup key), or already done.
  if (!email || email.status === 'sent' || email.status === 'kept') return;
  const where = eq(outboxEmails.id, email.id);
  if (mail.transport === 'outbox') {
    await db.update(outboxEmails).set({ status: 'kept' }).where(where);
    return;
  }
  const tried = { tries: sql`${outboxEmails.tries} + 1`, lastTriedAt: now() };
  try {
    await mail.deliver(email);
  } catch (err) {
    await db
      .update(outboxEmails)
      .set({ ...tried, status: job.lastTry ? 'failed' : 'pending', error: errorText(err) })
      .where(where);
    throw err;
  }
  await markSent(db, where, { ...tried, status: 'sent', sentAt: now() });
}

/** The write after the server accepted the message, tried three times: a retry of the job would send again. */
async function markSent(db: Db, where: ReturnType<typeof eq>, values: Record<string, unknown>) {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.update(outboxEmails).set(values).where(where);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** The server's answer, short enough for the row (SMTP errors name the server, never the password). */
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);
