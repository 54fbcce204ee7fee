import { Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import { addressText } from './address-autocomplete';
import { LocationEditForm, type OrderLocation, RemoveLocationButton } from './location-actions';

/** The order's locations with inline edit and remove (Add Locations). */
export function LocationTable(props: { oid: string; locations: OrderLocation[]; onChanged: () => unknown }) {
  const [editing, setEditing] = useState<string | null>(null);
  if (props.locations.length === 0) {
    return (
      <Paper withBorder p="lg" ta="center">
        <Text c="dimmed">No locations on this order yet. Add your first location above.</Text>
      </Paper>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped highlightOnHover data-testid="location-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location Name</Table.Th>
            <Table.Th>Street Address</Table.Th>
            <Table.Th>Website</Table.Th>
            <Table.Th>Phone Number</Table.Th>
            <Table.Th>Edit</Table.Th>
            <Table.Th>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.locations.map((location) => (
            <Fragment key={location._id}>
              <Table.Tr data-testid="location-row">
                <Table.Td fw={600}>{location.name}</Table.Td>
                <Table.Td>{addressText(location.address)}</Table.Td>
                <Table.Td>{location.website}</Table.Td>
                <Table.Td>{location.phone}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    aria-expanded={editing === location._id}
                    aria-label={`Edit ${location.name}`}
                    onClick={() => setEditing(editing === location._id ? null : location._id)}
                  >
                    Edit
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <RemoveLocationButton
                      oid={props.oid}
                      locationId={location._id}
                      locationName={location.name}
                      onRemoved={props.onChanged}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
              {editing === location._id && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <LocationEditForm
                      oid={props.oid}
                      location={location}
                      onDone={() => setEditing(null)}
                      onSaved={props.onChanged}
                    />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
