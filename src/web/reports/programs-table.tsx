import { Table } from '@mantine/core';
import { formatDateUs, questionnaireTypeLabel } from '../../domain';
import { programReportPath } from './report-links';
import { ReportTable, RowLink } from './report-parts';
import { type ReportScope, useReportingParties } from './report-scope';
import type { ProgramRow } from './report-types';
import { programsRequest, useReport } from './reporting-client';

export function usePrograms(scope: ReportScope) {
  const parties = useReportingParties(scope);
  return useReport<ProgramRow>('/api/programs/', parties && programsRequest(parties));
}

/** My Programs / a customer's Programs: every program ordered, with its result counts. */
export function ProgramsTable({
  scope,
  programs,
}: {
  scope: ReportScope;
  programs: ReturnType<typeof usePrograms>;
}) {
  return (
    <ReportTable
      testId="programs-table"
      head={['Program', 'Type', 'Order #', 'Order Date', 'Positives', 'Neutrals', 'Negatives', 'Summary']}
      loading={programs.loading}
      empty={programs.rows.length === 0}
      emptyText="There are no programs yet."
    >
      {programs.rows.map((p) => (
        <Table.Tr key={p.programId}>
          <Table.Td fw={600}>{p.programName}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{questionnaireTypeLabel(p.programType)}</Table.Td>
          <Table.Td>{p.orderNumber ?? ''}</Table.Td>
          <Table.Td>{formatDateUs(p.orderDate)}</Table.Td>
          <Table.Td c="green">{p.positives}</Table.Td>
          <Table.Td c="orange">{p.neutrals}</Table.Td>
          <Table.Td c="red">{p.negatives}</Table.Td>
          <Table.Td>
            <RowLink to={programReportPath(scope, p)}>
              View {p.programType === 'customerSurvey' ? 'Surveys' : 'Shops'}
            </RowLink>
          </Table.Td>
        </Table.Tr>
      ))}
    </ReportTable>
  );
}

/** The programs table with its own fetch (My Programs, the dashboard). */
export function ProgramsReport({ scope }: { scope: ReportScope }) {
  return <ProgramsTable scope={scope} programs={usePrograms(scope)} />;
}
