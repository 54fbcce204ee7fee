import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_PENDING_INVITATIONS,
  MSG_ACCOUNT_LOGIN_STAYS,
  MSG_ALREADY_INVITED,
  MSG_ALREADY_MEMBER,
  MSG_HAS_OWN_ACCOUNT,
  MSG_INVITATION_EXPIRED,
  MSG_INVITATION_INVALID,
  MSG_INVITATION_NOT_FOUND,
  MSG_INVITATION_OTHER_EMAIL,
  MSG_INVITATION_USED,
  MSG_MANAGER_SCOPE_ONLY,
  MSG_NOT_A_TEAM_ROLE,
  MSG_OWNER_STAYS,
  MSG_REGION_NAME_TAKEN,
  MSG_REGION_NOT_FOUND,
  MSG_ROLE_NOT_YOURS_TO_GIVE,
  MSG_STAFF_HAS_NO_TEAM,
  MSG_TOO_MANY_INVITATIONS,
} from '../../domain/index.js';
import { people } from '../account/test-fixtures.js';
import { hashToken } from '../auth/tokens.js';
import { newId } from '../db/ids.js';
import { locations, outboxEmails, teamInvitations, users } from '../db/schema.js';
import { MSG_LOCATION_NOT_FOUND } from '../locations/location-access.js';
import { createBrand, setupTestApp } from '../test/harness.js';
import { customer, expectError, expectNoChange } from '../test/order-wizard.js';
import { MSG_LOG_IN_TO_ACCEPT } from './team.js';

// Teams (issue 18): invitations, roles, regions, and what each member may call, on both databases.
const t = setupTestApp();
let p: Awaited<ReturnType<typeof people>>;

const TEAM = `{ team { members { _id email role accountLogin regionIds locationIds }
  invitations { _id email role state regionIds locationIds } } }`;
const INVITE = `mutation ($input: TeamInviteInput!) { inviteTeamMember(input: $input) { _id email role state } }`;
const ACCEPT = `mutation ($token: String!, $input: AcceptInvitationInput) {
  acceptTeamInvitation(token: $token, input: $input) { token user { _id email } } }`;
const PREVIEW = `query ($token: String!) { invitation(token: $token) { email accountName role state hasLogin } }`;
const CHANGE = `mutation ($input: TeamMemberInput!) { changeTeamMember(input: $input) { members { _id role } } }`;
const REMOVE = `mutation ($id: String!) { removeTeamMember(memberId: $id) { members { _id } } }`;
const TRANSFER = `mutation ($id: String!) { transferOwnership(memberId: $id) { members { email role } } }`;
const WITHDRAW = `mutation ($id: String!) { withdrawTeamInvitation(_id: $id) }`;
const RESEND = `mutation ($id: String!) { resendTeamInvitation(_id: $id) { _id email role state expiresAt } }`;
const CREATE_REGION = `mutation ($name: String!) { createRegion(name: $name) { _id name locationCount } }`;
const SET_REGION = `mutation ($r: String, $ids: [String!]!) { setLocationsRegion(regionId: $r, locationIds: $ids) }`;
const REGIONS = `{ regions { _id name locationCount } }`;
const VIEWER = `{ viewer { _id accountId role email fullName } }`;
const MY_LOCATIONS = `{ currentUser { _id locations { _id name regionId } } }`;
const SIGN = 'mutation ($text: String!) { generateSignature(text: $text) }';

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', name: 'Customer Optix', isDefault: true });
  p = await people(t);
});

async function ok<T = Record<string, unknown>>(query: string, vars: Record<string, unknown>, token?: string) {
  const res = await t.gql(query, vars, { token });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}

