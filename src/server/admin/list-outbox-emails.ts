import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { isOutboxStatus, MSG_OUTBOX_STATUS } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { afterCursor, cursorText, type Page, type PageArgs, pageSize, toPage } from '../db/page.js';
import { outboxEmails } from '../db/schema.js';
import { badInput } from '../errors.js';
import { ADMIN_PAGE_SIZE, containsPattern } from './lists.js';

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;
/** A message as listed: everything but its HTML body, which the preview loads (see outboxEmailHtml). */
export type OutboxEmailSummary = Omit<OutboxEmailRow, 'html' | 'dedupKey' | 'attachments'>;

export type OutboxFilter = {
  /** One status, or every message when empty. */
  status?: string | null;
  /** Part of the recipient's address, any case. */
  to?: string | null;
};

export type OutboxPage = Page<OutboxEmailSummary> & { totalCount: number };

const summaryColumns = {
  id: outboxEmails.id,
  to: outboxEmails.to,
  subject: outboxEmails.subject,
  text: outboxEmails.text,
  kind: outboxEmails.kind,
  status: outboxEmails.status,
  tries: outboxEmails.tries,
  lastTriedAt: outboxEmails.lastTriedAt,
  sentAt: outboxEmails.sentAt,
  error: outboxEmails.error,
  headers: outboxEmails.headers,
  createdAt: outboxEmails.createdAt,
};

function outboxFilter(filter: OutboxFilter): SQL | undefined {
  const status = filter.status?.trim() || null;
  if (status !== null && !isOutboxStatus(status)) throw badInput('status', MSG_OUTBOX_STATUS);
  const to = filter.to?.trim();
  return and(
    status ? eq(outboxEmails.status, status) : undefined,
    to ? sql`${outboxEmails.to} ilike ${containsPattern(to)}` : undefined,
  );
}

/** The admin outbox: messages newest first, 25 a page, of one status and recipient search, with their count. */
export async function listOutboxEmails(db: Db, opts: PageArgs & OutboxFilter): Promise<OutboxPage> {
  const size = pageSize(opts.first, ADMIN_PAGE_SIZE);
  const where = outboxFilter(opts);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        cursorAt: cursorText(outboxEmails.createdAt),
        cursorId: outboxEmails.id,
      })
      .from(outboxEmails)
      .where(and(where, afterCursor(outboxEmails.createdAt, outboxEmails.id, opts.after)))
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(size + 1),
    db.select({ n: count() }).from(outboxEmails).where(where),
  ]);
  return { ...toPage(rows, size), totalCount: total?.n ?? 0 };
}

/** One message with its bodies (the preview), or null. */
export async function loadOutboxEmail(db: Db, id: string): Promise<OutboxEmailRow | null> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id)).limit(1);
  return row ?? null;
}

/** The HTML body of a listed message (not selected with the list: it can be long). */
export async function outboxEmailHtml(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ html: outboxEmails.html })
    .from(outboxEmails)
    .where(eq(outboxEmails.id, id))
    .limit(1);
  return row?.html ?? null;
}
