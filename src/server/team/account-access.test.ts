import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MSG_ACCOUNT_EMAIL_OWNER_ONLY,
  MSG_API_KEY_NOT_FOUND,
  MSG_INVITATION_INVALID,
  MSG_INVITATION_NOT_FOUND,
  MSG_MEMBER_NOT_FOUND,
  MSG_RECIPIENT_NOT_MEMBER,
  MSG_REGION_NOT_FOUND,
} from '../../domain/index.js';
import { people, placedRecurringOrder } from '../account/test-fixtures.js';
import { hashToken } from '../auth/tokens.js';
import { totpAt } from '../auth/totp.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  apiKeys,
  invoices,
  locations,
  memberRegions,
  orders,
  passkeys,
  recoveryCodes,
  regions,
  sessions,
  teamInvitations,
  twoFactorTotp,
  users,
} from '../db/schema.js';
import { MEMBER_FIELDS } from '../graphql/team-guard.js';
import { setupTestApp } from '../test/harness.js';
import {
  AUSTIN,
  type Catalogue,
  cardToken,
  cartWithShop,
  catalogue,
  customer,
  guestInput,
} from '../test/order-wizard.js';
import { softRegister } from '../test/soft-authenticator.js';
import { MSG_PASSKEY_NOT_FOUND } from '../two-factor/passkeys.js';
import { MSG_SESSION_NOT_FOUND } from '../two-factor/sessions.js';

// Every account operation (issue 18, Done-when: "the access tests of every reporting and account
// operation gain the roles owner, admin, manager-of-region-A and manager-of-region-B"), called through
// the GraphQL endpoint as anonymous, another customer, the owner, an admin, the manager of region North
// and the manager of region South. Allowed: the data or the effect; refused: the exact error, and no
// row of any table changed. The reporting reads are in scope.test.ts.
const t = setupTestApp();

const CALLERS = ['anonymous', 'other', 'managerB', 'managerA', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];
type MemberRole = 'owner' | 'admin' | 'managerA' | 'managerB';

/** Who on the team may call: everyone (managers read-only), the owner and admins, or the owner only. */
const EVERYONE: MemberRole[] = ['owner', 'admin', 'managerA', 'managerB'];
const OWNER_ADMIN: MemberRole[] = ['owner', 'admin'];
const OWNER: MemberRole[] = ['owner'];

const NOT_AUTHORIZED = 'Not Authorized';
const LOG_IN = 'You must be logged in.';

type F = {
  c: Catalogue;
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
  ids: Record<Exclude<Caller, 'anonymous'>, string>;
  emails: Record<Exclude<Caller, 'anonymous'>, string>;
  members: Record<MemberRole | 'spareA' | 'spareB', string>;
  owner: string;
  placed: Awaited<ReturnType<typeof placedRecurringOrder>>;
  orderNumber: number;
  invoiceId: string;
  north: string;
  south: string;
  northLocation: string;
  southLocation: string;
  /** A location of the owner's per caller, to remove or change without stepping on another's. */
  spare: Record<Caller, string>;
  spareRegion: Record<Caller, string>;
  invitation: Record<Caller, string>;
  /** A key of the owner's account. */
  apiKey: string;
};

/**
 * `allowed`: who on the team may call. `anonymous` and `other` (another customer, with the owner's ids):
 * 'ok' (acts on their own, or on nothing), 'null' (answers null, no error), or the exact error.
 * `vars` may differ per caller, so that each allowed call has its own target.
 */
type Op = {
  field: string;
  label?: string;
  doc: string;
  vars?: (f: F, who: Caller) => Record<string, unknown> | Promise<Record<string, unknown>>;
  allowed: MemberRole[];
  anonymous: 'ok' | 'null' | string;
  other: 'ok' | 'null' | string;
  /** For a member's refused call, when it is not the guard's Not Authorized. */
  refusedWith?: Partial<Record<MemberRole, string>>;
  /** The data or effect of an allowed call (members and, when 'ok', the others). */
  // biome-ignore lint/suspicious/noExplicitAny: the operation's own shape, as t.gql answers it.
  check?: (data: any, f: F, who: Caller) => void | Promise<void>;
};

/** Whether a refused call's data holds nothing but nulls. */
const nothingIn = (data: unknown): boolean =>
  data === null || data === undefined || (typeof data === 'object' && Object.values(data).every(nothingIn));

const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

/** Every row of every table but sessions and login throttling: equal snapshots mean nothing changed. */
async function snapshot(): Promise<string> {
  const tables = await t.rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (name.startsWith('__') || name === 'sessions' || name === 'login_attempts') continue;
    const rows = await t.rows<{ r: string }>(
      sql.raw(`select to_jsonb(x)::text as r from "${name}" x order by 1`),
    );
    out[name] = rows.map((row) => row.r);
  }
  return JSON.stringify(out);
}

/** A passkey row of `userId`'s (its key is never read by these calls). */
async function passkeyOf(userId: string): Promise<string> {
  const id = newId();
  await t.db.insert(passkeys).values({
    id,
    userId,
    credentialId: newId(32),
    publicKey: 'pQECAyYgASFYIA',
    rpId: 'localhost',
    name: 'Phone',
  });
  return id;
}

const CONFIRM_TOTP = 'mutation ($code: String!) { confirmTotpSetup(code: $code) }';

/** Turns two-factor sign-in on for the caller (a code of the current step). */
async function totpOn(token: string): Promise<void> {
  const res = await t.gql(CONFIRM_TOTP, { code: await totpBegun(token) }, { token });
  expect(res.errors).toBeUndefined();
}

/** Starts setting up an authenticator app for the caller and answers its current code. */
async function totpBegun(token: string): Promise<string> {
  const res = await t.gql('mutation { beginTotpSetup { secret } }', {}, { token });
  return totpAt(res.data.beginTotpSetup.secret, new Date());
}

