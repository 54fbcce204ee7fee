import { Anchor, Group, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TeamScopeChoicesQuery } from '../gql/graphql';
import { MSG_MANAGER_SCOPE_HELP, MSG_NO_REGIONS_YET } from './team-messages';

/** A role given to a member (never owner: ownership is transferred) and, for a manager, their scope. */
export type Grant = { role: 'admin' | 'manager'; regionIds: string[]; locationIds: string[] };

export const NO_GRANT: Grant = { role: 'manager', regionIds: [], locationIds: [] };

/** The grant as the server takes it: regions and locations only for a manager. */
export const grantInput = (g: Grant) =>
  g.role === 'manager' ? g : { role: g.role, regionIds: [], locationIds: [] };

/** The account's regions and locations to choose from (a query of the Team page). */
export type ScopeChoices = {
  regions: TeamScopeChoicesQuery['regions'];
  locations: NonNullable<TeamScopeChoicesQuery['currentUser']>['locations'];
};

/**
 * Role (Admin or Manager) and, for a Manager, the regions and locations they see. Errors are the
 * server's, at the field it names (role, regionIds, locationIds).
 */
export function GrantFields({
  value,
  onChange,
  choices,
  errors,
  idPrefix,
}: {
  value: Grant;
  onChange: (next: Grant) => void;
  choices: ScopeChoices;
  errors: Record<string, string>;
  idPrefix: string;
}) {
  const regionData = choices.regions.map((r) => ({
    value: r._id,
    label: `${r.name} (${r.locationCount === 1 ? '1 location' : `${r.locationCount} locations`})`,
  }));
  const locationData = choices.locations.map((l) => ({ value: l._id, label: l.name }));
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Role"
        value={value.role}
        onChange={(role) => onChange({ ...value, role: role as Grant['role'] })}
        error={errors.role}
        withAsterisk
      >
        <Group gap="lg" mt={4}>
          <Radio id={`${idPrefix}-admin`} value="admin" label="Admin" description="Everything but the card" />
          <Radio
            id={`${idPrefix}-manager`}
            value="manager"
            label="Manager"
            description="Reports for their locations"
          />
        </Group>
      </Radio.Group>
      {value.role === 'manager' && (
        <>
          <Text size="sm" c="dimmed">
            {MSG_MANAGER_SCOPE_HELP}
          </Text>
          <MultiSelect
            label="Regions"
            placeholder={regionData.length ? 'Choose regions' : undefined}
            data={regionData}
            value={value.regionIds}
            onChange={(regionIds) => onChange({ ...value, regionIds })}
            error={errors.regionIds}
            disabled={regionData.length === 0}
            description={
              regionData.length === 0 ? (
                <Anchor component={Link} to="/account/locations" size="xs">
                  {MSG_NO_REGIONS_YET}
                </Anchor>
              ) : undefined
            }
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label="Locations"
            placeholder={locationData.length ? 'Choose locations one by one' : undefined}
            data={locationData}
            value={value.locationIds}
            onChange={(locationIds) => onChange({ ...value, locationIds })}
            error={errors.locationIds}
            disabled={locationData.length === 0}
            searchable
            clearable
            limit={50}
            nothingFoundMessage="No location by that name"
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
    </Stack>
  );
}
