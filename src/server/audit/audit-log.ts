import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  AUDIT_RETENTION_DAYS,
  type AuditAction,
  type AuditActorRole,
  auditChanges,
  type TeamRole,
} from '../../domain/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { accountMembers, auditEntries, type PaymentCard } from '../db/schema.js';

// The audit log's writer (issue 50), platform side: one call in the use case's transaction, so an
// entry exists if and only if its change commits. Reading it is the account-audit feature's.

/**
 * Who acts and from where: the request's caller (AppContext fits: person, member, apiKey, ip,
 * userAgent), or a part of it. A use case outside a request passes `{ person: null }` (the system).
 */
export type AuditActor = {
  person: Pick<UserRow, 'id' | 'email' | 'admin'> | null;
  member?: { role: TeamRole; removed: boolean; accountId: string } | null;
  apiKey?: { id: string } | null;
  ip?: string | null;
  userAgent?: string | null;
};

export type AuditEntryInput = {
  /** The customer account it concerns (null: a platform admin's action on none in particular). */
  accountId: string | null;
  action: AuditAction;
  subject?: { type: string; id?: string | null; label?: string | null };
  /** The subject's fields before and after (null for created or deleted); secrets are dropped. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at?: Date;
};

export function actorRoleOf(a: AuditActor): AuditActorRole {
  if (a.apiKey) return 'api-key';
  if (!a.person) return 'system';
  if (a.person.admin) return 'platform-admin';
  if (a.member && !a.member.removed) return a.member.role;
  return 'owner';
}

const rowOf = (actor: AuditActor, e: AuditEntryInput) => ({
  id: newId(),
  accountId: e.accountId,
  actorId: actor.apiKey ? null : (actor.person?.id ?? null),
  actorEmail: actor.apiKey ? null : (actor.person?.email ?? null),
  actorRole: actorRoleOf(actor),
  action: e.action,
  subjectType: e.subject?.type ?? null,
  subjectId: e.subject?.id ?? actor.apiKey?.id ?? null,
  subjectLabel: e.subject?.label?.slice(0, 300) ?? null,
  changes: auditChanges(e.before ?? null, e.after ?? null),
  ip: actor.ip?.slice(0, 100) ?? null,
  userAgent: actor.userAgent?.slice(0, 300) ?? null,
  at: e.at ?? new Date(),
});

/** Records one entry on `tx`, the transaction of the change it describes. */
export async function recordAudit(tx: Db, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditEntries).values(rowOf(actor, entry));
}

/** The entry as a statement not yet sent, for a use case that pipelines its writes (client.ts). */
export const recordAuditStatement = (tx: Db, actor: AuditActor, entry: AuditEntryInput) =>
  tx.insert(auditEntries).values(rowOf(actor, entry));

/** The account a login's actions belong to: the team it is a member of, else its own. */
async function accountOfLogin(db: Db, userId: string): Promise<string> {
  const [member] = await db
    .select({ accountId: accountMembers.accountId })
    .from(accountMembers)
    .where(and(eq(accountMembers.userId, userId), isNull(accountMembers.removedAt)))
    .limit(1);
  return member?.accountId ?? userId;
}

/**
 * A platform admin reading a customer's data in admin mode (the customer, an order, an invoice): one
 * `admin.customer_viewed` entry on the log of the account the data belongs to (for a team member's
 * login, the team's, which its owner reads). Nothing when the reader is not an admin or reads their own.
 */
export async function recordAdminView(
  db: Db,
  actor: AuditActor,
  read: { userId: string | null; subject: { type: string; id?: string | null; label?: string | null } },
): Promise<void> {
  if (!actor.person?.admin || !read.userId || read.userId === actor.person.id) return;
  await recordAudit(db, actor, {
    accountId: await accountOfLogin(db, read.userId),
    action: 'admin.customer_viewed',
    subject: read.subject,
  });
}

/** The card as its owner sees it (brand, last 4 digits, expiry); never the token or a number. */
const shownCard = (c: PaymentCard | null) =>
  c ? { brand: c.brand, last4: c.last4, expireMonth: c.expireMonth, expireYear: c.expireYear } : null;

/** The `billing.card_saved` entry of a card put on file, in place of `before`. */
export const cardSavedEntry = (
  accountId: string,
  before: PaymentCard | null,
  after: PaymentCard,
): AuditEntryInput => ({
  accountId,
  action: 'billing.card_saved',
  subject: { type: 'card', label: `${after.brand} •••• ${after.last4}` },
  before: { card: shownCard(before) },
  after: { card: shownCard(after) },
});

/**
 * The daily prune: deletes the entries older than the retention (AUDIT_RETENTION_DAYS). The
 * database's trigger refuses to delete a younger one, whoever asks. Returns how many went.
 */
export async function pruneAuditEntries(db: Db, now = new Date()): Promise<number> {
  // A day's margin over the retention, so the database's clock (the trigger's now()) agrees.
  const cutoff = new Date(now.getTime() - (AUDIT_RETENTION_DAYS + 1) * 86_400_000);
  const gone = await db
    .delete(auditEntries)
    .where(lt(auditEntries.at, cutoff))
    .returning({ id: sql<string>`${auditEntries.id}` });
  return gone.length;
}
