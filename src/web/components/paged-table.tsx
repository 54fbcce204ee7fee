import { Alert, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { errorMessage } from '../app/apollo';

/** A page of a GraphQL connection as the lists read it. */
export interface Connection<N> {
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  nodes: readonly N[];
}

/** What a paged list's query gives its table: the pages so far, their state and the way to the next. */
export interface PageState<N> {
  connection: Connection<N> | null | undefined;
  loading: boolean;
  error?: unknown;
  loadMore: (after: string | null | undefined) => Promise<unknown>;
}

export interface PagedColumn<N> {
  header: ReactNode;
  cell: (node: N) => ReactNode;
  align?: 'right';
  /** The style of each of the column's cells. */
  style?: CSSProperties;
}

/** The test ids of the table, each row and the empty text (the e2e journeys find the lists by them). */
export interface PagedTableIds {
  table: string;
  row: string;
  empty: string;
}

/**
 * A paged list as a table: a loader until the first page comes, the error if it fails, `emptyText`
 * when there is nothing, else the rows and, while there are more, Load More, which asks `loadMore`
 * for the page after the last cursor shown.
 */
export function PagedTable<N>({
  connection,
  loading,
  error,
  loadMore,
  columns,
  rowKey,
  minWidth,
  emptyText,
  ids,
}: PageState<N> & {
  columns: readonly PagedColumn<N>[];
  rowKey: (node: N) => string;
  minWidth: number;
  emptyText: string;
  ids: PagedTableIds;
}) {
  const [loadingMore, setLoadingMore] = useState(false);

  if (loading && !connection) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (error && !connection) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!connection || connection.nodes.length === 0) {
    return (
      <Text c="dimmed" data-testid={ids.empty}>
        {emptyText}
      </Text>
    );
  }

  const more = async () => {
    setLoadingMore(true);
    try {
      await loadMore(connection.pageInfo.endCursor);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid={ids.table}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed
                <Table.Th key={i} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {connection.nodes.map((node) => (
              <Table.Tr key={rowKey(node)} data-testid={ids.row}>
                {columns.map((column, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed
                  <Table.Td key={i} ta={column.align} style={column.style}>
                    {column.cell(node)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {connection.pageInfo.hasNextPage && (
        <Center>
          <Button variant="default" onClick={more} loading={loadingMore}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}
