import '../../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, notifyError } from '../../app/apollo';
import { Page } from '../../components/page';
import { FORMS, SET_FORM_ACTIVE } from './forms-documents';
import { NewFormModal } from './new-form-modal';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function FormsTable() {
  const { data, loading, error } = useQuery(FORMS);
  const [setActive] = useMutation(SET_FORM_ACTIVE);
  if (loading && !data)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  if (error && !data) return <Alert color="red">{errorMessage(error)}</Alert>;
  const forms = data?.forms ?? [];
  if (forms.length === 0)
    return (
      <Text c="dimmed" data-testid="forms-empty">
        No forms yet. Create the first one with New Form.
      </Text>
    );
  const toggle = (id: string, isActive: boolean) =>
    setActive({ variables: { id, isActive } }).catch(notifyError);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped highlightOnHover data-testid="forms-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Published</Table.Th>
            <Table.Th>Last edited</Table.Th>
            <Table.Th>Active</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((f) => (
            <Table.Tr key={f._id} data-testid="form-row">
              <Table.Td>
                <Anchor component={Link} to={`/admin/forms/${f._id}`} fw={600}>
                  {f.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {f.latestVersion ? (
                  <Badge variant="light" color="green">
                    Version {f.latestVersion.version}
                  </Badge>
                ) : (
                  <Badge variant="outline" color="gray">
                    Draft only
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{day(f.updatedAt)}</Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`${f.name} active`}
                  checked={f.isActive}
                  onChange={(e) => void toggle(f._id, e.currentTarget.checked)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/forms: every form with its published version, and New Form. */
export function FormsListPage() {
  const [creating, setCreating] = useState(false);
  return (
    <Page title="Forms">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Text size="sm" c="dimmed" maw={620}>
              Forms define the questions of mystery shops and surveys. Publishing a form creates a new
              version; evaluations keep the version they started on.
            </Text>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New Form
            </Button>
          </Group>
          <FormsTable />
        </Stack>
      </Paper>
      <NewFormModal opened={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}
