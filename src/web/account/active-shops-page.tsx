import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { addressLine } from '../order/order-summary';
import { ActiveMysteryShopRow, type ActiveShop, ActiveShopReadOnlyRow } from './account-active-shop-row';
import { recurringShopsByLocation } from './account-active-shop-rules';
import { CURRENT_USER_ACTIVE_SHOPS } from './account-documents';

export const MSG_NO_ACTIVE_SHOPS =
  'There are no active shops. Once an order is placed with a reccurring shop, it will appear here.';

type ActiveLocation = {
  _id: string;
  name: string;
  address: Parameters<typeof addressLine>[0];
  shops: readonly ActiveShop[];
};

type NextBilling = {
  displayValue: string;
  chargeDateDisplay: string;
  monthDisplay: string;
  yearDisplay: string;
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value}
      </Text>
    </div>
  );
}

/** Next Billing Period: amount, charge date and service month, or that nothing is due. */
export function NextBillingPanel({ next }: { next: NextBilling | null | undefined }) {
  return (
    <Paper withBorder p="md" bg="brand.0" data-testid="next-billing">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Next Billing Period
        </Title>
        {next ? (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Fact label="Amount" value={next.displayValue} />
            <Fact label="Charge Date" value={next.chargeDateDisplay} />
            <Fact label="Service Month" value={`${next.monthDisplay} ${next.yearDisplay}`} />
          </SimpleGrid>
        ) : (
          <Text size="sm">Nothing is due.</Text>
        )}
        <Text size="sm">
          Recurring shops are billed under our{' '}
          <Anchor href="/terms" target="_blank" rel="noopener" inherit>
            Terms &amp; Conditions
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The recurring active shops grouped by location. The customer ('customer') edits mystery shops in
 * place; an admin ('admin') sees every shop as it is and can cancel it (`refetchQueries` then names
 * the admin's list).
 */
export function ActiveShopLocations({
  locations: all,
  audience,
  refetchQueries,
  emptyText = MSG_NO_ACTIVE_SHOPS,
}: {
  locations: readonly ActiveLocation[];
  audience: 'customer' | 'admin';
  refetchQueries?: string[];
  emptyText?: string;
}) {
  const locations = recurringShopsByLocation(all);
  if (locations.length === 0) {
    return (
      <Text c="dimmed" data-testid="active-shops-empty">
        {emptyText}
      </Text>
    );
  }
  return locations.map((location) => (
    <Paper
      key={location._id}
      withBorder
      p="md"
      component="section"
      aria-label={location.name}
      data-testid="active-location"
    >
      <Stack gap="xs">
        <div>
          <Text fw={700}>{location.name}</Text>
          <Text size="sm" c="dimmed">
            {addressLine(location.address)}
          </Text>
        </div>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Questionnaire</Table.Th>
                <Table.Th>Fee</Table.Th>
                <Table.Th>Number of Shops</Table.Th>
                <Table.Th>Frequency</Table.Th>
                <Table.Th>Shopper Reimbursement per Shop</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {location.shops.map((shop) =>
                audience === 'customer' && shop.questionnaireType !== 'customerSurvey' ? (
                  <ActiveMysteryShopRow key={shop._id} shop={shop} />
                ) : (
                  <ActiveShopReadOnlyRow key={shop._id} shop={shop} refetchQueries={refetchQueries} />
                ),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  ));
}

/** /account/active-shops: the next billing and the recurring shops by location, editable. */
export function ActiveShopsPage() {
  const { data, loading, error } = useQuery(CURRENT_USER_ACTIVE_SHOPS);
  const user = data?.currentUser;
  return (
    <Page title="Recurring Orders">
      <Text>
        Edits to frequency and shopper reimbursement take effect the next billing cycle and do not affect the
        current month.
      </Text>
      {!user ? (
        loading ? (
          <PageLoader />
        ) : (
          <Alert color="red">{errorMessage(error)}</Alert>
        )
      ) : (
        <>
          <NextBillingPanel next={user.nextBilling} />
          <ActiveShopLocations locations={user.locations} audience="customer" />
        </>
      )}
    </Page>
  );
}
