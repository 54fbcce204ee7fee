import { and, asc, count, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  capabilityLink,
  type InvitationState,
  invitationExpiry,
  invitationState,
  MAX_PENDING_INVITATIONS,
  MSG_ACCOUNT_LOGIN_STAYS,
  MSG_ALREADY_INVITED,
  MSG_ALREADY_MEMBER,
  MSG_HAS_OWN_ACCOUNT,
  MSG_INVITATION_EXPIRED,
  MSG_INVITATION_INVALID,
  MSG_INVITATION_OTHER_EMAIL,
  MSG_INVITATION_USED,
  MSG_MANAGER_SCOPE_ONLY,
  MSG_MEMBER_ELSEWHERE,
  MSG_MEMBER_NOT_FOUND,
  MSG_NOT_A_TEAM_ROLE,
  MSG_OWNER_STAYS,
  MSG_REGION_NOT_FOUND,
  MSG_ROLE_NOT_YOURS_TO_GIVE,
  MSG_STAFF_HAS_NO_TEAM,
  MSG_TOO_MANY_INVITATIONS,
  MSG_TRANSFER_TO_MEMBER,
  mayGiveRole,
  mayManageMember,
  TEAM_ROLE_LABELS,
  type TeamRole,
  zEmail,
  zPassword,
} from '../../domain/index.js';
import type { MailAdapter } from '../adapters/mail.js';
import { recordAudit } from '../audit/index.js';
import { hashPassword } from '../auth/passwords.js';
import { hashToken } from '../auth/tokens.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId, newToken } from '../db/ids.js';
import {
  accountMembers,
  locations,
  memberLocations,
  memberRegions,
  orders,
  regions,
  teamInvitations,
  users,
} from '../db/schema.js';
import { type EmailBrand, renderTeamInvitation } from '../email/index.js';
import { AppError, badInput, notAuthorized, parseInput } from '../errors.js';
import { recordEvent } from '../events/index.js';
import { isStaff } from '../fieldwork/roles.js';
import { MSG_LOCATION_NOT_FOUND } from '../locations/location-access.js';
import { type Caller, requireTeam, teamRoleOf } from './access.js';

export const MSG_LOG_IN_TO_ACCEPT = 'You already have a login: log in with it to accept this invitation.';
export const MSG_STAFF_LOGIN = 'A staff login cannot join a customer team.';

export type MemberView = {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: TeamRole;
  /** The account's own login (its founding user): it can be demoted, never removed. */
  accountLogin: boolean;
  regionIds: string[];
  locationIds: string[];
  createdAt: Date;
};

export type InvitationView = {
  id: string;
  email: string;
  role: TeamRole;
  regionIds: string[];
  locationIds: string[];
  createdAt: Date;
  expiresAt: Date;
  state: InvitationState;
};

/** Who the account's team is: its members (the owner first) and invitations not yet accepted. */
export async function listTeam(db: Db, c: Caller, now = new Date()) {
  const account = requireTeam(c, 'team');
  const members = await membersOf(db, account);
  const invitations = (
    await db
      .select()
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.accountId, account.id),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .orderBy(asc(teamInvitations.createdAt))
  ).map((i) => invitationView(i, now));
  return { members, invitations };
}

/**
 * An account's members for the admin area's customer page (platform admins only): its team, or for a
 * login without one its own owner row; none for a login that is a member of another account.
 */
export async function teamMembersForAdmin(db: Db, c: Caller, user: UserRow): Promise<MemberView[]> {
  if (!c.person?.admin) throw notAuthorized();
  const members = await membersOf(db, user);
  // Only the implied owner (no team row yet): the login may instead belong to another account's team.
  if (members.length !== 1 || members[0]!.id !== user.id) return members;
  const [elsewhere] = await db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(and(eq(accountMembers.userId, user.id), isNull(accountMembers.removedAt)))
    .limit(1);
  return elsewhere ? [] : members;
}

