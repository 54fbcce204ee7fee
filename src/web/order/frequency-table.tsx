import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { showsQuestionnaireCheckbox } from '../../domain';
import { addressText } from './address-autocomplete';
import type { OrderLocation } from './location-actions';
import {
  type CartShop,
  type OrderUserQuestionnaire,
  type ShopRowTarget,
  useShopEditor,
  useToggleShop,
} from './shop-editor';
import { questionnaireFee, ShopRowErrors, shopFieldControls, shopRowFields } from './shop-fields';

const COLUMNS = [
  'Questionnaire',
  'Fee',
  'One-Time or Recurring Order',
  'Desired Start Date',
  'Number of Shops',
  'Frequency',
  'Shopper Reimbursement per Shop',
];

/** The automotive 'Specify Frequency' table: one row per questionnaire at each location. */
export function FrequencyTable(props: {
  oid: string;
  locations: OrderLocation[];
  questionnaires: OrderUserQuestionnaire[];
  orderQuestionnaireCount: number;
  onChanged: () => unknown;
  onShopSaved: () => unknown;
}) {
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table verticalSpacing="sm" data-testid="frequency-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.locations.map((location, index) => {
            const showCheckbox = showsQuestionnaireCheckbox({
              questionnaireCount: props.orderQuestionnaireCount,
              tickedShopCount: location.shops.length,
            });
            return (
              <Fragment key={location._id}>
                <Table.Tr id={location._id} bg="var(--mantine-color-gray-0)">
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text fw={700}>
                      {index + 1}. {location.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {addressText(location.address)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {props.questionnaires.map((uq) => (
                  <TableShopRow
                    key={uq._id}
                    target={{ oid: props.oid, locationId: location._id, uq }}
                    locationName={location.name}
                    shop={location.shops.find((s) => s.uqid === uq._id) ?? null}
                    showCheckbox={showCheckbox}
                    onChanged={props.onChanged}
                    onSaved={props.onShopSaved}
                  />
                ))}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TableShopRow(props: {
  target: ShopRowTarget;
  locationName: string;
  shop: CartShop | null;
  showCheckbox: boolean;
  onChanged: () => unknown;
  onSaved: () => unknown;
}) {
  const { uq } = props.target;
  const { toggle, isChecked, busy } = useToggleShop(props.target, props.onChanged);
  const title = uq.questionnaire.title;
  const head = (
    <Table.Td>
      <Stack gap={2}>
        {props.showCheckbox ? (
          <Checkbox
            label={title}
            checked={isChecked(props.shop)}
            disabled={busy}
            onChange={(e) => void toggle(e.currentTarget.checked, props.shop)}
          />
        ) : (
          <Text fw={600}>{title}</Text>
        )}
        {props.shop && (
          <Text size="sm" fw={700} data-testid="shop-price">
            {props.shop.initialDue.displayValue}
          </Text>
        )}
      </Stack>
    </Table.Td>
  );
  const fee = <Table.Td>{questionnaireFee(uq)}</Table.Td>;
  if (!props.shop) {
    return (
      <Table.Tr data-testid="shop-row">
        {head}
        {fee}
        <Table.Td colSpan={COLUMNS.length - 2} />
      </Table.Tr>
    );
  }
  return (
    <TableShopFields
      key={props.shop._id}
      head={head}
      fee={fee}
      target={props.target}
      shop={props.shop}
      rowName={`${title} at ${props.locationName}`}
      onSaved={props.onSaved}
    />
  );
}

function TableShopFields(props: {
  head: ReactNode;
  fee: ReactNode;
  target: ShopRowTarget;
  shop: CartShop;
  rowName: string;
  onSaved: () => unknown;
}) {
  const editor = useShopEditor(props.target, props.shop, props.onSaved);
  const { uq } = props.target;
  const show = shopRowFields(uq);
  const c = shopFieldControls({ editor, uq, rowName: props.rowName, labels: false });
  const hasErrors = Object.keys(editor.errors).length > 0;
  return (
    <>
      <Table.Tr data-testid="shop-row">
        {props.head}
        {props.fee}
        <Table.Td>{show.schedule && c.recurring}</Table.Td>
        <Table.Td>{c.startDate}</Table.Td>
        <Table.Td>{show.schedule && c.quantity}</Table.Td>
        <Table.Td>{show.schedule && (c.period ?? <Text size="sm">One-Time</Text>)}</Table.Td>
        <Table.Td>{show.reimbursement && c.reimbursement}</Table.Td>
      </Table.Tr>
      {hasErrors && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS.length}>
            <ShopRowErrors errors={editor.errors} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