/** Alice's account with four locations, two in region North and one in South. */
async function chain() {
  const ids: string[] = [];
  for (const name of ['North 1', 'North 2', 'South 1', 'Elsewhere']) {
    const id = newId();
    await t.db
      .insert(locations)
      .values({ id, uid: p.alice.user.id, name, line1: '1 Main St', city: 'Austin', state: 'TX' });
    ids.push(id);
  }
  const north = (await ok<{ createRegion: { _id: string } }>(CREATE_REGION, { name: 'North' }, p.alice.token))
    .createRegion._id;
  const south = (await ok<{ createRegion: { _id: string } }>(CREATE_REGION, { name: 'South' }, p.alice.token))
    .createRegion._id;
  await ok(SET_REGION, { r: north, ids: [ids[0], ids[1]] }, p.alice.token);
  await ok(SET_REGION, { r: south, ids: [ids[2]] }, p.alice.token);
  return { locations: ids, north, south };
}

/** The link token of the last invitation e-mail to `email`. */
async function tokenSentTo(email: string): Promise<string> {
  const rows = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
  const last = rows.at(-1)!;
  const match = /\/invitation\/([A-Za-z0-9_-]+)/.exec(last.text);
  expect(match, last.text).not.toBeNull();
  return match![1]!;
}

/** Invites `email` as `role` from the owner and accepts with a new password; returns the session token. */
async function join(
  email: string,
  role: string,
  grant: { regionIds?: string[]; locationIds?: string[] } = {},
) {
  await ok(INVITE, { input: { email, role, ...grant } }, p.alice.token);
  const token = await tokenSentTo(email);
  const res = await ok<{ acceptTeamInvitation: { token: string } }>(ACCEPT, {
    token,
    input: { password: 'member-pass-1', firstName: 'Mia', lastName: 'Member' },
  });
  return res.acceptTeamInvitation.token;
}

