import { eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { accountMembers, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { hasSecondFactor } from './totp-store.js';

// Who must use two-factor sign-in (issue 50): platform admins always; every member of an account whose
// owner turned on "Require two-factor sign-in". The request path finds out with the session itself
// (request-identity.ts: secondFactorSetup); this file holds the use cases around it.

export const MSG_ADMIN_NEEDS_SECOND_FACTOR =
  'Platform admins must use two-factor sign-in. Set it up under Account, Security to continue admin work.';
export const MSG_TEAM_NEEDS_SECOND_FACTOR =
  "Your team's owner requires two-factor sign-in. Set it up under Account, Security to continue.";
export const MSG_OWNER_NEEDS_SECOND_FACTOR_FIRST =
  'Turn on two-factor sign-in for your own login first, then require it of your team.';
export const MSG_KEEP_SECOND_FACTOR_ADMIN = 'Platform admins must keep two-factor sign-in on.';
export const MSG_KEEP_SECOND_FACTOR_TEAM =
  "Your team requires two-factor sign-in: it stays on while that setting does (the owner's to change).";

/**
 * The root fields a login that must set up two-factor sign-in may still call: its own session and the
 * setup (graphql/team-guard.ts refuses the rest with MSG_TEAM_NEEDS_SECOND_FACTOR).
 */
export const SECOND_FACTOR_SETUP_FIELDS = new Set([
  'currentUser',
  'viewer',
  'currentBrand',
  'brand',
  'accountSecurity',
  'beginTotpSetup',
  'confirmTotpSetup',
  'beginPasskeyRegistration',
  'finishPasskeyRegistration',
  'signOutSession',
  'signOutOtherSessions',
  'logout',
  'changePassword',
]);

/** Why a login must set up two-factor sign-in before going on ('admin', 'team'), or null. */
export async function secondFactorSetupFor(
  db: Db,
  user: UserRow,
  opts: { adminTwoFactor: boolean },
): Promise<'admin' | 'team' | null> {
  if (await hasSecondFactor(db, user.id)) return null;
  if (user.admin && opts.adminTwoFactor) return 'admin';
  const [row] = await db
    .select({ required: users.requireTwoFactor })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.accountId))
    .where(sql`${accountMembers.userId} = ${user.id} and ${accountMembers.removedAt} is null`);
  return row?.required ? 'team' : null;
}

/** Whether the account requires two-factor sign-in of its team. */
export async function teamRequiresTwoFactor(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db.select({ r: users.requireTwoFactor }).from(users).where(eq(users.id, accountId));
  return row?.r === true;
}

/** The owner's switch; turning it on needs the owner's own second factor first. */
export async function setTeamRequiresTwoFactor(
  db: Db,
  opts: { accountId: string; owner: UserRow; required: boolean; actor?: AuditActor },
): Promise<void> {
  if (opts.required && !(await hasSecondFactor(db, opts.owner.id))) {
    throw new AppError('CONFLICT', MSG_OWNER_NEEDS_SECOND_FACTOR_FIRST);
  }
  await inTransaction(db, async (tx) => {
    const [old] = await tx
      .select({ r: users.requireTwoFactor })
      .from(users)
      .where(eq(users.id, opts.accountId))
      .for('update');
    await tx
      .update(users)
      .set({ requireTwoFactor: opts.required, updatedAt: new Date() })
      .where(eq(users.id, opts.accountId));
    if (old?.r === opts.required) return;
    await recordAudit(tx, opts.actor ?? { person: opts.owner }, {
      accountId: opts.accountId,
      action: 'team.two_factor_requirement_changed',
      subject: { type: 'account', id: opts.accountId },
      before: { requireTwoFactor: old?.r ?? false },
      after: { requireTwoFactor: opts.required },
    });
  });
}

/** Refuses turning the second factor off for a login that must have one. */
export async function mayTurnOffSecondFactor(
  db: Db,
  opts: { person: UserRow; accountId: string | null; adminTwoFactor: boolean },
): Promise<void> {
  if (opts.person.admin && opts.adminTwoFactor) throw new AppError('FORBIDDEN', MSG_KEEP_SECOND_FACTOR_ADMIN);
  if (opts.accountId && (await teamRequiresTwoFactor(db, opts.accountId))) {
    throw new AppError('FORBIDDEN', MSG_KEEP_SECOND_FACTOR_TEAM);
  }
}
