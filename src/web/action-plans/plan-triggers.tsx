import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DEFAULT_ACTION_PLAN_TRIGGER } from '../../domain';
import { errorMessage, fieldErrors, notifySuccess } from '../app/apollo';
import type { ActionPlanTriggerQuery } from '../gql/graphql';
import { ACTION_PLAN_TRIGGER, SAVE_ACTION_PLAN_TRIGGER } from './action-plan-documents';
import { MSG_TRIGGER_SAVED } from './plan-rules';

type Trigger = NonNullable<ActionPlanTriggerQuery['actionPlanTrigger']>;

/** The chosen program's trigger: a score line (empty: none) and questions whose failure creates a plan. */
function TriggerForm({ trigger, onDone }: { trigger: Trigger; onDone: () => void }) {
  const [below, setBelow] = useState<number | ''>(trigger.belowPercent ?? '');
  const [questionIds, setQuestionIds] = useState<string[]>(trigger.questionIds);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { loading }] = useMutation(SAVE_ACTION_PLAN_TRIGGER, {
    refetchQueries: ['ActionPlanTrigger'],
  });
  // Grouped by section, as the shop report shows them.
  const sections = [...new Set(trigger.questions.map((q) => q.sectionHeader))];
  const data = sections.map((group) => ({
    group: group || 'Questions',
    items: trigger.questions
      .filter((q) => q.sectionHeader === group)
      .map((q) => ({ value: q.elementId, label: q.prompt })),
  }));
  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setErrors({});
    try {
      await save({
        variables: {
          input: { programId: trigger.programId, belowPercent: below === '' ? null : below, questionIds },
        },
      });
      notifySuccess(MSG_TRIGGER_SAVED);
      onDone();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err) });
    }
  };
  return (
    <Stack component="form" gap="md" onSubmit={onSubmit} aria-label="Plan trigger">
      {trigger.isDefault && (
        <Text size="sm" c="dimmed" data-testid="trigger-default">
          This program uses the default: a plan for every shop below{' '}
          {DEFAULT_ACTION_PLAN_TRIGGER.belowPercent} %, listing every failed question.
        </Text>
      )}
      <NumberInput
        label="Create a plan when a shop scores below"
        description="A whole percent from 1 to 100; leave it empty for no plans by score."
        value={below}
        onChange={(v) => setBelow(v === '' ? '' : Number(v))}
        min={1}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        rightSection={
          <Text size="sm" c="dimmed" aria-hidden>
            %
          </Text>
        }
        error={errors.belowPercent}
      />
      <MultiSelect
        label="or when any of these questions fails"
        description={
          trigger.questions.length
            ? 'Only the chosen questions that failed are listed on such a plan.'
            : "The program's questions can be chosen once one of its shops has been approved."
        }
        placeholder={questionIds.length ? undefined : 'No questions chosen'}
        data={data}
        value={questionIds}
        onChange={setQuestionIds}
        searchable
        clearable
        disabled={!trigger.questions.length}
        error={errors.questionIds}
        comboboxProps={{ withinPortal: true }}
      />
      {errors.form && <Alert color="red">{errors.form}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={loading}>
          Save Trigger
        </Button>
      </Group>
    </Stack>
  );
}

function ProgramTrigger({ programId, onDone }: { programId: string; onDone: () => void }) {
  const { data, error } = useQuery(ACTION_PLAN_TRIGGER, { variables: { programId } });
  const trigger = data?.actionPlanTrigger;
  if (error && !trigger) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!trigger)
    return (
      <Center py="md" aria-busy="true">
        <Loader size="sm" />
      </Center>
    );
  return (
    <TriggerForm
      key={`${programId}-${trigger.belowPercent}-${trigger.questionIds}`}
      trigger={trigger}
      onDone={onDone}
    />
  );
}

/** Plan Triggers (owners and admins): per program, when its approved shops create an action plan. */
export function PlanTriggersModal({
  opened,
  onClose,
  programs,
}: {
  opened: boolean;
  onClose: () => void;
  programs: { programId: string; programName: string }[];
}) {
  const [programId, setProgramId] = useState<string | null>(null);
  const chosen = programId ?? programs[0]?.programId ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title="Plan Triggers" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          When an approved shop of a program trips its trigger, an action plan of its failed questions is
          created for the location.
        </Text>
        {programs.length === 0 ? (
          <Text size="sm">There are no mystery shop programs yet.</Text>
        ) : (
          <>
            <Select
              label="Program"
              data={programs.map((p) => ({ value: p.programId, label: p.programName }))}
              value={chosen}
              onChange={setProgramId}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            {chosen && <ProgramTrigger key={chosen} programId={chosen} onDone={onClose} />}
          </>
        )}
      </Stack>
    </Modal>
  );
}
