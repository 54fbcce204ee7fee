import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { ZBulkLocationsInput, ZLocationEditInput, ZLocationInput } from '../../domain/index.js';
import type { GeocodingAdapter } from '../adapters/geocoding.js';
import type { UserRow } from '../context.js';
import { type Db, finish, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { locations, orderLocations, shops } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { loadCart } from '../orders/cart-access.js';
import type { LocationRow } from '../orders/order-graph.js';
import { resolveAddress } from './address.js';
import { loadLocation } from './location-access.js';

type Deps = { user: UserRow | null; geocoding: GeocodingAdapter };

export const MSG_POSTAL_CODE_LOCKED =
  'Please add a new location to edit zip code or contact support for assistance';

/** The statement that puts locations on a cart (none twice); `locationIds` must not be empty. */
const attachStatement = (db: Db, oid: string, locationIds: string[]) =>
  db
    .insert(orderLocations)
    .values(locationIds.map((locationId) => ({ oid, locationId })))
    .onConflictDoNothing();

async function attach(db: Db, oid: string, locationIds: string[]) {
  if (locationIds.length > 0) await attachStatement(db, oid, locationIds);
}

const insertStatement = (
  db: Db,
  uid: string | null,
  fields: { name: string; website?: string; phone?: string; additionalEmails?: string },
  address: Awaited<ReturnType<typeof resolveAddress>>,
  id = newId(),
) =>
  db
    .insert(locations)
    .values({
      id,
      uid,
      name: fields.name,
      website: fields.website ?? '',
      phone: fields.phone ?? '',
      additionalEmails: fields.additionalEmails ?? '',
      ...address,
    })
    .returning();

async function insertLocation(...args: Parameters<typeof insertStatement>): Promise<LocationRow> {
  const [row] = await insertStatement(...args);
  return row!;
}

/** addLocation: a new location, added to the given carts; owned by the user when logged in. */
export async function addLocation(db: Db, deps: Deps, rawInput: unknown): Promise<LocationRow> {
  const input = parseInput(ZLocationInput, rawInput);
  const address = await resolveAddress(deps.geocoding, input.address);
  return inTransaction(db, async (tx) => {
    for (const oid of input.oids) await loadCart(tx, deps.user, oid, { forUpdate: true });
    // The location and its places on the carts are sent together, in this order, with the commit.
    const id = newId();
    const [[location]] = await finish(
      tx,
      insertStatement(tx, deps.user?.id ?? null, input, address, id),
      ...input.oids.map((oid) => attachStatement(tx, oid, [id])),
    );
    return location!;
  });
}

/** addBulkLocations: every row validated (names required) before any is written; one transaction. */
export async function addBulkLocations(db: Db, deps: Deps, rawInput: unknown): Promise<LocationRow[]> {
  const rows = parseInput(ZBulkLocationsInput, rawInput);
  // Six at a time, as the browser does, so a long list does not flood the geocoder.
  const addresses: Awaited<ReturnType<typeof resolveAddress>>[] = [];
  for (let i = 0; i < rows.length; i += 6) {
    const batch = rows.slice(i, i + 6).map((row) => resolveAddress(deps.geocoding, row.address));
    addresses.push(...(await Promise.all(batch)));
  }
  const oids = [...new Set(rows.flatMap((r) => r.oids))];
  return inTransaction(db, async (tx) => {
    for (const oid of oids) await loadCart(tx, deps.user, oid, { forUpdate: true });
    const created: LocationRow[] = [];
    for (const [i, row] of rows.entries()) {
      const location = await insertLocation(tx, deps.user?.id ?? null, row, addresses[i]!);
      for (const oid of row.oids) await attach(tx, oid, [location.id]);
      created.push(location);
    }
    return created;
  });
}

const ZSavedLocations = z.object({
  oid: z.string().min(1),
  locationIds: z.array(z.string().min(1).max(64)).min(1, { error: 'Select at least one address.' }).max(1000),
});

/** addSavedLocations: the user's own saved locations added to the cart. */
export async function addSavedLocations(db: Db, deps: Deps, raw: unknown) {
  const input = parseInput(ZSavedLocations, raw);
  if (!deps.user) throw new AppError('UNAUTHENTICATED', 'Log In to Use Saved Locations');
  const user = deps.user;
  return inTransaction(db, async (tx) => {
    const order = await loadCart(tx, user, input.oid, { forUpdate: true });
    const owned = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          inArray(locations.id, input.locationIds),
          eq(locations.uid, user.id),
          eq(locations.published, true),
        ),
      );
    if (owned.length !== new Set(input.locationIds).size) {
      throw new AppError('FORBIDDEN', 'Not Authorized', [
        { field: 'locationIds', message: 'Not Authorized' },
      ]);
    }
    await attach(
      tx,
      order.id,
      owned.map((o) => o.id),
    );
    return order;
  });
}

/**
 * saveLocation: edits name, website, phone, address and e-mails. The postal code of a location that
 * already has placed shops stays as it is (spec: add a new location instead).
 */
export async function saveLocation(
  db: Db,
  deps: Deps,
  opts: { locationId: string; oid?: string | null; input: unknown },
): Promise<LocationRow> {
  const input = parseInput(ZLocationEditInput, opts.input);
  return inTransaction(db, async (tx) => {
    const location = await loadLocation(tx, deps.user, opts.locationId, opts.oid);
    const address = await resolveAddress(deps.geocoding, input.address);
    const placed = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.locationId, location.id), ne(shops.status, 'cart')))
      .limit(1);
    if (placed.length > 0 && address.postalCode !== location.postalCode) {
      throw new AppError('BAD_USER_INPUT', MSG_POSTAL_CODE_LOCKED, [
        { field: 'address.postalCode', message: MSG_POSTAL_CODE_LOCKED },
      ]);
    }
    const [saved] = await tx
      .update(locations)
      .set({
        name: input.name,
        website: input.website,
        phone: input.phone,
        additionalEmails: input.additionalEmails,
        ...address,
        updatedAt: new Date(),
      })
      .where(eq(locations.id, location.id))
      .returning();
    return saved!;
  });
}

/** removeLocationFromOrder: the location leaves the cart with its cart shops; an ownerless one is deleted. */
export async function removeLocationFromOrder(db: Db, deps: Deps, opts: { locationId: string; oid: string }) {
  return inTransaction(db, async (tx) => {
    const order = await loadCart(tx, deps.user, opts.oid, { forUpdate: true });
    const location = await loadLocation(tx, deps.user, opts.locationId, order.id);
    await tx.delete(shops).where(and(eq(shops.oid, order.id), eq(shops.locationId, location.id)));
    await tx
      .delete(orderLocations)
      .where(and(eq(orderLocations.oid, order.id), eq(orderLocations.locationId, location.id)));
    if (location.uid === null) {
      const stillUsed = await tx
        .select({ oid: orderLocations.oid })
        .from(orderLocations)
        .where(eq(orderLocations.locationId, location.id))
        .limit(1);
      if (stillUsed.length === 0) await tx.delete(locations).where(eq(locations.id, location.id));
    }
    return location;
  });
}
