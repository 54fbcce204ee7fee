import { useQuery } from '@apollo/client';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { addressLine } from '../order/order-summary';
import { ActiveMysteryShopRow, ActiveSurveyRow } from './account-active-shop-row';
import { recurringShopsByLocation } from './account-active-shop-rules';
import { CURRENT_USER_ACTIVE_SHOPS } from './account-documents';

export const MSG_NO_ACTIVE_SHOPS =
  'There are no active shops. Once an order is placed with a reccurring shop, it will appear here.';

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

/** /account/active-shops: the next billing and the recurring shops by location, editable. */
export function ActiveShopsPage() {
  const { data, loading, error } = useQuery(CURRENT_USER_ACTIVE_SHOPS);
  const user = data?.currentUser;
  const locations = user ? recurringShopsByLocation(user.locations) : [];
  const next = user?.nextBilling;
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
          {locations.length === 0 ? (
            <Text c="dimmed" data-testid="active-shops-empty">
              {MSG_NO_ACTIVE_SHOPS}
            </Text>
          ) : (
            locations.map((location) => (
              <Paper
                key={location._id}
                withBorder
                p="md"
                component="section"
                aria-label={location.name}
                data-testid="active-location"
              >
                <Stack gap="xs">
                  <Group gap="xs">
                    <div>
                      <Text fw={700}>{location.name}</Text>
                      <Text size="sm" c="dimmed">
                        {addressLine(location.address)}
                      </Text>
                    </div>
                  </Group>
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
                          shop.questionnaireType === 'customerSurvey' ? (
                            <ActiveSurveyRow key={shop._id} shop={shop} />
                          ) : (
                            <ActiveMysteryShopRow key={shop._id} shop={shop} />
                          ),
                        )}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Stack>
              </Paper>
            ))
          )}
        </>
      )}
    </Page>
  );
}
