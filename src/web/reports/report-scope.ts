import { useCurrentUser } from '../app/session';
import type { ReportingParties } from './reporting-client';

/**
 * Whose reports a page shows: the logged-in customer's own (clientId null), or in admin mode a chosen
 * customer's (account-and-reporting 2, admin-and-evaluation 2).
 */
export interface ReportScope {
  clientId: string | null;
  admin: boolean;
}

export const OWN_REPORTS: ReportScope = { clientId: null, admin: false };

/** The reporting API's parties for a scope: the current user asks, for the scope's client or themself. */
export function useReportingParties(scope: ReportScope): ReportingParties | null {
  const { user } = useCurrentUser();
  if (!user) return null;
  return { userMakingRequest: user._id, client: scope.clientId ?? user._id };
}
