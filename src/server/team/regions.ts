import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG_REGION_NAME_REQUIRED, MSG_REGION_NAME_TAKEN, MSG_REGION_NOT_FOUND } from '../../domain/index.js';
import { recordAudit } from '../audit/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { locations, regions } from '../db/schema.js';
import { AppError, badInput, parseInput } from '../errors.js';
import { rebuildRegionRollups } from '../fieldwork/evaluation-store.js';
import { MSG_LOCATION_NOT_FOUND } from '../locations/location-access.js';
import { type Caller, managerLocationIds, requireTeam, teamRoleOf } from './access.js';

export type RegionView = { id: string; name: string; locationCount: number };

const ZName = z.object({
  name: z
    .string({ error: MSG_REGION_NAME_REQUIRED })
    .trim()
    .min(1, { error: MSG_REGION_NAME_REQUIRED })
    .max(100, { error: 'Region name must be at most 100 characters.' }),
});

/**
 * The account's regions with their number of locations. Owners and admins see all; a manager sees
 * the regions of the locations they may see.
 */
export async function listRegions(db: Db, c: Caller): Promise<RegionView[]> {
  const account = requireTeam(c, 'reports');
  const rows = await db
    .select({ id: regions.id, name: regions.name, locationCount: count(locations.id) })
    .from(regions)
    .leftJoin(locations, and(eq(locations.regionId, regions.id), eq(locations.published, true)))
    .where(eq(regions.accountId, account.id))
    .groupBy(regions.id, regions.name)
    .orderBy(asc(sql`lower(${regions.name})`));
  const list = rows.map((r) => ({ ...r, locationCount: Number(r.locationCount) }));
  if (teamRoleOf(c) !== 'manager' || !c.member) return list;
  const mine = await managerLocationIds(db, c.member.id, account.id);
  if (mine.length === 0) return [];
  const seen = await db
    .selectDistinct({ id: locations.regionId })
    .from(locations)
    .where(inArray(locations.id, mine));
  const ids = new Set(seen.map((r) => r.id));
  return list.filter((r) => ids.has(r.id));
}

async function loadRegion(db: Db, accountId: string, id: string) {
  const [r] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.id, id), eq(regions.accountId, accountId)))
    .limit(1);
  if (!r)
    throw new AppError('NOT_FOUND', MSG_REGION_NOT_FOUND, [
      { field: 'regionId', message: MSG_REGION_NOT_FOUND },
    ]);
  return r;
}

const nameTaken = (err: unknown) =>
  /regions_account_name_uq/.test(String((err as { message?: string })?.message ?? '')) ||
  /regions_account_name_uq/.test(String((err as { cause?: { message?: string } })?.cause?.message ?? ''));

async function uniqueName<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (nameTaken(err)) throw badInput('name', MSG_REGION_NAME_TAKEN);
    throw err;
  }
}

export async function createRegion(db: Db, c: Caller, input: { name: string }): Promise<RegionView> {
  const account = requireTeam(c, 'team');
  const { name } = parseInput(ZName, input);
  const row = await uniqueName(() =>
    inTransaction(db, async (tx) => {
      const [made] = await tx
        .insert(regions)
        .values({ id: newId(), accountId: account.id, name })
        .returning();
      await recordAudit(tx, c, {
        accountId: account.id,
        action: 'region.created',
        subject: { type: 'region', id: made!.id, label: name },
        after: { name },
      });
      return made!;
    }),
  );
  return { id: row.id, name: row.name, locationCount: 0 };
}

export async function renameRegion(
  db: Db,
  c: Caller,
  input: { regionId: string; name: string },
): Promise<RegionView> {
  const account = requireTeam(c, 'team');
  const { name } = parseInput(ZName, { name: input.name });
  const old = await loadRegion(db, account.id, input.regionId);
  await uniqueName(() =>
    inTransaction(db, async (tx) => {
      await tx.update(regions).set({ name }).where(eq(regions.id, input.regionId));
      await recordAudit(tx, c, {
        accountId: account.id,
        action: 'region.renamed',
        subject: { type: 'region', id: input.regionId, label: name },
        before: { name: old.name },
        after: { name },
      });
    }),
  );
  return (await listRegions(db, c)).find((r) => r.id === input.regionId)!;
}

/** Deletes a region: its locations are in no region afterwards, and its managers lose it. */
export async function deleteRegion(db: Db, c: Caller, regionId: string): Promise<boolean> {
  const account = requireTeam(c, 'team');
  const old = await loadRegion(db, account.id, regionId);
  await inTransaction(db, async (tx) => {
    await tx.delete(regions).where(eq(regions.id, regionId));
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'region.deleted',
      subject: { type: 'region', id: regionId, label: old.name },
      before: { name: old.name },
    });
  });
  return true;
}

/** Puts locations in a region (a location is in at most one), or in none with regionId null. */
export async function setLocationsRegion(
  db: Db,
  c: Caller,
  input: { regionId?: string | null; locationIds: string[] },
): Promise<number> {
  const account = requireTeam(c, 'team');
  const ids = [...new Set(input.locationIds)];
  if (ids.length === 0 || ids.length > 5000) throw badInput('locationIds', MSG_LOCATION_NOT_FOUND);
  if (input.regionId) await loadRegion(db, account.id, input.regionId);
  return inTransaction(db, async (tx) => {
    const found = await tx
      .select({ id: locations.id, regionId: locations.regionId })
      .from(locations)
      .where(and(eq(locations.uid, account.id), inArray(locations.id, ids)));
    if (found.length !== ids.length) throw badInput('locationIds', MSG_LOCATION_NOT_FOUND);
    const moved = new Set(found.map((l) => l.regionId).filter((r) => r !== null));
    if (input.regionId) moved.add(input.regionId);
    await tx
      .update(locations)
      .set({ regionId: input.regionId ?? null, updatedAt: new Date() })
      .where(inArray(locations.id, ids));
    // The regions the locations left and joined now count other shops.
    await rebuildRegionRollups(tx, [...moved]);
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'region.locations_moved',
      subject: { type: 'region', id: input.regionId ?? null, label: `${ids.length} location(s)` },
      before: { regions: Object.fromEntries(found.map((l) => [l.id, l.regionId])) },
      after: { regions: Object.fromEntries(found.map((l) => [l.id, input.regionId ?? null])) },
    });
    return ids.length;
  });
}
