import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { splitIntoThreeColumns } from '../../domain';
import { popularIndustries } from './get-started-rules';

export interface IndustryChoice {
  _id: string;
  title: string;
}

/** Default variant: the industry dropdown plus the Popular Industries the brand has. */
export function IndustryPicker({
  industries,
  value,
  onChange,
  unlistedMailto,
}: {
  industries: readonly IndustryChoice[];
  value: string | null;
  onChange: (industryId: string) => void;
  unlistedMailto: string | null;
}) {
  const popular = popularIndustries(industries);
  return (
    <Stack gap="md">
      {/* A native select: light on the first page, and the phone's own picker on small screens. */}
      <NativeSelect
        label="Industry"
        data={[
          { value: '', label: 'Please select an industry...', disabled: true },
          ...industries.map((i) => ({ value: i._id, label: i.title })),
        ]}
        value={value ?? ''}
        onChange={(e) => e.currentTarget.value && onChange(e.currentTarget.value)}
        size="md"
      />
      {popular.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={600} c="dimmed" id="popular-industries">
            Popular Industries
          </Text>
          <Group
            component="ul"
            gap="xs"
            aria-labelledby="popular-industries"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {popular.map((i) => (
              <li key={i._id}>
                <Button
                  size="compact-sm"
                  radius="xl"
                  variant={i._id === value ? 'filled' : 'light'}
                  aria-pressed={i._id === value}
                  onClick={() => onChange(i._id)}
                >
                  {i.title}
                </Button>
              </li>
            ))}
          </Group>
        </Stack>
      )}
      <UnlistedIndustry mailto={unlistedMailto} />
    </Stack>
  );
}

/** Automotive variant: every industry in three columns (the middle one takes the remainder). */
export function IndustryColumns({
  industries,
  value,
  onChange,
  unlistedMailto,
}: {
  industries: readonly IndustryChoice[];
  value: string | null;
  onChange: (industryId: string) => void;
  unlistedMailto: string | null;
}) {
  return (
    <Stack gap="sm">
      <Text fw={600}>Select your industry</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing="xs">
        {splitIntoThreeColumns(industries).map((column, c) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the three columns are fixed positions.
          <Stack key={c} gap="xs">
            {column.map((i) => {
              const active = i._id === value;
              return (
                <UnstyledButton key={i._id} onClick={() => onChange(i._id)} aria-pressed={active}>
                  <Paper
                    withBorder
                    p="sm"
                    bg={active ? 'brand.6' : undefined}
                    c={active ? 'var(--mantine-primary-color-contrast)' : undefined}
                    fw={600}
                  >
                    {i.title}
                  </Paper>
                </UnstyledButton>
              );
            })}
          </Stack>
        ))}
      </SimpleGrid>
      <UnlistedIndustry mailto={unlistedMailto} />
    </Stack>
  );
}

function UnlistedIndustry({ mailto }: { mailto: string | null }) {
  if (!mailto) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="unlisted-industry">
      Don't see your industry listed?{' '}
      <Anchor href={mailto} size="sm">
        click here
      </Anchor>{' '}
      to tell us what you need.
    </Text>
  );
}
