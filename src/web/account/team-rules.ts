import { may, type TeamPermission, type TeamRole } from '../../domain';

/** A link of the account area's menu and the permission a team member's role needs to see it. */
export type AccountLink = { label: string; to: string; needs: TeamPermission | null };

export const ACCOUNT_MENU: readonly AccountLink[] = [
  { label: 'Dashboard', to: '/account/dashboard', needs: 'reports' },
  { label: 'Account Information', to: '/account/info', needs: 'settings' },
  { label: 'History / Reorder', to: '/account/order-history', needs: 'order' },
  { label: 'Recurring Orders', to: '/account/active-shops', needs: 'order' },
  { label: 'Location Management', to: '/account/locations', needs: 'order' },
  { label: 'Team', to: '/account/team', needs: 'team' },
  { label: 'Webhooks', to: '/account/webhooks', needs: 'settings' },
  { label: 'API Keys', to: '/account/api-keys', needs: 'apiKeys' },
  { label: 'Scheduled Reports', to: '/account/report-emails', needs: 'ownership' },
  { label: 'Program Reports', to: '/account/reports', needs: 'reports' },
  { label: 'Action Plans', to: '/account/action-plans', needs: 'reports' },
  { label: 'Alerts & Benchmarks', to: '/account/alerts', needs: 'settings' },
  { label: 'Communication Preferences', to: '/account/preferences', needs: null },
  { label: 'Security', to: '/account/security', needs: null },
  { label: 'Audit Log', to: '/account/audit', needs: 'team' },
];

/** Account pages outside the menu, by path prefix, and what they need. */
const OTHER_PAGES: readonly { to: string; needs: TeamPermission }[] = [
  { to: '/account/shops', needs: 'order' },
  { to: '/account/orders/', needs: 'order' },
  { to: '/account/invoices/', needs: 'billing' },
];

/** Whether `role` may do `needs` (null: anyone with a place in the account). */
const allows = (role: TeamRole | null, needs: TeamPermission | null) =>
  role !== null && (needs === null || may(role, needs));

/** The menu a role sees: only the pages it may use (the server refuses the others anyway). */
export const accountMenu = (role: TeamRole | null): AccountLink[] =>
  ACCOUNT_MENU.filter((link) => allows(role, link.needs));

/** Whether `role` may open the account page at `pathname` (no role: none of them). */
export function mayOpen(role: TeamRole | null, pathname: string): boolean {
  const page = [...ACCOUNT_MENU, ...OTHER_PAGES].find((p) => pathname.startsWith(p.to));
  return allows(role, page?.needs ?? null);
}

type Named = { _id: string; name: string };

/**
 * What a member sees of the account's locations, in words: everything for owners and admins; for a
 * manager their regions and the locations given to them one by one.
 */
export function accessText(
  member: { role: string; regionIds: readonly string[]; locationIds: readonly string[] },
  regions: readonly Named[],
  locations: readonly Named[],
): string {
  if (member.role !== 'manager') return 'All locations';
  const names = (ids: readonly string[], all: readonly Named[]) =>
    ids.map((id) => all.find((x) => x._id === id)?.name).filter((n): n is string => !!n);
  const parts = [
    names(member.regionIds, regions).join(', '),
    names(member.locationIds, locations).join(', '),
  ];
  const text = [parts[0] && `Regions: ${parts[0]}`, parts[1] && `Locations: ${parts[1]}`]
    .filter(Boolean)
    .join('; ');
  return text || 'No locations yet';
}