describe('inviting and joining', () => {
  it('e-mails a branded invitation, and the invitee sets a password and acts for the account', async () => {
    const c = await chain();
    const invited = await ok<{ inviteTeamMember: { email: string; role: string; state: string } }>(
      INVITE,
      { input: { email: 'Mia@Example.test', role: 'manager', regionIds: [c.north] } },
      p.alice.token,
    );
    expect(invited.inviteTeamMember).toMatchObject({
      email: 'mia@example.test',
      role: 'manager',
      state: 'pending',
    });
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'team-invitation'));
    expect(mail!.subject).toBe('Alice User invited you to Test Business on Customer Optix');
    expect(mail!.html).toContain('Accept the invitation');

    const token = await tokenSentTo('mia@example.test');
    expect((await ok<{ invitation: unknown }>(PREVIEW, { token })).invitation).toEqual({
      email: 'mia@example.test',
      accountName: 'Test Business',
      role: 'manager',
      state: 'pending',
      hasLogin: false,
    });
    const short = await t.gql(ACCEPT, { token, input: { password: 'x' } });
    expectError(short, 'Password must be at least 6 characters.', { field: 'password' });

    const joined = await ok<{ acceptTeamInvitation: { token: string; user: { email: string } } }>(ACCEPT, {
      token,
      input: { password: 'member-pass-1', firstName: 'Mia', lastName: 'Member' },
    });
    const mia = joined.acceptTeamInvitation.token;
    expect((await ok<{ viewer: unknown }>(VIEWER, {}, mia)).viewer).toMatchObject({
      accountId: p.alice.user.id,
      role: 'manager',
      email: 'mia@example.test',
      fullName: 'Mia Member',
    });
    // The manager sees the account, and of its locations only their region's.
    const me = await ok<{ currentUser: { _id: string; locations: { name: string }[] } }>(
      MY_LOCATIONS,
      {},
      mia,
    );
    expect(me.currentUser._id).toBe(p.alice.user.id);
    expect(me.currentUser.locations.map((l) => l.name)).toEqual(['North 1', 'North 2']);
    expect((await ok<{ regions: { name: string }[] }>(REGIONS, {}, mia)).regions.map((r) => r.name)).toEqual([
      'North',
    ]);
    // The owner still sees them all.
    const owner = await ok<{ currentUser: { locations: unknown[] } }>(MY_LOCATIONS, {}, p.alice.token);
    expect(owner.currentUser.locations).toHaveLength(4);

    // Single use.
    expectError(await t.gql(ACCEPT, { token, input: { password: 'member-pass-1' } }), MSG_INVITATION_USED, {
      field: 'token',
    });
  });

  it('lets an existing login join once logged in as the invited address, and not otherwise', async () => {
    const carl = await customer(t, { email: 'carl@example.test' });
    await ok(INVITE, { input: { email: 'carl@example.test', role: 'admin' } }, p.alice.token);
    const token = await tokenSentTo('carl@example.test');
    expect((await ok<{ invitation: { hasLogin: boolean } }>(PREVIEW, { token })).invitation.hasLogin).toBe(
      true,
    );
    expectError(await t.gql(ACCEPT, { token, input: { password: 'whatever1' } }), MSG_LOG_IN_TO_ACCEPT, {
      code: 'UNAUTHENTICATED',
    });
    expectError(await t.gql(ACCEPT, { token }, { token: p.bob.token }), MSG_INVITATION_OTHER_EMAIL, {
      field: 'token',
    });
    await ok(ACCEPT, { token }, carl.token);
    expect((await ok<{ viewer: { role: string } }>(VIEWER, {}, carl.token)).viewer.role).toBe('admin');
  });

  it('refuses a login that has an account of its own, an expired and a withdrawn invitation', async () => {
    // Bob has a location of his own: his login is an account already.
    await t.db.insert(locations).values({ id: newId(), uid: p.bob.user.id, name: 'Bob HQ' });
    await ok(INVITE, { input: { email: 'bob@example.test', role: 'manager' } }, p.alice.token);
    const bobToken = await tokenSentTo('bob@example.test');
    expectError(await t.gql(ACCEPT, { token: bobToken }, { token: p.bob.token }), MSG_HAS_OWN_ACCOUNT, {
      field: 'token',
    });

    await ok(INVITE, { input: { email: 'late@example.test', role: 'manager' } }, p.alice.token);
    const late = await tokenSentTo('late@example.test');
    await t.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, 'late@example.test'));
    expectError(
      await t.gql(ACCEPT, { token: late, input: { password: 'member-pass-1' } }),
      MSG_INVITATION_EXPIRED,
      {
        field: 'token',
      },
    );

    const w = await ok<{ inviteTeamMember: { _id: string } }>(
      INVITE,
      { input: { email: 'gone@example.test', role: 'manager' } },
      p.alice.token,
    );
    const gone = await tokenSentTo('gone@example.test');
    await ok(WITHDRAW, { id: w.inviteTeamMember._id }, p.alice.token);
    expectError(
      await t.gql(ACCEPT, { token: gone, input: { password: 'member-pass-1' } }),
      MSG_INVITATION_INVALID,
      {
        field: 'token',
      },
    );
    expect((await ok<{ invitation: null }>(PREVIEW, { token: 'no-such-token' })).invitation).toBeNull();
  });
});

/** Makes every invitation to `email` expired a second ago. */
async function expire(email: string) {
  await t.db
    .update(teamInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(teamInvitations.email, email));
}