const OPS: Op[] = [
  // Profile and account information
  {
    field: 'currentUser',
    label: 'profile',
    doc: '{ currentUser { _id email profile { businessName } } }',
    allowed: EVERYONE,
    anonymous: 'null',
    other: 'ok',
    check: (d, f, who) => expect(d.currentUser._id).toBe(who === 'other' ? f.ids.other : f.owner),
  },
  {
    field: 'viewer',
    doc: '{ viewer { _id accountId role } }',
    allowed: EVERYONE,
    anonymous: 'null',
    other: 'ok',
    check: (d, f, who) => {
      expect(d.viewer._id).toBe(f.ids[who as Exclude<Caller, 'anonymous'>]);
      expect(d.viewer.accountId).toBe(who === 'other' ? f.ids.other : f.owner);
      expect(d.viewer.role).toBe(who === 'admin' ? 'admin' : who.startsWith('manager') ? 'manager' : 'owner');
    },
  },
  {
    field: 'saveAccountInfo',
    doc: `mutation ($input: AccountInfoInput!) { saveAccountInfo(input: $input) { _id profile { businessName } } }`,
    vars: (f, who) => ({
      input: {
        email: who === 'other' ? f.emails.other : f.emails.owner,
        profile: { firstName: 'A', lastName: 'B', businessName: `Saved by ${who}`, phone: '(512)-555-0100' },
      },
    }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: 'ok',
    check: async (_d, f, who) => {
      const [row] = await t.db
        .select()
        .from(users)
        .where(eq(users.id, who === 'other' ? f.ids.other : f.owner));
      expect(row!.businessName).toBe(`Saved by ${who}`);
    },
  },
  {
    field: 'saveAccountInfo',
    label: "the account's e-mail address",
    doc: `mutation ($input: AccountInfoInput!) { saveAccountInfo(input: $input) { _id email } }`,
    vars: (_f, who) => ({
      input: {
        email: `changed-by-${who}@example.test`,
        profile: { firstName: 'A', lastName: 'B', businessName: 'Biz', phone: '(512)-555-0100' },
      },
    }),
    // The address is the account's own login: an admin changing it could reset its password.
    allowed: OWNER,
    refusedWith: { admin: MSG_ACCOUNT_EMAIL_OWNER_ONLY },
    anonymous: LOG_IN,
    other: 'ok',
    check: (d, _f, who) => expect(d.saveAccountInfo.email).toBe(`changed-by-${who}@example.test`),
  },
  // Card and billing
  {
    field: 'currentUser',
    label: 'paymentCard',
    doc: '{ currentUser { paymentCard { last4 } } }',
    allowed: EVERYONE,
    anonymous: 'null',
    other: 'ok',
    // Managers read the account, without its card.
    check: (d, _f, who) =>
      expect(d.currentUser.paymentCard?.last4 ?? null).toBe(
        who === 'owner' || who === 'admin' ? '4242' : null,
      ),
  },
  {
    field: 'saveDefaultCard',
    doc: 'mutation ($token: String!) { saveDefaultCard(stripeToken: $token) { last4 } }',
    vars: async () => ({ token: await cardToken(t, '5555555555554444') }),
    allowed: OWNER,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d) => expect(d.saveDefaultCard.last4).toBe('4444'),
  },
  {
    field: 'currentUser',
    label: 'nextBilling',
    doc: '{ currentUser { nextBilling { value } } }',
    allowed: OWNER_ADMIN,
    anonymous: 'null',
    other: 'ok',
    check: (d, _f, who) => {
      if (who !== 'other') expect(d.currentUser.nextBilling.value).toBeGreaterThan(0);
    },
  },
  {
    field: 'currentUser',
    label: 'invoices',
    doc: '{ currentUser { invoices { nodes { id } } } }',
    allowed: OWNER_ADMIN,
    anonymous: 'null',
    other: 'ok',
    check: (d, f, who) =>
      expect(d.currentUser.invoices.nodes.map((i: { id: string }) => i.id)).toEqual(
        who === 'other' ? [] : [f.invoiceId],
      ),
  },
  {
    field: 'invoice',
    doc: 'query ($id: String!) { invoice(invoiceId: $id) { id amount } }',
    vars: (f) => ({ id: f.invoiceId }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: NOT_AUTHORIZED,
    check: (d, f) => expect(d.invoice.id).toBe(f.invoiceId),
  },
  // Order history, re-order, recurring orders
  {
    field: 'currentUser',
    label: 'orders',
    doc: '{ currentUser { orders { nodes { orderNumber } } } }',
    allowed: OWNER_ADMIN,
    anonymous: 'null',
    other: 'ok',
    check: (d, f, who) =>
      expect(d.currentUser.orders.nodes.map((o: { orderNumber: number }) => o.orderNumber)).toEqual(
        who === 'other' ? [] : [f.orderNumber],
      ),
  },
  {
    field: 'order',
    doc: 'query ($n: Int) { order(orderNumber: $n) { _id orderNumber } }',
    vars: (f) => ({ n: f.orderNumber }),
    allowed: OWNER_ADMIN,
    // By number: nothing for anonymous visitors; another customer is refused.
    anonymous: 'null',
    other: NOT_AUTHORIZED,
    check: (d, f) => expect(d.order._id).toBe(f.placed.oid),
  },
  {
    field: 'reorder',
    doc: 'mutation ($oid: String!) { reorder(oid: $oid) { _id status uid } }',
    vars: (f) => ({ oid: f.placed.oid }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: NOT_AUTHORIZED,
    check: (d, f) => expect(d.reorder).toMatchObject({ status: 'CART', uid: f.owner }),
  },
  {
    field: 'currentUser',
    label: 'shops',
    doc: '{ currentUser { shops(status: ACTIVE) { _id } } }',
    allowed: OWNER_ADMIN,
    anonymous: 'null',
    other: 'ok',
    check: (d, _f, who) => expect(d.currentUser.shops).toHaveLength(who === 'other' ? 0 : 2),
  },
  {
    field: 'saveShop',
    label: 'an active shop (Recurring Orders)',
    doc: `mutation ($id: String, $input: ShopInput!) { saveShop(_id: $id, input: $input) { _id frequencyQuantity } }`,
    vars: (f) => ({
      id: f.placed.shopId,
      input: { frequencyPeriod: 'month', frequencyQuantity: 3, reimbursement: 3000 },
    }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: NOT_AUTHORIZED,
    check: (d) => expect(d.saveShop.frequencyQuantity).toBe(3),
  },
  {
    field: 'cancelActiveShop',
    doc: 'mutation ($id: String!) { cancelActiveShop(_id: $id) { _id status } }',
    // Each their own: the admin cancels the survey, the owner the mystery shop.
    vars: (f, who) => ({ id: who === 'admin' ? f.placed.surveyShopId : f.placed.shopId }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: NOT_AUTHORIZED,
    check: (d) => expect(d.cancelActiveShop.status).not.toBe('ACTIVE'),
  },
  // Locations
  {
    field: 'currentUser',
    label: 'locations',
    doc: '{ currentUser { locations { name } } }',
    allowed: EVERYONE,
    anonymous: 'null',
    other: 'ok',
    check: (d, _f, who) => {
      const seen = names(d.currentUser.locations);
      if (who === 'managerA') expect(seen).toEqual(['North 1']);
      else if (who === 'managerB') expect(seen).toEqual(['South 1']);
      else if (who === 'other') expect(seen).toEqual([]);
      else expect(seen).toContain('North 1');
    },
  },
  {
    field: 'addLocation',
    doc: `mutation ($input: LocationInput!) { addLocation(input: $input) { _id name } }`,
    vars: (_f, who) => ({ input: { address: { formattedAddress: AUSTIN }, name: `Added by ${who}` } }),
    allowed: OWNER_ADMIN,
    anonymous: 'ok',
    other: 'ok',
    check: async (d, f, who) => {
      const [row] = await t.db.select().from(locations).where(eq(locations.id, d.addLocation._id));
      if (who === 'owner' || who === 'admin') expect(row!.uid).toBe(f.owner);
      else expect(row!.uid).not.toBe(f.owner);
    },
  },
  {
    field: 'addBulkLocations',
    doc: `mutation ($input: [LocationInput!]!) { addBulkLocations(input: $input) { _id name } }`,
    vars: (_f, who) => ({ input: [{ address: { formattedAddress: AUSTIN }, name: `Bulk by ${who}` }] }),
    allowed: OWNER_ADMIN,
    anonymous: 'ok',
    other: 'ok',
    check: async (d, f, who) => {
      const [row] = await t.db.select().from(locations).where(eq(locations.id, d.addBulkLocations[0]._id));
      if (who === 'owner' || who === 'admin') expect(row!.uid).toBe(f.owner);
      else expect(row!.uid).not.toBe(f.owner);
    },
  },
  {
    field: 'saveLocation',
    doc: `mutation ($id: String!, $input: LocationEditInput!) { saveLocation(locationId: $id, input: $input) { _id name } }`,
    vars: (f, who) => ({
      id: f.spare[who],
      input: { name: `Renamed by ${who}`, address: { formattedAddress: AUSTIN } },
    }),
    allowed: OWNER_ADMIN,
    anonymous: NOT_AUTHORIZED,
    other: NOT_AUTHORIZED,
    check: (d, _f, who) => expect(d.saveLocation.name).toBe(`Renamed by ${who}`),
  },
  {
    field: 'removeLocationFromAccount',
    doc: 'mutation ($id: String!) { removeLocationFromAccount(locationId: $id) { _id } }',
    vars: (f, who) => ({ id: f.spare[who] }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: NOT_AUTHORIZED,
    check: (d, f, who) => expect(d.removeLocationFromAccount._id).toBe(f.spare[who]),
  },
  // Carts and checkout (ordering): each caller on a cart of the owner's of their own.
  ...cartOps(),
  // E-mail preferences and the caller's own password
  {
    field: 'currentUser',
    label: 'emailPreferences',
    doc: '{ currentUser { emailPreferences { receiveMarketing } } }',
    allowed: EVERYONE,
    anonymous: 'null',
    other: 'ok',
  },
  {
    field: 'saveEmailPreferences',
    doc: `mutation { saveEmailPreferences(input: { receiveShopScheduled: false, receiveAsDigest: true }) { _id } }`,
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    // The caller's own preferences, not the account's.
    check: async (_d, f, who) => {
      const id = f.ids[who as Exclude<Caller, 'anonymous'>];
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      expect(row!.emailPreferences).toMatchObject({ receiveShopScheduled: false, receiveAsDigest: true });
      if (who !== 'owner' && who !== 'other') {
        const [owner] = await t.db.select().from(users).where(eq(users.id, f.owner));
        expect(owner!.emailPreferences.receiveAsDigest).toBe(false);
      }
    },
  },
  {
    field: 'changePassword',
    doc: 'mutation { changePassword(oldPassword: "password123", newPassword: "changed-pass-1") }',
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: async (_d, f, who) => {
      expect(await t.login(f.emails[who as Exclude<Caller, 'anonymous'>], 'changed-pass-1')).toBeTruthy();
      if (who !== 'owner' && who !== 'other')
        expect(await t.login(f.emails.owner, 'password123')).toBeTruthy();
    },
  },
  // The team and its regions
  {
    field: 'team',
    doc: '{ team { members { email role } } }',
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d, _f, who) =>
      expect(d.team.members.map((m: { email: string }) => m.email)).toEqual(
        who === 'other'
          ? ['bob@example.test']
          : expect.arrayContaining(['alice@example.test', 'north@example.test']),
      ),
  },
  {
    field: 'inviteTeamMember',
    doc: `mutation ($input: TeamInviteInput!) { inviteTeamMember(input: $input) { email state } }`,
    vars: (_f, who) => ({ input: { email: `invited-by-${who}@example.test`, role: 'manager' } }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d) => expect(d.inviteTeamMember.state).toBe('pending'),
  },
  {
    field: 'resendTeamInvitation',
    doc: 'mutation ($id: String!) { resendTeamInvitation(_id: $id) { email state } }',
    vars: (f, who) => ({ id: f.invitation[who] }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: MSG_INVITATION_NOT_FOUND,
    check: (d) => expect(d.resendTeamInvitation.state).toBe('pending'),
  },
  {
    field: 'withdrawTeamInvitation',
    doc: 'mutation ($id: String!) { withdrawTeamInvitation(_id: $id) }',
    vars: (f, who) => ({ id: f.invitation[who] }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: MSG_INVITATION_INVALID,
  },
  {
    field: 'changeTeamMember',
    doc: `mutation ($input: TeamMemberInput!) { changeTeamMember(input: $input) { members { _id role } } }`,
    vars: (f) => ({ input: { memberId: f.members.managerB, role: 'manager', regionIds: [f.north] } }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: MSG_MEMBER_NOT_FOUND,
  },
  {
    field: 'removeTeamMember',
    doc: 'mutation ($id: String!) { removeTeamMember(memberId: $id) { members { _id } } }',
    vars: (f, who) => ({ id: who === 'admin' ? f.members.spareA : f.members.spareB }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: MSG_MEMBER_NOT_FOUND,
  },
  {
    field: 'transferOwnership',
    doc: 'mutation ($id: String!) { transferOwnership(memberId: $id) { members { email role } } }',
    vars: (f) => ({ id: f.members.admin }),
    allowed: OWNER,
    anonymous: LOG_IN,
    other: MSG_MEMBER_NOT_FOUND,
    check: (d) =>
      expect(d.transferOwnership.members).toContainEqual({
        email: 'admin-member@example.test',
        role: 'owner',
      }),
  },
  // The audit log (issue 50): the owner and the team's admins read their account's; another customer
  // reads their own (the first request of this test in their account wrote nothing there).
  {
    field: 'auditLog',
    doc: '{ auditLog { total entries { accountId } } }',
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d, f, who) => {
      for (const e of d.auditLog.entries) expect(e.accountId).toBe(who === 'other' ? f.ids.other : f.owner);
    },
  },
  {
    field: 'auditLogCsv',
    doc: '{ auditLogCsv }',
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d) => expect(d.auditLogCsv).toMatch(/^Time \(UTC\),Action,Actor/),
  },
  // API keys (issue 20): the owner's alone, since a key reads the whole account without a login.
  {
    field: 'apiKeys',
    doc: '{ apiKeys { name } }',
    allowed: OWNER,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d, _f, who) => expect(d.apiKeys).toEqual(who === 'other' ? [] : [{ name: 'Owner key' }]),
  },
  {
    field: 'createApiKey',
    doc: 'mutation { createApiKey(name: "Reports") { key { name scopes } } }',
    allowed: OWNER,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d) => expect(d.createApiKey.key).toEqual({ name: 'Reports', scopes: ['REPORTING_READ'] }),
  },
  {
    field: 'revokeApiKey',
    doc: 'mutation ($id: String!) { revokeApiKey(_id: $id) { name revokedAt } }',
    vars: (f) => ({ id: f.apiKey }),
    allowed: OWNER,
    anonymous: LOG_IN,
    other: MSG_API_KEY_NOT_FOUND,
    check: (d) => expect(d.revokeApiKey).toEqual({ name: 'Owner key', revokedAt: expect.any(String) }),
  },
  // Scheduled report e-mails (issue 48): the owner's alone, who chooses who gets the account's figures.
  {
    field: 'reportSchedule',
    doc: '{ reportSchedule { frequency members { userId } } }',
    allowed: OWNER,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d, f, who) =>
      expect(d.reportSchedule.members.map((m: { userId: string }) => m.userId)).toContain(
        who === 'other' ? f.ids.other : f.owner,
      ),
  },
  {
    field: 'saveReportSchedule',
    doc: 'mutation ($ids: [String!]!) { saveReportSchedule(frequency: "weekly", recipientIds: $ids) { frequency recipients { userId } } }',
    vars: (f) => ({ ids: [f.owner] }),
    allowed: OWNER,
    anonymous: LOG_IN,
    other: MSG_RECIPIENT_NOT_MEMBER,
    check: (d, f) =>
      expect(d.saveReportSchedule).toEqual({ frequency: 'weekly', recipients: [{ userId: f.owner }] }),
  },
  {
    field: 'regions',
    doc: '{ regions { name } }',
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d, _f, who) => {
      const seen = names(d.regions);
      if (who === 'managerA') expect(seen).toEqual(['North']);
      else if (who === 'managerB') expect(seen).toEqual(['South']);
      else if (who === 'other') expect(seen).toEqual([]);
      else expect(seen).toEqual(expect.arrayContaining(['North', 'South']));
    },
  },
  {
    field: 'createRegion',
    doc: 'mutation ($name: String!) { createRegion(name: $name) { name } }',
    vars: (_f, who) => ({ name: `Made by ${who}` }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: 'ok',
  },
  {
    field: 'renameRegion',
    doc: 'mutation ($id: String!, $name: String!) { renameRegion(regionId: $id, name: $name) { name } }',
    vars: (f, who) => ({ id: f.north, name: `North by ${who}` }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: MSG_REGION_NOT_FOUND,
    check: (d, _f, who) => expect(d.renameRegion.name).toBe(`North by ${who}`),
  },
  {
    field: 'deleteRegion',
    doc: 'mutation ($id: String!) { deleteRegion(regionId: $id) }',
    vars: (f, who) => ({ id: f.spareRegion[who] }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: MSG_REGION_NOT_FOUND,
  },
  {
    field: 'setLocationsRegion',
    doc: 'mutation ($r: String, $ids: [String!]!) { setLocationsRegion(regionId: $r, locationIds: $ids) }',
    vars: (f) => ({ r: f.south, ids: [f.northLocation] }),
    allowed: OWNER_ADMIN,
    anonymous: LOG_IN,
    other: MSG_REGION_NOT_FOUND,
  },
  // The login's own two-factor sign-in and sessions (issue 50): each caller's own, never the account's.
  {
    field: 'accountSecurity',
    doc: '{ accountSecurity { totpEnabled recoveryCodesLeft sessions { current } } }',
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d) => {
      expect(d.accountSecurity.totpEnabled).toBe(false);
      expect(d.accountSecurity.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    },
  },
  {
    field: 'beginTotpSetup',
    doc: 'mutation { beginTotpSetup { secret } }',
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: async (d, f, who) => {
      const [row] = await t.db
        .select()
        .from(twoFactorTotp)
        .where(eq(twoFactorTotp.userId, f.ids[who as Exclude<Caller, 'anonymous'>]));
      expect(row?.confirmedAt).toBeNull();
      expect(d.beginTotpSetup.secret).toMatch(/^[A-Z2-7]{32}$/);
    },
  },
  {
    field: 'confirmTotpSetup',
    doc: 'mutation ($code: String!) { confirmTotpSetup(code: $code) }',
    vars: async (f, who) => ({ code: who === 'anonymous' ? '123456' : await totpBegun(f.tokens[who]) }),
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: async (d, f, who) => {
      expect(d.confirmTotpSetup).toHaveLength(10);
      const mine = await t.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, f.ids[who as Exclude<Caller, 'anonymous'>]));
      expect(mine).toHaveLength(10);
      if (who !== 'owner' && who !== 'other') {
        expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, f.owner))).toHaveLength(
          0,
        );
      }
    },
  },
  {
    field: 'regenerateRecoveryCodes',
    doc: 'mutation { regenerateRecoveryCodes(password: "password123") }',
    vars: async (f, who) => {
      if (who !== 'anonymous') await totpOn(f.tokens[who]);
      return {};
    },
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d) => expect(d.regenerateRecoveryCodes).toHaveLength(10),
  },
  {
    field: 'disableTotp',
    doc: 'mutation { disableTotp(password: "password123") }',
    vars: async (f, who) => {
      if (who !== 'anonymous') await totpOn(f.tokens[who]);
      return {};
    },
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: async (_d, f, who) => {
      const id = f.ids[who as Exclude<Caller, 'anonymous'>];
      expect(await t.db.select().from(twoFactorTotp).where(eq(twoFactorTotp.userId, id))).toHaveLength(0);
    },
  },
  {
    field: 'signOutSession',
    doc: 'mutation ($id: String!) { signOutSession(id: $id) }',
    // Each member a second session of their own; anonymous and the other customer the owner's.
    vars: async (f, who) => {
      const owners = who === 'anonymous' || who === 'other';
      const token = await t.login(owners ? f.emails.owner : f.emails[who], 'password123');
      const [row] = await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      return { id: row!.id };
    },
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: MSG_SESSION_NOT_FOUND,
    check: async (d, f) => {
      expect(d.signOutSession).toBe(true);
      const owner = await t.gql('{ currentUser { email } }', {}, { token: f.tokens.owner });
      expect(owner.data.currentUser).not.toBeNull();
    },
  },
  {
    field: 'setTeamRequiresTwoFactor',
    doc: 'mutation { setTeamRequiresTwoFactor(required: false) }',
    allowed: OWNER,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d) => expect(d.setTeamRequiresTwoFactor).toBe(false),
  },
  {
    field: 'signOutOtherSessions',
    doc: 'mutation { signOutOtherSessions }',
    vars: async (f, who) => {
      if (who !== 'anonymous') await t.login(f.emails[who], 'password123');
      return {};
    },
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: async (d, f, who) => {
      expect(d.signOutOtherSessions).toBeGreaterThanOrEqual(1);
      const mine = f.tokens[who as Exclude<Caller, 'anonymous'>];
      expect((await t.gql('{ currentUser { email } }', {}, { token: mine })).data.currentUser).not.toBeNull();
    },
  },
  // Passkeys: the login's own; another customer naming the owner's passkey finds none.
  {
    field: 'beginPasskeyRegistration',
    doc: 'mutation { beginPasskeyRegistration }',
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: (d, f, who) => {
      const options = JSON.parse(d.beginPasskeyRegistration);
      expect(options.user.name).toBe(f.emails[who as Exclude<Caller, 'anonymous'>]);
      expect(options.rp.id).toBe('localhost');
    },
  },
  {
    field: 'finishPasskeyRegistration',
    doc: 'mutation ($r: String!) { finishPasskeyRegistration(name: "Phone", response: $r) { passkey { rpId } } }',
    // Each caller answers a challenge of their own with a software authenticator.
    vars: async (f, who) => {
      if (who === 'anonymous') return { r: '{}' };
      const begun = await t.gql('mutation { beginPasskeyRegistration }', {}, { token: f.tokens[who] });
      return {
        r: softRegister(begun.data.beginPasskeyRegistration, { origin: 'http://localhost:80' }).response,
      };
    },
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: 'ok',
    check: async (d, f, who) => {
      expect(d.finishPasskeyRegistration.passkey.rpId).toBe('localhost');
      const id = f.ids[who as Exclude<Caller, 'anonymous'>];
      expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, id))).toHaveLength(1);
      await t.db.delete(passkeys).where(eq(passkeys.userId, id));
    },
  },
  {
    field: 'renamePasskey',
    doc: 'mutation ($id: String!) { renamePasskey(id: $id, name: "Work laptop") { name } }',
    vars: async (f, who) => ({
      id: await passkeyOf(who === 'anonymous' || who === 'other' ? f.owner : f.ids[who]),
    }),
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: MSG_PASSKEY_NOT_FOUND,
    check: async (d, f, who) => {
      expect(d.renamePasskey.name).toBe('Work laptop');
      await t.db.delete(passkeys).where(eq(passkeys.userId, f.ids[who as Exclude<Caller, 'anonymous'>]));
    },
  },
  {
    field: 'removePasskey',
    doc: 'mutation ($id: String!) { removePasskey(id: $id, password: "password123") }',
    vars: async (f, who) => ({
      id: await passkeyOf(who === 'anonymous' || who === 'other' ? f.owner : f.ids[who]),
    }),
    allowed: EVERYONE,
    anonymous: LOG_IN,
    other: MSG_PASSKEY_NOT_FOUND,
    check: async (d, f, who) => {
      expect(d.removePasskey).toBe(true);
      const id = f.ids[who as Exclude<Caller, 'anonymous'>];
      // The owner keeps the two that the anonymous caller and the other customer failed to remove.
      const left = await t.db.select().from(passkeys).where(eq(passkeys.userId, id));
      expect(left).toHaveLength(who === 'owner' ? 2 : 0);
    },
  },
];

