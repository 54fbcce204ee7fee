import '../app/full-styles';
import { useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateUs } from '../../domain';
import { errorMessage } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import type { AdminCustomerQuery } from '../gql/graphql';
import { BackLink } from './admin-back-link';
import { ADMIN_CUSTOMER } from './admin-documents';
import { CustomerActiveShops } from './customer-active-shops';
import { CustomerApiKeys } from './customer-api-keys';
import { CustomerBrandForm } from './customer-brand-form';
import { CustomerOrders, CustomerPayments } from './customer-history';
import { CustomerTwoFactor } from './customer-two-factor';

export const MSG_CUSTOMER_NOT_FOUND = 'Customer Not Found';

type Customer = NonNullable<AdminCustomerQuery['user']>;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Profile({ customer }: { customer: Customer }) {
  const card = customer.paymentCard;
  return (
    <Paper withBorder p="md" component="section" aria-label="Profile" data-testid="customer-profile">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
          <Fact label="Email" value={customer.email} />
          <Fact label="Business Name" value={customer.profile.businessName} />
          <Fact label="Phone" value={customer.profile.phone} />
          <Fact label="Additional Emails" value={customer.profile.additionalEmails} />
          <Fact label="Customer Since" value={formatDateUs(customer.createdAt)} />
          <Fact
            label="Card on File"
            value={
              card
                ? `${card.brand} ending ${card.last4}, expires ${card.expireMonth} / ${card.expireYear}`
                : ''
            }
          />
        </SimpleGrid>
        <Divider />
        <CustomerBrandForm uid={customer._id} brandId={customer.associatedBrandId} />
      </Stack>
    </Paper>
  );
}

/**
 * The account's members and their roles (issue 18); a member's own login has none of its own. Each
 * other member's address opens that login's page, where its two-factor sign-in can be reset.
 */
function CustomerTeam({ uid, members }: { uid: string; members: Customer['teamMembers'] }) {
  if (members.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        This login is a member of another account's team.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs" striped data-testid="customer-team">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m._id}>
              <Table.Td>{`${m.firstName} ${m.lastName}`.trim() || '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {m.userId === uid ? (
                  m.email
                ) : (
                  <Anchor component={Link} to={`/admin/customers/${m.userId}`}>
                    {m.email}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>{m.roleLabel}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const backToCustomers = <BackLink to="/admin/customers">Back to Customers</BackLink>;

/**
 * /admin/customers/{uid}: the customer's profile and associated brand, a View Reports link, their
 * team's members (each a link to that login's page), two-factor sign-in (resettable), API keys (revocable), orders, payments and active shops (each cancellable).
 */
export function AdminCustomerPage() {
  const uid = useParams().uid ?? '';
  const { data, loading, error } = useQuery(ADMIN_CUSTOMER, { variables: { uid }, skip: !uid });
  const customer = data?.user;

  if (loading && !data) {
    return (
      <Page title="Customer">
        <PageLoader />
      </Page>
    );
  }
  if (!customer) {
    return (
      <Page title={MSG_CUSTOMER_NOT_FOUND}>
        <Alert color="red" title={MSG_CUSTOMER_NOT_FOUND} data-testid="customer-not-found">
          {error ? errorMessage(error) : 'There is no customer with this id.'}
        </Alert>
        {backToCustomers}
      </Page>
    );
  }

  return (
    <Page
      title={customer.fullName}
      heading={
        <Group justify="space-between" gap="sm">
          <span>{customer.fullName}</span>
          <Button
            component={Link}
            to={`/admin/reports/${customer._id}`}
            variant="light"
            leftSection={<IconChartBar size={16} aria-hidden />}
          >
            View Reports
          </Button>
        </Group>
      }
    >
      {backToCustomers}
      <Profile customer={customer} />
      <Section title="Team">
        <CustomerTeam uid={customer._id} members={customer.teamMembers} />
      </Section>
      <Section title="Two-Factor Sign-In">
        <CustomerTwoFactor uid={customer._id} email={customer.email} />
      </Section>
      <Section title="API Keys">
        <CustomerApiKeys uid={customer._id} />
      </Section>
      <Section title="Order History">
        <CustomerOrders uid={customer._id} />
      </Section>
      <Section title="Payment History">
        <CustomerPayments uid={customer._id} />
      </Section>
      <Section title="Active Shops">
        <CustomerActiveShops uid={customer._id} />
      </Section>
    </Page>
  );
}
