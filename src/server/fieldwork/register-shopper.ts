import { ZShopperRegisterInput } from '../../domain/index.js';
import { findUserByEmail } from '../accounts/login.js';
import { MSG_EMAIL_TAKEN } from '../accounts/register-user.js';
import { hashPassword } from '../auth/passwords.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { users } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { ROLES } from './roles.js';

/** The evaluator app's sign-up: an account with the shopper role and where the shopper works. */
export async function registerShopper(db: Db, opts: { input: unknown; brandId: string }): Promise<UserRow> {
  const input = parseInput(ZShopperRegisterInput, opts.input);
  if (await findUserByEmail(db, input.email)) {
    throw new AppError('CONFLICT', MSG_EMAIL_TAKEN, [{ field: 'email', message: MSG_EMAIL_TAKEN }]);
  }
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      city: input.city,
      state: input.state,
      gender: input.gender ?? null,
      birthYear: input.birthYear ?? null,
      roles: [ROLES.shopper],
      associatedBrandId: opts.brandId,
    })
    .returning();
  return user!;
}