/** The order wizard's operations, each on a cart of the owner's made for the caller. */
function cartOps(): Op[] {
  const cart = async (f: F) => cartWithShop(t, f.c, { token: f.tokens.owner });
  const common = { allowed: OWNER_ADMIN, anonymous: NOT_AUTHORIZED, other: NOT_AUTHORIZED };
  return [
    {
      ...common,
      field: 'startOrder',
      doc: 'mutation ($qids: [String!]!) { startOrder(qids: $qids) { _id uid } }',
      vars: (f) => ({ qids: [f.c.shop.id] }),
      // Anyone starts a cart of their own; a member's is the account's.
      anonymous: 'ok',
      other: 'ok',
      check: (d, f, who) =>
        expect(d.startOrder.uid).toBe(who === 'anonymous' ? null : who === 'other' ? f.ids.other : f.owner),
    },
    {
      ...common,
      field: 'order',
      label: 'a cart',
      doc: 'query ($id: String) { order(_id: $id) { _id status } }',
      vars: async (f) => ({ id: (await cart(f)).oid }),
    },
    {
      ...common,
      field: 'modifyOrderQuestionnaires',
      doc: `mutation ($oid: String!, $qids: [String!]!) { modifyOrderQuestionnaires(oid: $oid, qids: $qids, qType: "mysteryShop") { _id } }`,
      vars: async (f) => ({ oid: (await cart(f)).oid, qids: [f.c.shop.id, f.c.cheapShop.id] }),
    },
    {
      ...common,
      field: 'saveUserQuestionnaire',
      doc: `mutation ($id: String!) { saveUserQuestionnaire(_id: $id, input: { additionalComments: "Hi" }) { _id additionalComments } }`,
      vars: async (f) => ({ id: (await cart(f)).uqid }),
    },
    {
      ...common,
      field: 'removeUserQuestionnaire',
      doc: 'mutation ($oid: String!, $uqid: String!) { removeUserQuestionnaire(oid: $oid, uqid: $uqid) { _id } }',
      vars: async (f) => {
        const c = await cart(f);
        return { oid: c.oid, uqid: c.uqid };
      },
    },
    {
      ...common,
      field: 'nextLocationID',
      doc: 'query ($oid: String) { nextLocationID(oid: $oid) }',
      vars: async (f) => ({ oid: (await cart(f)).oid }),
      // Another's cart counts as none: the first name, telling nothing.
      anonymous: 'ok',
      other: 'ok',
      check: (d, _f, who) => expect(d.nextLocationID).toBe(who === 'owner' || who === 'admin' ? '2' : '1'),
    },
    {
      ...common,
      field: 'addSavedLocations',
      doc: 'mutation ($oid: String!, $ids: [String!]!) { addSavedLocations(oid: $oid, locationIds: $ids) { _id } }',
      vars: async (f) => ({ oid: (await cart(f)).oid, ids: [f.northLocation] }),
      anonymous: 'Log In to Use Saved Locations',
    },
    {
      ...common,
      field: 'removeLocationFromOrder',
      doc: 'mutation ($id: String!, $oid: String!) { removeLocationFromOrder(locationId: $id, oid: $oid) { _id } }',
      vars: async (f) => {
        const c = await cart(f);
        return { oid: c.oid, id: c.locationId };
      },
    },
    {
      ...common,
      field: 'removeLocation',
      doc: 'mutation ($id: String!, $oid: String!) { removeLocation(locationId: $id, oid: $oid) { _id } }',
      vars: async (f) => {
        const c = await cart(f);
        return { oid: c.oid, id: c.locationId };
      },
    },
    {
      ...common,
      field: 'saveShop',
      label: 'a cart shop',
      doc: `mutation ($id: String, $input: ShopInput!) { saveShop(_id: $id, input: $input) { _id totalQuantity } }`,
      vars: async (f) => {
        const c = await cart(f);
        return {
          id: c.shopId,
          input: {
            oid: c.oid,
            locationId: c.locationId,
            uqid: c.uqid,
            recurring: false,
            totalQuantity: 3,
            reimbursement: 3000,
          },
        };
      },
    },
    {
      ...common,
      field: 'removeCartShop',
      doc: 'mutation ($id: String!, $oid: String!) { removeCartShop(_id: $id, oid: $oid) { _id } }',
      vars: async (f) => {
        const c = await cart(f);
        return { oid: c.oid, id: c.shopId };
      },
    },
    {
      ...common,
      field: 'copyShopsToAllOrderLocations',
      doc: 'mutation ($ids: [String!]!, $oid: String!) { copyShopsToAllOrderLocations(shopIds: $ids, oid: $oid) { _id } }',
      vars: async (f) => {
        const c = await cart(f);
        return { oid: c.oid, ids: [c.shopId] };
      },
    },
    {
      ...common,
      field: 'checkout',
      doc: `mutation ($oid: String!, $input: CheckoutInput!) { checkout(oid: $oid, input: $input) { status uid } }`,
      vars: async (f, who) => {
        const oid = (await cart(f)).oid;
        const stripeToken = await cardToken(t);
        // Anonymous: a complete guest checkout, refused for being the owner's cart.
        if (who === 'anonymous') return { oid, input: guestInput(stripeToken) };
        return { oid, input: { paymentCardValid: true, cancellationPolcy: true, stripeToken } };
      },
      check: (d, f) => expect(d.checkout).toEqual({ status: 'COMPLETE', uid: f.owner }),
    },
    {
      ...common,
      field: 'paymentSettings',
      doc: '{ paymentSettings { provider } }',
      anonymous: 'ok',
      other: 'ok',
    },
    {
      ...common,
      field: 'tokenizeTestCard',
      doc: `mutation { tokenizeTestCard(input: { number: "4242424242424242", expireMonth: 12, expireYear: 2035, cvc: "123" }) { token } }`,
      anonymous: 'ok',
      other: 'ok',
    },
    {
      ...common,
      field: 'addressSuggestions',
      doc: '{ addressSuggestions(query: "123 Main") { formattedAddress } }',
      anonymous: 'ok',
      other: 'ok',
    },
    {
      ...common,
      field: 'geocodeAddress',
      doc: `{ geocodeAddress(line: "${AUSTIN}") { status } }`,
      anonymous: 'ok',
      other: 'ok',
    },
  ];
}

