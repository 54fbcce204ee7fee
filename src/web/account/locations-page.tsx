import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { may, type TLocationEditInput } from '../../domain';
import { errorMessage, notifyError, notifySuccess } from '../app/apollo';
import { PageLoader, useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import { LocationForm } from '../order/location-form';
import { ADD_ACCOUNT_LOCATION, USER_LOCATIONS } from './account-documents';
import { AccountLocationRow } from './account-location-row';
import { MSG_LOCATION_SAVED } from './account-messages';
import { MoveToRegionForm } from './move-to-region-form';
import { RegionsPanel, useMoveLocations } from './regions-panel';
import { REGIONS } from './team-documents';

/** Add New Location: the wizard's location form, saving to the account (on no order). */
function AddLocationPanel({ onClose }: { onClose: () => void }) {
  const [add] = useMutation(ADD_ACCOUNT_LOCATION, {
    refetchQueries: ['UserLocations'],
    awaitRefetchQueries: true,
  });
  const onSave = async (input: TLocationEditInput) => {
    try {
      await add({ variables: { input } });
    } catch (err) {
      notifyError(err);
      throw err;
    }
    notifySuccess(MSG_LOCATION_SAVED);
    onClose();
    return true;
  };
  return (
    <Paper withBorder p="md" component="section" aria-label="Add New Location">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Add New Location
        </Title>
        <LocationForm initial={{ name: '' }} submitLabel="Add Location" onSave={onSave} onCancel={onClose} />
      </Stack>
    </Paper>
  );
}

/**
 * /account/locations: every saved location, editable in place, plus Add New Location; for owners and
 * admins, the account's regions, each location's Region, and ticked locations moved to a region at once.
 */
export function LocationsPage() {
  const { data, loading, error } = useQuery(USER_LOCATIONS);
  const { role } = useCurrentUser();
  const team = role !== null && may(role, 'team');
  const regionList = useQuery(REGIONS, { skip: !team });
  const regions = team ? regionList.data?.regions : undefined;
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { move, moving } = useMoveLocations(regions ?? []);
  const locations = data?.currentUser?.locations;
  // Moving several at once needs a region to move them to.
  const bulk = regions && regions.length > 0 && locations && locations.length > 0;
  const tick = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Page title="Location Management">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Edit a location's details, or remove a location you no longer use.
        </Text>
        {!adding && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add New Location
          </Button>
        )}
      </Group>
      {adding && <AddLocationPanel onClose={() => setAdding(false)} />}
      {regions && <RegionsPanel regions={regions} />}
      {locations ? (
        locations.length === 0 ? (
          <Text c="dimmed">You have no saved locations yet.</Text>
        ) : (
          <Stack gap="sm">
            {bulk && (
              <MoveToRegionForm
                locationIds={locations.map((l) => l._id)}
                regions={regions}
                selected={selected}
                onSelect={setSelected}
                move={move}
                moving={moving}
              />
            )}
            {locations.map((location) => (
              <AccountLocationRow
                key={location._id}
                location={location}
                regions={regions}
                selection={
                  bulk
                    ? {
                        checked: selected.has(location._id),
                        disabled: moving,
                        onChange: (on) => tick(location._id, on),
                      }
                    : undefined
                }
              />
            ))}
          </Stack>
        )
      ) : loading ? (
        <PageLoader />
      ) : (
        <Alert color="red">{errorMessage(error)}</Alert>
      )}
    </Page>
  );
}
