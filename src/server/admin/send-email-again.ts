import { eq } from 'drizzle-orm';
import { MSG_OUTBOX_EMAIL_NOT_FOUND, MSG_SEND_AGAIN_WAITING, sendAgainPlan } from '../../domain/index.js';
import type { MailAdapter } from '../adapters/mail.js';
import { type Db, inTransaction } from '../db/client.js';
import { outboxEmails } from '../db/schema.js';
import { AppError } from '../errors.js';
import { enqueue } from '../jobs/index.js';
import type { OutboxEmailRow } from './list-outbox-emails.js';

/**
 * "Send again" from the admin outbox, through the same delivery job as any message (see sendAgainPlan):
 * a failed message is queued again on its own row with a fresh set of tries; a sent or kept one stays as
 * it was and a copy of it is recorded and queued as a new message (new id and Message-ID); a pending one
 * is refused, since its delivery is queued already. Returns the message that will go out. The row is
 * locked first, so two admins pressing at once queue one retry, not two.
 */
export async function sendEmailAgain(db: Db, mail: MailAdapter, id: string): Promise<OutboxEmailRow> {
  return inTransaction(db, async (tx) => {
    const [email] = await tx.select().from(outboxEmails).where(eq(outboxEmails.id, id)).for('update');
    if (!email) {
      throw new AppError('NOT_FOUND', MSG_OUTBOX_EMAIL_NOT_FOUND, [
        { field: '_id', message: MSG_OUTBOX_EMAIL_NOT_FOUND },
      ]);
    }
    const plan = sendAgainPlan(email.status);
    if (plan === 'waiting') throw new AppError('CONFLICT', MSG_SEND_AGAIN_WAITING);
    if (plan === 'retry') {
      const [pending] = await tx
        .update(outboxEmails)
        .set({ status: 'pending' })
        .where(eq(outboxEmails.id, id))
        .returning();
      await enqueue(tx, 'mail-delivery', { outboxId: id });
      return pending!;
    }
    const { to, subject, text, html, kind, headers } = email;
    const copyId = await mail.send(tx, {
      to,
      subject,
      text,
      html: html ?? undefined,
      kind,
      headers: headers ?? undefined,
    });
    const [copy] = await tx.select().from(outboxEmails).where(eq(outboxEmails.id, copyId!));
    return copy!;
  });
}
