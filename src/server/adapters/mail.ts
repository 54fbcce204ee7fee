import nodemailer from 'nodemailer';
import { atomically, type Db, pipeline, type Statement } from '../db/client.js';
import { newId } from '../db/ids.js';
import { outboxEmails } from '../db/schema.js';
import { enqueue, enqueueMany, enqueueStatement } from '../jobs/index.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** A message that must go out once: a second message with this key is not recorded. */
  dedupKey?: string;
  /** Extra headers, such as List-Unsubscribe (see notifications/unsubscribe.ts). */
  headers?: Record<string, string>;
  /** Files sent with the message (a scheduled report's PDF): bytes as base64. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; content: string };

/** A recorded message as the delivery job hands it to the mail server. */
export type OutboxEmail = Pick<
  typeof outboxEmails.$inferSelect,
  'id' | 'to' | 'subject' | 'text' | 'html' | 'kind' | 'headers'
> & { attachments?: MailAttachment[] | null };

export interface MailAdapter {
  /**
   * Records the message in the outbox together with its delivery job, on `db`: pass the transaction
   * of the change that causes the message, so both commit with it or not at all. A worker delivers it.
   * Resolves to the message's outbox id, or null when a message with its dedup key was recorded before.
   */
  send(db: Db, message: MailMessage): Promise<string | null>;
  /** `send` as one statement not yet sent, for a transaction that sends its last ones together (`finish`). */
  queue(db: Db, message: MailMessage): QueuedMail;
  /**
   * `send` for many messages at once (the offers run's thousands): one multi-row insert per
   * SEND_MANY_CHUNK messages and, with a mail server, one statement for their delivery jobs. Resolves
   * to each message's outbox id, in order, or null where its dedup key was recorded before.
   */
  sendMany(db: Db, messages: MailMessage[]): Promise<(string | null)[]>;
  /**
   * Hands a recorded message to the mail server (the delivery job calls it); resolves once the server
   * accepted it, throws if it did not. The outbox adapter has no server: the message stays in the outbox.
   */
  deliver(email: OutboxEmail): Promise<void>;
  readonly transport: 'outbox' | 'smtp';
}

export type QueuedMail = { record: Statement };

/**
 * The message's outbox row. With a mail server it waits as pending for its delivery job; without one
 * (the outbox adapter) the outbox is where it goes, so it is kept at once and no job is queued: a job
 * would only mark it kept, for three more statements per message on the checkout's path.
 */
const outboxValues = (m: MailMessage, id: string, status: 'pending' | 'kept') => ({
  id,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html ?? null,
  kind: m.kind,
  status,
  dedupKey: m.dedupKey ?? null,
  headers: m.headers ?? null,
  attachments: m.attachments?.length ? m.attachments : null,
});
const outboxRow = (db: Db, m: MailMessage, id: string, status: 'pending' | 'kept') => {
  const insert = db.insert(outboxEmails).values(outboxValues(m, id, status));
  return m.dedupKey ? insert.onConflictDoNothing().returning({ id: outboxEmails.id }) : insert;
};

/** Messages per multi-row insert of `sendMany`: 10 parameters each, well under PostgreSQL's 65,535. */
export const SEND_MANY_CHUNK = 1000;

/** `send`, `queue` and `sendMany` for an adapter: `delivered` says whether a delivery job hands messages to a server. */
function recorder(delivered: boolean): Pick<MailAdapter, 'send' | 'queue' | 'sendMany'> {
  const status = delivered ? 'pending' : 'kept';
  return {
    send(db, m) {
      const id = newId();
      if (!delivered) {
        return Promise.resolve(outboxRow(db, m, id, status)).then((inserted) =>
          m.dedupKey && (inserted as unknown[]).length === 0 ? null : id,
        );
      }
      return atomically(db, async (tx) => {
        if (!m.dedupKey) {
          await pipeline(
            outboxRow(tx, m, id, status),
            enqueueStatement(tx, 'mail-delivery', { outboxId: id }),
          );
          return id;
        }
        const inserted = (await outboxRow(tx, m, id, status)) as unknown[];
        if (inserted.length === 0) return null;
        await enqueue(tx, 'mail-delivery', { outboxId: id });
        return id;
      });
    },
    queue(db, m) {
      const id = newId();
      const row = outboxRow(db, m, id, status);
      if (!delivered) return { record: { execute: () => row.execute() } };
      // With a dedup key the row may not be written; its job then finds no row and does nothing.
      const job = enqueueStatement(db, 'mail-delivery', { outboxId: id });
      return { record: { execute: () => Promise.all([row.execute(), job.execute()]) } };
    },
    sendMany(db, messages) {
      return atomically(db, async (tx) => {
        const ids = messages.map(() => newId());
        const recorded = new Set<string>();
        for (let i = 0; i < messages.length; i += SEND_MANY_CHUNK) {
          const rows = messages
            .slice(i, i + SEND_MANY_CHUNK)
            .map((m, j) => outboxValues(m, ids[i + j]!, status));
          const inserted = await tx
            .insert(outboxEmails)
            .values(rows)
            .onConflictDoNothing()
            .returning({ id: outboxEmails.id });
          for (const r of inserted) recorded.add(r.id);
        }
        if (delivered)
          await enqueueMany(
            tx,
            'mail-delivery',
            ids.filter((id) => recorded.has(id)).map((outboxId) => ({ outboxId })),
          );
        return ids.map((id) => (recorded.has(id) ? id : null));
      });
    },
  };
}

/** Default: mail stays in the outbox table (kept), where admins (and tests) read it. */
export function outboxMail(): MailAdapter {
  return { transport: 'outbox', ...recorder(false), deliver: async () => {} };
}

/**
 * SMTP via nodemailer (SMTP_URL such as smtp://user:pass@host:587). Each message carries a Message-ID
 * made from its outbox id, the same on every try, so a receiver can tell a repeat (see deliver-email.ts).
 */
export function smtpMail(smtpUrl: string, from: string): MailAdapter {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // Well within the delivery job's expiry (definitions.ts), so a try never outlives its job.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const domain = mailDomain(from);
  return {
    transport: 'smtp',
    ...recorder(true),
    async deliver(email) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
        ...(email.attachments?.length
          ? {
              attachments: email.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.content, 'base64'),
              })),
            }
          : {}),
        messageId: messageId(email.id, domain),
      });
    },
  };
}

export const messageId = (outboxId: string, domain: string) => `<${outboxId}@${domain}>`;

/** The domain of MAIL_FROM ('Customer Optix <no-reply@customer-optix.test>'), for Message-IDs. */
export const mailDomain = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
