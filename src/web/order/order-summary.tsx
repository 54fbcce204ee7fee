import { Anchor, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  applyStateSurcharge,
  type FrequencyPeriod,
  feeSuffix,
  formatDateUs,
  formatMoney,
  frequencyEditPath,
  type PricedShop,
  perPeriod,
  type QuestionnaireType,
  questionnaireTypeLabel,
  startupCostsDue,
} from '../../domain';

/** The shop fields the summary shows (the wizard's cart query and the placed-order query both have them). */
export interface SummaryShop {
  _id: string;
  qid: string;
  recurring: boolean;
  startDate: string;
  totalQuantity: number;
  frequencyQuantity: number;
  frequencyPeriod: string;
  reimbursement: number;
  cost: number;
  questionnaireTitle: string;
  questionnaireType: string;
  initialDue: { value: number; displayValue: string };
}

export interface SummaryLocation {
  _id: string;
  name: string;
  address: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    postalCode: string;
    formattedAddress?: string | null;
  };
  shops: readonly SummaryShop[];
}

export interface SummaryQuestionnaire {
  qid: string;
  questionnaire: {
    title: string;
    type: string;
    startupCost: number;
    monthsPurchased: number;
    showReimbursement?: boolean;
  };
}

const asType = (type: string): QuestionnaireType =>
  type === 'customerSurvey' ? 'customerSurvey' : 'mysteryShop';

/** One line: the geocoded form when there is one, else the typed parts. */
export function addressLine(address: SummaryLocation['address']): string {
  if (address.formattedAddress) return address.formattedAddress;
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.line1, address.line2, cityLine].filter(Boolean).join(', ');
}

const asPeriod = (period: string): FrequencyPeriod | null =>
  period === 'week' || period === 'month' || period === 'quarter' ? period : null;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" span>
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

function ShopLine({
  shop,
  questionnaire,
  showLineTotal,
}: {
  shop: SummaryShop;
  questionnaire: SummaryQuestionnaire['questionnaire'] | undefined;
  showLineTotal: boolean;
}) {
  const monthsPurchased = questionnaire?.monthsPurchased;
  const showReimbursement = questionnaire?.showReimbursement ?? true;
  const type = asType(shop.questionnaireType);
  const survey = type === 'customerSurvey';
  const fee = `${formatMoney(shop.cost)}${feeSuffix({ questionnaireType: type, monthsPurchased })}`;
  return (
    <Stack gap={4} data-testid="summary-shop">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{shop.questionnaireTitle}</Text>
          <Badge size="sm" variant="light" color={survey ? 'teal' : 'brand'}>
            {questionnaireTypeLabel(type)}
          </Badge>
          {!survey && (
            <Badge size="sm" variant="outline" color="gray">
              {shop.recurring ? 'Recurring' : 'One-Time'}
            </Badge>
          )}
        </Group>
        {showLineTotal && (
          <Stack gap={0} align="flex-end">
            <Text fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="summary-shop-due">
              {shop.initialDue.displayValue}
            </Text>
            {shop.recurring && !survey && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                first month
              </Text>
            )}
          </Stack>
        )}
      </Group>
      <Group gap="lg" style={{ rowGap: 2 }}>
        {!survey &&
          (shop.recurring ? (
            <Fact
              label="Frequency"
              value={`${shop.frequencyQuantity} ${perPeriod(asPeriod(shop.frequencyPeriod))}`}
            />
          ) : (
            <Fact label="Number of Shops" value={String(shop.totalQuantity)} />
          ))}
        <Fact label="Start Date" value={formatDateUs(shop.startDate)} />
        {!survey && showReimbursement && (
          <Fact label="Shopper Reimbursement" value={formatMoney(shop.reimbursement)} />
        )}
        <Fact label="Fee" value={fee} />
      </Group>
    </Stack>
  );
}

