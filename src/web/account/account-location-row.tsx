import { useMutation } from '@apollo/client';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../app/apollo';
import { addressLine } from '../order/order-summary';
import { InlineConfirm } from './account-confirm';
import { REMOVE_LOCATION_FROM_ACCOUNT, SAVE_ACCOUNT_LOCATION } from './account-documents';
import { type AccountLocation, AccountLocationForm } from './account-location-form';
import { MSG_LOCATION_REMOVED, MSG_LOCATION_SAVED } from './account-messages';
import { type Region, RegionSelect } from './regions-panel';

export const MSG_REMOVE_LOCATION_NOTE =
  'Any active shops at this location will continue until they are cancelled on Recurring Orders.';

function Detail({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span size="sm" c="dimmed">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** A location's box for Move to region: ticked or not, and locked while a move is saving. */
export type LocationSelection = { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void };

/**
 * One saved location: its details, or its edit form; Edit and Remove Location (asked in place); for
 * owners and admins (`regions` given), its Region and (`selection` given) its box for Move to region.
 */
export function AccountLocationRow({
  location,
  regions,
  selection,
}: {
  location: AccountLocation;
  regions?: Region[];
  selection?: LocationSelection;
}) {
  const [editing, setEditing] = useState(false);
  const [save] = useMutation(SAVE_ACCOUNT_LOCATION);
  const [remove, removing] = useMutation(REMOVE_LOCATION_FROM_ACCOUNT, {
    refetchQueries: ['UserLocations'],
    awaitRefetchQueries: true,
  });

  return (
    <Paper
      withBorder
      p="md"
      data-testid="account-location"
      aria-label={location.name}
      component="section"
      style={selection?.checked ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      {editing ? (
        <AccountLocationForm
          location={location}
          onCancel={() => setEditing(false)}
          onSave={async (input) => {
            try {
              await save({ variables: { locationId: location._id, input } });
            } catch (err) {
              notifyError(err);
              throw err;
            }
            notifySuccess(MSG_LOCATION_SAVED);
            setEditing(false);
          }}
        />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
              {selection && (
                <Checkbox
                  mt={3}
                  aria-label={`Select ${location.name}`}
                  checked={selection.checked}
                  disabled={selection.disabled}
                  onChange={(e) => selection.onChange(e.currentTarget.checked)}
                />
              )}
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text fw={700}>{location.name}</Text>
                <Text size="sm" c="dimmed">
                  {addressLine(location.address)}
                </Text>
              </div>
            </Group>
            <Button variant="default" size="xs" onClick={() => setEditing(true)} style={{ flexShrink: 0 }}>
              Edit
            </Button>
          </Group>
          <Detail label="Website" value={location.website} />
          <Detail label="Phone" value={location.phone} />
          <Detail label="Emails to Receive Reports for this Location" value={location.additionalEmails} />
          {regions && <RegionSelect location={location} regions={regions} />}
          <Group>
            <InlineConfirm
              label="Remove Location"
              note={MSG_REMOVE_LOCATION_NOTE}
              loading={removing.loading}
              onConfirm={async () => {
                try {
                  await remove({ variables: { locationId: location._id } });
                  notifySuccess(MSG_LOCATION_REMOVED);
                } catch (err) {
                  notifyError(err);
                }
              }}
            />
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
