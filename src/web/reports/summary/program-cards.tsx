import { Group, Paper, SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatShortDate, performanceStatus, summaryProgramCards } from '../../../domain';
import { STATUS_COLOR } from './status-color';
import classes from './summary.module.css';
import type { Summary } from './use-summary';

/** One card per program (All Programs, several programs); clicking one selects that program. */
export function ProgramCards({ summary }: { summary: Summary }) {
  const cards = summaryProgramCards(summary.cardShops);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="program-cards">
      {cards.map((card) => (
        <UnstyledButton
          key={card.programId}
          onClick={() => summary.setFilters({ ...summary.filters, program: card.programName })}
          data-testid="program-card"
          className={classes.clickable}
        >
          <Paper withBorder p="md" radius="md" className={classes.card}>
            <Text fw={700} lineClamp={2}>
              {/* The card's text is its name (WCAG 2.5.3: the visible label is part of the name). */}
              <VisuallyHidden component="span">Show </VisuallyHidden>
              {card.programName}
            </Text>
            <Text
              fz={28}
              fw={700}
              c={card.score === null ? 'dimmed' : STATUS_COLOR[performanceStatus(card.score)]}
              data-testid="program-card-score"
            >
              {card.percent === null ? '—' : `${card.percent}%`}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                Shops: <b data-testid="program-card-shops">{card.shopCount}</b>
              </Text>
              <Text size="sm" c="dimmed">
                Last Shop: {formatShortDate(card.lastShopDate)}
              </Text>
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
