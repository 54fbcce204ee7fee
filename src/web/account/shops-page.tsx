import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Badge, Table, Text } from '@mantine/core';
import { formatDateUs, questionnaireTypeLabel } from '../../domain';
import { errorMessage } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { addressLine } from '../order/order-summary';
import { CURRENT_USER_SHOPS } from './account-documents';

const STATUS_COLOR: Record<string, string> = { active: 'green', complete: 'blue', cancelled: 'gray' };

/** 'active' -> 'Active'. */
const statusText = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();

/** /account/shops: every shop the customer has placed, by location. Visit reports come later. */
export function ShopsPage() {
  const { data, loading, error } = useQuery(CURRENT_USER_SHOPS);
  const rows =
    data?.currentUser?.locations.flatMap((location) => location.shops.map((shop) => ({ location, shop }))) ??
    [];
  return (
    <Page title="All Shops (for the currently logged in user)">
      {!data ? (
        loading ? (
          <PageLoader />
        ) : (
          <Alert color="red">{errorMessage(error)}</Alert>
        )
      ) : rows.length === 0 ? (
        <Text c="dimmed">There are no shops yet. Once you place an order, its shops will appear here.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm" data-testid="shops-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Location</Table.Th>
                <Table.Th>Questionnaire</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Start Date</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ location, shop }) => (
                <Table.Tr key={shop._id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {location.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {addressLine(location.address)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{shop.questionnaireTitle}</Table.Td>
                  <Table.Td>
                    {questionnaireTypeLabel(shop.questionnaireType)}
                    {shop.questionnaireType !== 'customerSurvey' && (
                      <Text size="xs" c="dimmed">
                        {shop.recurring ? 'Recurring' : 'One-Time'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateUs(shop.startDate)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[shop.status.toLowerCase()] ?? 'gray'}>
                      {statusText(shop.status)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
