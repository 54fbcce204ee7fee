import '../app/full-styles';
import { useMutation } from '@apollo/client';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  bulkRowDefaultName,
  firstError,
  normalizeAddressLines,
  ORDER_PATHS,
  ZBulkLocationsInput,
} from '../../domain';
import { notifyError, notifySuccess } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { graphql } from '../gql';
import { useGeocodeLine } from './address-autocomplete';
import { scheduleBulkGeocode } from './bulk-geocode-scheduler';
import { BulkLocationRows, type BulkRow } from './bulk-location-rows';
import { NoQuestionnairesYet } from './location-empty-order';
import { useOrder } from './use-order';

const ADD_BULK_LOCATIONS = graphql(`
  mutation AddBulkLocations($input: [LocationInput!]!) {
    addBulkLocations(input: $input) {
      _id
    }
  }
`);

const TITLE = 'Add Bulk Locations';

export function BulkLocationsPage() {
  const { oid, order, loading, refetch } = useOrder();
  const navigate = useNavigate();
  const geocodeLine = useGeocodeLine();
  const [text, setText] = useState('');
  const [rows, setRows] = useState<BulkRow[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [addBulk, { loading: adding }] = useMutation(ADD_BULK_LOCATIONS);
  const jobs = useRef<{ cancel: () => void }[]>([]);
  const nextKey = useRef(0);

  useEffect(
    () => () => {
      for (const job of jobs.current) job.cancel();
    },
    [],
  );

  if (loading) return <PageLoader />;
  if (!order || !oid || order.userQuestionnaires.length === 0) return <NoQuestionnairesYet title={TITLE} />;

  const update = (key: number, patch: Partial<BulkRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const validate = () => {
    const lines = normalizeAddressLines(text);
    if (lines.length === 0) return;
    const first = rows.length;
    const added: BulkRow[] = lines.map((line, i) => ({
      key: nextKey.current++,
      line,
      status: 'loading',
      address: null,
      name: bulkRowDefaultName(first + i),
      website: '',
      phone: '',
    }));
    setRows((current) => [...current, ...added]);
    setText('');
    setFormError(null);
    jobs.current.push(
      scheduleBulkGeocode({
        lines,
        geocode: geocodeLine,
        onSettled: (i, result) =>
          update(
            added[i]!.key,
            result.status === 'validated'
              ? { status: 'validated', address: result.address }
              : { status: 'error' },
          ),
      }),
    );
  };

  const validated = rows.filter((row) => row.status === 'validated');
  const stillLoading = rows.some((row) => row.status === 'loading');

  const submit = async () => {
    // Rows in error are dropped; every validated row needs a Location Name.
    const parsed = ZBulkLocationsInput.safeParse(
      validated.map((row) => ({
        address: row.address,
        name: row.name,
        website: row.website,
        phone: row.phone,
        oids: [oid],
      })),
    );
    if (!parsed.success) {
      setFormError(firstError(parsed.error)?.message ?? null);
      return;
    }
    setFormError(null);
    try {
      await addBulk({ variables: { input: parsed.data } });
      await refetch();
      notifySuccess(`${parsed.data.length} location${parsed.data.length === 1 ? '' : 's'} added.`);
      navigate(ORDER_PATHS.afterBulkLocations);
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Page title={TITLE}>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Textarea
            label="Addresses"
            description="Enter one address per line. You can paste a list straight from Word or Excel."
            placeholder="1600 Main Street, Springfield, IL 62701"
            autosize
            minRows={6}
            maxRows={16}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button onClick={validate} disabled={text.trim() === ''}>
              Validate Addresses
            </Button>
          </Group>
        </Stack>
      </Paper>

      {rows.length > 0 ? (
        <BulkLocationRows
          rows={rows}
          onEdit={update}
          onRemove={(key) => setRows((current) => current.filter((row) => row.key !== key))}
        />
      ) : (
        <Text c="dimmed" ta="center">
          Validated addresses appear here, where you can name each location before adding it.
        </Text>
      )}

      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button variant="default" component={Link} to={ORDER_PATHS.afterBulkLocations}>
          Cancel and Return to Order
        </Button>
        <Button
          onClick={submit}
          loading={adding}
          disabled={rows.length === 0 || validated.length === 0 || stillLoading}
        >
          Add Locations To Order
        </Button>
      </Group>
    </Page>
  );
}
