import { useMutation } from '@apollo/client';
import {
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage, fieldErrors, notifyError, notifySuccess } from '../app/apollo';
import type { RegionsQuery } from '../gql/graphql';
import { InlineConfirm } from './account-confirm';
import { CREATE_REGION, DELETE_REGION, RENAME_REGION, SET_LOCATIONS_REGION } from './team-documents';
import {
  MSG_LOCATIONS_MOVED,
  MSG_REGION_CREATED,
  MSG_REGION_DELETED,
  MSG_REGION_RENAMED,
} from './team-messages';

export type Region = RegionsQuery['regions'][number];

const refetch = { refetchQueries: ['Regions', 'UserLocations'], awaitRefetchQueries: true };

/** The server's message for the region name, else its whole message. */
const nameError = (err: unknown) => fieldErrors(err).name ?? errorMessage(err);

/** A region's name, or its rename form. */
function RegionRow({ region }: { region: Region }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(region.name);
  const [error, setError] = useState<string | null>(null);
  const [rename, renaming] = useMutation(RENAME_REGION, refetch);
  const [remove, removing] = useMutation(DELETE_REGION, refetch);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await rename({ variables: { regionId: region._id, name } });
      notifySuccess(MSG_REGION_RENAMED);
      setEditing(false);
      setError(null);
    } catch (err) {
      setError(nameError(err));
    }
  };
  return (
    <Table.Tr data-testid="region-row">
      <Table.Td>
        {editing ? (
          <form onSubmit={save} noValidate aria-label={`Rename ${region.name}`}>
            <Group gap="xs" align="flex-start">
              <TextInput
                label="Region name"
                value={name}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setError(null);
                }}
                error={error}
                autoFocus
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setEditing(false);
                }}
              />
              <Group gap="xs" mt={25}>
                <Button type="submit" size="sm" loading={renaming.loading}>
                  Save
                </Button>
                <Button variant="default" size="sm" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              </Group>
            </Group>
          </form>
        ) : (
          <Text fw={600}>{region.name}</Text>
        )}
      </Table.Td>
      <Table.Td>{region.locationCount}</Table.Td>
      <Table.Td>
        {!editing && (
          <Group gap="xs" justify="flex-end">
            <Button
              size="xs"
              variant="default"
              aria-label={`Rename ${region.name}`}
              onClick={() => {
                setName(region.name);
                setEditing(true);
              }}
            >
              Rename
            </Button>
            <InlineConfirm
              label="Delete"
              confirmLabel={`Delete ${region.name}`}
              loading={removing.loading}
              onConfirm={async () => {
                try {
                  await remove({ variables: { regionId: region._id } });
                  notifySuccess(MSG_REGION_DELETED);
                } catch (err) {
                  notifyError(err);
                }
              }}
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function CreateRegionForm() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CREATE_REGION, refetch);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await create({ variables: { name } });
      notifySuccess(MSG_REGION_CREATED);
      setName('');
      setError(null);
    } catch (err) {
      setError(nameError(err));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New region">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label="New region"
          placeholder="e.g. North Texas"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          w={{ base: '100%', xs: 280 }}
        />
        <Button type="submit" loading={loading} mt={{ base: 0, xs: 25 }}>
          Create Region
        </Button>
      </Group>
    </form>
  );
}

/** Regions of the account (owners and admins): create, rename, delete; locations join them below. */
export function RegionsPanel({ regions }: { regions: Region[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Regions">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Regions
        </Title>
        <Text size="sm" c="dimmed">
          Group your locations into regions, and give a region to a Manager on the Team page. A location is in
          one region at most.
        </Text>
        {regions.length > 0 && (
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing="xs" data-testid="regions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Region</Table.Th>
                  <Table.Th>Locations</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {regions.map((r) => (
                  <RegionRow key={r._id} region={r} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <CreateRegionForm />
      </Stack>
    </Paper>
  );
}

/** The Region choices: "No region" (the empty value), then the account's regions. */
export const NO_REGION = '';
export const regionChoices = (regions: Region[]) => [
  { value: NO_REGION, label: 'No region' },
  ...regions.map((r) => ({ value: r._id, label: r.name })),
];

/**
 * Puts locations in a region (NO_REGION: in none) with one setLocationsRegion call, then says how many
 * moved where; false when the server refused (its message is shown).
 */
export function useMoveLocations(regions: Region[]) {
  const [mutate, { loading }] = useMutation(SET_LOCATIONS_REGION, refetch);
  const move = async (locationIds: string[], choice: string): Promise<boolean> => {
    const regionId = choice || null;
    try {
      const { data } = await mutate({ variables: { regionId, locationIds } });
      const moved = data?.setLocationsRegion ?? locationIds.length;
      notifySuccess(MSG_LOCATIONS_MOVED(moved, regions.find((r) => r._id === regionId)?.name ?? null));
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    }
  };
  return { move, moving: loading };
}

/** The Region of one location: choosing another moves it there at once. */
export function RegionSelect({
  location,
  regions,
}: {
  location: { _id: string; name: string; regionId?: string | null };
  regions: Region[];
}) {
  const { move, moving } = useMoveLocations(regions);
  return (
    <Select
      label="Region"
      aria-label={`Region of ${location.name}`}
      data={regionChoices(regions)}
      value={location.regionId ?? NO_REGION}
      allowDeselect={false}
      disabled={moving}
      w={{ base: '100%', xs: 240 }}
      onChange={(value) => move([location._id], value ?? NO_REGION)}
    />
  );
}
