import { Badge, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type Evaluation, explainRulesets, type RulesetResult } from '../../../evaluation';
import { ELEMENT_TYPE_LABEL } from '../../evaluation';
import type { FormOutline } from './form-outline';
import { describeCondition, WHEN_LABEL } from './rule-labels';

function Flag({ name, value, danger }: { name: string; value: boolean; danger?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Badge
        size="xs"
        variant="light"
        color={value ? (danger ? 'red' : 'green') : 'gray'}
        data-status={name.toLowerCase()}
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {value ? 'yes' : 'no'}
      </Badge>
    </Group>
  );
}

function RulesetCell({
  title,
  result,
  outline,
}: {
  title: string;
  result: RulesetResult;
  outline: FormOutline;
}) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Text size="xs" fw={700}>
          {title}:
        </Text>
        <Text size="xs">{WHEN_LABEL[result.when]}</Text>
        <Badge size="xs" variant="filled" color={result.result ? 'green' : 'gray'}>
          {String(result.result)}
        </Badge>
      </Group>
      {result.conditions.map(({ condition, holds }, i) => (
        <Group key={condition.localId ?? i} gap={4} wrap="nowrap" pl="xs">
          {holds ? (
            <IconCheck size={12} color="var(--mantine-color-green-7)" aria-label="holds" />
          ) : (
            <IconX size={12} color="var(--mantine-color-gray-6)" aria-label="does not hold" />
          )}
          <Text size="xs" c={holds ? undefined : 'dimmed'}>
            {describeCondition(condition, outline.byId, outline.numbers)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

const showAnswer = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** Debug mode: per element the engine's status and how its visible and required rulesets came out. */
export function DebugMode({ evaluation, outline }: { evaluation: Evaluation; outline: FormOutline }) {
  const rulesets = useMemo(() => explainRulesets(evaluation), [evaluation]);
  const { completion } = evaluation.status;
  return (
    <Stack gap="md" data-testid="debug-mode">
      <Paper withBorder p="sm" radius="md">
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            Completion: <b>{completion.description}</b>
          </Text>
          {(['available', 'completed', 'validated', 'incomplete', 'invalid', 'commented'] as const).map(
            (k) => (
              <Text key={k} size="sm" c="dimmed">
                {k} <b>{completion[k]}</b>
              </Text>
            ),
          )}
        </Group>
      </Paper>
      {evaluation.form.sections.map((section) => (
        <Paper key={section.localId} withBorder p="sm" radius="md">
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5">
              {section.name || 'Untitled section'}
            </Title>
            <Text size="xs" c="dimmed">
              id {section.localId} · collected{' '}
              {String(evaluation.status.sections[section.localId]?.collected ?? false)}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={800}>
            <Table striped verticalSpacing={6} fz="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>No.</Table.Th>
                  <Table.Th w={180}>Element</Table.Th>
                  <Table.Th w={236}>Status</Table.Th>
                  <Table.Th w={140}>Message</Table.Th>
                  <Table.Th>Rulesets</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {section.elements.map((element) => {
                  const status = evaluation.status.elements[element.localId];
                  const rules = rulesets[element.localId];
                  if (!status || !rules) return null;
                  return (
                    <Table.Tr key={element.localId} data-debug-element={element.localId}>
                      <Table.Td>{status.number ?? '—'}</Table.Td>
                      <Table.Td>
                        <Text size="xs" fw={600} lineClamp={2}>
                          {element.prompt || 'Untitled'}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {ELEMENT_TYPE_LABEL[element.typeId]} · <Code fz={10}>{element.localId}</Code>
                        </Text>
                        {evaluation.answers[element.localId] !== undefined && (
                          <Text size="xs" c="dimmed" truncate>
                            = {showAnswer(evaluation.answers[element.localId])}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <SimpleGrid cols={2} spacing={8} verticalSpacing={2}>
                          <Flag name="Visible" value={status.visible} />
                          <Flag name="Required" value={status.required} />
                          <Flag name="Editable" value={status.editable} />
                          <Flag name="Populated" value={status.populated} />
                          <Flag name="Invalid" value={status.invalid} danger />
                        </SimpleGrid>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" c={status.message ? 'red' : 'dimmed'}>
                          {status.message ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={6}>
                          <RulesetCell title="Visible" result={rules.visible} outline={outline} />
                          <RulesetCell title="Required" result={rules.required} outline={outline} />
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {section.elements.length === 0 && (
            <Text size="sm" c="dimmed">
              No elements.
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
