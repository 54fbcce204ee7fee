import { Anchor, Group, Table, Text } from '@mantine/core';
import { formatDateUs, onePerProgramAndLocation } from '../../domain';
import { qrPath, surveyPath, surveySummaryPath } from './report-links';
import { ReportSection, ReportTable, RowLink } from './report-parts';
import { type ReportScope, useReportingParties } from './report-scope';
import type { SurveyRow } from './report-types';
import { REPORT_PAGE, useReport } from './reporting-client';

/** Survey links of the customer (of one program or all), one per program and location pair. */
export function useSurveys(scope: ReportScope, programId?: string) {
  const parties = useReportingParties(scope);
  const surveys = useReport<SurveyRow>(
    '/api/surveys/',
    parties && { ...parties, ...REPORT_PAGE, ...(programId ? { programId } : {}) },
  );
  return { ...surveys, rows: onePerProgramAndLocation(surveys.rows) };
}

type Surveys = ReturnType<typeof useSurveys>;

function Location({ survey }: { survey: SurveyRow }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {survey.locationName}
      </Text>
      <Text size="xs" c="dimmed">
        {survey.address}
      </Text>
    </>
  );
}

/** The survey links with their QR page and program summary. */
export function SurveysTable({ scope, surveys }: { scope: ReportScope; surveys: Surveys }) {
  return (
    <ReportTable
      testId="surveys-table"
      head={['Program', 'Location', 'Order #', 'Order Date', 'Survey Link', 'Links']}
      loading={surveys.loading}
      empty={surveys.rows.length === 0}
      emptyText="There are no surveys yet."
      minWidth={760}
    >
      {surveys.rows.map((s) => (
        <Table.Tr key={`${s.programId}/${s.clientLocationId}`}>
          <Table.Td fw={600}>{s.programName}</Table.Td>
          <Table.Td>
            <Location survey={s} />
          </Table.Td>
          <Table.Td>{s.orderNumber ?? ''}</Table.Td>
          <Table.Td>{formatDateUs(s.orderDate)}</Table.Td>
          <Table.Td>
            <Anchor href={surveyPath(s.surveyCode)} target="_blank" size="sm">
              {surveyPath(s.surveyCode)}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <RowLink to={qrPath(scope, s.programId, s.surveyCode)}>QR Code</RowLink>
              <RowLink to={surveySummaryPath(s.surveyCode)}>Summary</RowLink>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ReportTable>
  );
}

/** The responses per survey link, with the latest submission and the program summary. */
export function SurveyResponsesTable({ surveys }: { surveys: Surveys }) {
  return (
    <ReportTable
      testId="survey-responses-table"
      head={['Program', 'Location', 'Responses', 'Last Response', 'Report']}
      loading={surveys.loading}
      empty={surveys.rows.length === 0}
      emptyText="There are no survey responses yet."
    >
      {surveys.rows.map((s) => (
        <Table.Tr key={`${s.programId}/${s.clientLocationId}`}>
          <Table.Td fw={600}>{s.programName}</Table.Td>
          <Table.Td>
            <Location survey={s} />
          </Table.Td>
          <Table.Td>{s.responses}</Table.Td>
          <Table.Td>{formatDateUs(s.submittedDate)}</Table.Td>
          <Table.Td>
            <RowLink to={s.reportLink || surveySummaryPath(s.surveyCode)}>View Report</RowLink>
          </Table.Td>
        </Table.Tr>
      ))}
    </ReportTable>
  );
}

/** My Surveys and My Survey Responses (titles per mode). */
export function SurveysReport({
  scope,
  surveys,
  titles = ['My Surveys', 'My Survey Responses'],
}: {
  scope: ReportScope;
  surveys: Surveys;
  titles?: [string, string];
}) {
  return (
    <>
      <ReportSection title={titles[0]} testId="surveys">
        <SurveysTable scope={scope} surveys={surveys} />
      </ReportSection>
      <ReportSection title={titles[1]} testId="survey-responses">
        <SurveyResponsesTable surveys={surveys} />
      </ReportSection>
    </>
  );
}
