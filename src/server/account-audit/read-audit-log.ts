import { and, count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_LABELS,
  AUDIT_CSV_COLUMNS,
  type AuditActorRole,
  describeChange,
  isAuditAction,
  toCsv,
} from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { type AuditChange, auditEntries } from '../db/schema.js';
import { badInput, notAuthorized, notLoggedIn } from '../errors.js';
import { type Caller, requireTeam } from '../team/index.js';

// Reading the audit log (issue 50): the owner and the team's admins read their account's entries
// (permission 'team'); platform admins read every account's, and the entries of no one account (their
// exports). Managers, API keys, other customers and anonymous callers are refused. Nothing here
// writes: the app has no way to change or delete an entry.

export const MSG_AUDIT_BAD_DATE = 'Enter the date as YYYY-MM-DD.';
export const MSG_AUDIT_BAD_ACTION = 'Choose an action from the list.';
export const AUDIT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
/** Rows a CSV export holds at most (about a year of a busy account); narrower filters read older ones. */
export const AUDIT_CSV_MAX_ROWS = 20_000;

export type AuditFilter = {
  /** An e-mail (part of one) of who acted. */
  actor?: string | null;
  action?: string | null;
  /** From this day (UTC, YYYY-MM-DD), inclusive. */
  from?: string | null;
  /** To this day (UTC), inclusive. */
  to?: string | null;
  /** Platform admins: one customer account's entries ('' for the entries of no account). */
  accountId?: string | null;
};

export type AuditEntryView = {
  id: string;
  at: Date;
  accountId: string | null;
  action: string;
  actionLabel: string;
  actorEmail: string | null;
  actorRole: AuditActorRole;
  actorRoleLabel: string;
  subjectType: string | null;
  subjectId: string | null;
  subjectLabel: string | null;
  changes: Array<{ field: string; before: string; after: string }>;
  ip: string | null;
  userAgent: string | null;
};

type Reader = Caller & { apiKey?: unknown };

/** The account whose log the caller reads; null for a platform admin reading across accounts. */
function scopeOf(
  c: Reader,
  accountId: string | null | undefined,
): { accountId: string | null; all: boolean } {
  if (c.apiKey) throw notAuthorized();
  if (!c.person) throw notLoggedIn();
  if (c.person.admin) {
    if (accountId === undefined || accountId === null) return { accountId: null, all: true };
    return { accountId: accountId === '' ? null : accountId, all: false };
  }
  const own = requireTeam(c, 'team').id;
  // Another account's log is not the caller's to read, whatever they name.
  if (accountId && accountId !== own) throw notAuthorized();
  return { accountId: own, all: false };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function dayOf(value: string | null | undefined, field: string, plusDays = 0): Date | null {
  if (!value) return null;
  const d = new Date(`${value}T00:00:00.000Z`);
  if (!DAY.test(value) || Number.isNaN(d.getTime())) throw badInput(field, MSG_AUDIT_BAD_DATE);
  return new Date(d.getTime() + plusDays * 86_400_000);
}

function whereOf(c: Reader, f: AuditFilter): SQL | undefined {
  const scope = scopeOf(c, f.accountId);
  const conditions: (SQL | undefined)[] = [];
  if (!scope.all)
    conditions.push(
      scope.accountId ? eq(auditEntries.accountId, scope.accountId) : isNull(auditEntries.accountId),
    );
  const actor = f.actor?.trim();
  if (actor) {
    const like = `%${actor.slice(0, 200).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conditions.push(or(ilike(auditEntries.actorEmail, like), eq(auditEntries.actorId, actor)));
  }
  if (f.action) {
    if (!isAuditAction(f.action)) throw badInput('action', MSG_AUDIT_BAD_ACTION);
    conditions.push(eq(auditEntries.action, f.action));
  }
  const from = dayOf(f.from, 'from');
  const to = dayOf(f.to, 'to', 1);
  if (from) conditions.push(gte(auditEntries.at, from));
  if (to) conditions.push(lt(auditEntries.at, to));
  return and(...conditions);
}

const text = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

export function auditEntryView(row: typeof auditEntries.$inferSelect): AuditEntryView {
  const role = row.actorRole as AuditActorRole;
  return {
    id: row.id,
    at: row.at,
    accountId: row.accountId,
    action: row.action,
    actionLabel: isAuditAction(row.action) ? AUDIT_ACTIONS[row.action] : row.action,
    actorEmail: row.actorEmail,
    actorRole: role,
    actorRoleLabel: AUDIT_ACTOR_LABELS[role] ?? row.actorRole,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    changes: Object.entries(row.changes as Record<string, AuditChange>).map(([field, c]) => ({
      field,
      before: text(c.before),
      after: text(c.after),
    })),
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

/** One page of the log, newest first, with the count of every entry the filter matches. */
export async function readAuditLog(
  db: Db,
  c: Reader,
  opts: { filter?: AuditFilter | null; page?: number | null; pageSize?: number | null },
): Promise<{ entries: AuditEntryView[]; total: number; page: number; pageSize: number }> {
  const where = whereOf(c, opts.filter ?? {});
  const pageSize = Math.min(Math.max(Math.trunc(opts.pageSize ?? AUDIT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
  const page = Math.max(Math.trunc(opts.page ?? 1), 1);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditEntries).where(where),
  ]);
  return { entries: rows.map(auditEntryView), total: Number(total?.n ?? 0), page, pageSize };
}

/** The log as CSV (the filter's entries, newest first, at most AUDIT_CSV_MAX_ROWS). */
export async function auditLogCsv(
  db: Db,
  c: Reader,
  filter: AuditFilter | null | undefined,
): Promise<string> {
  const where = whereOf(c, filter ?? {});
  const rows = await db
    .select()
    .from(auditEntries)
    .where(where)
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(AUDIT_CSV_MAX_ROWS);
  const lines = rows
    .map(auditEntryView)
    .map((e) => [
      e.at.toISOString(),
      e.actionLabel,
      e.actorEmail ?? (e.actorRole === 'api-key' ? 'API key' : 'System'),
      e.actorRoleLabel,
      [e.subjectType, e.subjectLabel].filter(Boolean).join(': '),
      e.changes
        .map((ch) => describeChange(ch.field, { before: ch.before || null, after: ch.after || null }))
        .join('; '),
      e.ip,
      e.userAgent,
    ]);
  return `${toCsv([[...AUDIT_CSV_COLUMNS], ...lines])}\r\n`;
}
