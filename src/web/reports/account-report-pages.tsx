import '../app/full-styles';
import { Text } from '@mantine/core';
import { Page } from '../components/page';
import { ProgramsReport } from './programs-table';
import { OWN_REPORTS } from './report-scope';
import { ShopsTable, useShops } from './shops-table';
import { SurveysReport, useSurveys } from './surveys-tables';

/** /account/reports and /account/reports/programs. */
export function MyProgramsPage() {
  return (
    <Page title="My Programs">
      <Text size="sm" c="dimmed">
        Choose a program to see its shops or surveys.
      </Text>
      <ProgramsReport scope={OWN_REPORTS} />
    </Page>
  );
}

/** Shops per page of My Shops: a customer with monthly shops at many locations has hundreds. */
const SHOPS_PAGE_SIZE = 25;

/** /account/reports/mystery-shops. */
export function MyShopsPage() {
  const shops = useShops(OWN_REPORTS);
  return (
    <Page title="My Shops">
      <ShopsTable shops={shops} withProgram pageSize={SHOPS_PAGE_SIZE} />
    </Page>
  );
}

/** /account/reports/surveys. */
export function MySurveysPage() {
  const surveys = useSurveys(OWN_REPORTS);
  return (
    <Page title="Survey Reports">
      <SurveysReport scope={OWN_REPORTS} surveys={surveys} />
    </Page>
  );
}
