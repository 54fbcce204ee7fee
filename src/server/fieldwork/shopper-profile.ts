import { eq } from 'drizzle-orm';
import { ZShopperProfileInput } from '../../domain/index.js';
import type { GeocodingAdapter } from '../adapters/geocoding.js';
import { type LocatedPoint, locateAddress } from '../adapters/us-places.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { shopperProfiles, users } from '../db/schema.js';
import { parseInput } from '../errors.js';
import { requireShopper } from './roles.js';
import { shopperRating } from './visit-history.js';

export type ShopperHome = {
  line1: string;
  city: string;
  state: string;
  postalCode: string;
};

export type ShopperProfile = ShopperHome & {
  gender: string | null;
  birthYear: number | null;
  hasCar: boolean;
  /** Whether the home address is placed (the shopboard can measure from it), and how precisely. */
  homePlaced: boolean;
  pointPrecision: string | null;
  shopperRating: number | null;
};

/** Places a home address through the geocoder (the built-in approximation when it has no point). */
export const locateHome = (geocoding: GeocodingAdapter, home: ShopperHome): Promise<LocatedPoint | null> =>
  locateAddress(geocoding, home);

/** The profile row's values for a home and its point. */
export const profileValues = (
  userId: string,
  home: ShopperHome,
  point: LocatedPoint | null,
  hasCar: boolean,
  now: Date,
) => ({
  userId,
  line1: home.line1,
  postalCode: home.postalCode,
  latitude: point?.latitude ?? null,
  longitude: point?.longitude ?? null,
  pointPrecision: point?.precision ?? null,
  hasCar,
  updatedAt: now,
});

/** The caller's shopper profile. */
export async function myShopperProfile(db: Db, user: UserRow | null): Promise<ShopperProfile> {
  const shopper = requireShopper(user);
  const [p] = await db.select().from(shopperProfiles).where(eq(shopperProfiles.userId, shopper.id));
  return {
    line1: p?.line1 ?? '',
    city: shopper.city ?? '',
    state: shopper.state ?? '',
    postalCode: p?.postalCode ?? '',
    gender: shopper.gender,
    birthYear: shopper.birthYear,
    hasCar: p?.hasCar ?? false,
    homePlaced: p?.latitude != null && p?.longitude != null,
    pointPrecision: p?.pointPrecision ?? null,
    shopperRating: (await shopperRating(db, shopper.id)).rating,
  };
}

/** The shopper edits their profile; the home address is placed again (geocoded) before the write. */
export async function updateShopperProfile(
  db: Db,
  deps: { user: UserRow | null; geocoding: GeocodingAdapter; now: Date },
  rawInput: unknown,
): Promise<ShopperProfile> {
  const shopper = requireShopper(deps.user);
  const input = parseInput(ZShopperProfileInput, rawInput);
  const home = { line1: input.line1, city: input.city, state: input.state, postalCode: input.postalCode };
  const point = await locateHome(deps.geocoding, home);
  const updated = await inTransaction(db, async (tx) => {
    const [u] = await tx
      .update(users)
      .set({
        city: input.city,
        state: input.state,
        gender: input.gender ?? null,
        birthYear: input.birthYear ?? null,
        updatedAt: deps.now,
      })
      .where(eq(users.id, shopper.id))
      .returning();
    const values = profileValues(shopper.id, home, point, input.hasCar ?? false, deps.now);
    const { userId: _, ...set } = values;
    await tx
      .insert(shopperProfiles)
      .values(values)
      .onConflictDoUpdate({ target: shopperProfiles.userId, set });
    return u!;
  });
  return myShopperProfile(db, updated);
}
