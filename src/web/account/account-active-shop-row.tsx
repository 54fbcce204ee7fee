import { useMutation } from '@apollo/client';
import { Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  centsToWholeDollars,
  createZActiveShopForm,
  FREQUENCY_PERIODS,
  feeUnit,
  formatMoney,
  perPeriod,
} from '../../domain';
import { fieldErrors, notifyError, notifySuccess } from '../app/apollo';
import type { CurrentUserActiveShopsQuery } from '../gql/graphql';
import { asFrequencyPeriod, asQuestionnaireType, changesTakeEffectMonth } from './account-active-shop-rules';
import { InlineConfirm } from './account-confirm';
import { CANCEL_ACTIVE_SHOP, SAVE_ACTIVE_SHOP } from './account-documents';
import { MSG_SHOP_CANCELED, MSG_SHOP_SAVED } from './account-messages';

type ActiveLocation = NonNullable<CurrentUserActiveShopsQuery['currentUser']>['locations'][number];
export type ActiveShop = ActiveLocation['shops'][number];

const PERIOD_OPTIONS = FREQUENCY_PERIODS.map((p) => ({ value: p, label: perPeriod(p) }));
const COLUMNS = 5;

type Values = { frequencyPeriod: string; frequencyQuantity: number | ''; reimbursement: number | '' };

/** '$95.00 / Shop', '$49.00 / Month' or '$441.00 / Year'. */
export function activeShopFee(shop: ActiveShop): string {
  const unit = feeUnit({
    questionnaireType: asQuestionnaireType(shop.questionnaireType),
    monthsPurchased: shop.questionnaire?.monthsPurchased,
  });
  return `${formatMoney(shop.cost)} / ${unit}`;
}

/** Cancel Shop with an inline confirmation; `refetchQueries` names the list that shows the shop. */
export function CancelShop({
  shop,
  refetchQueries = ['CurrentUserActiveShops'],
}: {
  shop: ActiveShop;
  refetchQueries?: string[];
}) {
  const [cancel, { loading }] = useMutation(CANCEL_ACTIVE_SHOP, {
    refetchQueries,
    awaitRefetchQueries: true,
  });
  return (
    <InlineConfirm
      label="Cancel Shop"
      loading={loading}
      onConfirm={async () => {
        try {
          await cancel({ variables: { _id: shop._id } });
          notifySuccess(MSG_SHOP_CANCELED);
        } catch (err) {
          notifyError(err);
        }
      }}
    />
  );
}

/**
 * An active shop shown as it is, cancellable: a customer survey subscription for the customer, and
 * every active shop for an admin (who cancels, but does not edit, a customer's shops).
 */
export function ActiveShopReadOnlyRow({
  shop,
  refetchQueries,
}: {
  shop: ActiveShop;
  refetchQueries?: string[];
}) {
  const mysteryShop = shop.questionnaireType !== 'customerSurvey';
  const showReimbursement = mysteryShop && (shop.questionnaire?.showReimbursement ?? true);
  return (
    <>
      <Table.Tr data-testid="active-shop">
        <Table.Td fw={600}>{shop.questionnaireTitle}</Table.Td>
        <Table.Td>{activeShopFee(shop)}</Table.Td>
        <Table.Td>{mysteryShop ? shop.frequencyQuantity : '—'}</Table.Td>
        <Table.Td>{mysteryShop ? perPeriod(asFrequencyPeriod(shop.frequencyPeriod)) : '—'}</Table.Td>
        <Table.Td>{showReimbursement ? formatMoney(shop.reimbursement) : '—'}</Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td colSpan={COLUMNS}>
          <Group>
            <CancelShop shop={shop} refetchQueries={refetchQueries} />
          </Group>
        </Table.Td>
      </Table.Tr>
    </>
  );
}

/**
 * A recurring mystery shop: Number of Shops, Frequency and Shopper Reimbursement per Shop are
 * editable (checked against the questionnaire's minimum) and saved for the next billing month.
 */
export function ActiveMysteryShopRow({ shop }: { shop: ActiveShop }) {
  const [values, setValues] = useState<Values>({
    frequencyPeriod: shop.frequencyPeriod,
    frequencyQuantity: shop.frequencyQuantity,
    reimbursement: centsToWholeDollars(shop.reimbursement),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveShop, { loading }] = useMutation(SAVE_ACTIVE_SHOP, {
    refetchQueries: ['CurrentUserActiveShops'],
  });
  const showReimbursement = shop.questionnaire?.showReimbursement ?? true;
  const effectiveMonth = changesTakeEffectMonth(shop.paidThrough);
  const name = shop.questionnaireTitle;

  const save = async () => {
    const schema = createZActiveShopForm({
      recurring: true,
      minimumReimbursementCents: shop.questionnaire?.minimumReimbursement ?? 0,
    });
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const { frequencyPeriod, frequencyQuantity, reimbursementCents } = parsed.data;
    try {
      await saveShop({
        variables: {
          _id: shop._id,
          input: { frequencyPeriod, frequencyQuantity, reimbursement: reimbursementCents },
        },
      });
      notifySuccess(MSG_SHOP_SAVED);
    } catch (err) {
      notifyError(err);
      setErrors(fieldErrors(err));
    }
  };

  const messages = [...new Set(Object.values(errors))];
  return (
    <>
      <Table.Tr data-testid="active-shop">
        <Table.Td fw={600}>{name}</Table.Td>
        <Table.Td>{activeShopFee(shop)}</Table.Td>
        <Table.Td>
          <NumberInput
            aria-label={`Number of Shops, ${name}`}
            value={values.frequencyQuantity}
            onChange={(v) => setValues({ ...values, frequencyQuantity: v === '' ? '' : Number(v) })}
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            error={!!errors.frequencyQuantity}
            w={90}
          />
        </Table.Td>
        <Table.Td>
          <Select
            aria-label={`Frequency, ${name}`}
            data={PERIOD_OPTIONS}
            value={asFrequencyPeriod(values.frequencyPeriod) ?? 'month'}
            onChange={(v) => v && setValues({ ...values, frequencyPeriod: v })}
            allowDeselect={false}
            error={!!errors.frequencyPeriod}
            w={130}
          />
        </Table.Td>
        <Table.Td>
          {showReimbursement ? (
            <NumberInput
              aria-label={`Shopper Reimbursement per Shop, ${name}`}
              value={values.reimbursement}
              onChange={(v) => setValues({ ...values, reimbursement: v === '' ? '' : Number(v) })}
              prefix="$"
              suffix=".00"
              min={centsToWholeDollars(shop.questionnaire?.minimumReimbursement ?? 0)}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              error={!!errors.reimbursement}
              w={110}
            />
          ) : (
            '—'
          )}
        </Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td colSpan={COLUMNS}>
          <Stack gap={6}>
            {messages.length > 0 && (
              <Stack gap={2} role="alert">
                {messages.map((m) => (
                  <Text key={m} size="sm" c="red">
                    {m}
                  </Text>
                ))}
              </Stack>
            )}
            <Group justify="space-between" align="center" gap="sm">
              <Text size="xs" c="dimmed" maw={420} data-testid="effective-note">
                {effectiveMonth
                  ? `Changes do not take effect until ${effectiveMonth}, the month after this shop's paid-through date.`
                  : 'Changes take effect from the next billing month.'}
              </Text>
              <Group gap="xs">
                <Button onClick={save} loading={loading} aria-label={`Save ${name}`}>
                  Save
                </Button>
                <CancelShop shop={shop} />
              </Group>
            </Group>
          </Stack>
        </Table.Td>
      </Table.Tr>
    </>
  );
}
