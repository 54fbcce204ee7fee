import '../app/full-styles';
import { useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { appendPage } from '../account/account-paging';
import { errorMessage } from '../app/apollo';
import { Page } from '../components/page';
import { ADMIN_CUSTOMERS } from './admin-documents';
import { ADMIN_PAGE_SIZE } from './admin-links';
import { ExportLink } from './export-link';

export const MSG_NO_CUSTOMERS = 'No customers match this search.';

type Search = { nameSearch: string; businessNameSearch: string };

/** The two search boxes; the list follows them only on Search (kept in the address for Back). */
function CustomerSearchForm({ applied, onSearch }: { applied: Search; onSearch: (s: Search) => void }) {
  const form = useForm<Search>({ defaultValues: applied });
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={form.handleSubmit((s) =>
        onSearch({ nameSearch: s.nameSearch.trim(), businessNameSearch: s.businessNameSearch.trim() }),
      )}
      role="search"
      aria-label="Search customers"
    >
      <Group align="flex-end" gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ flex: '1 1 320px' }}>
          <TextInput label="Search by Customer Name" autoComplete="off" {...form.register('nameSearch')} />
          <TextInput
            label="Search by Business Name"
            autoComplete="off"
            {...form.register('businessNameSearch')}
          />
        </SimpleGrid>
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          Search
        </Button>
      </Group>
    </Paper>
  );
}

function CustomerList({ search }: { search: Search }) {
  const { data, loading, error, fetchMore } = useQuery(ADMIN_CUSTOMERS, {
    variables: {
      first: ADMIN_PAGE_SIZE,
      nameSearch: search.nameSearch || null,
      businessNameSearch: search.businessNameSearch || null,
    },
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const connection = data?.users;

  if (loading && !connection) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (error && !connection) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!connection || connection.nodes.length === 0) {
    return (
      <Text c="dimmed" data-testid="customers-empty">
        {MSG_NO_CUSTOMERS}
      </Text>
    );
  }

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after: connection.pageInfo.endCursor },
        updateQuery: (shown, { fetchMoreResult }) => ({
          ...shown,
          users: appendPage(shown.users, fetchMoreResult.users, (u) => u._id),
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid="customers-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Customer Name</Table.Th>
              <Table.Th>Brand</Table.Th>
              <Table.Th>Business Name</Table.Th>
              <Table.Th>Email</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {connection.nodes.map((u) => (
              <Table.Tr key={u._id} data-testid="customer-row">
                <Table.Td>
                  <Anchor component={Link} to={`/admin/customers/${u._id}`} fw={600}>
                    {u.fullName || u.email}
                  </Anchor>
                </Table.Td>
                <Table.Td>{u.associatedBrand?.name ?? '—'}</Table.Td>
                <Table.Td>{u.profile.businessName || '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {connection.pageInfo.hasNextPage && (
        <Center>
          <Button variant="default" onClick={loadMore} loading={loadingMore}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** /admin/customers: the customers, newest first, searched by name and business name on submit. */
export function AdminCustomersPage() {
  const [params, setParams] = useSearchParams();
  const applied: Search = {
    nameSearch: params.get('name') ?? '',
    businessNameSearch: params.get('business') ?? '',
  };
  const search = (s: Search) => {
    const next = new URLSearchParams();
    if (s.nameSearch) next.set('name', s.nameSearch);
    if (s.businessNameSearch) next.set('business', s.businessNameSearch);
    setParams(next);
  };
  return (
    <Page title="Customers">
      <CustomerSearchForm key={params.toString()} applied={applied} onSearch={search} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h3">
              {applied.nameSearch || applied.businessNameSearch ? 'Matching Customers' : 'All Customers'}
            </Title>
            <ExportLink type="customers" label="Export Customers to CSV" />
          </Group>
          <CustomerList search={applied} />
        </Stack>
      </Paper>
    </Page>
  );
}
