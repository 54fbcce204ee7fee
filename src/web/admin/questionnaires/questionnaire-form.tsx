import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  MONTHS_PURCHASED,
  QUESTIONNAIRE_TYPES,
  questionnaireTypeLabel,
  type TQuestionnaireInput,
} from '../../../domain';
import { InlineConfirm } from '../../account/account-confirm';
import { fieldErrors, notifyError, notifySuccess } from '../../app/apollo';
import { BRAND_CATALOGUE, REMOVE_QUESTIONNAIRE, SAVE_QUESTIONNAIRE } from './questionnaire-documents';
import {
  type QuestionnaireFormValues,
  questionnaireFormSchema,
  toQuestionnaireInput,
} from './questionnaire-form-values';

export const MSG_QUESTIONNAIRE_SAVED = 'Successfully saved Questionnaire';
export const MSG_QUESTIONNAIRE_REMOVED = 'Successfully removed Questionnaire';

export interface Choice {
  value: string;
  label: string;
}

type MoneyField = 'cost' | 'startupCost' | 'minimumReimbursement' | 'shopperFee';

function MoneyInput({
  control,
  name,
  label,
  description,
  required,
}: {
  control: Control<QuestionnaireFormValues, unknown, TQuestionnaireInput>;
  name: MoneyField;
  label: string;
  description?: string;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          required={required}
          prefix="$"
          min={0}
          decimalScale={2}
          fixedDecimalScale
          hideControls
          thousandSeparator=","
          allowNegative={false}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * The Add/Edit Questionnaire form, checked with the shared questionnaire schema over cents (the page
 * shows dollars). A failed save shows the error and stays (the spec's flow navigated anyway: not copied).
 */
export function QuestionnaireForm({
  questionnaireId,
  brandId,
  defaultValues,
  industries,
  forms,
}: {
  questionnaireId: string | null;
  brandId: string;
  defaultValues: QuestionnaireFormValues;
  industries: readonly Choice[];
  /** Evaluation forms to choose from; null when they could not be loaded. */
  forms: readonly Choice[] | null;
}) {
  const navigate = useNavigate();
  const industryIds = useMemo(() => industries.map((i) => i.value), [industries]);
  const form = useForm<QuestionnaireFormValues, unknown, TQuestionnaireInput>({
    resolver: zodResolver(questionnaireFormSchema(industryIds)),
    defaultValues,
  });
  const refetch = [{ query: BRAND_CATALOGUE, variables: { brandId } }];
  const [saveQuestionnaire] = useMutation(SAVE_QUESTIONNAIRE, { refetchQueries: refetch });
  const [removeQuestionnaire, removing] = useMutation(REMOVE_QUESTIONNAIRE, { refetchQueries: refetch });
  const backToList = (industryId: string) =>
    navigate(`/admin/questionnaires/${brandId}?industry=${encodeURIComponent(industryId)}`);

  const onSubmit = form.handleSubmit(async (checked) => {
    try {
      await saveQuestionnaire({
        variables: { id: questionnaireId, input: toQuestionnaireInput(checked, form.getValues('formId')) },
      });
    } catch (err) {
      notifyError(err);
      for (const [field, message] of Object.entries(fieldErrors(err))) {
        form.setError(field as keyof QuestionnaireFormValues, { message });
      }
      return;
    }
    notifySuccess(MSG_QUESTIONNAIRE_SAVED);
    backToList(checked.industryId);
  });

  const remove = async () => {
    if (!questionnaireId) return;
    try {
      await removeQuestionnaire({ variables: { id: questionnaireId } });
    } catch (err) {
      notifyError(err);
      return;
    }
    notifySuccess(MSG_QUESTIONNAIRE_REMOVED);
    backToList(defaultValues.industryId);
  };

  const formChoices = [{ value: '', label: 'None' }, ...(forms ?? [])];
  const savedFormId = defaultValues.formId;
  if (savedFormId && !formChoices.some((c) => c.value === savedFormId)) {
    formChoices.push({ value: savedFormId, label: 'Current form' });
  }

  const e = form.formState.errors;
  const isSurvey = form.watch('type') === 'customerSurvey';
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label="Questionnaire">
        <Stack gap="md">
          <TextInput label="Title" required {...form.register('title')} error={e.title?.message} />
          <Controller
            control={form.control}
            name="type"
            render={({ field, fieldState }) => (
              <Radio.Group
                label="Type"
                required
                value={field.value}
                onChange={(v) => field.onChange(v)}
                name={field.name}
                error={fieldState.error?.message}
              >
                <Group gap="lg" mt={6}>
                  {QUESTIONNAIRE_TYPES.map((t) => (
                    <Radio key={t} value={t} label={questionnaireTypeLabel(t)} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label="Industry"
              required
              data={[{ value: '', label: 'Select an industry...', disabled: true }, ...industries]}
              {...form.register('industryId')}
              error={e.industryId?.message}
            />
            <TextInput
              label="Sample Link"
              description="A sample report customers can open."
              type="url"
              {...form.register('sampleLink')}
              error={e.sampleLink?.message}
            />
          </SimpleGrid>

          <Title order={2} size="h5" mt="xs">
            Pricing
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <MoneyInput
              control={form.control}
              name="cost"
              label="Cost"
              description={isSurvey ? 'Price per survey period.' : 'Price per shop.'}
              required
            />
            <MoneyInput
              control={form.control}
              name="startupCost"
              label="Startup Cost"
              description="Added once to the first payment; empty is $0."
            />
            {isSurvey ? (
              <Controller
                control={form.control}
                name="monthsPurchased"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label="Months Purchased"
                    description={`From ${MONTHS_PURCHASED.min} to ${MONTHS_PURCHASED.max}; use ${MONTHS_PURCHASED.annual} for annual. Empty saves as ${MONTHS_PURCHASED.default}.`}
                    min={MONTHS_PURCHASED.min}
                    max={MONTHS_PURCHASED.max}
                    step={1}
                    allowDecimal={false}
                    allowNegative={false}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ) : (
              <Stack gap="xs">
                <MoneyInput
                  control={form.control}
                  name="minimumReimbursement"
                  label="Minimum Reimbursement"
                  description="The shopper's minimum per shop; empty is $0."
                />
                <MoneyInput
                  control={form.control}
                  name="shopperFee"
                  label="Shopper Fee"
                  description="Paid to the shopper per approved visit on top of the reimbursement; empty is $0."
                />
                <Checkbox
                  label="Show Reimbursement"
                  {...form.register('showReimbursement')}
                  error={e.showReimbursement?.message}
                />
              </Stack>
            )}
          </SimpleGrid>

          <Title order={2} size="h5" mt="xs">
            Fieldwork
          </Title>
          <NativeSelect
            label="Evaluation Form"
            description={
              forms
                ? 'The form shoppers or survey respondents fill in.'
                : 'The evaluation forms could not be loaded; the current choice is kept.'
            }
            disabled={!forms}
            data={formChoices}
            {...form.register('formId')}
            error={e.formId?.message}
          />
          <Stack gap="xs">
            <Checkbox
              label="Published"
              description="Offered on the storefront when its industry is published."
              {...form.register('published')}
            />
            <Checkbox
              label="Upload My Own Questionnaire"
              description="Customers who choose it must upload their own questionnaire."
              {...form.register('isCustom')}
            />
          </Stack>

          <Group justify="space-between" gap="sm" mt="xs">
            <Group gap="sm">
              <Button type="submit" loading={form.formState.isSubmitting}>
                Save
              </Button>
              <Button component={Link} to="/admin/questionnaires" variant="default">
                Cancel
              </Button>
            </Group>
            {questionnaireId && (
              <InlineConfirm label="Remove Questionnaire" onConfirm={remove} loading={removing.loading} />
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
