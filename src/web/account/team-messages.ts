// The Team page's and Location Management's team texts (issue 18); the rules' own messages are in
// domain/team.ts and come from the server.
export const MSG_INVITATION_SENT = (email: string) => `Invitation sent to ${email}.`;
export const MSG_INVITATION_WITHDRAWN = 'Invitation withdrawn.';
export const MSG_INVITATION_RESENT = (email: string) =>
  `Invitation sent again to ${email}. The earlier link no longer works.`;
export const MSG_MEMBER_SAVED = 'Successfully saved the member.';
export const MSG_MEMBER_REMOVED = 'Successfully removed the member.';
export const MSG_OWNERSHIP_TRANSFERRED = 'Ownership transferred. You are now an Admin of this account.';
export const MSG_ONLY_YOU = 'No one else is on your team yet: invite an Admin or a Manager below.';
export const MSG_NO_INVITATIONS = 'There are no pending invitations.';
export const MSG_REMOVE_MEMBER_NOTE = 'They lose access to the account at once.';
export const MSG_TRANSFER_NOTE =
  'They become the owner, with the card and the team; you stay on as an Admin. Only they can undo this.';
export const MSG_MANAGER_SCOPE_HELP =
  'A Manager sees reports for the locations of these regions and of the locations chosen one by one.';
export const MSG_NO_REGIONS_YET = 'No regions yet: create them on Location Management.';
export const MSG_REGION_CREATED = 'Region created.';
export const MSG_REGION_RENAMED = 'Region renamed.';
export const MSG_REGION_DELETED = 'Region deleted. Its locations are in no region now.';
export const MSG_LOCATIONS_MOVED = (n: number, region: string | null) =>
  `${n === 1 ? '1 location' : `${n} locations`} ${region ? `moved to ${region}` : 'taken out of their region'}.`;
