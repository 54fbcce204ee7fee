import { ActionIcon, Group, Loader, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatPhoneInput } from '../../domain';
import { addressText, type SuggestedAddress } from './address-autocomplete';

export type BulkRow = {
  key: number;
  line: string;
  status: 'loading' | 'error' | 'validated';
  address: SuggestedAddress | null;
  name: string;
  website: string;
  phone: string;
};

type Editable = Pick<BulkRow, 'name' | 'website' | 'phone'>;

/** The validated-address table of Add Bulk Locations: each row loading, in error or editable. */
export function BulkLocationRows(props: {
  rows: BulkRow[];
  onEdit: (key: number, patch: Partial<Editable>) => void;
  onRemove: (key: number) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" data-testid="bulk-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={160}>Location Name*</Table.Th>
            <Table.Th>Street Address</Table.Th>
            <Table.Th w={200}>Website</Table.Th>
            <Table.Th w={170}>Phone Number</Table.Th>
            <Table.Th w={70}>Remove</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row, index) => (
            <Table.Tr key={row.key} data-testid="bulk-row" data-status={row.status}>
              {row.status === 'validated' ? (
                <>
                  <Table.Td>
                    <TextInput
                      aria-label={`Location Name, row ${index + 1}`}
                      required
                      value={row.name}
                      error={row.name.trim() === ''}
                      onChange={(e) => props.onEdit(row.key, { name: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{addressText(row.address)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Website, row ${index + 1}`}
                      value={row.website}
                      onChange={(e) => props.onEdit(row.key, { website: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Phone Number, row ${index + 1}`}
                      type="tel"
                      value={row.phone}
                      onChange={(e) =>
                        props.onEdit(row.key, { phone: formatPhoneInput(e.currentTarget.value) })
                      }
                    />
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={4}>
                  {row.status === 'loading' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Loader size="xs" />
                      <Text size="sm" c="dimmed">
                        Validating {row.line}
                      </Text>
                    </Group>
                  ) : (
                    <Text size="sm" c="red" fw={500}>
                      Error validating {row.line}
                    </Text>
                  )}
                </Table.Td>
              )}
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove row ${index + 1}`}
                  onClick={() => props.onRemove(row.key)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
