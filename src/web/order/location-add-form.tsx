import { useMutation, useQuery } from '@apollo/client';
import { Paper, Title } from '@mantine/core';
import { nextDefaultLocationName } from '../../domain';
import { notifyError, notifySuccess } from '../app/apollo';
import { graphql } from '../gql';
import { LocationForm } from './location-form';

const NEXT_LOCATION_ID = graphql(`
  query NextLocationId($oid: String) {
    nextLocationID(oid: $oid)
  }
`);

const ADD_LOCATION = graphql(`
  mutation AddLocation($input: LocationInput!) {
    addLocation(input: $input) {
      _id
    }
  }
`);

export const MSG_LOCATION_ADDED = 'Location added successfully.';

/** The new-location form: addLocation on this order, then a fresh form with the next default name. */
export function LocationAddForm(props: {
  oid: string;
  lastLocationName: string | null;
  onAdded: () => unknown;
}) {
  const { data, refetch } = useQuery(NEXT_LOCATION_ID, {
    variables: { oid: props.oid },
    fetchPolicy: 'cache-and-network',
  });
  const [add] = useMutation(ADD_LOCATION);
  const defaultName = nextDefaultLocationName(props.lastLocationName, data?.nextLocationID ?? '1');
  const blank = { name: defaultName, address: null };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-location-heading">
      <Title order={2} size="h4" mb="sm" id="new-location-heading">
        Add a New Location
      </Title>
      <LocationForm
        initial={blank}
        resetTo={blank}
        submitLabel="Add Location"
        onSave={async (input) => {
          try {
            await add({ variables: { input: { ...input, oids: [props.oid] } } });
          } catch (err) {
            notifyError(err);
            throw err;
          }
          notifySuccess(MSG_LOCATION_ADDED);
          await Promise.all([props.onAdded(), refetch()]);
          return true;
        }}
      />
    </Paper>
  );
}
