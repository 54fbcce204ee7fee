import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { columnCards, LOCATION_BOARD_COLUMNS, type LocationScore, locationBoard } from '../../../domain';
import { EmptyColumnImage } from './empty-column-image';
import { FiguresTable } from './figures-table';
import { STATUS_COLOR } from './status-color';
import classes from './summary.module.css';
import type { Summary } from './use-summary';

function LocationCard({ location, onSelect }: { location: LocationScore; onSelect: () => void }) {
  return (
    <UnstyledButton onClick={onSelect} className={classes.clickable} data-testid="location-card">
      <Paper withBorder p="sm" radius="md" className={classes.card}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} lineClamp={2}>
            {/* The card's text is its name (WCAG 2.5.3: the visible label is part of the name). */}
            <VisuallyHidden component="span">Show </VisuallyHidden>
            {location.name}
          </Text>
          <Text fw={700} c={STATUS_COLOR[location.status]} data-testid="location-card-score">
            {location.percent}%
          </Text>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

function BoardColumn({
  title,
  status,
  locations,
  onSelect,
}: {
  title: string;
  status: LocationScore['status'];
  locations: LocationScore[];
  onSelect: (name: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = columnCards(locations, expanded);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="var(--mantine-color-gray-0)"
      aria-label={title}
      component="section"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={4} size="h5" c={STATUS_COLOR[status]}>
            {title}
          </Title>
          <Badge color={STATUS_COLOR[status]} variant="light" data-testid="column-count">
            {locations.length}
          </Badge>
        </Group>
        {locations.length === 0 ? (
          <Stack align="center" gap={4} py="sm">
            <EmptyColumnImage />
          </Stack>
        ) : (
          shown.map((location) => (
            <LocationCard key={location.name} location={location} onSelect={() => onSelect(location.name)} />
          ))
        )}
        {hidden > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={() => setExpanded((e) => !e)}>
            {expanded ? 'Show Less' : `Show ${hidden} more`}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Locations by performance: Strong, Growth Opportunity, Needs Attention; a card selects its location. */
export function LocationsBoard({ summary }: { summary: Summary }) {
  // Per location over a chain's 3,000 records: computed when they change, not on every render (the
  // worst questions arriving re-render the summary).
  const board = useMemo(() => locationBoard(summary.shops), [summary.shops]);
  const figures = useMemo(
    () =>
      LOCATION_BOARD_COLUMNS.flatMap((column) => board[column.key])
        .sort((a, b) => a.percent - b.percent || a.name.localeCompare(b.name))
        .map((location) => {
          const column = LOCATION_BOARD_COLUMNS.find((c) => c.status === location.status);
          return {
            key: location.name,
            header: location.name,
            cells: [`${location.percent}%`, column?.title ?? ''],
          };
        }),
    [board],
  );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="locations-board">
        {LOCATION_BOARD_COLUMNS.map((column) => (
          <BoardColumn
            key={column.key}
            title={column.title}
            status={column.status}
            locations={board[column.key]}
            onSelect={(location) => summary.setFilters({ ...summary.filters, location })}
          />
        ))}
      </SimpleGrid>
      <FiguresTable
        testId="locations-board-table"
        caption="Every location's score over the range, lowest first"
        columns={['Location', 'Score', 'Performance']}
        rows={figures}
      />
    </Stack>
  );
}
