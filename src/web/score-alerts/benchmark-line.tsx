import { useQuery } from '@apollo/client';
import { Group, Stack, Text } from '@mantine/core';
import { ALL_LOCATIONS, ALL_PROGRAMS, toDateKey } from '../../domain';
import { BENCHMARKS } from './score-alert-documents';

/** What the range is called in the benchmark's sentence ("this quarter" for Past 3 Months). */
const RANGE_WORDS: Record<string, string> = {
  'All Time': 'of all time',
  'Year to Date': 'this year',
  'Past 12 Months': 'in the past 12 months',
  'Past 6 Months': 'in the past 6 months',
  'Past 3 Months': 'this quarter',
  'Past 30 Days': 'in the past 30 days',
  'Custom Range': 'in this range',
};

const NOUN: Record<string, string> = { customerSurvey: 'survey responses' };

/**
 * The Performance Summary's benchmark (issue 48): for each program shown, "Top 25 % of Restaurants
 * visits this quarter" for the caller's locations (and the chosen location), or "Not enough data to
 * compare". From the nightly rollup; loaded after the summary's figures (lazy), so it adds nothing to
 * the dashboard's first render.
 */
export default function BenchmarkLine({
  start,
  end,
  rangeChoice,
  program,
  location,
}: {
  start: Date;
  end: Date;
  rangeChoice: string;
  program: string;
  location: string;
}) {
  const { data } = useQuery(BENCHMARKS, {
    variables: {
      filter: {
        startDate: toDateKey(start),
        endDate: toDateKey(end),
        programName: program === ALL_PROGRAMS ? null : program,
        locationName: location === ALL_LOCATIONS ? null : location,
      },
    },
  });
  const rows = data?.benchmarks ?? [];
  if (!rows.length) return null;
  const when = RANGE_WORDS[rangeChoice] ?? 'in this range';
  return (
    <Stack gap={4} component="section" aria-label="Benchmarks" data-testid="benchmarks">
      {rows.map((b) => {
        const of = `of ${b.industry} ${NOUN[b.questionnaireType] ?? 'visits'} ${when}`;
        return (
          <Group key={b.programId} gap="xs" wrap="wrap" data-testid="benchmark">
            <Text size="sm" fw={600}>
              {b.programName}:
            </Text>
            {b.available && b.account ? (
              <Text size="sm">
                {location === ALL_LOCATIONS ? '' : 'Your locations: '}
                {b.account.label} {of}
                {b.location ? ` · ${location}: ${b.location.label}` : ''}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {b.message ?? 'Not enough data to compare'}
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
