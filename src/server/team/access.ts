import { type AnyColumn, and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { may, type TeamPermission, type TeamRole } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { accountMembers, locations, memberLocations, memberRegions } from '../db/schema.js';
import { notAuthorized, notLoggedIn } from '../errors.js';
import type { TeamMember } from '../request-identity.js';

/**
 * Who is calling, as the team rules see it (a subset of AppContext); `ip` and `userAgent` say from
 * where, for the audit log.
 */
export type Caller = {
  user: UserRow | null;
  person: UserRow | null;
  member: TeamMember | null;
  ip?: string;
  userAgent?: string;
};

/**
 * The caller's role in the account they act for: a login without a team row owns its own account;
 * platform admins count as owners (they see everything); a removed member has none.
 */
export function teamRoleOf(c: Caller): TeamRole | null {
  if (!c.person) return null;
  if (c.person.admin) return 'owner';
  if (c.member?.removed) return null;
  return c.member?.role ?? 'owner';
}

/** Whether the caller may do `permission` in the account they act for. */
export const callerMay = (c: Caller, permission: TeamPermission): boolean => {
  const role = teamRoleOf(c);
  return role !== null && may(role, permission);
};

/** The account the caller acts for, when they may do `permission` there; throws otherwise. */
export function requireTeam(c: Caller, permission: TeamPermission): UserRow {
  if (!c.user || !c.person) throw notLoggedIn();
  if (!callerMay(c, permission)) throw notAuthorized();
  return c.user;
}

/**
 * The locations of `accountId` a manager (member `memberId`) may see. Read at every call, so a change
 * applies at once.
 */
export async function managerLocationIds(db: Db, memberId: string, accountId: string): Promise<string[]> {
  return (await managerReach(db, memberId, accountId)).locations;
}

/**
 * A manager's locations, and the same as whole regions given to them plus the `loose` locations
 * outside those regions (given one by one): the reports read a region's rollup instead of its shops.
 */
export type Reach = { locations: string[]; regions: string[]; loose: string[] };

type ReachRow = { id: string; regionId: string | null; whole: boolean };

/**
 * The one rule of a manager's reach: member `member` sees the locations of `account` in the regions
 * given to them (`whole`) and those given to them one by one. Two joins: as an OR of two subqueries
 * per location it cost a few milliseconds per call for a chain. `member` and `account` are ids, or
 * the columns of an outer query.
 */
const reachRows = (db: Db, member: string | AnyColumn, account: string | AnyColumn) =>
  db
    .select({ id: locations.id, regionId: locations.regionId, whole: sql<boolean>`true`.as('whole') })
    .from(locations)
    .innerJoin(
      memberRegions,
      and(eq(memberRegions.regionId, locations.regionId), eq(memberRegions.memberId, member)),
    )
    .where(eq(locations.uid, account))
    .unionAll(
      db
        .select({ id: locations.id, regionId: locations.regionId, whole: sql<boolean>`false`.as('whole') })
        .from(locations)
        .innerJoin(
          memberLocations,
          and(eq(memberLocations.locationId, locations.id), eq(memberLocations.memberId, member)),
        )
        .where(eq(locations.uid, account)),
    );

/** A manager's reach from its rows: a location both in a given region and given alone counts once. */
export function reachOf(seen: ReachRow[]): Reach {
  // A region given to the manager counts whole; one without locations has no rollup rows to read.
  const whole = new Set(seen.flatMap((l) => (l.whole ? [l.id] : [])));
  const regions = new Set(seen.flatMap((l) => (l.whole && l.regionId ? [l.regionId] : [])));
  const loose = [...new Set(seen.filter((l) => !whole.has(l.id)).map((l) => l.id))];
  return { locations: [...whole, ...loose], regions: [...regions], loose };
}

export async function managerReach(db: Db, memberId: string, accountId: string): Promise<Reach> {
  return reachOf(await reachRows(db, memberId, accountId));
}

/**
 * The reach of the member row of an outer query (`account_members`) as one JSON value, so the query
 * that finds who asks reads it in the same round trip; reachOfJson turns it into a Reach.
 */
export const memberReachJson = (db: Db) =>
  sql<
    [string, string | null, boolean][] | null
  >`(select json_agg(json_build_array(x.id, x.region_id, x.whole))
    from (${reachRows(db, accountMembers.id, accountMembers.accountId)}) x)`;

export const reachOfJson = (rows: [string, string | null, boolean][] | null): Reach =>
  reachOf((rows ?? []).map(([id, regionId, whole]) => ({ id, regionId, whole })));

/**
 * What of the account's results the caller sees: null for everything (owners, admins, platform
 * admins), else the ids of the manager's locations (possibly none).
 */
export async function locationScopeOf(db: Db, c: Caller): Promise<string[] | null> {
  const role = teamRoleOf(c);
  if (role === null) throw c.person ? notAuthorized() : notLoggedIn();
  if (role !== 'manager' || !c.member) return null;
  // A manager's member row is always there (teamRoleOf found it).
  return managerLocationIds(db, c.member.id, c.member.accountId);
}

/**
 * The logins of the account's managers who see `locationId` (by its region or given one by one): they
 * hear of the location's shops and surveys as well, by their own preferences.
 */
export async function managersOfLocation(
  db: Db,
  accountId: string,
  locationId: string | null,
): Promise<string[]> {
  if (!locationId) return [];
  const rows = await db
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.role, 'manager'),
        isNull(accountMembers.removedAt),
        sql`${locationId} in (select x.id from (${reachRows(db, accountMembers.id, accountId)}) x)`,
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * Everyone who hears of an event at `locationId` of account `accountId` (shop scheduled, sent to QA,
 * report ready, survey responses, and their digest lines), each login once, the account's own login
 * first when it hears: by the same role and reach as they see the location's results. Owners and
 * admins hear of every location (domain seesWholeAccount), managers of the locations they reach, a
 * removed member of none. The account's login is a member like any other: demoted to manager, it
 * hears only of its reach; without a member row (no team yet) it is the owner.
 */
export async function audienceOfLocation(
  db: Db,
  accountId: string,
  locationId: string | null,
): Promise<string[]> {
  const reaches = locationId
    ? sql`${locationId} in (select x.id from (${reachRows(db, accountMembers.id, accountId)}) x)`
    : sql`false`;
  const hears = and(isNull(accountMembers.removedAt), or(sql`${accountMembers.role} <> 'manager'`, reaches));
  const rows = await db
    .select({ userId: accountMembers.userId, hears: sql<boolean>`coalesce(${hears}, false)` })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), or(eq(accountMembers.userId, accountId), hears)))
    .orderBy(
      sql`${accountMembers.userId} = ${accountId} desc`,
      asc(accountMembers.createdAt),
      asc(accountMembers.id),
    );
  const loginHasRow = rows.some((r) => r.userId === accountId);
  const heard = rows.filter((r) => r.hears).map((r) => r.userId);
  return [...new Set(loginHasRow ? heard : [accountId, ...heard])];
}