/** Fills Alice's account up to the limit with pending invitations to other addresses. */
async function fillPendingInvitations(n = MAX_PENDING_INVITATIONS) {
  await t.db.insert(teamInvitations).values(
    Array.from({ length: n }, (_, i) => ({
      id: newId(),
      accountId: p.alice.user.id,
      email: `p${i}@example.test`,
      role: 'manager',
      tokenHash: newId(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
}

describe('resending and inviting again', () => {
  type Invited = { _id: string; email: string; role: string; state: string; expiresAt: string };

  it('resends an invitation with a new link: the old link stops working, the new one joins', async () => {
    const invited = (
      await ok<{ inviteTeamMember: Invited }>(
        INVITE,
        { input: { email: 'mia@example.test', role: 'manager' } },
        p.alice.token,
      )
    ).inviteTeamMember;
    const first = await tokenSentTo('mia@example.test');
    const resent = (await ok<{ resendTeamInvitation: Invited }>(RESEND, { id: invited._id }, p.alice.token))
      .resendTeamInvitation;
    expect(resent).toMatchObject({
      _id: invited._id,
      email: 'mia@example.test',
      role: 'manager',
      state: 'pending',
    });
    const second = await tokenSentTo('mia@example.test');
    expect(second).not.toBe(first);
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'mia@example.test'));
    expect(mails.map((m) => m.kind)).toEqual(['team-invitation', 'team-invitation']);

    expect((await ok<{ invitation: null }>(PREVIEW, { token: first })).invitation).toBeNull();
    expectError(
      await t.gql(ACCEPT, { token: first, input: { password: 'member-pass-1' } }),
      MSG_INVITATION_INVALID,
      { field: 'token' },
    );
    await ok(ACCEPT, { token: second, input: { password: 'member-pass-1' } });
    // Accepted: nothing left to resend.
    expectError(
      await t.gql(RESEND, { id: invited._id }, { token: p.alice.token }),
      MSG_INVITATION_NOT_FOUND,
      {
        field: '_id',
        code: 'NOT_FOUND',
      },
    );
  });

  it('resends an expired invitation for another 7 days, within the pending limit', async () => {
    const invited = (
      await ok<{ inviteTeamMember: Invited }>(
        INVITE,
        { input: { email: 'late@example.test', role: 'admin' } },
        p.alice.token,
      )
    ).inviteTeamMember;
    await expire('late@example.test');
    // Made pending again, it counts towards the limit.
    await fillPendingInvitations();
    const full = await expectNoChange(t, () => t.gql(RESEND, { id: invited._id }, { token: p.alice.token }));
    expectError(full, MSG_TOO_MANY_INVITATIONS, { field: '_id' });
    await t.db.delete(teamInvitations).where(eq(teamInvitations.email, 'p0@example.test'));

    const resent = (await ok<{ resendTeamInvitation: Invited }>(RESEND, { id: invited._id }, p.alice.token))
      .resendTeamInvitation;
    expect(resent.state).toBe('pending');
    expect(new Date(resent.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    await ok(ACCEPT, { token: await tokenSentTo('late@example.test'), input: { password: 'member-pass-1' } });
  });

  it('lets the owner and team admins resend, and refuses anonymous, another account and a manager', async () => {
    const admin = await join('ada@example.test', 'admin');
    const manager = await join('mia@example.test', 'manager');
    const id = (
      await ok<{ inviteTeamMember: Invited }>(
        INVITE,
        { input: { email: 'zoe@example.test', role: 'manager' } },
        p.alice.token,
      )
    ).inviteTeamMember._id;
    const refused: [string, Awaited<ReturnType<typeof t.gql>>, string][] = [];
    refused.push(['anonymous', await t.gql(RESEND, { id }), 'You must be logged in.']);
    refused.push(['manager', await t.gql(RESEND, { id }, { token: manager }), 'Not Authorized']);
    // Another account's owner does not find the invitation at all.
    refused.push(['bob', await t.gql(RESEND, { id }, { token: p.bob.token }), MSG_INVITATION_NOT_FOUND]);
    for (const [who, res, message] of refused) {
      expect(res.errors?.[0]?.message, who).toBe(message);
    }
    expect(
      await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'zoe@example.test')),
    ).toHaveLength(1);
    for (const token of [p.alice.token, admin]) {
      await ok(RESEND, { id }, token);
    }
    expect(
      await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'zoe@example.test')),
    ).toHaveLength(3);
    // A withdrawn invitation is not resent.
    await ok(WITHDRAW, { id }, p.alice.token);
    expectError(await t.gql(RESEND, { id }, { token: admin }), MSG_INVITATION_NOT_FOUND, { field: '_id' });
  });

  it('replaces an expired invitation when the address is invited again: one row, the new one', async () => {
    await ok(INVITE, { input: { email: 'late@example.test', role: 'admin' } }, p.alice.token);
    const old = await tokenSentTo('late@example.test');
    await expire('late@example.test');
    await ok(INVITE, { input: { email: 'Late@example.test', role: 'manager' } }, p.alice.token);
    const rows = await t.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.email, 'late@example.test'));
    expect(rows.map((r) => r.role)).toEqual(['manager']);
    const listed = await ok<{ team: { invitations: { email: string; role: string; state: string }[] } }>(
      TEAM,
      {},
      p.alice.token,
    );
    expect(listed.team.invitations.map((i) => [i.email, i.role, i.state])).toEqual([
      ['late@example.test', 'manager', 'pending'],
    ]);
    expectError(
      await t.gql(ACCEPT, { token: old, input: { password: 'member-pass-1' } }),
      MSG_INVITATION_INVALID,
      { field: 'token' },
    );
  });

  it('keeps the pending limit when an expired address is invited again, and the expired row then stays', async () => {
    await ok(INVITE, { input: { email: 'late@example.test', role: 'admin' } }, p.alice.token);
    await expire('late@example.test');
    await fillPendingInvitations();
    const res = await expectNoChange(t, () =>
      t.gql(INVITE, { input: { email: 'late@example.test', role: 'manager' } }, { token: p.alice.token }),
    );
    expectError(res, MSG_TOO_MANY_INVITATIONS, { field: 'email' });
    const rows = await t.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.email, 'late@example.test'));
    expect(rows.map((r) => r.role)).toEqual(['admin']);
  });
});

