import { Button, Group, Pill, SimpleGrid, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  ALL_LOCATIONS,
  ALL_PROGRAMS,
  activeFilterChips,
  clearFilter,
  DEFAULT_SUMMARY_FILTERS,
  SUMMARY_DATE_RANGES,
  type SummaryDateRange,
  toDateKey,
} from '../../../domain';
import { OnDemandSelect } from '../../components/on-demand-select';
import type { PickedDates, Summary } from './use-summary';

/** The mobile breakpoint (account-and-reporting 9): the picker shows one month at 768px or less. */
const MOBILE = '(max-width: 768px)';

/** The custom range picker: shows the current range; picking both dates switches to Custom Range. */
function RangePicker({ summary, openSignal }: { summary: Summary; openSignal: number }) {
  const mobile = useMediaQuery(MOBILE);
  const button = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<PickedDates | null>(null);
  // Selecting Custom Range opens the picker.
  useEffect(() => {
    if (openSignal > 0) setTimeout(() => button.current?.click(), 0);
  }, [openSignal]);
  const value: PickedDates = draft ?? [toDateKey(summary.range.start), toDateKey(summary.range.end)];
  return (
    <DatePickerInput
      ref={button}
      type="range"
      label="Dates"
      placeholder="Start Date – End Date"
      valueFormat="MM/DD/YYYY"
      numberOfColumns={mobile ? 1 : 2}
      allowSingleDateInRange
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={value}
      onChange={(dates) => {
        const picked: PickedDates = [dates[0] ?? null, dates[1] ?? null];
        if (picked[0] && picked[1]) {
          setDraft(null);
          summary.pickDates(picked);
        } else setDraft(picked);
      }}
      onDropdownClose={() => setDraft(null)}
      data-testid="custom-range"
    />
  );
}

/** The Region filter's first choice. */
export const ALL_REGIONS = 'All Regions';

/**
 * Region (when the account has regions), location, program and date-range dropdowns
 * (account-and-reporting 2). Each list enters the page when its field first takes the focus: a closed
 * Select keeps its options, their scroll area and their positioning in the page, which the summary's
 * first render paid for four times over.
 */
export function SummaryFiltersBar({ summary }: { summary: Summary }) {
  const { filters } = summary;
  const [openSignal, setOpenSignal] = useState(0);
  const hasRegions = summary.regions.length > 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: hasRegions ? 5 : 4 }} spacing="sm">
      {hasRegions && (
        <OnDemandSelect
          label="Region"
          data={[
            { value: ALL_REGIONS, label: ALL_REGIONS },
            ...summary.regions.map((r) => ({ value: r._id, label: r.name })),
          ]}
          value={summary.regionId ?? ALL_REGIONS}
          onChange={(v) => summary.setRegionId(v && v !== ALL_REGIONS ? v : null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="region-filter"
        />
      )}
      <OnDemandSelect
        label="Location"
        data={[ALL_LOCATIONS, ...summary.locations]}
        value={filters.location}
        onChange={(v) => summary.setFilters({ ...filters, location: v ?? ALL_LOCATIONS })}
        allowDeselect={false}
        searchable={summary.locations.length > 10}
        comboboxProps={{ withinPortal: true }}
      />
      <OnDemandSelect
        label="Program"
        data={[ALL_PROGRAMS, ...summary.programs]}
        value={filters.program}
        onChange={(v) => summary.setFilters({ ...filters, program: v ?? ALL_PROGRAMS })}
        allowDeselect={false}
      />
      <OnDemandSelect
        label="Date Range"
        data={[...SUMMARY_DATE_RANGES]}
        value={summary.rangeChoice}
        onChange={(v) => {
          const choice = (v ?? summary.rangeChoice) as SummaryDateRange;
          summary.chooseRange(choice);
          if (choice === 'Custom Range') setOpenSignal((n) => n + 1);
        }}
        allowDeselect={false}
      />
      <RangePicker summary={summary} openSignal={openSignal} />
    </SimpleGrid>
  );
}

/** The Active Filters bar: a removable chip per filter and Clear All; hidden at the defaults. */
export function ActiveFilters({ summary }: { summary: Summary }) {
  const chips = activeFilterChips(summary.filters);
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" data-testid="active-filters" aria-label="Active filters">
      <Text size="sm" fw={600}>
        Active Filters:
      </Text>
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          size="md"
          withRemoveButton
          removeButtonProps={{ 'aria-label': `Remove ${chip.label}` }}
          onRemove={() => summary.setFilters(clearFilter(summary.filters, chip.key))}
        >
          {chip.label}
        </Pill>
      ))}
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => {
          summary.setFilters(DEFAULT_SUMMARY_FILTERS);
          summary.setRegionId(null);
        }}
      >
        Clear All
      </Button>
    </Group>
  );
}
