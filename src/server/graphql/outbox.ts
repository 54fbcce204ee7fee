import { desc } from 'drizzle-orm';
import { outboxEmails } from '../db/schema.js';
import { builder } from './builder.js';

type OutboxRow = typeof outboxEmails.$inferSelect;

const OutboxEmailType = builder.objectRef<OutboxRow>('OutboxEmail').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    to: t.exposeString('to'),
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    kind: t.exposeString('kind'),
    sentAt: t.string({ nullable: true, resolve: (m) => m.sentAt?.toISOString() ?? null }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.string({ resolve: (m) => m.createdAt.toISOString() }),
  }),
});

builder.queryFields((t) => ({
  outboxEmails: t.field({
    type: [OutboxEmailType],
    description: 'Newest mail first. Without SMTP_URL this is where mail goes; admins read it here.',
    authScopes: { admin: true },
    args: { limit: t.arg.int({ defaultValue: 50 }) },
    resolve: (_r, a, ctx) =>
      ctx.db
        .select()
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt))
        .limit(Math.min(Math.max(a.limit ?? 50, 1), 200)),
  }),
}));
