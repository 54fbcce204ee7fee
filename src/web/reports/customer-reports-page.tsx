import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { graphql } from '../gql';
import { ProgramsTable, usePrograms } from './programs-table';
import { BackLink, ReportSection } from './report-parts';
import type { ReportScope } from './report-scope';
import { ShopsTable, useShops } from './shops-table';
import { SurveysReport, useSurveys } from './surveys-tables';

const REPORTS_CUSTOMER = graphql(`
  query ReportsCustomer($uid: String!) {
    user(uid: $uid) {
      _id
      fullName
    }
  }
`);

export const MSG_CUSTOMER_NOT_FOUND = 'Customer Not Found';

/** Mystery shops per page of the customer's paged shops table. */
const SHOPS_PAGE_SIZE = 10;

const backToCustomers = <BackLink to="/admin/customers">Back to Customers</BackLink>;

function CustomerReports({ scope }: { scope: ReportScope }) {
  const programs = usePrograms(scope);
  const surveys = useSurveys(scope);
  const shops = useShops(scope);
  return (
    <>
      <ReportSection title="Programs" testId="customer-programs">
        <ProgramsTable scope={scope} programs={programs} />
      </ReportSection>
      {surveys.rows.length > 0 && (
        <SurveysReport scope={scope} surveys={surveys} titles={['Surveys', 'Survey Responses']} />
      )}
      {shops.rows.length > 0 && (
        <ReportSection title="Mystery Shops" testId="customer-shops">
          <ShopsTable shops={shops} withProgram pageSize={SHOPS_PAGE_SIZE} />
        </ReportSection>
      )}
    </>
  );
}

/**
 * /admin/reports/{uid}: a customer's reports for an admin (admin-and-evaluation 2): Programs, then
 * Surveys and Survey Responses if there are surveys, then a paged Mystery Shops table if there are shops.
 */
export function CustomerReportsPage() {
  const uid = useParams().uid ?? '';
  const { data, loading } = useQuery(REPORTS_CUSTOMER, { variables: { uid }, skip: !uid });
  const customer = data?.user;
  if (loading && !data)
    return (
      <Page title="Customer Reports">
        <PageLoader />
      </Page>
    );
  if (!customer)
    return (
      <Page title={MSG_CUSTOMER_NOT_FOUND}>
        <Alert color="red" title={MSG_CUSTOMER_NOT_FOUND} data-testid="customer-not-found">
          There is no customer with this id.
        </Alert>
        {backToCustomers}
      </Page>
    );
  return (
    <Page title={`${customer.fullName} Reports`}>
      {backToCustomers}
      <CustomerReports scope={{ clientId: customer._id, admin: true }} />
    </Page>
  );
}
