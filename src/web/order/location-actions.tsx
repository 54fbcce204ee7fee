import { useMutation } from '@apollo/client';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../app/apollo';
import { graphql } from '../gql';
import { LocationForm } from './location-form';
import type { WizardOrder } from './use-order';

export type OrderLocation = WizardOrder['locations'][number];

const SAVE_LOCATION = graphql(`
  mutation SaveLocation($locationId: String!, $oid: String, $input: LocationEditInput!) {
    saveLocation(locationId: $locationId, oid: $oid, input: $input) {
      ...EditableLocation
    }
  }
`);

const REMOVE_LOCATION = graphql(`
  mutation RemoveLocationFromOrder($locationId: String!, $oid: String!) {
    removeLocationFromOrder(locationId: $locationId, oid: $oid) {
      _id
    }
  }
`);

/** Inline edit of a location on the order (saveLocation); closes on save. */
export function LocationEditForm(props: {
  oid: string;
  location: OrderLocation;
  onDone: () => void;
  onSaved: () => unknown;
}) {
  const [save] = useMutation(SAVE_LOCATION);
  const { location } = props;
  return (
    <LocationForm
      compact
      initial={location}
      submitLabel="Save Location"
      onCancel={props.onDone}
      onSave={async (input) => {
        try {
          await save({ variables: { locationId: location._id, oid: props.oid, input } });
        } catch (err) {
          notifyError(err);
          throw err;
        }
        await props.onSaved();
        props.onDone();
        return true;
      }}
    />
  );
}

/** 'Remove Location' behind an inline confirm (removeLocationFromOrder). */
export function RemoveLocationButton(props: {
  oid: string;
  locationId: string;
  locationName: string;
  onRemoved: () => unknown;
}) {
  const [confirming, setConfirming] = useState(false);
  const [remove, { loading }] = useMutation(REMOVE_LOCATION);
  if (!confirming) {
    return (
      <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
        Remove Location
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={`Confirm removing ${props.locationName}`}>
      <Text size="xs" fw={500}>
        Remove this location?
      </Text>
      <Button
        size="xs"
        color="red"
        loading={loading}
        onClick={async () => {
          try {
            await remove({ variables: { locationId: props.locationId, oid: props.oid } });
            await props.onRemoved();
          } catch (err) {
            notifyError(err);
            setConfirming(false);
          }
        }}
      >
        Yes, Remove
      </Button>
      <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={loading}>
        Cancel
      </Button>
    </Group>
  );
}
