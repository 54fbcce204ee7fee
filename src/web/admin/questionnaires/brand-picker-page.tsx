import '../../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../app/apollo';
import { PageLoader } from '../../app/session';
import { Page } from '../../components/page';
import { BRANDS, brandTypeLabel } from '../brands';

export const MSG_NO_BRANDS = 'No Brands Found';

/** /admin/questionnaires: pick the brand whose industries and questionnaires to manage. */
export function BrandPickerPage() {
  const { data, loading, error } = useQuery(BRANDS);
  const brands = data?.brands;
  return (
    <Page title="Select Brand">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed">Pick a brand to manage its industries and questionnaires.</Text>
        <Button component={Link} to="/admin/brands/add" leftSection={<IconPlus size={16} />}>
          Add Brand
        </Button>
      </Group>
      {loading && !brands ? (
        <PageLoader />
      ) : error && !brands ? (
        <Alert color="red">{errorMessage(error)}</Alert>
      ) : !brands?.length ? (
        <Text c="dimmed">{MSG_NO_BRANDS}</Text>
      ) : (
        <Table verticalSpacing="sm" highlightOnHover data-testid="brands-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Brand</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th w={1}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {brands.map((b) => (
              <Table.Tr key={b._id} data-testid="brand-row">
                <Table.Td>
                  <Group gap="xs">
                    <Anchor component={Link} to={`/admin/questionnaires/${b._id}`} fw={600}>
                      {b.name}
                    </Anchor>
                    {b.restrictCMS && (
                      <Badge size="sm" variant="light" color="gray">
                        Read only
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{brandTypeLabel(b.type)}</Table.Td>
                <Table.Td>
                  <Button
                    component={Link}
                    to={`/admin/brands/edit/${b._id}`}
                    size="xs"
                    variant="default"
                    aria-label={`Edit ${b.name}`}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Page>
  );
}