describe('bad invitations', () => {
  it('names the field, and writes nothing', async () => {
    const c = await chain();
    await join('mia@example.test', 'admin');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'mia@example.test', role: 'manager' }, MSG_ALREADY_MEMBER, 'email'],
      [{ email: 'alice@example.test', role: 'manager' }, MSG_ALREADY_MEMBER, 'email'],
      [{ email: 'x@example.test', role: 'owner' }, MSG_ROLE_NOT_YOURS_TO_GIVE, 'role'],
      [{ email: 'x@example.test', role: 'boss' }, MSG_NOT_A_TEAM_ROLE, 'role'],
      [{ email: 'not-an-address', role: 'manager' }, 'Please enter a valid email address.', 'email'],
      [{ email: 'x@example.test', role: 'admin', regionIds: [c.north] }, MSG_MANAGER_SCOPE_ONLY, 'regionIds'],
      [{ email: 'x@example.test', role: 'manager', regionIds: ['nope'] }, MSG_REGION_NOT_FOUND, 'regionIds'],
      [
        { email: 'x@example.test', role: 'manager', locationIds: ['nope'] },
        MSG_LOCATION_NOT_FOUND,
        'locationIds',
      ],
    ];
    for (const [input, message, field] of cases) {
      const res = await expectNoChange(t, () => t.gql(INVITE, { input }, { token: p.alice.token }));
      expectError(res, message, { field });
    }
    await ok(INVITE, { input: { email: 'x@example.test', role: 'manager' } }, p.alice.token);
    expectError(
      await t.gql(INVITE, { input: { email: 'X@example.test', role: 'manager' } }, { token: p.alice.token }),
      MSG_ALREADY_INVITED,
      { field: 'email' },
    );
  });

  it(`refuses more than ${MAX_PENDING_INVITATIONS} pending invitations`, async () => {
    await fillPendingInvitations();
    const res = await expectNoChange(t, () =>
      t.gql(INVITE, { input: { email: 'one-more@example.test', role: 'manager' } }, { token: p.alice.token }),
    );
    expectError(res, MSG_TOO_MANY_INVITATIONS, { field: 'email' });
  });

  it('refuses a team to a proofer, employee or platform admin login: no invitation, resend nor acceptance (issue 42)', async () => {
    const logins = [
      p.admin,
      await customer(t, { email: 'proofer@example.test', roles: ['proofer'] }),
      await customer(t, { email: 'employee@example.test', roles: ['employee'] }),
    ];
    for (const login of logins) {
      const res = await expectNoChange(t, () =>
        t.gql(INVITE, { input: { email: 'friend@example.test', role: 'manager' } }, { token: login.token }),
      );
      expectError(res, MSG_STAFF_HAS_NO_TEAM);
      // An invitation made before the rule is neither sent again nor accepted.
      const id = newId();
      const token = `before-the-rule-${id}`;
      await t.db.insert(teamInvitations).values({
        id,
        accountId: login.user.id,
        email: `friend-${id}@example.test`,
        role: 'manager',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      expectError(await t.gql(RESEND, { id }, { token: login.token }), MSG_STAFF_HAS_NO_TEAM);
      const accepted = await expectNoChange(t, () =>
        t.gql(ACCEPT, { token, input: { password: 'friend-pass-1' } }),
      );
      expectError(accepted, MSG_STAFF_HAS_NO_TEAM, { field: 'token' });
    }
  });

  it('refuses a region name the account has already', async () => {
    await ok(CREATE_REGION, { name: 'North' }, p.alice.token);
    expectError(
      await t.gql(CREATE_REGION, { name: ' north ' }, { token: p.alice.token }),
      MSG_REGION_NAME_TAKEN,
      {
        field: 'name',
      },
    );
    // Another account may use the name.
    await ok(CREATE_REGION, { name: 'North' }, p.bob.token);
  });
});