/** The account's members, the owner first; an account without a team yet has its own login as owner. */
async function membersOf(db: Db, account: UserRow): Promise<MemberView[]> {
  const rows = await db
    .select({
      id: accountMembers.id,
      userId: accountMembers.userId,
      role: accountMembers.role,
      createdAt: accountMembers.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, account.id), isNull(accountMembers.removedAt)))
    .orderBy(asc(accountMembers.createdAt));
  const grants = await grantsOf(
    db,
    rows.map((r) => r.id),
  );
  const members: MemberView[] = rows.map((r) => ({
    ...r,
    role: r.role as TeamRole,
    accountLogin: r.userId === account.id,
    regionIds: grants.regions.get(r.id) ?? [],
    locationIds: grants.locations.get(r.id) ?? [],
  }));
  // An account without a team yet: its own login is the owner.
  if (!members.some((m) => m.accountLogin)) {
    members.unshift({
      id: account.id,
      userId: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: 'owner',
      accountLogin: true,
      regionIds: [],
      locationIds: [],
      createdAt: account.createdAt,
    });
  }
  const order: Record<TeamRole, number> = { owner: 0, admin: 1, manager: 2 };
  return members.sort((a, b) => order[a.role] - order[b.role]);
}

export const invitationView = (i: typeof teamInvitations.$inferSelect, now: Date): InvitationView => ({
  id: i.id,
  email: i.email,
  role: i.role as TeamRole,
  regionIds: i.regionIds,
  locationIds: i.locationIds,
  createdAt: i.createdAt,
  expiresAt: i.expiresAt,
  state: invitationState(i, now),
});

async function grantsOf(db: Db, memberIds: string[]) {
  const out = { regions: new Map<string, string[]>(), locations: new Map<string, string[]>() };
  if (memberIds.length === 0) return out;
  const [rs, ls] = await Promise.all([
    db.select().from(memberRegions).where(inArray(memberRegions.memberId, memberIds)),
    db.select().from(memberLocations).where(inArray(memberLocations.memberId, memberIds)),
  ]);
  for (const r of rs) out.regions.set(r.memberId, [...(out.regions.get(r.memberId) ?? []), r.regionId]);
  for (const l of ls) out.locations.set(l.memberId, [...(out.locations.get(l.memberId) ?? []), l.locationId]);
  return out;
}

const ZRole = z.enum(['owner', 'admin', 'manager'], { error: MSG_NOT_A_TEAM_ROLE });
const ZIds = z.array(z.string().max(64)).max(1000).default([]);

const ZInvite = z.object({
  email: zEmail,
  role: ZRole,
  regionIds: ZIds,
  locationIds: ZIds,
});

const ZChange = z.object({
  memberId: z.string().min(1).max(64),
  role: ZRole,
  regionIds: ZIds,
  locationIds: ZIds,
});

/**
 * Checks a role and the regions and locations that go with it: only a manager has them, and they
 * must be the account's own (published) ones. Returns them without repeats.
 */
async function checkGrant(
  db: Db,
  c: Caller,
  accountId: string,
  g: { role: TeamRole; regionIds: string[]; locationIds: string[] },
) {
  const actor = teamRoleOf(c)!;
  if (!mayGiveRole(actor, g.role)) {
    throw g.role === 'owner' ? badInput('role', MSG_ROLE_NOT_YOURS_TO_GIVE) : notAuthorized();
  }
  const regionIds = [...new Set(g.regionIds)];
  const locationIds = [...new Set(g.locationIds)];
  if (g.role !== 'manager' && (regionIds.length > 0 || locationIds.length > 0)) {
    throw badInput(regionIds.length > 0 ? 'regionIds' : 'locationIds', MSG_MANAGER_SCOPE_ONLY);
  }
  if (regionIds.length > 0) {
    const found = await db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.accountId, accountId), inArray(regions.id, regionIds)));
    if (found.length !== regionIds.length) throw badInput('regionIds', MSG_REGION_NOT_FOUND);
  }
  if (locationIds.length > 0) {
    const found = await db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(eq(locations.uid, accountId), eq(locations.published, true), inArray(locations.id, locationIds)),
      );
    if (found.length !== locationIds.length) throw badInput('locationIds', MSG_LOCATION_NOT_FOUND);
  }
  return { regionIds, locationIds };
}

/** The owner's row, written when the account gets its first member (until then it is implied). */
async function ensureOwnerRow(tx: Db, accountId: string) {
  await tx
    .insert(accountMembers)
    .values({ id: newId(), accountId, userId: accountId, role: 'owner' })
    .onConflictDoNothing();
}

const accountNameOf = (a: Pick<UserRow, 'businessName' | 'firstName' | 'lastName' | 'email'>) =>
  a.businessName || `${a.firstName} ${a.lastName}`.trim() || a.email;