function LocationBlock({
  location,
  index,
  byQid,
  editServices,
  showLineTotals,
}: {
  location: SummaryLocation;
  index: number;
  byQid: Map<string, SummaryQuestionnaire['questionnaire']>;
  /** The services whose 'edit details' links to show; null in read-only mode. */
  editServices: readonly QuestionnaireType[] | null;
  showLineTotals: boolean;
}) {
  const multiService = (editServices?.length ?? 0) > 1;
  // Whether the state surcharge applies here is the pricing rule's answer (tested on a round price).
  const surcharged = location.shops.some(
    (s) => applyStateSurcharge(100, location.address.state, asType(s.questionnaireType)) !== 100,
  );
  const shownServices = multiService
    ? (editServices ?? []).filter((t) => location.shops.some((s) => asType(s.questionnaireType) === t))
    : [];
  return (
    <Paper withBorder p="md" data-testid="summary-location">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text fw={700}>
              {index + 1}. {location.name}
            </Text>
            <Text size="sm" c="dimmed">
              {addressLine(location.address)}
            </Text>
          </div>
          {editServices && (
            <Group gap="sm">
              {multiService ? (
                shownServices.map((type) => (
                  <Anchor
                    key={type}
                    component={Link}
                    to={frequencyEditPath({ locationId: location._id, type })}
                    size="sm"
                  >
                    edit {questionnaireTypeLabel(type).toLowerCase()} details
                  </Anchor>
                ))
              ) : (
                <Anchor component={Link} to={frequencyEditPath({ locationId: location._id })} size="sm">
                  edit details
                </Anchor>
              )}
            </Group>
          )}
        </Group>
        {surcharged && (
          <Text size="xs" c="dimmed" data-testid="state-surcharge">
            Shops in Nevada are priced at 1.5 times the listed price.
          </Text>
        )}
        {location.shops.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing ordered at this location yet.
          </Text>
        ) : (
          location.shops.map((shop, i) => (
            <Stack key={shop._id} gap="sm">
              {i > 0 && <Divider variant="dashed" />}
              <ShopLine shop={shop} questionnaire={byQid.get(shop.qid)} showLineTotal={showLineTotals} />
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The order's lines by location, its startup fees and its total. On checkout it links each location
 * to its frequency settings; on a placed order it is read-only.
 */
export function OrderSummary({
  locations,
  userQuestionnaires,
  editServices = null,
  showLineTotals = true,
  total,
}: {
  locations: readonly SummaryLocation[];
  userQuestionnaires: readonly SummaryQuestionnaire[];
  editServices?: readonly QuestionnaireType[] | null;
  showLineTotals?: boolean;
  /** The total row; hidden when null or zero. */
  total: { label: string; value: number; displayValue: string } | null;
}) {
  const byQid = new Map(userQuestionnaires.map((uq) => [uq.qid, uq.questionnaire]));
  const pricedLocations = locations.map((l) => ({
    state: l.address.state,
    shops: l.shops.map(
      (s): PricedShop => ({
        ...s,
        questionnaireType: asType(s.questionnaireType),
        frequencyPeriod: asPeriod(s.frequencyPeriod) ?? 'month',
      }),
    ),
  }));
  // Which questionnaires' startup fee the order pays is the pricing rule's call, one at a time.
  const startupFees = userQuestionnaires
    .map((uq) => ({
      title: uq.questionnaire.title,
      due: startupCostsDue({
        locations: pricedLocations,
        questionnaires: [{ qid: uq.qid, startupCost: uq.questionnaire.startupCost }],
      }),
    }))
    .filter((fee) => fee.due > 0);

  return (
    <Stack gap="md" data-testid="order-summary">
      <Title order={2} size="h3">
        Order Summary
      </Title>
      {locations.map((location, index) => (
        <LocationBlock
          key={location._id}
          location={location}
          index={index}
          byQid={byQid}
          editServices={editServices}
          showLineTotals={showLineTotals}
        />
      ))}
      {startupFees.length > 0 && (
        <Paper withBorder p="md" data-testid="summary-startup-costs">
          <Stack gap={4}>
            <Text fw={700}>Startup Costs</Text>
            {startupFees.map((fee) => (
              <Group key={fee.title} justify="space-between" wrap="nowrap">
                <Text size="sm">Startup fee: {fee.title}</Text>
                <Text size="sm" fw={600}>
                  {formatMoney(fee.due)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      {total && total.value > 0 && (
        <Paper p="md" bg="brand.0" data-testid="order-total">
          <Group justify="space-between">
            <Text fw={700} size="lg">
              {total.label}
            </Text>
            <Text fw={800} size="xl" data-testid="order-total-value">
              {total.displayValue}
            </Text>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
