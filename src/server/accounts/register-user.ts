import { type TRegisterInput, ZRegisterInput } from '../../domain/index.js';
import { hashPassword } from '../auth/passwords.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { users } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { findUserByEmail } from './login.js';

export const MSG_EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';

/**
 * Creates a customer account under the brand it registered from. Validates before writing. A caller in
 * a transaction passes the password's hash, made before the transaction began (hashing takes ~90 ms of
 * CPU, too long to hold locks and a connection for).
 */
export async function registerUser(
  db: Db,
  opts: { input: TRegisterInput; brandId: string; admin?: boolean; roles?: string[]; passwordHash?: string },
): Promise<UserRow> {
  const input = parseInput(ZRegisterInput, opts.input);
  if (await findUserByEmail(db, input.email)) {
    throw new AppError('CONFLICT', MSG_EMAIL_TAKEN, [{ field: 'email', message: MSG_EMAIL_TAKEN }]);
  }
  const passwordHash = opts.passwordHash ?? (await hashPassword(input.password));
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      email: input.email,
      passwordHash,
      firstName: input.profile.firstName,
      lastName: input.profile.lastName,
      businessName: input.profile.businessName,
      phone: input.profile.phone,
      additionalEmails: input.profile.additionalEmails,
      associatedBrandId: opts.brandId,
      admin: opts.admin ?? false,
      roles: opts.roles ?? [],
    })
    .returning();
  return user!;
}
