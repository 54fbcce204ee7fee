import { TEAM_ROLE_LABELS, type TeamRole } from '../../domain/index.js';
import { emailBrandOf } from '../email/index.js';
import { limitRequest, RATE_LIMITED_REQUESTS } from '../rate-limit.js';
import {
  acceptInvitation,
  changeMember,
  createRegion,
  deleteRegion,
  type InvitationPreview,
  type InvitationView,
  inviteMember,
  listRegions,
  listTeam,
  type MemberView,
  previewInvitation,
  type RegionView,
  removeMember,
  renameRegion,
  resendInvitation,
  setLocationsRegion,
  teamMembersForAdmin,
  teamRoleOf,
  transferOwnership,
  withdrawInvitation,
} from '../team/index.js';
import { AuthPayloadType, startSession } from './accounts.js';
import { builder } from './builder.js';
import { TeamRoleEnum } from './enums.js';
import { UserType } from './users.js';

// Teams of a customer account (issue 18): members, invitations, regions. Every operation checks the
// caller's role in the account on the server (team/access.ts); the guard in team-guard.ts keeps
// members to what their role may call at all.

const TeamMemberType = builder.objectRef<MemberView>('TeamMember').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    userId: t.exposeString('userId'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    role: t.expose('role', { type: TeamRoleEnum }),
    roleLabel: t.string({ resolve: (m) => TEAM_ROLE_LABELS[m.role] }),
    accountLogin: t.exposeBoolean('accountLogin', {
      description: "The account's own login: it can be made an Admin or Manager, never removed.",
    }),
    regionIds: t.exposeStringList('regionIds'),
    locationIds: t.exposeStringList('locationIds'),
    createdAt: t.string({ resolve: (m) => m.createdAt.toISOString() }),
  }),
});

const TeamInvitationType = builder.objectRef<InvitationView>('TeamInvitation').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    email: t.exposeString('email'),
    role: t.expose('role', { type: TeamRoleEnum }),
    roleLabel: t.string({ resolve: (i) => TEAM_ROLE_LABELS[i.role] }),
    regionIds: t.exposeStringList('regionIds'),
    locationIds: t.exposeStringList('locationIds'),
    createdAt: t.string({ resolve: (i) => i.createdAt.toISOString() }),
    expiresAt: t.string({ resolve: (i) => i.expiresAt.toISOString() }),
    state: t.exposeString('state', { description: 'pending | expired' }),
  }),
});

const TeamType = builder
  .objectRef<{ members: MemberView[]; invitations: InvitationView[] }>('Team')
  .implement({
    fields: (t) => ({
      members: t.field({ type: [TeamMemberType], resolve: (x) => x.members }),
      invitations: t.field({ type: [TeamInvitationType], resolve: (x) => x.invitations }),
    }),
  });

const RegionType = builder.objectRef<RegionView>('Region').implement({
  fields: (t) => ({
    _id: t.exposeString('id'),
    name: t.exposeString('name'),
    locationCount: t.exposeInt('locationCount'),
  }),
});

const InvitationPreviewType = builder.objectRef<InvitationPreview>('InvitationPreview').implement({
  fields: (t) => ({
    email: t.exposeString('email'),
    accountName: t.exposeString('accountName'),
    role: t.expose('role', { type: TeamRoleEnum }),
    roleLabel: t.string({ resolve: (i) => TEAM_ROLE_LABELS[i.role] }),
    state: t.exposeString('state', { description: 'pending | accepted | expired | withdrawn' }),
    hasLogin: t.exposeBoolean('hasLogin'),
  }),
});

const TeamViewerType = builder
  .objectRef<{ personId: string; accountId: string; role: TeamRole; email: string; fullName: string }>(
    'TeamViewer',
  )
  .implement({
    description: 'Who is logged in and their place in the account they act for.',
    fields: (t) => ({
      _id: t.exposeString('personId', { description: "The login's user id (userMakingRequest)." }),
      accountId: t.exposeString('accountId', { description: "The account's user id (client)." }),
      email: t.exposeString('email'),
      fullName: t.exposeString('fullName', { description: "The login's own name (else its e-mail)." }),
      role: t.expose('role', { type: TeamRoleEnum }),
    }),
  });

const InviteInput = builder.inputType('TeamInviteInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    role: t.field({ type: TeamRoleEnum, required: true, description: 'admin or manager' }),
    regionIds: t.stringList(),
    locationIds: t.stringList(),
  }),
});

const ChangeMemberInput = builder.inputType('TeamMemberInput', {
  fields: (t) => ({
    memberId: t.string({ required: true }),
    role: t.field({ type: TeamRoleEnum, required: true }),
    regionIds: t.stringList(),
    locationIds: t.stringList(),
  }),
});

const AcceptInput = builder.inputType('AcceptInvitationInput', {
  fields: (t) => ({
    password: t.string({ description: 'For an address without a login: its new password.' }),
    firstName: t.string(),
    lastName: t.string(),
  }),
});

builder.objectField(UserType, 'teamMembers', (t) =>
  t.field({
    type: [TeamMemberType],
    description:
      "The account's members and their roles, for the admin area's customer page (platform admins).",
    authScopes: { admin: true },
    resolve: (u, _a, ctx) => teamMembersForAdmin(ctx.db, ctx, u),
  }),
);

