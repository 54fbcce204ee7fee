import { eq } from 'drizzle-orm';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { locations } from '../db/schema.js';
import { AppError } from '../errors.js';
import { loadLocation, MSG_LOCATION_NOT_FOUND } from '../locations/location-access.js';
import type { LocationRow } from '../orders/order-graph.js';

/**
 * removeLocationFromAccount: hides a saved location (published false). Its placed shops are untouched,
 * so active shops there keep running until cancelled (spec: Location Management).
 */
export async function removeLocationFromAccount(
  db: Db,
  opts: { user: UserRow; locationId: string },
): Promise<LocationRow> {
  return inTransaction(db, async (tx) => {
    const location = await loadLocation(tx, opts.user, opts.locationId);
    // A cart's ownerless location is on no account.
    if (location.uid === null) {
      throw new AppError('NOT_FOUND', MSG_LOCATION_NOT_FOUND, [
        { field: 'locationId', message: MSG_LOCATION_NOT_FOUND },
      ]);
    }
    const [saved] = await tx
      .update(locations)
      .set({ published: false, updatedAt: new Date() })
      .where(eq(locations.id, location.id))
      .returning();
    return saved!;
  });
}