/**
 * Root fields a customer may call that act on no account, or are tested elsewhere: the public pages,
 * logging in and out, the respondents' survey, invitations (team.test.ts), the reporting reads and
 * signatures (scope.test.ts, with the same four roles), and action plans (action-plans.test.ts: the
 * owner, a platform admin, the location's manager, another manager, another customer, anonymous).
 */
const NOT_ACCOUNT_OPERATIONS: Record<string, string> = {
  auditActions: "public (the names of the audit log's actions)",
  brand: 'public',
  brands: 'public',
  currentBrand: 'public',
  industries: 'platform admins',
  publishedIndustries: 'public',
  questionnaire: 'public',
  reportingApiUrl: 'public',
  survey: 'public (respondents)',
  submitSurveyResponse: 'public (respondents)',
  unsubscribeLink: 'public (e-mail link)',
  unsubscribe: 'public (e-mail link)',
  login: 'session',
  logout: 'session',
  loginSecondFactor: 'session (two-factor.test.ts)',
  beginPasskeySignIn: 'session (passkeys.test.ts)',
  passkeySignIn: 'session (passkeys.test.ts)',
  resetPassword: 'session',
  sendResetPasswordEmail: 'session',
  invitation: 'team.test.ts',
  acceptTeamInvitation: 'team.test.ts',
  evaluation: 'scope.test.ts',
  sharedShopReport: 'scope.test.ts',
  surveyProgramSummary: 'scope.test.ts',
  surveyQrPage: 'scope.test.ts',
  generateSignature: 'scope.test.ts',
  actionPlans: 'action-plans.test.ts',
  actionPlanCounts: 'action-plans.test.ts',
  actionPlan: 'action-plans.test.ts',
  actionPlanTrigger: 'action-plans.test.ts',
  saveActionPlan: 'action-plans.test.ts',
  submitActionPlan: 'action-plans.test.ts',
  returnActionPlan: 'action-plans.test.ts',
  resolveActionPlan: 'action-plans.test.ts',
  saveActionPlanTrigger: 'action-plans.test.ts',
  // Score alerts and benchmarks (issue 48): anonymous, another customer, the owner, a platform admin,
  // the location's manager and another manager.
  scoreAlerts: 'score-alerts.test.ts',
  scoreAlertRule: 'score-alerts.test.ts',
  saveScoreAlertRule: 'score-alerts.test.ts',
  acknowledgeScoreAlert: 'score-alerts.test.ts',
  benchmarks: 'benchmarks.test.ts',
  benchmarkSettings: 'benchmarks.test.ts',
  setBenchmarkContribution: 'benchmarks.test.ts',
  // Webhooks: every operation for anonymous, another customer, a manager, the owner and an admin.
  webhookEndpoints: 'webhooks.test.ts',
  webhookEndpoint: 'webhooks.test.ts',
  webhookEndpointSecret: 'webhooks.test.ts',
  webhookEventTypes: 'public',
  createWebhookEndpoint: 'webhooks.test.ts',
  updateWebhookEndpoint: 'webhooks.test.ts',
  deleteWebhookEndpoint: 'webhooks.test.ts',
  rollWebhookSecret: 'webhooks.test.ts',
  sendTestWebhook: 'webhooks.test.ts',
  resendWebhookDelivery: 'webhooks.test.ts',
};

