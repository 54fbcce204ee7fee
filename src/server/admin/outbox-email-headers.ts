import { mailDomain, messageId } from '../adapters/mail.js';
import type { OutboxEmailRow } from './list-outbox-emails.js';

export type MailHeader = { name: string; value: string };

/**
 * The headers a message goes out with, as the preview shows them: the sender is MAIL_FROM, the
 * Message-ID is made from the outbox id (the same on every try; see mail.ts), the Date is the send's.
 */
export function outboxEmailHeaders(
  email: Pick<OutboxEmailRow, 'id' | 'to' | 'subject' | 'sentAt' | 'headers'>,
  mailFrom: string,
): MailHeader[] {
  return [
    { name: 'From', value: mailFrom },
    { name: 'To', value: email.to },
    { name: 'Subject', value: email.subject },
    ...(email.sentAt ? [{ name: 'Date', value: email.sentAt.toUTCString() }] : []),
    { name: 'Message-ID', value: messageId(email.id, mailDomain(mailFrom)) },
    ...Object.entries(email.headers ?? {}).map(([name, value]) => ({ name, value })),
  ];
}
