import { Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { customerVisitStatus, formatDateUs, scoreColor, shopStats, wholePercent } from '../../domain';
import { EvaluationStatus } from '../../evaluation';
import { shopReportLink } from './report-links';
import { ReportTable, RowLink } from './report-parts';
import { type ReportScope, useReportingParties } from './report-scope';
import type { ShopRow } from './report-types';
import { REPORT_PAGE, useReport } from './reporting-client';

const PAGE_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** The customer's shops, of one program or all; `order` is empty for lists (account-and-reporting 7). */
export function useShops(scope: ReportScope, programId?: string) {
  const parties = useReportingParties(scope);
  const shops = useReport<ShopRow>(
    '/api/shops/',
    parties && { ...parties, order: '', ...(programId ? { programId } : {}), ...REPORT_PAGE },
  );
  const rows = useMemo(() => [...shops.rows].sort(latestFirst), [shops.rows]);
  return { ...shops, rows };
}

/** Latest cycle first, then by program and location, so a month's shops read as a block. */
const latestFirst = (a: ShopRow, b: ShopRow) =>
  (b.dueDate ?? '').localeCompare(a.dueDate ?? '') ||
  a.programName.localeCompare(b.programName) ||
  (a.locationName ?? '').localeCompare(b.locationName ?? '');

/** A shop's percent in one section, coloured; empty when the shop has no score there. */
function SectionScore({ shop, section }: { shop: ShopRow; section: string }) {
  const stat = shopStats(shop.stats)?.find((s) => s.sectionName === section);
  if (!stat) return null;
  const percent = wholePercent(stat.scoreAchieved / stat.scoreTotal);
  return (
    <Text size="sm" fw={600} c={scoreColor(percent)}>
      {percent}%
    </Text>
  );
}

/** Evaluation statuses that mean the shopper has sent the visit in (with QA or beyond). */
const SENT_IN = new Set<number>([
  EvaluationStatus.Submitted,
  EvaluationStatus.Reviewing,
  EvaluationStatus.Approved,
  EvaluationStatus.Rejected,
]);

/**
 * A visit past its due date that no shopper has sent in is shown as late, never silently (issue 47):
 * the status stays as the spec has it, with a Late badge beside it. Days are UTC, as the due dates.
 */
function isLate(shop: ShopRow, today: string): boolean {
  if (!shop.dueDate || shop.status === 'Cancelled') return false;
  return (
    customerVisitStatus({
      visitStatus: shop.status === 'Delivered' ? 'delivered' : shop.status === 'Open' ? 'open' : 'held',
      evaluationSubmitted: shop.latestEvalStatus != null && SENT_IN.has(shop.latestEvalStatus),
      dueDate: shop.dueDate.slice(0, 10),
      today,
    }) === 'late'
  );
}

function StatusCell({ shop, today }: { shop: ShopRow; today: string }) {
  if (!isLate(shop, today)) return <>{shop.status}</>;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{shop.status}</span>
      <Badge
        color="red"
        variant="light"
        title={`Past its due date, ${formatDateUs(shop.dueDate)}`}
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        Late
      </Badge>
    </Group>
  );
}

/**
 * Shops with their status as text and a report link once Delivered; `withProgram` adds the program
 * column (lists across programs), `sections` a score column per section, `pageSize` pages the rows.
 */
export function ShopsTable({
  shops,
  withProgram = false,
  sections = [],
  pageSize,
}: {
  shops: { rows: ShopRow[]; loading: boolean };
  withProgram?: boolean;
  sections?: string[];
  pageSize?: number;
}) {
  const [page, setPage] = useState(1);
  const pages = pageSize ? Math.max(1, Math.ceil(shops.rows.length / pageSize)) : 1;
  const current = Math.min(page, pages);
  const rows = pageSize ? shops.rows.slice((current - 1) * pageSize, current * pageSize) : shops.rows;
  const today = new Date().toISOString().slice(0, 10);
  const head = [
    ...(withProgram ? ['Program'] : []),
    'Location',
    'Cycle Start',
    'Due Date',
    'Status',
    'Submitted',
    ...sections,
    'Report',
  ];
  return (
    <Stack gap="xs">
      <ReportTable
        testId="shops-table"
        head={head}
        loading={shops.loading}
        empty={shops.rows.length === 0}
        emptyText="There are no shops yet."
        minWidth={620 + sections.length * 90}
      >
        {rows.map((shop) => {
          const report = shopReportLink(shop);
          return (
            <Table.Tr key={shop.shopId}>
              {withProgram && <Table.Td fw={600}>{shop.programName}</Table.Td>}
              <Table.Td>
                <Text size="sm" fw={500}>
                  {shop.locationName}
                </Text>
                <Text size="xs" c="dimmed">
                  {shop.address}
                </Text>
              </Table.Td>
              <Table.Td>{formatDateUs(shop.cycleStartDate)}</Table.Td>
              <Table.Td>{formatDateUs(shop.dueDate)}</Table.Td>
              <Table.Td data-testid="shop-status">
                <StatusCell shop={shop} today={today} />
              </Table.Td>
              <Table.Td>{formatDateUs(shop.submittedDate)}</Table.Td>
              {sections.map((section) => (
                <Table.Td key={section}>
                  <SectionScore shop={shop} section={section} />
                </Table.Td>
              ))}
              <Table.Td>{report && <RowLink to={report}>View Report</RowLink>}</Table.Td>
            </Table.Tr>
          );
        })}
      </ReportTable>
      {pageSize && pages > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" data-testid="shops-count">
            {(current - 1) * pageSize + 1}–{Math.min(current * pageSize, shops.rows.length)} of{' '}
            {shops.rows.length} shops
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            siblings={0}
            getControlProps={(control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] })}
            aria-label="Shop pages"
          />
        </Group>
      )}
    </Stack>
  );
}
