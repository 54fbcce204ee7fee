/**
 * Teams of a customer account (issue 18): who may do what. Pure rules; the server enforces them on
 * every call (server/team).
 *
 * - owner: everything, including billing, the card, orders and the team; exactly one, transferable.
 * - admin: everything but the card and ownership.
 * - manager: read-only reports, dashboard, CSV and QR pages for their regions' locations and the
 *   locations given to them one by one; no ordering, billing or account settings.
 */
export const TEAM_ROLES = ['owner', 'admin', 'manager'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Manager',
};

/** What a member may do in the account. */
export type TeamPermission =
  /** Reports, the dashboard, CSV exports and QR pages (a manager's within their scope). */
  | 'reports'
  /** Order, reorder, change or cancel shops, manage locations. */
  | 'order'
  /** Invoices and the next billing. */
  | 'billing'
  /** The saved payment card. */
  | 'card'
  /**
   * Business name, phone, report addresses; not the account's e-mail address, which is the account's
   * own login (whoever reads that address can reset its password): changing it needs 'ownership'.
   */
  | 'settings'
  /** Invite, change and remove members; regions. */
  | 'team'
  /** Hand the account to another member. */
  | 'ownership'
  /**
   * Create, list and revoke the account's API keys (issue 20): a key reads the whole account's reports
   * without a login, so only the owner hands them out.
   */
  | 'apiKeys';

const PERMISSIONS: Record<TeamRole, ReadonlySet<TeamPermission>> = {
  owner: new Set(['reports', 'order', 'billing', 'card', 'settings', 'team', 'ownership', 'apiKeys']),
  admin: new Set(['reports', 'order', 'billing', 'settings', 'team']),
  manager: new Set(['reports']),
};

export const may = (role: TeamRole, permission: TeamPermission): boolean => PERMISSIONS[role].has(permission);

/** Whether a role sees every location of the account (a manager sees only their scope). */
export const seesWholeAccount = (role: TeamRole): boolean => role !== 'manager';

/** Days an invitation link stays valid. */
export const INVITATION_DAYS = 7;
/** Pending invitations an account may have at once. */
export const MAX_PENDING_INVITATIONS = 100;

/** Get Started, for a team member whose role cannot order (a Manager). */
export const MSG_ORDERING_FOR_OWNERS_AND_ADMINS =
  "Ordering is for the account's owner and admins. Ask one of them to place the order; your reports are on the Dashboard.";
export const MSG_NOT_A_TEAM_ROLE = 'Choose a role: Admin or Manager.';
export const MSG_ROLE_NOT_YOURS_TO_GIVE =
  'Only the owner can make someone the owner: use Transfer ownership.';
export const MSG_ALREADY_MEMBER = 'This person is already a member of your team.';
export const MSG_ALREADY_INVITED = 'This person has already been invited; send the invitation again instead.';
export const MSG_TOO_MANY_INVITATIONS = `You have ${MAX_PENDING_INVITATIONS} pending invitations; withdraw some before inviting more.`;
export const MSG_INVITATION_INVALID = 'This invitation link is not valid. Ask for a new invitation.';
export const MSG_INVITATION_EXPIRED = 'This invitation has expired. Ask for a new invitation.';
export const MSG_INVITATION_USED = 'This invitation has already been used.';
/** For the team's owner or admin resending an invitation that was accepted or withdrawn meanwhile. */
export const MSG_INVITATION_NOT_FOUND = 'Invitation not found: it has been accepted or withdrawn.';
export const MSG_INVITATION_OTHER_EMAIL = 'This invitation is for another e-mail address.';
/** Staff (proofers, employees) and platform admin logins have no team: a member would act for their login. */
export const MSG_STAFF_HAS_NO_TEAM =
  'A staff or admin login cannot have a team: invite team members from a customer login.';
export const MSG_MEMBER_ELSEWHERE = 'This login already belongs to another team.';
export const MSG_HAS_OWN_ACCOUNT =
  'This login has orders or locations of its own; accept the invitation with another e-mail address.';
export const MSG_MEMBER_NOT_FOUND = 'Member not found.';
export const MSG_OWNER_STAYS = 'The owner cannot be removed or changed; transfer ownership first.';
export const MSG_ACCOUNT_LOGIN_STAYS =
  "The account's own login cannot be removed; make it a Manager with no locations instead.";
export const MSG_MANAGER_SCOPE_ONLY = 'Only a Manager is given regions and locations.';
export const MSG_REGION_NAME_REQUIRED = 'Region name is required.';
export const MSG_REGION_NAME_TAKEN = 'A region with this name already exists.';
export const MSG_REGION_NOT_FOUND = 'Region not found.';
export const MSG_ACCOUNT_EMAIL_OWNER_ONLY = "Only the owner can change the account's e-mail address.";
export const MSG_TRANSFER_TO_MEMBER = 'Ownership can only go to an Admin or Manager of this team.';

/**
 * Whether `actor` may give `role` to someone (inviting, or changing a member): nobody is made owner
 * this way (ownership is transferred), and only owners and admins manage the team.
 */
export function mayGiveRole(actor: TeamRole, role: TeamRole): boolean {
  if (role === 'owner') return false;
  return may(actor, 'team');
}

/** Whether `actor` may change the account's e-mail address (its login): the owner's, like ownership. */
export const mayChangeAccountEmail = (actor: TeamRole): boolean => may(actor, 'ownership');

/** Whether `actor` may change or remove a member holding `target`: the owner only by a transfer. */
export function mayManageMember(actor: TeamRole, target: TeamRole): boolean {
  return may(actor, 'team') && target !== 'owner';
}

/** When an invitation made at `createdAt` stops working. */
export const invitationExpiry = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + INVITATION_DAYS * 24 * 3600 * 1000);

export type InvitationState = 'pending' | 'accepted' | 'expired' | 'withdrawn';

export function invitationState(
  inv: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationState {
  if (inv.acceptedAt) return 'accepted';
  if (inv.revokedAt) return 'withdrawn';
  if (inv.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}
