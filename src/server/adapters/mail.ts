import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { outboxEmails } from '../db/schema.js';

export type MailMessage = { to: string; subject: string; text: string; html?: string; kind: string };

export interface MailAdapter {
  /** Records the message in the outbox and, when a transport is configured, sends it. */
  send(db: Db, message: MailMessage): Promise<void>;
  readonly transport: 'outbox' | 'smtp';
}

/** Default: mail stays in the outbox table, where admins (and tests) read it. */
export function outboxMail(): MailAdapter {
  return {
    transport: 'outbox',
    async send(db, m) {
      await db.insert(outboxEmails).values({
        id: newId(),
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        kind: m.kind,
      });
    },
  };
}

/** SMTP via nodemailer (SMTP_URL such as smtp://user:pass@host:587). The outbox keeps a copy and the outcome. */
export function smtpMail(smtpUrl: string, from: string): MailAdapter {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(db, m) {
      const id = newId();
      await db
        .insert(outboxEmails)
        .values({ id, to: m.to, subject: m.subject, text: m.text, html: m.html ?? null, kind: m.kind });
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
}