/** The invitation e-mail with its link (`token`), from the caller, who sends it now. */
export function invitationMail(opts: {
  caller: Caller;
  account: UserRow;
  role: TeamRole;
  token: string;
  origin: string;
  brand: EmailBrand;
}) {
  const inviter = opts.caller.person!;
  return renderTeamInvitation({
    brand: opts.brand,
    inviterName: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email,
    accountName: accountNameOf(opts.account),
    roleLabel: TEAM_ROLE_LABELS[opts.role],
    link: capabilityLink(opts.origin, 'invitation', { secret: opts.token }),
  });
}

/** The account's invitations still waiting: not accepted, not withdrawn, not expired. */
const pendingInvitationsOf = (accountId: string, now: Date) =>
  and(
    eq(teamInvitations.accountId, accountId),
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, now),
  );

/**
 * Before an invitation to `email` is made pending (sent, or an expired one sent again): takes a lock on
 * the account's row, so two admins inviting at once cannot both pass the checks that follow, and checks
 * that the address is no member's. `field` names the input at fault.
 */
export async function lockAndCheckInvitee(tx: Db, o: { account: UserRow; email: string; field: string }) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, o.account.id)).for('update');
  const [member] = await tx
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(
      and(
        eq(accountMembers.accountId, o.account.id),
        isNull(accountMembers.removedAt),
        sql`lower(${users.email}) = ${o.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (member || o.account.email.toLowerCase() === o.email.toLowerCase())
    throw badInput(o.field, MSG_ALREADY_MEMBER);
}

/**
 * Refuses a team to a staff or platform admin login (issue 42): no one is invited to act for it, sent an
 * invitation again, or let in by an invitation made before this rule.
 */
export function refuseStaffTeam(account: UserRow, field?: string) {
  if (!isStaff(account)) return;
  throw new AppError(
    'FORBIDDEN',
    MSG_STAFF_HAS_NO_TEAM,
    field ? [{ field, message: MSG_STAFF_HAS_NO_TEAM }] : [],
  );
}

/** Checks, under lockAndCheckInvitee's lock, that one more pending invitation fits under the ceiling. */
export async function checkPendingRoom(tx: Db, o: { accountId: string; now: Date; field: string }) {
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(teamInvitations)
    .where(pendingInvitationsOf(o.accountId, o.now))) as [{ n: number }];
  if (Number(n) >= MAX_PENDING_INVITATIONS) throw badInput(o.field, MSG_TOO_MANY_INVITATIONS);
}

/**
 * Sends an invitation: validated first, then the invitation and its e-mail in one transaction. An
 * expired invitation to the same address is replaced (its link was dead already); a pending one is
 * refused (resend it instead: resend-invitation.ts).
 */
export async function inviteMember(
  db: Db,
  mail: MailAdapter,
  opts: {
    caller: Caller;
    input: { email: string; role: string; regionIds?: string[] | null; locationIds?: string[] | null };
    origin: string;
    brand: EmailBrand;
    now?: Date;
  },
): Promise<InvitationView> {
  const account = requireTeam(opts.caller, 'team');
  refuseStaffTeam(account);
  const now = opts.now ?? new Date();
  const input = parseInput(ZInvite, {
    ...opts.input,
    regionIds: opts.input.regionIds ?? [],
    locationIds: opts.input.locationIds ?? [],
  });
  const grant = await checkGrant(db, opts.caller, account.id, input);
  const token = newToken();
  const rendered = invitationMail({ ...opts, account, role: input.role, token });
  return inTransaction(db, async (tx) => {
    // One invitation at a time per address, and a ceiling on pending ones.
    await lockAndCheckInvitee(tx, { account, email: input.email, field: 'email' });
    const sameAddress = and(
      eq(teamInvitations.accountId, account.id),
      isNull(teamInvitations.acceptedAt),
      isNull(teamInvitations.revokedAt),
      sql`lower(${teamInvitations.email}) = ${input.email}`,
    );
    const [same] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(and(sameAddress, gt(teamInvitations.expiresAt, now)))
      .limit(1);
    if (same) throw badInput('email', MSG_ALREADY_INVITED);
    await checkPendingRoom(tx, { accountId: account.id, now, field: 'email' });
    await tx.delete(teamInvitations).where(and(sameAddress, lte(teamInvitations.expiresAt, now)));
    await ensureOwnerRow(tx, account.id);
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        id: newId(),
        accountId: account.id,
        email: input.email,
        role: input.role,
        ...grant,
        invitedBy: opts.caller.person!.id,
        tokenHash: hashToken(token),
        expiresAt: invitationExpiry(now),
        createdAt: now,
      })
      .returning();
    await mail.send(tx, { to: input.email, kind: 'team-invitation', ...rendered });
    await recordAudit(tx, opts.caller, {
      accountId: account.id,
      action: 'team.invitation_sent',
      subject: { type: 'invitation', id: row!.id, label: input.email },
      after: { email: input.email, role: input.role, ...grant },
      at: now,
    });
    return invitationView(row!, now);
  });
}

/** Withdraws a pending invitation: its link stops working. */
export async function withdrawInvitation(db: Db, c: Caller, id: string): Promise<boolean> {
  const account = requireTeam(c, 'team');
  return inTransaction(db, async (tx) => {
    const done = await tx
      .update(teamInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(teamInvitations.id, id),
          eq(teamInvitations.accountId, account.id),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .returning({ id: teamInvitations.id, email: teamInvitations.email, role: teamInvitations.role });
    if (done.length === 0)
      throw new AppError('NOT_FOUND', MSG_INVITATION_INVALID, [
        { field: 'id', message: MSG_INVITATION_INVALID },
      ]);
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'team.invitation_withdrawn',
      subject: { type: 'invitation', id, label: done[0]!.email },
      before: { email: done[0]!.email, role: done[0]!.role, state: 'pending' },
      after: { email: done[0]!.email, role: done[0]!.role, state: 'withdrawn' },
    });
    return true;
  });
}

/** What the invitation page shows before the invitee accepts. */
export type InvitationPreview = {
  email: string;
  accountName: string;
  role: TeamRole;
  state: InvitationState;
  /** Whether a login with the invited address exists (then the invitee logs in instead of setting a password). */
  hasLogin: boolean;
};

async function invitationByToken(db: Db, token: string) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ inv: teamInvitations, account: users })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.accountId))
    .where(eq(teamInvitations.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

export async function previewInvitation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<InvitationPreview | null> {
  const row = await invitationByToken(db, token);
  if (!row) return null;
  const [login] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.inv.email.toLowerCase()}`)
    .limit(1);
  return {
    email: row.inv.email,
    accountName: accountNameOf(row.account),
    role: row.inv.role as TeamRole,
    state: invitationState(row.inv, now),
    hasLogin: !!login,
  };
}

