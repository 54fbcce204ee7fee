import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Statement } from '../db/client.js';
import { newId } from '../db/ids.js';
import { outboxEmails } from '../db/schema.js';

export type MailMessage = { to: string; subject: string; text: string; html?: string; kind: string };

export interface MailAdapter {
  /** Records the message in the outbox and, when a transport is configured, sends it. */
  send(db: Db, message: MailMessage): Promise<void>;
  /**
   * `send` in two steps, for a transaction that sends its last statements together (see `finish`): the
   * outbox row as a statement not yet sent, and the delivery, to run once the transaction has committed.
   */
  queue(db: Db, message: MailMessage): QueuedMail;
  readonly transport: 'outbox' | 'smtp';
}

export type QueuedMail = { record: Statement; deliver: (db: Db) => Promise<void> };

const outboxRow = (db: Db, m: MailMessage, id = newId()) =>
  db
    .insert(outboxEmails)
    .values({ id, to: m.to, subject: m.subject, text: m.text, html: m.html ?? null, kind: m.kind });

/** `send` as `queue` and then `deliver`, one after the other. */
const sendQueued = (queue: MailAdapter['queue']) => async (db: Db, m: MailMessage) => {
  const queued = queue(db, m);
  await queued.record.execute();
  await queued.deliver(db);
};

/** Default: mail stays in the outbox table, where admins (and tests) read it. */
export function outboxMail(): MailAdapter {
  const queue: MailAdapter['queue'] = (db, m) => ({ record: outboxRow(db, m), deliver: async () => {} });
  return { transport: 'outbox', queue, send: sendQueued(queue) };
}

/** SMTP via nodemailer (SMTP_URL such as smtp://user:pass@host:587). The outbox keeps a copy and the outcome. */
export function smtpMail(smtpUrl: string, from: string): MailAdapter {
  const transporter = nodemailer.createTransport(smtpUrl);
  const queue: MailAdapter['queue'] = (db, m) => {
    const id = newId();
    return {
      record: outboxRow(db, m, id),
      async deliver(db) {
        try {
          await transporter.sendMail({
            from,
            to: m.to,
            subject: m.subject,
            text: m.text,
            ...(m.html ? { html: m.html } : {}),
          });
          await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, id));
        } catch (err) {
          // The message stays in the outbox with its error; a mail failure must not fail the user's action.
          await db
            .update(outboxEmails)
            .set({ error: String(err) })
            .where(eq(outboxEmails.id, id));
        }
      },
    };
  };
  return { transport: 'smtp', queue, send: sendQueued(queue) };
}