builder.queryFields((t) => ({
  viewer: t.field({
    type: TeamViewerType,
    nullable: true,
    description: 'The logged-in person and their role in the account they act for; null when anonymous.',
    resolve: (_r, _a, ctx) => {
      const role = teamRoleOf(ctx);
      if (!ctx.person || !ctx.user || role === null) return null;
      const { id, email, firstName, lastName } = ctx.person;
      const fullName = `${firstName} ${lastName}`.trim() || email;
      return { personId: id, accountId: ctx.user.id, role, email, fullName };
    },
  }),
  team: t.field({
    type: TeamType,
    description: "The account's members and pending invitations (owner and admins).",
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => listTeam(ctx.db, ctx),
  }),
  regions: t.field({
    type: [RegionType],
    description: "The account's regions (a manager: those of their locations).",
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => listRegions(ctx.db, ctx),
  }),
  invitation: t.field({
    type: InvitationPreviewType,
    nullable: true,
    description: 'What an invitation link offers, for its page; null for an unknown link.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => previewInvitation(ctx.db, a.token),
  }),
}));

builder.mutationFields((t) => ({
  inviteTeamMember: t.field({
    type: TeamInvitationType,
    description:
      'Invites a person to the account (owner and admins). Limited per account and per IP (RATE_LIMITED with retryAfter in seconds).',
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: InviteInput, required: true }) },
    resolve: async (_r, a, ctx) => {
      await limitRequest(ctx, RATE_LIMITED_REQUESTS.invitation(ctx.user!.id, ctx.ip));
      return inviteMember(ctx.db, ctx.adapters.mail, {
        caller: ctx,
        input: a.input,
        origin: ctx.origin,
        brand: emailBrandOf(ctx.brand, { origin: ctx.origin, storage: ctx.adapters.storage }),
      });
    },
  }),
  resendTeamInvitation: t.field({
    type: TeamInvitationType,
    description:
      'Sends a pending or expired invitation again (owner and admins): a new link for 7 days; the old link stops working. Limited per invitation and per IP (RATE_LIMITED with retryAfter in seconds).',
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await limitRequest(ctx, RATE_LIMITED_REQUESTS.invitationResend(ctx.user!.id, a._id, ctx.ip));
      return resendInvitation(ctx.db, ctx.adapters.mail, {
        caller: ctx,
        id: a._id,
        origin: ctx.origin,
        brand: emailBrandOf(ctx.brand, { origin: ctx.origin, storage: ctx.adapters.storage }),
      });
    },
  }),
  withdrawTeamInvitation: t.boolean({
    authScopes: { loggedIn: true },
    args: { _id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => withdrawInvitation(ctx.db, ctx, a._id),
  }),
  acceptTeamInvitation: t.field({
    type: AuthPayloadType,
    description:
      'Joins the team: as the logged-in invitee, or by setting a password for an address with no login. Starts a session.',
    args: { token: t.arg.string({ required: true }), input: t.arg({ type: AcceptInput }) },
    resolve: async (_r, a, ctx) => {
      const { person } = await acceptInvitation(ctx.db, {
        token: a.token,
        caller: ctx,
        input: a.input ?? {},
        brandId: ctx.brand.id,
      });
      return startSession(ctx, person);
    },
  }),
  changeTeamMember: t.field({
    type: TeamType,
    authScopes: { loggedIn: true },
    args: { input: t.arg({ type: ChangeMemberInput, required: true }) },
    resolve: async (_r, a, ctx) => {
      await changeMember(ctx.db, ctx, a.input);
      return listTeam(ctx.db, ctx);
    },
  }),
  removeTeamMember: t.field({
    type: TeamType,
    authScopes: { loggedIn: true },
    args: { memberId: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await removeMember(ctx.db, ctx, a.memberId);
      return listTeam(ctx.db, ctx);
    },
  }),
  transferOwnership: t.field({
    type: TeamType,
    description: 'Hands the account to another member (owner only); the old owner stays as an admin.',
    authScopes: { loggedIn: true },
    args: { memberId: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await transferOwnership(ctx.db, ctx, a.memberId);
      return listTeam(ctx.db, ctx);
    },
  }),
  createRegion: t.field({
    type: RegionType,
    authScopes: { loggedIn: true },
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => createRegion(ctx.db, ctx, { name: a.name }),
  }),
  renameRegion: t.field({
    type: RegionType,
    authScopes: { loggedIn: true },
    args: { regionId: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => renameRegion(ctx.db, ctx, a),
  }),
  deleteRegion: t.boolean({
    authScopes: { loggedIn: true },
    args: { regionId: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => deleteRegion(ctx.db, ctx, a.regionId),
  }),
  setLocationsRegion: t.int({
    description: 'Puts locations in a region (or in none with regionId null); returns how many.',
    authScopes: { loggedIn: true },
    args: { regionId: t.arg.string(), locationIds: t.arg.stringList({ required: true }) },
    resolve: (_r, a, ctx) => setLocationsRegion(ctx.db, ctx, a),
  }),
}));
