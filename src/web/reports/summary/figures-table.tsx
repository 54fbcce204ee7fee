import { Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import classes from './summary.module.css';

export type FigureRow = { key: string; header: string; cells: ReactNode[] };

/**
 * The text alternative of a chart or board: the same figures as a table, behind a disclosure that
 * keyboards and screen readers open like any button (a native <details>). The table is rendered once
 * the disclosure is opened: closed, it is not shown, and a chain's board has 1,000 rows whose
 * rendering held up the summary's first paint.
 */
export function FiguresTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string;
  /** Column headings; the first names the row headers' column. */
  columns: string[];
  rows: FigureRow[];
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className={classes.figures} data-testid={testId} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <Text span size="sm" fw={600}>
          Show the figures as a table
        </Text>
      </summary>
      {open && (
        <Table.ScrollContainer minWidth={Math.min(160 * columns.length, 900)}>
          <Table striped withTableBorder captionSide="top" fz="sm">
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row">{row.header}</Table.Th>
                  {row.cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, one per column.
                    <Table.Td key={i}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </details>
  );
}