describe('who may do what', () => {
  it('keeps each role to its own: anonymous, another customer, manager, admin and owner', async () => {
    const c = await chain();
    const admin = await join('ada@example.test', 'admin');
    const manager = await join('mia@example.test', 'manager', { regionIds: [c.north] });
    // [name, operation, variables, roles allowed]; anonymous visitors get nothing (startOrder makes a cart).
    const calls: [string, string, Record<string, unknown>, ('owner' | 'admin' | 'manager')[]][] = [
      ['team', TEAM, {}, ['owner', 'admin']],
      [
        'inviteTeamMember',
        INVITE,
        { input: { email: 'z@example.test', role: 'manager' } },
        ['owner', 'admin'],
      ],
      ['createRegion', CREATE_REGION, { name: 'West' }, ['owner', 'admin']],
      ['setLocationsRegion', SET_REGION, { r: c.south, ids: [c.locations[3]] }, ['owner', 'admin']],
      ['regions', REGIONS, {}, ['owner', 'admin', 'manager']],
      ['saveDefaultCard', 'mutation { saveDefaultCard(stripeToken: "tok_x") { last4 } }', {}, ['owner']],
      ['startOrder', 'mutation { startOrder(qids: []) { _id } }', {}, ['owner', 'admin']],
      ['orders', '{ currentUser { orders { nodes { _id } } } }', {}, ['owner', 'admin']],
      ['invoices', '{ currentUser { invoices { nodes { id } } } }', {}, ['owner', 'admin']],
    ];
    const tokens = { owner: p.alice.token, admin, manager };
    for (const [name, query, vars, allowed] of calls) {
      const anon = await t.gql(query, vars);
      if (name === 'orders' || name === 'invoices') expect(anon.data.currentUser, name).toBeNull();
      else if (name !== 'startOrder')
        expect(anon.errors?.[0]?.message, `${name} anonymous`).toBe('You must be logged in.');
      for (const role of ['owner', 'admin', 'manager'] as const) {
        const res = await t.gql(query, vars, { token: tokens[role] });
        const refused = res.errors?.[0]?.message === 'Not Authorized';
        expect(refused, `${name} as ${role}: ${JSON.stringify(res.errors)}`).toBe(!allowed.includes(role));
      }
    }
    // Another customer sees their own (empty) team and cannot touch Alice's members.
    const bobTeam = await ok<{ team: { members: { email: string }[] } }>(TEAM, {}, p.bob.token);
    expect(bobTeam.team.members.map((m) => m.email)).toEqual(['bob@example.test']);
    const aliceTeam = await ok<{ team: { members: { _id: string; email: string }[] } }>(
      TEAM,
      {},
      p.alice.token,
    );
    const mia = aliceTeam.team.members.find((m) => m.email === 'mia@example.test')!;
    const res = await expectNoChange(t, () => t.gql(REMOVE, { id: mia._id }, { token: p.bob.token }));
    expectError(res, 'Member not found.', { field: 'memberId' });
  });

  it("keeps a member's own password and e-mail preferences apart from the account's", async () => {
    const manager = await join('mia@example.test', 'manager');
    const PREFS = `mutation { saveEmailPreferences(input: { receiveShopScheduled: true }) { email } }`;
    await ok(PREFS, {}, manager);
    const READ = '{ currentUser { email emailPreferences { receiveMarketing receiveShopScheduled } } }';
    const mine = await ok<{ currentUser: { email: string; emailPreferences: Record<string, boolean> } }>(
      READ,
      {},
      manager,
    );
    // The manager reads the account, with their own preferences.
    expect(mine.currentUser.email).toBe('alice@example.test');
    expect(mine.currentUser.emailPreferences).toEqual({
      receiveMarketing: false,
      receiveShopScheduled: true,
    });
    const alices = await ok<{ currentUser: { emailPreferences: Record<string, boolean> } }>(
      READ,
      {},
      p.alice.token,
    );
    expect(alices.currentUser.emailPreferences).toEqual({
      receiveMarketing: true,
      receiveShopScheduled: true,
    });
    // Their own password: the account's still logs Alice in.
    await ok(
      `mutation { changePassword(oldPassword: "member-pass-1", newPassword: "member-pass-2") }`,
      {},
      manager,
    );
    expect(await t.login('mia@example.test', 'member-pass-2')).toBeTruthy();
    expect(await t.login('alice@example.test', 'password123')).toBeTruthy();
  });

  it('signs reporting requests for a member as themselves, for the account only', async () => {
    const c = await chain();
    const manager = await join('mia@example.test', 'manager', { regionIds: [c.north] });
    const viewer = (await ok<{ viewer: { _id: string; accountId: string } }>(VIEWER, {}, manager)).viewer;
    await ok(SIGN, { text: `${viewer._id}|${viewer.accountId}|1|999` }, manager);
    for (const text of [`${viewer.accountId}|${viewer.accountId}|1`, `${viewer._id}|${p.bob.user.id}|1`]) {
      expect((await t.gql(SIGN, { text }, { token: manager })).errors?.[0]?.message).toBe('Not Authorized');
    }
  });
});

