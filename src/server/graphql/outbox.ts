import { desc } from 'drizzle-orm';
import { emailKindOf } from '../../domain/index.js';
import {
  listOutboxEmails,
  loadOutboxEmail,
  type MailHeader,
  type OutboxEmailSummary,
  type OutboxPage,
  outboxEmailHeaders,
  outboxEmailHtml,
  sendEmailAgain,
} from '../admin/index.js';
import { outboxEmails } from '../db/schema.js';
import { PageInfoType } from './account.js';
import { builder } from './builder.js';
import { EmailKindEnum, OutboxStatusEnum } from './enums.js';

// The mail outbox, for admins only (issue 17): every message with its delivery status, and "send again".
const admin = { admin: true } as const;

/** A message as a list selects it (no HTML body), or in full. */
type OutboxEmailShape = OutboxEmailSummary & { html?: string | null };

const MailHeaderType = builder.objectRef<MailHeader>('MailHeader').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

const OutboxEmailType = builder.objectRef<OutboxEmailShape>('OutboxEmail').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    to: t.exposeString('to'),
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    html: t.string({
      nullable: true,
      description: 'The branded HTML part, when the message has one.',
      // A list does not select the HTML body (it can be long); it is read when asked for.
      resolve: (m, _a, ctx) => (m.html !== undefined ? m.html : outboxEmailHtml(ctx.db, m.id)),
    }),
    kind: t.field({ type: EmailKindEnum, resolve: (m) => emailKindOf(m.kind) }),
    status: t.expose('status', { type: OutboxStatusEnum }),
    tries: t.exposeInt('tries', {
      description: 'Delivery tries so far, counting those before a send again.',
    }),
    lastTriedAt: t.string({ nullable: true, resolve: (m) => m.lastTriedAt?.toISOString() ?? null }),
    sentAt: t.string({ nullable: true, resolve: (m) => m.sentAt?.toISOString() ?? null }),
    error: t.exposeString('error', { nullable: true, description: 'The last try’s error.' }),
    createdAt: t.string({ resolve: (m) => m.createdAt.toISOString() }),
    headers: t.field({
      type: [MailHeaderType],
      description: 'From, To, Subject, Date (once sent) and Message-ID, as the message goes out.',
      resolve: (m, _a, ctx) => outboxEmailHeaders(m, ctx.config.MAIL_FROM),
    }),
  }),
});

const OutboxEmailConnectionType = builder.objectRef<OutboxPage>('OutboxEmailConnection').implement({
  fields: (t) => ({
    pageInfo: t.field({ type: PageInfoType, resolve: (c) => c.pageInfo }),
    totalCount: t.exposeInt('totalCount', { description: 'Messages matching the filter, on every page.' }),
    nodes: t.field({ type: [OutboxEmailType], resolve: (c) => c.nodes }),
  }),
});

builder.queryFields((t) => ({
  outboxEmails: t.field({
    type: [OutboxEmailType],
    description: 'Newest mail first. Without SMTP_URL this is where mail goes; admins read it here.',
    authScopes: admin,
    args: { limit: t.arg.int({ defaultValue: 50 }) },
    resolve: (_r, a, ctx) =>
      ctx.db
        .select()
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt))
        .limit(Math.min(Math.max(a.limit ?? 50, 1), 200)),
  }),
  outbox: t.field({
    type: OutboxEmailConnectionType,
    description:
      'The admin outbox: newest first, 25 a page; `status` (pending, sent, failed or kept) and `to` (part of the recipient, any case) filter it.',
    authScopes: admin,
    args: {
      first: t.arg.int(),
      after: t.arg.string(),
      status: t.arg({ type: OutboxStatusEnum }),
      to: t.arg.string(),
    },
    resolve: (_r, a, ctx) => listOutboxEmails(ctx.db, a),
  }),
  outboxEmail: t.field({
    type: OutboxEmailType,
    nullable: true,
    description: 'One message with its text and HTML versions, for the preview.',
    authScopes: admin,
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => loadOutboxEmail(ctx.db, a._id),
  }),
}));

builder.mutationFields((t) => ({
  sendEmailAgain: t.field({
    type: OutboxEmailType,
    description:
      'Queues a message for delivery again: a failed one on its own row with a fresh set of tries; a sent or kept one as a new copy (the original stays as it was). Refused while the message is pending. Returns the message that will go out.',
    authScopes: admin,
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => sendEmailAgain(ctx.db, ctx.adapters.mail, a._id),
  }),
}));
