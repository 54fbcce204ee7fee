import { eq } from 'drizzle-orm';
import { ZChangePasswordInput } from '../../domain/index.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { revokeUserSessions } from './sessions.js';

export const MSG_WRONG_CURRENT_PASSWORD = 'Current Password is incorrect.';

/**
 * Changes the password after checking the current one; the other sessions are signed out unless the
 * person chose to keep them (`signOutOthers` false).
 */
export async function changePassword(
  db: Db,
  opts: {
    user: UserRow;
    sessionId: string | null;
    oldPassword: string;
    newPassword: string;
    signOutOthers?: boolean;
  },
): Promise<void> {
  const input = parseInput(ZChangePasswordInput, {
    oldPassword: opts.oldPassword,
    newPassword: opts.newPassword,
  });
  if (!(await verifyPassword(input.oldPassword, opts.user.passwordHash))) {
    throw new AppError('BAD_USER_INPUT', MSG_WRONG_CURRENT_PASSWORD, [
      { field: 'oldPassword', message: MSG_WRONG_CURRENT_PASSWORD },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, opts.user.id));
    if (opts.signOutOthers !== false)
      await revokeUserSessions(tx as unknown as Db, opts.user.id, opts.sessionId);
  });
}