describe('the table', () => {
  it('has every root field a team member may call, or says why not', () => {
    const inTable = new Set(OPS.map((op) => op.field));
    const missing = Object.keys(MEMBER_FIELDS).filter((f) => !inTable.has(f) && !NOT_ACCOUNT_OPERATIONS[f]);
    expect(missing).toEqual([]);
    expect([...inTable].filter((f) => MEMBER_FIELDS[f] === undefined)).toEqual([]);
    expect(Object.keys(NOT_ACCOUNT_OPERATIONS).filter((f) => inTable.has(f))).toEqual([]);
  });
});

let f: F;

/** A login on the owner's team with `role` (a manager with one region). */
async function member(owner: string, email: string, role: string, regionId?: string) {
  const m = await customer(t, { email });
  const id = newId();
  await t.db.insert(accountMembers).values({ id, accountId: owner, userId: m.user.id, role });
  if (regionId) await t.db.insert(memberRegions).values({ memberId: id, regionId });
  return { token: m.token, id: m.user.id, memberId: id, email };
}

beforeEach(async () => {
  await t.resetDb();
  const c = await catalogue(t);
  const p = await people(t);
  const owner = p.alice.user.id;
  const placed = await placedRecurringOrder(t, c, p.alice.token);
  const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.oid));
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.uid, owner));
  const north = newId();
  const south = newId();
  await t.db.insert(regions).values([
    { id: north, accountId: owner, name: 'North' },
    { id: south, accountId: owner, name: 'South' },
  ]);
  const northLocation = newId();
  const southLocation = newId();
  const place = { uid: owner, line1: '1 Main St', city: 'Austin', state: 'TX' };
  await t.db.insert(locations).values([
    { ...place, id: northLocation, name: 'North 1', regionId: north },
    { ...place, id: southLocation, name: 'South 1', regionId: south },
  ]);
  const spare = {} as Record<Caller, string>;
  const spareRegion = {} as Record<Caller, string>;
  const invitation = {} as Record<Caller, string>;
  for (const who of CALLERS) {
    spare[who] = newId();
    spareRegion[who] = newId();
    invitation[who] = newId();
    await t.db.insert(locations).values({ ...place, id: spare[who], name: `Spare of ${who}` });
    await t.db.insert(regions).values({ id: spareRegion[who], accountId: owner, name: `Spare of ${who}` });
    await t.db.insert(teamInvitations).values({
      id: invitation[who],
      accountId: owner,
      email: `pending-${who}@example.test`,
      role: 'manager',
      tokenHash: newId(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  }
  const apiKey = newId();
  await t.db.insert(apiKeys).values({
    id: apiKey,
    accountId: owner,
    name: 'Owner key',
    scopes: ['reporting:read'],
    prefix: 'sk_live_Test',
    keyHash: newId(43),
  });
  const ownerMember = newId();
  await t.db
    .insert(accountMembers)
    .values({ id: ownerMember, accountId: owner, userId: owner, role: 'owner' });
  const admin = await member(owner, 'admin-member@example.test', 'admin');
  const managerA = await member(owner, 'north@example.test', 'manager', north);
  const managerB = await member(owner, 'south@example.test', 'manager', south);
  const spareA = await member(owner, 'spare-a@example.test', 'manager');
  const spareB = await member(owner, 'spare-b@example.test', 'manager');
  f = {
    c,
    owner,
    placed,
    orderNumber: order!.orderNumber!,
    invoiceId: invoice!.id,
    north,
    south,
    northLocation,
    southLocation,
    spare,
    spareRegion,
    invitation,
    apiKey,
    tokens: {
      owner: p.alice.token,
      other: p.bob.token,
      admin: admin.token,
      managerA: managerA.token,
      managerB: managerB.token,
    },
    ids: { owner, other: p.bob.user.id, admin: admin.id, managerA: managerA.id, managerB: managerB.id },
    emails: {
      owner: p.alice.user.email,
      other: p.bob.user.email,
      admin: admin.email,
      managerA: managerA.email,
      managerB: managerB.email,
    },
    members: {
      owner: ownerMember,
      admin: admin.memberId,
      managerA: managerA.memberId,
      managerB: managerB.memberId,
      spareA: spareA.memberId,
      spareB: spareB.memberId,
    },
  };
});

describe('every account operation, for every caller', () => {
  for (const op of OPS) {
    const title = `${op.field}${op.label ? ` (${op.label})` : ''}: ${op.allowed.join(', ')}`;
    it(title, async () => {
      for (const who of CALLERS) {
        const token = who === 'anonymous' ? undefined : f.tokens[who];
        const vars = (await op.vars?.(f, who)) ?? {};
        const expected =
          who === 'anonymous'
            ? op.anonymous
            : who === 'other'
              ? op.other
              : op.allowed.includes(who)
                ? 'ok'
                : (op.refusedWith?.[who] ?? NOT_AUTHORIZED);
        const context = `${title} as ${who}`;
        if (expected === 'ok' || expected === 'null') {
          const res = await t.gql(op.doc, vars, { token });
          expect(res.errors, `${context}: ${JSON.stringify(res.errors)}`).toBeUndefined();
          if (expected === 'null') expect(Object.values(res.data)[0], context).toBeNull();
          else await op.check?.(res.data, f, who);
        } else {
          const before = await snapshot();
          const res = await t.gql(op.doc, vars, { token });
          expect(res.errors?.[0]?.message, `${context}: ${JSON.stringify(res.errors)}`).toBe(expected);
          expect(nothingIn(res.data), `${context} answered ${JSON.stringify(res.data)}`).toBe(true);
          expect(await snapshot(), `${context} changed data`).toBe(before);
        }
      }
    });
  }
});