describe('changing and removing members', () => {
  it('takes effect on the next request: a removed manager is refused at once', async () => {
    const c = await chain();
    const manager = await join('mia@example.test', 'manager', { regionIds: [c.north] });
    const team = await ok<{ team: { members: { _id: string; email: string; accountLogin: boolean }[] } }>(
      TEAM,
      {},
      p.alice.token,
    );
    const mia = team.team.members.find((m) => m.email === 'mia@example.test')!;
    // Given South instead: the next call sees South.
    await ok(CHANGE, { input: { memberId: mia._id, role: 'manager', regionIds: [c.south] } }, p.alice.token);
    const me = await ok<{ currentUser: { locations: { name: string }[] } }>(MY_LOCATIONS, {}, manager);
    expect(me.currentUser.locations.map((l) => l.name)).toEqual(['South 1']);

    await ok(REMOVE, { id: mia._id }, p.alice.token);
    const viewer = (await t.gql(VIEWER, {}, { token: manager })).data.viewer;
    expect(viewer).toBeNull();
    // Their login stays, but nothing of the account: not its locations, not its reports.
    const after = await t.gql(MY_LOCATIONS, {}, { token: manager });
    expect(after.errors?.[0]?.message).toBe('Not Authorized');
    expect(after.data?.currentUser ?? null).toBeNull();
    expect((await t.gql(REGIONS, {}, { token: manager })).errors?.[0]?.message).toBe('Not Authorized');
    expect(
      (await t.gql(SIGN, { text: `x|${p.alice.user.id}|1` }, { token: manager })).errors?.[0]?.message,
    ).toBe('Not Authorized');

    // The owner and the account's own login stay.
    const owner = team.team.members.find((m) => m.accountLogin)!;
    expectError(await t.gql(REMOVE, { id: owner._id }, { token: p.alice.token }), MSG_OWNER_STAYS, {
      field: 'memberId',
    });
  });

  it('transfers ownership: the new owner holds the card, the old one stays as an admin', async () => {
    const admin = await join('ada@example.test', 'admin');
    const team = await ok<{ team: { members: { _id: string; email: string }[] } }>(TEAM, {}, p.alice.token);
    const ada = team.team.members.find((m) => m.email === 'ada@example.test')!;
    expect((await t.gql(TRANSFER, { id: ada._id }, { token: admin })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    await ok(TRANSFER, { id: ada._id }, p.alice.token);
    expect((await ok<{ viewer: { role: string } }>(VIEWER, {}, admin)).viewer.role).toBe('owner');
    expect((await ok<{ viewer: { role: string } }>(VIEWER, {}, p.alice.token)).viewer.role).toBe('admin');
    // The account's own login can be demoted, not removed.
    const now = await ok<{ team: { members: { _id: string; accountLogin: boolean }[] } }>(TEAM, {}, admin);
    const founder = now.team.members.find((m) => m.accountLogin)!;
    expectError(await t.gql(REMOVE, { id: founder._id }, { token: admin }), MSG_ACCOUNT_LOGIN_STAYS, {
      field: 'memberId',
    });
    expect(
      (
        await t.gql(
          'mutation { saveDefaultCard(stripeToken: "tok_x") { last4 } }',
          {},
          { token: p.alice.token },
        )
      ).errors?.[0]?.message,
    ).toBe('Not Authorized');
  });
});

describe("the admin area's customer page", () => {
  const MEMBERS = `query ($uid: String!) { user(uid: $uid) { teamMembers { email role roleLabel accountLogin } } }`;

  it("lists an account's members and roles to platform admins, and to no one else", async () => {
    // An account without a team: its own login, as owner.
    const before = await ok<{ user: { teamMembers: unknown[] } }>(
      MEMBERS,
      { uid: p.alice.user.id },
      p.admin.token,
    );
    expect(before.user.teamMembers).toEqual([
      { email: 'alice@example.test', role: 'owner', roleLabel: 'Owner', accountLogin: true },
    ]);
    await join('ada@example.test', 'admin');
    await join('mia@example.test', 'manager');
    const after = await ok<{ user: { teamMembers: { email: string; role: string }[] } }>(
      MEMBERS,
      { uid: p.alice.user.id },
      p.admin.token,
    );
    expect(after.user.teamMembers.map((m) => [m.email, m.role])).toEqual([
      ['alice@example.test', 'owner'],
      ['ada@example.test', 'admin'],
      ['mia@example.test', 'manager'],
    ]);
    // A member's own login is no account: it has no team of its own to list.
    const mia = (await t.db.select().from(users).where(eq(users.email, 'mia@example.test')))[0]!;
    const member = await ok<{ user: { teamMembers: unknown[] } }>(MEMBERS, { uid: mia.id }, p.admin.token);
    expect(member.user.teamMembers).toEqual([]);

    // Customers, the account's owner included, are refused, through `user` and through their own row.
    for (const token of [p.alice.token, p.bob.token]) {
      expectError(await t.gql(MEMBERS, { uid: p.alice.user.id }, { token }), 'Not Authorized');
      const own = await t.gql('{ currentUser { teamMembers { email } } }', {}, { token });
      expect(own.errors?.[0]?.message).toBe('Not Authorized');
    }
  });
});
