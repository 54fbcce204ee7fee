import { useQuery } from '@apollo/client';
import { graphql } from '../gql';
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

/** The login (userMakingRequest) and the account it acts for (client): a team member acts for the team's. */
export const REPORTING_VIEWER = graphql(`
  query ReportingViewer {
    viewer {
      _id
      accountId
    }
  }
`);

/**
 * The reporting API's parties for a scope: the logged-in person asks (so a manager's signature carries
 * their own scope), for the scope's client or the account they act for.
 */
export function useReportingParties(scope: ReportScope): ReportingParties | null {
  const { data } = useQuery(REPORTING_VIEWER, { fetchPolicy: 'cache-first' });
  return reportingParties(data?.viewer, scope);
}

/** The parties for a scope, from the viewer (null: nobody logged in, or not known yet). */
export function reportingParties(
  viewer: { _id: string; accountId: string } | null | undefined,
  scope: ReportScope,
): ReportingParties | null {
  if (!viewer) return null;
  return { userMakingRequest: viewer._id, client: scope.clientId ?? viewer.accountId };
}

/** The account's regions for the Region filter (a manager: those of their locations). */
const SUMMARY_REGIONS = graphql(`
  query SummaryRegions {
    regions {
      _id
      name
    }
  }
`);

/** The regions to filter by: none in admin mode (they would be the admin's own account's). */
export function useReportRegions(scope: ReportScope): { _id: string; name: string }[] {
  const { data } = useQuery(SUMMARY_REGIONS, { fetchPolicy: 'cache-first', skip: scope.admin });
  return scope.admin ? [] : (data?.regions ?? []);
}
