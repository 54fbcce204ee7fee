import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showsQuestionnaireCheckbox } from '../../domain';
import { addressText } from './address-autocomplete';
import { FrequencyShopRow } from './frequency-shop-row';
import { LocationEditForm, type OrderLocation, RemoveLocationButton } from './location-actions';
import type { OrderUserQuestionnaire } from './shop-editor';

export const MSG_NO_QUESTIONNAIRES_OF_TYPE = 'No questionnaires of this type.';

/**
 * One location on the frequency step (default variant): numbered header with edit and remove, then one
 * row per questionnaire of the route's type. The first location may offer 'use for all locations'.
 */
export function FrequencyLocationBlock(props: {
  oid: string;
  index: number;
  location: OrderLocation;
  questionnaires: OrderUserQuestionnaire[];
  /** All questionnaires on the order: the checkbox rule counts them, not only the filtered ones. */
  orderQuestionnaireCount: number;
  highlighted: boolean;
  useForAll: { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void } | null;
  onChanged: () => unknown;
  onShopSaved: () => unknown;
}) {
  const { location } = props;
  const [editing, setEditing] = useState(false);
  const tickedShopCount = location.shops.length;
  const showCheckbox = showsQuestionnaireCheckbox({
    questionnaireCount: props.orderQuestionnaireCount,
    tickedShopCount,
  });
  return (
    <Paper
      withBorder
      p="md"
      id={location._id}
      component="section"
      aria-label={`Location ${props.index + 1}: ${location.name}`}
      data-testid="frequency-location"
      style={props.highlighted ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Badge circle size="xl" variant="filled" aria-hidden>
              {props.index + 1}
            </Badge>
            <div>
              <Title order={2} size="h4">
                {location.name}
              </Title>
              <Text size="sm" c="dimmed">
                {addressText(location.address)}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="light" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
              {editing ? 'Close Edit Location' : 'Edit Location'}
            </Button>
            <RemoveLocationButton
              oid={props.oid}
              locationId={location._id}
              locationName={location.name}
              onRemoved={props.onChanged}
            />
          </Group>
        </Group>
        {editing && (
          <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
            <LocationEditForm
              oid={props.oid}
              location={location}
              onDone={() => setEditing(false)}
              onSaved={props.onChanged}
            />
          </Paper>
        )}
        {props.questionnaires.length === 0 ? (
          <Text c="dimmed">{MSG_NO_QUESTIONNAIRES_OF_TYPE}</Text>
        ) : (
          props.questionnaires.map((uq) => (
            <FrequencyShopRow
              key={uq._id}
              target={{ oid: props.oid, locationId: location._id, uq }}
              locationName={location.name}
              shop={location.shops.find((s) => s.uqid === uq._id) ?? null}
              showCheckbox={showCheckbox}
              onChanged={props.onChanged}
              onSaved={props.onShopSaved}
            />
          ))
        )}
        {props.useForAll && (
          <Checkbox
            fw={700}
            label="USE THESE ORDER DETAILS FOR ALL LOCATIONS"
            checked={props.useForAll.checked}
            disabled={props.useForAll.disabled}
            onChange={(e) => props.useForAll?.onChange(e.currentTarget.checked)}
          />
        )}
      </Stack>
    </Paper>
  );
}
