import { and, eq, gt, isNull } from 'drizzle-orm';
import { capabilityLink, ZForgotPasswordInput, ZResetPasswordInput } from '../../domain/index.js';
import type { MailAdapter } from '../adapters/mail.js';
import { hashPassword } from '../auth/passwords.js';
import { hashToken } from '../auth/tokens.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId, newToken } from '../db/ids.js';
import { passwordResetTokens, users } from '../db/schema.js';
import { type EmailBrand, renderResetPassword } from '../email/index.js';
import { AppError, parseInput } from '../errors.js';
import { findUserByEmail } from './login.js';
import { clearLoginFailures } from './login-rate-limit.js';
import { revokeUserSessions } from './sessions.js';

export const RESET_TOKEN_MINUTES = 60;
export const MSG_RESET_TOKEN_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';

/**
 * Sends a single-use reset link. Answers the same whether or not the e-mail has an account, so the
 * form cannot be used to discover accounts.
 */
export async function sendResetPasswordEmail(
  db: Db,
  mail: MailAdapter,
  opts: { email: string; origin: string; brand: EmailBrand; now?: Date },
): Promise<void> {
  const { email } = parseInput(ZForgotPasswordInput, { email: opts.email });
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = newToken();
  const now = opts.now ?? new Date();
  const link = capabilityLink(opts.origin, 'resetPassword', { secret: token });
  // Rendered before the transaction: it holds nothing while the e-mail renders.
  const rendered = renderResetPassword({
    brand: opts.brand,
    name: user.firstName || user.email,
    link,
    expiresInMinutes: RESET_TOKEN_MINUTES,
  });
  // The token and the e-mail (with its delivery job) commit together.
  await inTransaction(db, async (tx) => {
    await tx.insert(passwordResetTokens).values({
      id: newId(),
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    });
    await mail.send(tx, { to: user.email, kind: 'reset-password', ...rendered });
  });
}

/**
 * Sets a new password from a reset token: the token is used up, every old session is revoked, and
 * the account's failed logins stop counting, so the new password works at once even if someone has
 * been guessing (otherwise a stranger could keep the owner out by failing logins on purpose).
 */
export async function resetPassword(
  db: Db,
  opts: { token: string; password: string; now?: Date },
): Promise<UserRow> {
  const input = parseInput(ZResetPasswordInput, { token: opts.token, password: opts.password });
  const now = opts.now ?? new Date();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Claim the token atomically: a second use (even a concurrent one) finds it used.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed)
      throw new AppError('BAD_USER_INPUT', MSG_RESET_TOKEN_INVALID, [
        { field: 'token', message: MSG_RESET_TOKEN_INVALID },
      ]);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning();
    await revokeUserSessions(tx as unknown as Db, claimed.userId);
    await clearLoginFailures(tx as unknown as Db, user!.email, now);
    return user!;
  });
}

export { findUserByEmail };
