import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { appendPage } from '../account/account-paging';
import { Page } from '../components/page';
import { type PagedColumn, PagedTable } from '../components/paged-table';
import type { AdminCustomersQuery } from '../gql/graphql';
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

type CustomerNode = AdminCustomersQuery['users']['nodes'][number];

const CUSTOMER_COLUMNS: PagedColumn<CustomerNode>[] = [
  {
    header: 'Customer Name',
    cell: (u) => (
      <Anchor component={Link} to={`/admin/customers/${u._id}`} fw={600}>
        {u.fullName || u.email}
      </Anchor>
    ),
  },
  { header: 'Brand', cell: (u) => u.associatedBrand?.name ?? '—' },
  { header: 'Business Name', cell: (u) => u.profile.businessName || '—' },
  { header: 'Email', cell: (u) => u.email, style: { overflowWrap: 'anywhere' } },
];

function CustomerList({ search }: { search: Search }) {
  const { data, loading, error, fetchMore } = useQuery(ADMIN_CUSTOMERS, {
    variables: {
      first: ADMIN_PAGE_SIZE,
      nameSearch: search.nameSearch || null,
      businessNameSearch: search.businessNameSearch || null,
    },
  });
  const loadMore = (after: string | null | undefined) =>
    fetchMore({
      variables: { after },
      updateQuery: (shown, { fetchMoreResult }) => ({
        ...shown,
        users: appendPage(shown.users, fetchMoreResult.users, (u) => u._id),
      }),
    });

  return (
    <PagedTable
      connection={data?.users}
      loading={loading}
      error={error}
      loadMore={loadMore}
      columns={CUSTOMER_COLUMNS}
      rowKey={(u) => u._id}
      minWidth={640}
      emptyText={MSG_NO_CUSTOMERS}
      ids={{ table: 'customers-table', row: 'customer-row', empty: 'customers-empty' }}
    />
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
