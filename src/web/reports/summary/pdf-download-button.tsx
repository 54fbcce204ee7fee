import { Button, Menu } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  ALL_LOCATIONS,
  ALL_PROGRAMS,
  PAPER_LABELS,
  PAPER_SIZES,
  type PaperSize,
  rangeParams,
} from '../../../domain';
import type { Summary } from './use-summary';

/**
 * The summary PDF's address for the page's range, filters and region: the server renders it for the
 * logged-in reader (a manager's PDF holds their locations only).
 */
export function summaryPdfUrl(
  summary: Pick<Summary, 'range' | 'filters' | 'regionId'>,
  paper: PaperSize,
): string {
  const params = new URLSearchParams({ ...rangeParams(summary.range), paper });
  if (summary.filters.program !== ALL_PROGRAMS) params.set('programName', summary.filters.program);
  if (summary.filters.location !== ALL_LOCATIONS) params.set('locationName', summary.filters.location);
  if (summary.regionId) params.set('regionId', summary.regionId);
  return `/reports/summary.pdf?${params}`;
}

/** 'Download PDF' of the Performance Summary, in A4 or US Letter. */
export function PdfDownloadButton({ summary }: { summary: Summary }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconFileTypePdf size={16} />}
          disabled={summary.loading}
          data-testid="summary-pdf"
        >
          Download PDF
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Paper size</Menu.Label>
        {PAPER_SIZES.map((paper) => (
          <Menu.Item key={paper} component="a" href={summaryPdfUrl(summary, paper)} download>
            {PAPER_LABELS[paper]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
