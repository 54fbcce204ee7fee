import { inArray } from 'drizzle-orm';
import { newId } from '../db/ids.js';
import { accountMembers, locations, memberRegions, regions } from '../db/schema.js';
import { rebuildRegionRollups } from '../fieldwork/index.js';
import type { TestHarness } from '../test/harness.js';
import { customer } from '../test/order-wizard.js';

/**
 * A manager of `accountId` who sees `locationIds` through a region of their own (written directly, as
 * an accepted invitation leaves it); returns the manager's login and session token.
 */
export async function managerOf(t: TestHarness, accountId: string, email: string, locationIds: string[]) {
  const person = await customer(t, { email });
  const regionId = newId();
  await t.db.insert(regions).values({ id: regionId, accountId, name: `Region of ${email}` });
  if (locationIds.length) {
    await t.db.update(locations).set({ regionId }).where(inArray(locations.id, locationIds));
    await rebuildRegionRollups(t.db, [regionId]);
  }
  await t.db
    .insert(accountMembers)
    .values({ id: newId(), accountId, userId: accountId, role: 'owner' })
    .onConflictDoNothing();
  const memberId = newId();
  await t.db
    .insert(accountMembers)
    .values({ id: memberId, accountId, userId: person.user.id, role: 'manager' });
  await t.db.insert(memberRegions).values({ memberId, regionId });
  return { ...person, memberId, regionId };
}
