import '@mantine/charts/styles.layer.css';
import { LineChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  chartGranularity,
  type DateRange,
  legendClick,
  pointSize,
  programChartData,
  shopCountLabel,
} from '../../../domain';
import type { SummarySectionGroupRow, SummaryShopGroupRow } from '../report-types';
import { FiguresTable } from './figures-table';
import { SummaryEmpty } from './summary-texts';

/** Ten series colours that repeat (account-and-reporting 9). */
const SERIES_COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'cyan.7',
  'lime.7',
  'indigo.6',
  'pink.6',
  'yellow.7',
];
const colorOf = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;
const SHOPS = '::shops';

type TooltipEntry = {
  name?: string | number;
  value?: unknown;
  color?: string;
  payload?: Record<string, unknown>;
};

function ChartTooltip({ label, payload }: { label?: unknown; payload?: TooltipEntry[] }) {
  if (!payload?.length) return null;
  return (
    <Paper withBorder shadow="md" p="xs" radius="md" miw={180}>
      <Text size="sm" fw={700} mb={4}>
        {String(label ?? '')}
      </Text>
      {payload
        .filter((entry) => typeof entry.value === 'number')
        .map((entry) => {
          const name = String(entry.name);
          const shops = Number(entry.payload?.[`${name}${SHOPS}`] ?? 0);
          return (
            <Group key={name} gap={6} wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={entry.color ?? 'gray'} size={10} withShadow={false} />
                <Text size="xs">{name}</Text>
              </Group>
              <Text size="xs" fw={600}>
                {String(entry.value)}% ({shopCountLabel(shops)})
              </Text>
            </Group>
          );
        })}
    </Paper>
  );
}

type DotProps = {
  cx?: number;
  cy?: number;
  value?: unknown;
  payload?: Record<string, unknown>;
  index?: number;
};

/**
 * A program's performance over the range (account-and-reporting 4, 9): Overall and each section, by day
 * under 90 days and by month from 90 days; y 0 to 100%; points sized by their number of shops; the
 * legend isolates, toggles, and turns all series back on when none would remain.
 */
export default function ProgramChart({
  shops,
  sections,
  range,
}: {
  shops: SummaryShopGroupRow[];
  sections: SummarySectionGroupRow[];
  range: DateRange;
}) {
  const granularity = chartGranularity(range.start, range.end);
  const chart = useMemo(
    () => programChartData({ shops, sections, granularity }),
    [shops, sections, granularity],
  );
  const [chosen, setChosen] = useState<string[] | null>(null);
  // A choice made for other series (another program or filter) no longer applies.
  const visible =
    chosen?.every((name) => chart.series.includes(name)) && chosen.length ? chosen : chart.series;

  if (chart.points.length === 0 || chart.series.length === 0)
    return (
      <SummaryEmpty
        title="No data available for the selected filters."
        hint="Try adjusting your date range or program selection."
      />
    );

  const data = chart.points.map((point) => {
    const row: Record<string, string | number | null> = { label: point.label };
    for (const name of chart.series) {
      row[name] = point.values[name]?.percent ?? null;
      row[`${name}${SHOPS}`] = point.values[name]?.shops ?? 0;
    }
    return row;
  });
  const series = chart.series
    .map((name, i) => ({ name, color: colorOf(i) }))
    .filter((s) => visible.includes(s.name));

  const dot =
    (color: string, name: string, active = false) =>
    ({ cx, cy, value, payload, index }: DotProps) => {
      if (cx == null || cy == null || typeof value !== 'number') return <g key={`${name}-${index}`} />;
      const size = pointSize(Number(payload?.[`${name}${SHOPS}`] ?? 1), chart.maxShops);
      return (
        <circle
          key={`${name}-${index}`}
          cx={cx}
          cy={cy}
          r={size / 2 + (active ? 1.5 : 0)}
          fill={color}
          stroke="var(--mantine-color-body)"
          strokeWidth={1}
        />
      );
    };

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed" data-testid="chart-granularity" data-granularity={granularity}>
        {granularity === 'monthly' ? 'Monthly averages' : 'Daily averages'} · point size grows with the number
        of shops
      </Text>
      <Box
        data-testid="program-chart"
        role="img"
        aria-label={`Line chart of ${chart.series.join(', ')}, ${granularity === 'monthly' ? 'by month' : 'by day'}, 0 to 100%. The figures are in the table below the legend.`}
      >
        <LineChart
          h={300}
          data={data}
          dataKey="label"
          series={series}
          curveType="linear"
          connectNulls
          withLegend={false}
          lineChartProps={{ margin: { top: 12, right: 16, bottom: 0, left: 0 } }}
          yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
          unit="%"
          lineProps={(s) => {
            const color = `var(--mantine-color-${(s.color ?? 'gray.6').replace('.', '-')})`;
            return { dot: dot(color, s.name), activeDot: dot(color, s.name, true) };
          }}
          tooltipProps={{
            content: ({ label, payload }) => (
              <ChartTooltip label={label} payload={payload as TooltipEntry[] | undefined} />
            ),
          }}
        />
      </Box>
      <Group gap="xs" justify="center" role="group" aria-label="Chart legend" data-testid="chart-legend">
        {chart.series.map((name, i) => {
          const on = visible.includes(name);
          return (
            <UnstyledButton
              key={name}
              onClick={() => setChosen(legendClick(visible, chart.series, name))}
              aria-pressed={on}
              px={8}
              py={2}
              style={{ borderRadius: 4 }}
            >
              {/* A hidden series: a faded swatch and struck-through dimmed text (faded text would not read). */}
              <Group gap={6} wrap="nowrap">
                <ColorSwatch
                  color={`var(--mantine-color-${colorOf(i).replace('.', '-')})`}
                  size={12}
                  style={{ opacity: on ? 1 : 0.45 }}
                />
                <Text size="sm" td={on ? undefined : 'line-through'} c={on ? undefined : 'dimmed'}>
                  {name}
                </Text>
              </Group>
            </UnstyledButton>
          );
        })}
      </Group>
      <FiguresTable
        testId="program-chart-table"
        caption={`${granularity === 'monthly' ? 'Monthly' : 'Daily'} averages, percent of the possible score (number of shops)`}
        columns={[granularity === 'monthly' ? 'Month' : 'Day', ...chart.series]}
        rows={chart.points.map((point) => ({
          key: point.label,
          header: point.label,
          cells: chart.series.map((name) => {
            const v = point.values[name];
            return v ? `${v.percent}% (${shopCountLabel(v.shops)})` : '–';
          }),
        }))}
      />
    </Stack>
  );
}
