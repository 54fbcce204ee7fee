import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { locations, orderLocations, orders } from '../db/schema.js';
import { AppError, notAuthorized } from '../errors.js';
import type { LocationRow } from '../orders/order-graph.js';

export const MSG_LOCATION_NOT_FOUND = 'Location not found.';

/**
 * A location is the owner's; a location added to an anonymous cart (no owner yet) is reachable through
 * that cart only.
 */
export async function loadLocation(
  db: Db,
  user: UserRow | null,
  locationId: string,
  cartOid?: string | null,
): Promise<LocationRow> {
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId)).limit(1);
  if (!location) {
    throw new AppError('NOT_FOUND', MSG_LOCATION_NOT_FOUND, [
      { field: 'locationId', message: MSG_LOCATION_NOT_FOUND },
    ]);
  }
  if (user?.admin) return location;
  if (location.uid !== null) {
    if (location.uid === user?.id) return location;
    throw notAuthorized();
  }
  if (cartOid) {
    // Only through a cart: a placed guest order's old id (still in a cookie) is no capability.
    const [link] = await db
      .select({ status: orders.status, uid: orders.uid })
      .from(orderLocations)
      .innerJoin(orders, eq(orders.id, orderLocations.oid))
      .where(and(eq(orderLocations.oid, cartOid), eq(orderLocations.locationId, locationId)))
      .limit(1);
    if (link && link.status === 'CART' && (link.uid === null || link.uid === user?.id)) return location;
  }
  throw notAuthorized();
}