const ZNewLogin = z.object({
  password: zPassword,
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
});

/**
 * Accepts an invitation: as the logged-in invitee (their login joins the team), or, for an address
 * with no login yet, by setting a password (the login is made here). Returns the login that joined and
 * whether it is new (the caller then starts its session). Single use: the invitation is claimed in the
 * transaction that adds the member.
 */
export async function acceptInvitation(
  db: Db,
  opts: {
    token: string;
    caller: Caller;
    input: { password?: string | null; firstName?: string | null; lastName?: string | null };
    brandId: string;
    now?: Date;
  },
): Promise<{ person: UserRow; created: boolean }> {
  const now = opts.now ?? new Date();
  const found = await invitationByToken(db, opts.token);
  if (!found) throw badInput('token', MSG_INVITATION_INVALID);
  const state = invitationState(found.inv, now);
  if (state === 'accepted') throw badInput('token', MSG_INVITATION_USED);
  if (state === 'expired') throw badInput('token', MSG_INVITATION_EXPIRED);
  if (state === 'withdrawn') throw badInput('token', MSG_INVITATION_INVALID);
  refuseStaffTeam(found.account, 'token');
  const inv = found.inv;
  let person = opts.caller.person;
  let newLogin: z.output<typeof ZNewLogin> | null = null;
  if (person) {
    if (person.email.toLowerCase() !== inv.email.toLowerCase())
      throw badInput('token', MSG_INVITATION_OTHER_EMAIL);
  } else {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${inv.email.toLowerCase()}`)
      .limit(1);
    if (existing)
      throw new AppError('UNAUTHENTICATED', MSG_LOG_IN_TO_ACCEPT, [
        { field: 'token', message: MSG_LOG_IN_TO_ACCEPT },
      ]);
    newLogin = parseInput(ZNewLogin, {
      password: opts.input.password ?? undefined,
      firstName: opts.input.firstName ?? undefined,
      lastName: opts.input.lastName ?? undefined,
    });
  }
  if (person) await checkJoiner(db, person, inv.accountId);
  const passwordHash = newLogin ? await hashPassword(newLogin.password) : null;
  return inTransaction(db, async (tx) => {
    const [claimed] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(teamInvitations.id, inv.id),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      )
      .returning({ id: teamInvitations.id });
    if (!claimed) throw badInput('token', MSG_INVITATION_USED);
    if (newLogin) {
      const [made] = await tx
        .insert(users)
        .values({
          id: newId(),
          email: inv.email,
          passwordHash,
          firstName: newLogin.firstName,
          lastName: newLogin.lastName,
          associatedBrandId: opts.brandId,
        })
        .returning();
      person = made!;
    }
    await ensureOwnerRow(tx, inv.accountId);
    // Regions or locations removed since the invitation are left out.
    const regionIds = inv.regionIds.length
      ? (
          await tx
            .select({ id: regions.id })
            .from(regions)
            .where(and(eq(regions.accountId, inv.accountId), inArray(regions.id, inv.regionIds)))
        ).map((r) => r.id)
      : [];
    const locationIds = inv.locationIds.length
      ? (
          await tx
            .select({ id: locations.id })
            .from(locations)
            .where(and(eq(locations.uid, inv.accountId), inArray(locations.id, inv.locationIds)))
        ).map((r) => r.id)
      : [];
    // A removed member invited again takes their old row back.
    const [member] = await tx
      .insert(accountMembers)
      .values({ id: newId(), accountId: inv.accountId, userId: person!.id, role: inv.role })
      .onConflictDoUpdate({
        target: accountMembers.userId,
        set: { accountId: inv.accountId, role: inv.role, removedAt: null, updatedAt: now },
      })
      .returning({ id: accountMembers.id });
    await replaceGrants(tx, member!.id, { regionIds, locationIds });
    await recordAudit(
      tx,
      {
        person: person!,
        // The invitee acts as the member they now are.
        member: { role: inv.role as TeamRole, removed: false, accountId: inv.accountId },
        ip: opts.caller.ip,
        userAgent: opts.caller.userAgent,
      },
      {
        accountId: inv.accountId,
        action: 'team.invitation_accepted',
        subject: { type: 'member', id: member!.id, label: person!.email },
        after: { email: person!.email, role: inv.role, regionIds, locationIds, newLogin: !!newLogin },
        at: now,
      },
    );
    return { person: person!, created: !!newLogin };
  });
}

/** An existing login may join a team only when it is no one else's member and has no account of its own. */
async function checkJoiner(db: Db, person: UserRow, accountId: string) {
  if (person.admin || person.roles.length > 0) throw badInput('token', MSG_STAFF_LOGIN);
  if (person.id === accountId) throw badInput('token', MSG_ALREADY_MEMBER);
  const [row] = await db.select().from(accountMembers).where(eq(accountMembers.userId, person.id)).limit(1);
  if (row && !row.removedAt) {
    throw badInput('token', row.accountId === accountId ? MSG_ALREADY_MEMBER : MSG_MEMBER_ELSEWHERE);
  }
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.uid, person.id), ne(orders.status, 'CART')))
    .limit(1);
  const [place] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.uid, person.id))
    .limit(1);
  if (own || place) throw badInput('token', MSG_HAS_OWN_ACCOUNT);
}

async function replaceGrants(tx: Db, memberId: string, g: { regionIds: string[]; locationIds: string[] }) {
  await tx.delete(memberRegions).where(eq(memberRegions.memberId, memberId));
  await tx.delete(memberLocations).where(eq(memberLocations.memberId, memberId));
  if (g.regionIds.length)
    await tx.insert(memberRegions).values(g.regionIds.map((regionId) => ({ memberId, regionId })));
  if (g.locationIds.length)
    await tx.insert(memberLocations).values(g.locationIds.map((locationId) => ({ memberId, locationId })));
}

async function loadMember(db: Db, accountId: string, memberId: string) {
  const [m] = await db
    .select()
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.id, memberId),
        eq(accountMembers.accountId, accountId),
        isNull(accountMembers.removedAt),
      ),
    )
    .limit(1);
  if (!m)
    throw new AppError('NOT_FOUND', MSG_MEMBER_NOT_FOUND, [
      { field: 'memberId', message: MSG_MEMBER_NOT_FOUND },
    ]);
  return m;
}

/** A member as the audit log shows it: their login's e-mail, role and grants. */
async function memberFacts(tx: Db, memberId: string) {
  const [m] = await tx
    .select({ email: users.email, role: accountMembers.role, userId: accountMembers.userId })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.id, memberId));
  const regionIds = (
    await tx
      .select({ id: memberRegions.regionId })
      .from(memberRegions)
      .where(eq(memberRegions.memberId, memberId))
  )
    .map((r) => r.id)
    .sort();
  const locationIds = (
    await tx
      .select({ id: memberLocations.locationId })
      .from(memberLocations)
      .where(eq(memberLocations.memberId, memberId))
  )
    .map((r) => r.id)
    .sort();
  return { email: m?.email ?? '', userId: m?.userId ?? '', role: m?.role ?? '', regionIds, locationIds };
}

const memberSubject = (id: string, facts: { email: string }) => ({ type: 'member', id, label: facts.email });
const shownFacts = ({ role, regionIds, locationIds }: Awaited<ReturnType<typeof memberFacts>>) => ({
  role,
  regionIds,
  locationIds,
});

/** Changes a member's role and, for a manager, their regions and locations; applies at their next request. */
export async function changeMember(
  db: Db,
  c: Caller,
  input: { memberId: string; role: string; regionIds?: string[] | null; locationIds?: string[] | null },
): Promise<void> {
  const account = requireTeam(c, 'team');
  const parsed = parseInput(ZChange, {
    ...input,
    regionIds: input.regionIds ?? [],
    locationIds: input.locationIds ?? [],
  });
  const member = await loadMember(db, account.id, parsed.memberId);
  if (!mayManageMember(teamRoleOf(c)!, member.role as TeamRole)) throw badInput('memberId', MSG_OWNER_STAYS);
  const grant = await checkGrant(db, c, account.id, parsed);
  await inTransaction(db, async (tx) => {
    const before = await memberFacts(tx, member.id);
    await tx
      .update(accountMembers)
      .set({ role: parsed.role, updatedAt: new Date() })
      .where(eq(accountMembers.id, member.id));
    await replaceGrants(tx, member.id, grant);
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'team.member_changed',
      subject: memberSubject(member.id, before),
      before: shownFacts(before),
      after: shownFacts(await memberFacts(tx, member.id)),
    });
  });
}

/** Takes a member off the team: from their next request they may see nothing of the account. */
export async function removeMember(db: Db, c: Caller, memberId: string): Promise<void> {
  const account = requireTeam(c, 'team');
  const member = await loadMember(db, account.id, memberId);
  if (member.role === 'owner') throw badInput('memberId', MSG_OWNER_STAYS);
  if (member.userId === account.id) throw badInput('memberId', MSG_ACCOUNT_LOGIN_STAYS);
  await inTransaction(db, async (tx) => {
    const before = await memberFacts(tx, member.id);
    await tx.update(accountMembers).set({ removedAt: new Date() }).where(eq(accountMembers.id, member.id));
    await replaceGrants(tx, member.id, { regionIds: [], locationIds: [] });
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'team.member_removed',
      subject: memberSubject(member.id, before),
      before: { ...shownFacts(before), onTeam: true },
      after: { role: before.role, regionIds: [], locationIds: [], onTeam: false },
    });
  });
}

/** Hands the account to another member; the old owner stays on as an admin. Owner only. */
export async function transferOwnership(db: Db, c: Caller, memberId: string): Promise<void> {
  const account = requireTeam(c, 'ownership');
  const member = await loadMember(db, account.id, memberId);
  if (member.role === 'owner') throw badInput('memberId', MSG_TRANSFER_TO_MEMBER);
  const now = new Date();
  await inTransaction(db, async (tx) => {
    await ensureOwnerRow(tx, account.id);
    const before = await memberFacts(tx, member.id);
    const [oldOwner] = await tx
      .select({ email: users.email, userId: users.id })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(and(eq(accountMembers.accountId, account.id), eq(accountMembers.role, 'owner')));
    await tx
      .update(accountMembers)
      .set({ role: 'admin', updatedAt: now })
      .where(and(eq(accountMembers.accountId, account.id), eq(accountMembers.role, 'owner')));
    await tx
      .update(accountMembers)
      .set({ role: 'owner', updatedAt: now })
      .where(eq(accountMembers.id, member.id));
    await replaceGrants(tx, member.id, { regionIds: [], locationIds: [] });
    await recordAudit(tx, c, {
      accountId: account.id,
      action: 'team.ownership_transferred',
      subject: memberSubject(member.id, before),
      before: { owner: oldOwner?.email ?? null, role: before.role },
      after: { owner: before.email, role: 'owner' },
      at: now,
    });
    // The new owner and the old one hear of it (security-notices, not suppressible).
    await recordEvent(tx, {
      type: 'security.ownership_transferred',
      accountId: account.id,
      at: now,
      payload: {
        accountName: accountNameOf(account),
        fromUserId: oldOwner?.userId ?? account.id,
        toUserId: before.userId,
        byUserId: c.person?.id ?? null,
        at: now.toISOString(),
      },
    });
  });
}
