import { ZShopperRegisterInput } from '../../domain/index.js';
import { findUserByEmail } from '../accounts/login.js';
import { MSG_EMAIL_TAKEN } from '../accounts/register-user.js';
import type { GeocodingAdapter } from '../adapters/geocoding.js';
import { offlineGeocoding } from '../adapters/geocoding.js';
import { hashPassword } from '../auth/passwords.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { shopperProfiles, users } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { ROLES } from './roles.js';
import { locateHome, profileValues } from './shopper-profile.js';

/**
 * The evaluator app's sign-up: an account with the shopper role and where the shopper lives, the home
 * address placed through the geocoder (the shopboard measures distances from it).
 */
export async function registerShopper(
  db: Db,
  opts: { input: unknown; brandId: string; geocoding?: GeocodingAdapter; now?: Date },
): Promise<UserRow> {
  const input = parseInput(ZShopperRegisterInput, opts.input);
  if (await findUserByEmail(db, input.email)) {
    throw new AppError('CONFLICT', MSG_EMAIL_TAKEN, [{ field: 'email', message: MSG_EMAIL_TAKEN }]);
  }
  const now = opts.now ?? new Date();
  const home = { line1: input.line1, city: input.city, state: input.state, postalCode: input.postalCode };
  // Geocoded before the transaction: no network call while it holds locks.
  const point = await locateHome(opts.geocoding ?? offlineGeocoding(), home);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        id: newId(),
        email: input.email,
        passwordHash,
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
    await tx.insert(shopperProfiles).values(profileValues(user!.id, home, point, input.hasCar ?? false, now));
    return user!;
  });
}
