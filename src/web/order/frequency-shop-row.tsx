import { Badge, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type CartShop,
  type OrderUserQuestionnaire,
  type ShopRowTarget,
  useShopEditor,
  useToggleShop,
} from './shop-editor';
import { questionnaireFee, ShopRowErrors, shopFieldControls, shopRowFields } from './shop-fields';

/**
 * One questionnaire at one location on the frequency step (default variant): the checkbox that creates
 * or deletes the shop, the fee, the autosaved fields and the row's price from the server.
 */
export function FrequencyShopRow(props: {
  target: ShopRowTarget;
  locationName: string;
  shop: CartShop | null;
  showCheckbox: boolean;
  onChanged: () => unknown;
  onSaved: () => unknown;
}) {
  const { target, shop } = props;
  const { uq } = target;
  const { toggle, isChecked, busy } = useToggleShop(target, props.onChanged);
  const title = uq.questionnaire.title;
  return (
    <Paper withBorder p="sm" data-testid="shop-row" data-questionnaire={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {props.showCheckbox ? (
              <Checkbox
                label={<Text fw={600}>{title}</Text>}
                checked={isChecked(shop)}
                disabled={busy}
                onChange={(e) => void toggle(e.currentTarget.checked, shop)}
                aria-label={`${title} at ${props.locationName}`}
              />
            ) : (
              <Text fw={600}>{title}</Text>
            )}
            {busy && <Loader size="xs" />}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Badge variant="light" color="gray" size="lg" tt="none">
              Fee {questionnaireFee(uq)}
            </Badge>
            {shop && (
              <Text
                fw={700}
                data-testid="shop-price"
                aria-label={`Price of ${title} at ${props.locationName}`}
              >
                {shop.initialDue.displayValue}
              </Text>
            )}
          </Group>
        </Group>
        {shop && (
          <ShopFields
            key={shop._id}
            target={target}
            shop={shop}
            rowName={`${title} at ${props.locationName}`}
            onSaved={props.onSaved}
          />
        )}
      </Stack>
    </Paper>
  );
}

function ShopFields(props: {
  target: ShopRowTarget;
  shop: CartShop;
  rowName: string;
  onSaved: () => unknown;
}) {
  const editor = useShopEditor(props.target, props.shop, props.onSaved);
  const uq: OrderUserQuestionnaire = props.target.uq;
  const show = shopRowFields(uq);
  const c = shopFieldControls({ editor, uq, rowName: props.rowName, labels: true });
  return (
    <Stack gap="xs">
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: show.schedule ? 3 : 2, lg: show.schedule ? 5 : 2 }}
        spacing="sm"
      >
        {show.schedule && c.recurring}
        {c.startDate}
        {show.schedule && c.quantity}
        {show.schedule && c.period}
        {show.reimbursement && c.reimbursement}
      </SimpleGrid>
      <ShopRowErrors errors={editor.errors} />
    </Stack>
  );
}
