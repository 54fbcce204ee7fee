import { Table, Text } from '@mantine/core';
import { aggregateReport } from '../../domain';
import { ReportSection, ScoreBadge } from './report-parts';
import type { ShopRow } from './report-types';

/** The program's sections summed over its shops; shown only when at least 2 shops have stats. */
export function AggregateReport({ shops }: { shops: ShopRow[] }) {
  const sections = aggregateReport(shops);
  if (!sections) return null;
  const scored = shops.filter((s) => s.stats?.some((x) => x.scoreTotal > 0)).length;
  return (
    <ReportSection title="Aggregate Report" testId="aggregate-report">
      <Text size="sm" c="dimmed">
        All sections summed over {scored} scored shops.
      </Text>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Section</Table.Th>
              <Table.Th ta="right">Score</Table.Th>
              <Table.Th ta="right">Percent</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sections.map((s) => (
              <Table.Tr key={s.sectionName}>
                <Table.Td>{s.sectionName}</Table.Td>
                <Table.Td ta="right">
                  {round(s.scoreAchieved)} / {round(s.scoreTotal)}
                </Table.Td>
                <Table.Td ta="right">
                  <ScoreBadge percent={s.percentage} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ReportSection>
  );
}

const round = (n: number) => Math.round(n * 100) / 100;
