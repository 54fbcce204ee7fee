import { useMutation, useQuery } from '@apollo/client';
import { Button, Checkbox, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../app/apollo';
import { graphql } from '../gql';
import { addressText } from './address-autocomplete';

const SAVED_LOCATIONS = graphql(`
  query SavedLocations {
    currentUser {
      _id
      locations {
        _id
        name
        address {
          ...ShortAddress
        }
      }
    }
  }
`);

const ADD_SAVED_LOCATIONS = graphql(`
  mutation AddSavedLocations($oid: String!, $locationIds: [String!]!) {
    addSavedLocations(oid: $oid, locationIds: $locationIds) {
      _id
    }
  }
`);

/**
 * 'Select Previous Addresses': the user's saved locations not already on the order; 'Add Selected
 * Addresses' adds the ticked ones and closes the panel.
 */
export function SavedLocationsPanel(props: {
  oid: string;
  onOrderIds: readonly string[];
  onAdded: () => unknown;
  onClose: () => void;
}) {
  const { data, loading } = useQuery(SAVED_LOCATIONS, { fetchPolicy: 'cache-and-network' });
  const [add, { loading: adding }] = useMutation(ADD_SAVED_LOCATIONS);
  const [selected, setSelected] = useState<string[]>([]);
  const onOrder = new Set(props.onOrderIds);
  const offered = (data?.currentUser?.locations ?? []).filter((l) => !onOrder.has(l._id));

  const submit = async () => {
    try {
      await add({ variables: { oid: props.oid, locationIds: selected } });
      setSelected([]);
      await props.onAdded();
      props.onClose();
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="saved-locations">
      <Stack gap="sm">
        {loading && !data ? (
          <Group justify="center" py="md">
            <Loader size="sm" />
          </Group>
        ) : offered.length === 0 ? (
          <Text c="dimmed" size="sm">
            You have no saved locations that are not already on this order.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Checkbox.Group value={selected} onChange={setSelected} label="Your saved locations">
              <Stack gap="xs" mt="xs">
                {offered.map((l) => (
                  <Checkbox key={l._id} value={l._id} label={l.name} description={addressText(l.address)} />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button disabled={selected.length === 0} loading={adding} onClick={submit}>
            Add Selected Addresses
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
