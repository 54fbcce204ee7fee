import '../app/full-styles';
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { shopStats } from '../../domain';
import { Page } from '../components/page';
import { AggregateReport } from './aggregate-report';
import { allShopsPath, allSurveysPath } from './report-links';
import { BackLink, ReportSection } from './report-parts';
import type { ReportScope } from './report-scope';
import type { ShopRow } from './report-types';
import { ShopsTable, useShops } from './shops-table';
import { SurveysReport, useSurveys } from './surveys-tables';

const SHOPS_PAGE_SIZE = 25;

/** The program's section names, in order of first appearance (sections with total 0 are dropped). */
const sectionNames = (shops: ShopRow[]) => [
  ...new Set(shops.flatMap((shop) => (shopStats(shop.stats) ?? []).map((s) => s.sectionName))),
];

/** The scope of a by-program route: /{area}/reports/...byprogram/{programId}/{client?|clientId}. */
function useProgramRoute(admin: boolean): { programId: string; scope: ReportScope } {
  const params = useParams();
  const clientId = (admin ? params.clientId : params.client) ?? null;
  return { programId: params.programId ?? '', scope: { clientId, admin } };
}

function ProgramPage({
  scope,
  title,
  programName,
  back,
  children,
}: {
  scope: ReportScope;
  title: string;
  programName: string | undefined;
  back: ReactNode;
  children: ReactNode;
}) {
  // Customers see the program as the title; admins see 'Customer Shops' / 'Customer Surveys' above it.
  const heading = scope.admin ? title : (programName ?? title);
  return (
    <Page title={heading} heading={heading}>
      {back}
      {scope.admin && programName && (
        <Text fw={600} size="lg" data-testid="program-title">
          {programName}
        </Text>
      )}
      {children}
    </Page>
  );
}

/** Admin mode: Back to Customers, and to this customer's reports. */
function AdminBackLinks({ scope }: { scope: ReportScope }) {
  return (
    <Group gap="lg">
      <BackLink to="/admin/customers">Back to Customers</BackLink>
      <BackLink to={allShopsPath(scope)}>Customer Reports</BackLink>
    </Group>
  );
}

/** /account/reports/shopsbyprogram/{programId}/{client?} and its admin twin (Customer Shops). */
export function ShopsByProgramPage({ admin = false }: { admin?: boolean }) {
  const { programId, scope } = useProgramRoute(admin);
  const shops = useShops(scope, programId);
  const back = admin ? (
    <AdminBackLinks scope={scope} />
  ) : (
    <BackLink to={allShopsPath(scope)}>All Mystery Shops</BackLink>
  );
  return (
    <ProgramPage
      scope={scope}
      title={admin ? 'Customer Shops' : 'Program Shops'}
      programName={shops.rows[0]?.programName}
      back={back}
    >
      {!shops.loading && <AggregateReport shops={shops.rows} />}
      <ReportSection title="Shops">
        <ShopsTable shops={shops} sections={sectionNames(shops.rows)} pageSize={SHOPS_PAGE_SIZE} />
      </ReportSection>
    </ProgramPage>
  );
}

/** /account/reports/surveysbyprogram/{programId}/{client?} and its admin twin (Customer Surveys). */
export function SurveysByProgramPage({ admin = false }: { admin?: boolean }) {
  const { programId, scope } = useProgramRoute(admin);
  const surveys = useSurveys(scope, programId);
  const back = admin ? (
    <AdminBackLinks scope={scope} />
  ) : (
    <BackLink to={allSurveysPath(scope)}>All Surveys</BackLink>
  );
  return (
    <ProgramPage
      scope={scope}
      title={admin ? 'Customer Surveys' : 'Program Surveys'}
      programName={surveys.rows[0]?.programName}
      back={back}
    >
      <SurveysReport scope={scope} surveys={surveys} titles={['Surveys', 'Survey Responses']} />
    </ProgramPage>
  );
}

export const AdminShopsByProgramPage = () => <ShopsByProgramPage admin />;
export const AdminSurveysByProgramPage = () => <SurveysByProgramPage admin />;
