import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG_ACCOUNT_EMAIL_OWNER_ONLY, ZAccountInfoInput } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';

export const MSG_EMAIL_IN_USE = 'That email address is already used by another account.';

const emailInUse = () =>
  new AppError('CONFLICT', MSG_EMAIL_IN_USE, [{ field: 'email', message: MSG_EMAIL_IN_USE }]);

/**
 * saveAccountInfo: the caller's e-mail and profile (domain ZAccountInfoInput); e-mails stay unique.
 * `mayChangeEmail`: false for a team's admin, who keeps the account's address (domain/team.ts).
 */
export async function saveAccountInfo(
  db: Db,
  opts: { user: UserRow; input: unknown; mayChangeEmail?: boolean },
): Promise<UserRow> {
  const input = parseInput(ZAccountInfoInput, opts.input);
  if (opts.mayChangeEmail === false && input.email !== opts.user.email.toLowerCase()) {
    throw new AppError('FORBIDDEN', MSG_ACCOUNT_EMAIL_OWNER_ONLY, [
      { field: 'email', message: MSG_ACCOUNT_EMAIL_OWNER_ONLY },
    ]);
  }
  try {
    return await inTransaction(db, async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, input.email), ne(users.id, opts.user.id)))
        .limit(1);
      if (taken) throw emailInUse();
      const emailChanged = input.email !== opts.user.email.toLowerCase();
      const [saved] = await tx
        .update(users)
        .set({
          email: input.email,
          ...(emailChanged ? { emailVerified: false } : {}),
          firstName: input.profile.firstName,
          lastName: input.profile.lastName,
          businessName: input.profile.businessName,
          phone: input.profile.phone,
          additionalEmails: input.profile.additionalEmails,
          updatedAt: new Date(),
        })
        .where(eq(users.id, opts.user.id))
        .returning();
      return saved!;
    });
  } catch (err) {
    // Two accounts taking the same address at once: the unique index decides, the loser is told why.
    if (isUniqueViolation(err)) throw emailInUse();
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
