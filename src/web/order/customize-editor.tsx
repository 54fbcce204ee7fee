import { useMutation } from '@apollo/client';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import {
  CUSTOM_QUESTION_TYPES,
  MAX_ADDITIONAL_COMMENTS,
  MAX_CUSTOM_QUESTIONS,
  MULTIPLE_CHOICE_OPTION_LABELS,
} from '../../domain';
import { notifyError } from '../app/apollo';
import { blankQuestion, type CustomizeValues, editorValues, toSaveInput } from './customize-questions';
import { SAVE_USER_QUESTIONNAIRE } from './questionnaire-documents';
import type { WizardOrder } from './use-order';

type UserQuestionnaire = WizardOrder['userQuestionnaires'][number];

/** Up to 5 custom questions (Multiple Choice with options A to E) and additional comments. */
export function CustomizeEditor({
  userQuestionnaire: uq,
  onClose,
  onSaved,
}: {
  userQuestionnaire: UserQuestionnaire;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const [save, { loading }] = useMutation(SAVE_USER_QUESTIONNAIRE);
  const [errors, setErrors] = useState<string[]>([]);
  const form = useForm<CustomizeValues>({ defaultValues: editorValues(uq) });
  const questions = useFieldArray({ control: form.control, name: 'customQuestions' });
  const comments = form.watch('additionalComments');

  const onSubmit = form.handleSubmit(async (values) => {
    const result = toSaveInput(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors([]);
    try {
      await save({ variables: { _id: uq._id, input: result.input } });
      await onSaved();
      onClose();
    } catch (err) {
      notifyError(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Customize ${uq.questionnaire.title}`}>
      <Stack gap="md" py="xs">
        <Text size="sm" c="dimmed">
          Add up to {MAX_CUSTOM_QUESTIONS} custom questions at no additional charge.
        </Text>
        {questions.fields.map((field, index) => (
          <QuestionFields
            key={field.id}
            index={index}
            form={form}
            onRemove={() => questions.remove(index)}
            removable={questions.fields.length > 1}
          />
        ))}
        {questions.fields.length < MAX_CUSTOM_QUESTIONS && (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => questions.append(blankQuestion())}
            >
              Add Question
            </Button>
          </Group>
        )}
        <Textarea
          label="Additional Comments"
          description="Anything else the evaluator should know or look for."
          autosize
          minRows={3}
          maxLength={MAX_ADDITIONAL_COMMENTS}
          {...form.register('additionalComments')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
        />
        <Text size="xs" c="dimmed" ta="right" mt={-12} aria-live="polite" data-testid="comments-counter">
          {comments.length}/{MAX_ADDITIONAL_COMMENTS} characters
        </Text>
        {errors.length > 0 && (
          <Alert color="red" role="alert">
            {errors.map((e) => (
              <div key={e}>{e}</div>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={loading}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function QuestionFields({
  index,
  form,
  onRemove,
  removable,
}: {
  index: number;
  form: ReturnType<typeof useForm<CustomizeValues>>;
  onRemove: () => void;
  removable: boolean;
}) {
  const n = index + 1;
  const type = form.watch(`customQuestions.${index}.type`);
  return (
    <Paper withBorder p="md" data-testid={`custom-question-${n}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Question {n}</Text>
          {removable && (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove question ${n}`}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Textarea
              aria-label={`Question ${n} text`}
              placeholder="Type your question"
              autosize
              minRows={1}
              maxLength={1000}
              {...form.register(`customQuestions.${index}.question`)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Controller
              control={form.control}
              name={`customQuestions.${index}.type`}
              render={({ field }) => (
                <Select
                  aria-label={`Question ${n} type`}
                  placeholder="Select a type"
                  data={[...CUSTOM_QUESTION_TYPES]}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                />
              )}
            />
          </Grid.Col>
        </Grid>
        {type === 'Multiple Choice' && (
          <Stack gap={6} pl={{ base: 0, sm: 'md' }}>
            <Text size="sm" fw={500}>
              Answer options
            </Text>
            {MULTIPLE_CHOICE_OPTION_LABELS.map((label, i) => (
              <TextInput
                key={label}
                aria-label={`Question ${n} option ${label}`}
                leftSection={<Text fw={700}>{label}</Text>}
                placeholder={`Option ${label}`}
                maxLength={200}
                {...form.register(`customQuestions.${index}.multipleChoiceOptions.${i}`)}
              />
            ))}
            <Checkbox
              mt={4}
              label="Allow multiple selections"
              {...form.register(`customQuestions.${index}.allowMultipleSelections`)}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
