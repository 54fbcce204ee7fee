import { Button, Group, NumberInput, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconRotate, IconUserCog } from '@tabler/icons-react';
import type { EvaluationContext, Form } from '../../../evaluation';

/** Who the test entry is filled in as, and where: what rulesets on the shopper and location read. */
export interface TestContext {
  role: string;
  age: number | null;
  gender: string;
  state: string;
  inbound: Record<string, string>;
}

export const DEFAULT_TEST_CONTEXT: TestContext = {
  role: 'shopper',
  age: null,
  gender: '',
  state: '',
  inbound: {},
};

export function evaluationContext(c: TestContext): EvaluationContext {
  return {
    user: { role: c.role, age: c.age, gender: c.gender || null },
    location: { state: c.state || null },
    inboundParameters: c.inbound,
  };
}

/** 'Test as …' settings and 'Start over' for the builder's test entry. */
export function TestContextBar(props: {
  form: Form;
  context: TestContext;
  onChange: (context: TestContext) => void;
  onReset: () => void;
}) {
  const { context, onChange } = props;
  const inbound = props.form.sections
    .flatMap((s) => s.elements)
    .filter((e) => e.typeId === 'inboundparameter');
  const summary = [context.role, context.state && `in ${context.state.toUpperCase()}`]
    .filter(Boolean)
    .join(' ');
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        A test entry of the current draft; nothing is saved.
      </Text>
      <Group gap="xs">
        <Popover position="bottom-end" withArrow shadow="md" trapFocus returnFocus>
          <Popover.Target>
            <Button variant="default" size="xs" leftSection={<IconUserCog size={16} />}>
              Test as {summary}
            </Button>
          </Popover.Target>
          <Popover.Dropdown w={300}>
            <Stack gap="xs">
              <Select
                label="Role"
                data={['shopper', 'employee', 'proofer']}
                value={context.role}
                allowDeselect={false}
                onChange={(v) => v && onChange({ ...context, role: v })}
                comboboxProps={{ withinPortal: false }}
              />
              <Group grow gap="xs">
                <NumberInput
                  label="Age"
                  value={context.age ?? ''}
                  min={0}
                  onChange={(v) => onChange({ ...context, age: typeof v === 'number' ? v : null })}
                />
                <TextInput
                  label="Gender"
                  value={context.gender}
                  onChange={(e) => onChange({ ...context, gender: e.currentTarget.value })}
                />
              </Group>
              <TextInput
                label="Location state"
                placeholder="e.g. NV"
                maxLength={2}
                value={context.state}
                onChange={(e) => onChange({ ...context, state: e.currentTarget.value.toUpperCase() })}
              />
              {inbound.map((e) => (
                <TextInput
                  key={e.localId}
                  label={e.prompt || e.localId}
                  description="Inbound parameter"
                  value={context.inbound[e.localId] ?? ''}
                  onChange={(ev) => {
                    const { [e.localId]: _, ...rest } = context.inbound;
                    const value = ev.currentTarget.value;
                    onChange({ ...context, inbound: value ? { ...rest, [e.localId]: value } : rest });
                  }}
                />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Button variant="default" size="xs" leftSection={<IconRotate size={16} />} onClick={props.onReset}>
          Start over
        </Button>
      </Group>
    </Group>
  );
}
