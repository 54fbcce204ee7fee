import { Button, Checkbox, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  enumNameOf,
  isWebhookEvent,
  valueOfEnumName,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  ZWebhookEndpointInput,
} from '../../domain';
import { errorMessage, fieldErrors } from '../app/apollo';

export type EndpointValues = { url: string; description: string; events: string[]; enabled: boolean };

export const NEW_ENDPOINT: EndpointValues = { url: '', description: '', events: [], enabled: true };

/** The form shows event types as payloads carry them ('shop.submitted'); the API's enum names them SHOP_SUBMITTED. */
export const endpointInput = (values: EndpointValues) => ({
  ...values,
  events: values.events.filter(isWebhookEvent).map(enumNameOf),
});

/** An event type of the API's enum as payloads carry it. */
export const eventTypeOf = (name: string) => valueOfEnumName(WEBHOOK_EVENTS, name) ?? name;

/**
 * An endpoint's URL, description, events and whether it is on. Checked with the shared schema first;
 * the server's errors (the URL's rules among them) show at the field they name.
 */
export function EndpointForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  idPrefix,
}: {
  initial: EndpointValues;
  submitLabel: string;
  onSubmit: (values: EndpointValues) => Promise<unknown>;
  onCancel?: () => void;
  idPrefix: string;
}) {
  const [values, setValues] = useState<EndpointValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = ZWebhookEndpointInput.safeParse(values);
    if (!checked.success) {
      const out: Record<string, string> = {};
      for (const issue of checked.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit({ ...checked.data, events: [...checked.data.events] });
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : { url: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          id={`${idPrefix}-url`}
          label="Endpoint URL"
          description="An https address on the public internet that accepts POST requests."
          placeholder="https://example.com/webhooks"
          type="url"
          required
          autoComplete="off"
          value={values.url}
          onChange={(e) => setValues({ ...values, url: e.currentTarget.value })}
          error={errors.url}
          maw={560}
        />
        <TextInput
          id={`${idPrefix}-description`}
          label="Description"
          placeholder="What this endpoint is for"
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
          error={errors.description}
          maw={560}
        />
        <Checkbox.Group
          id={`${idPrefix}-events`}
          label="Events to send"
          required
          value={values.events}
          onChange={(events) => setValues({ ...values, events })}
          error={errors.events}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox
                key={event}
                value={event}
                label={event}
                description={WEBHOOK_EVENT_LABELS[event]}
                styles={{ label: { fontFamily: 'monospace' } }}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch
          label="Enabled"
          checked={values.enabled}
          onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })}
        />
        {!values.enabled && (
          <Text size="sm" c="dimmed">
            A disabled endpoint is sent no new events; test events still go out.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
