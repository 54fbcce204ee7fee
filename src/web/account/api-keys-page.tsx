import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  DEFAULT_API_KEY_SCOPES,
  enumNameOf,
  isApiKeyScope,
  MSG_API_KEY_NAME_REQUIRED,
  MSG_API_KEY_SCOPES_REQUIRED,
} from '../../domain';
import { errorMessage, fieldErrors } from '../app/apollo';
import { Page } from '../components/page';
import { Section } from '../components/section';
import { MSG_API_KEYS_INTRO, MSG_KEY_SHOWN_ONCE, MSG_NO_API_KEYS } from './api-key-messages';
import { ApiKeyTable } from './api-key-table';
import { API_KEYS, CREATE_API_KEY } from './api-keys-documents';

const refetch = { refetchQueries: ['ApiKeys'], awaitRefetchQueries: true };

/** Create: a name and the scopes (Reporting, read-only, ticked); the secret opens in `onCreated`. */
function CreateKeyForm({ onCreated }: { onCreated: (created: { name: string; secret: string }) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([...DEFAULT_API_KEY_SCOPES]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { loading }] = useMutation(CREATE_API_KEY, refetch);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked: Record<string, string> = {};
    if (!name.trim()) checked.name = MSG_API_KEY_NAME_REQUIRED;
    if (scopes.length === 0) checked.scopes = MSG_API_KEY_SCOPES_REQUIRED;
    setErrors(checked);
    if (Object.keys(checked).length) return;
    try {
      const { data } = await create({
        variables: { name, scopes: scopes.filter(isApiKeyScope).map(enumNameOf) },
      });
      if (!data) return;
      onCreated({ name: data.createApiKey.key.name, secret: data.createApiKey.secret });
      setName('');
      setScopes([...DEFAULT_API_KEY_SCOPES]);
    } catch (err) {
      const fields = fieldErrors(err);
      const scopeError = Object.entries(fields).find(([f]) => f.startsWith('scopes'))?.[1];
      setErrors(
        Object.keys(fields).length
          ? { ...fields, ...(scopeError ? { scopes: scopeError } : {}) }
          : { name: errorMessage(err) },
      );
    }
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label="Create an API key">
      <Stack gap="md">
        <Title order={2} size="h3">
          Create a Key
        </Title>
        <TextInput
          label="Name"
          description="What uses it, e.g. Power BI or the intranet."
          required
          autoComplete="off"
          maxLength={API_KEY_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          maw={420}
        />
        <Checkbox.Group label="Scope" value={scopes} onChange={setScopes} error={errors.scopes}>
          <Stack gap="xs" mt={4}>
            {API_KEY_SCOPES.map((s: ApiKeyScope) => (
              <Checkbox
                key={s}
                value={s}
                label={API_KEY_SCOPE_LABELS[s].label}
                description={API_KEY_SCOPE_LABELS[s].description}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={loading}>
            Create Key
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The new key, once: a warning, the key itself and Copy. */
function NewKeyModal({
  created,
  onClose,
}: {
  created: { name: string; secret: string };
  onClose: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Your new API key: ${created.name}`}
      size="lg"
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Alert color="yellow" title="Shown only once" data-testid="api-key-warning">
          {MSG_KEY_SHOWN_ONCE}
        </Alert>
        <Code block data-testid="api-key-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {created.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy Key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /account/api-keys (the owner): the account's API keys, Create (shown once) and Revoke. */
export function ApiKeysPage() {
  const keys = useQuery(API_KEYS);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  if (keys.error && !keys.data) {
    const message = errorMessage(keys.error);
    return (
      <Page title={message === 'Not Authorized' ? message : 'API Keys'}>
        <Alert color="red" data-testid="api-keys-error">
          {message}
        </Alert>
      </Page>
    );
  }
  return (
    <Page title="API Keys">
      <Text size="sm" c="dimmed">
        {MSG_API_KEYS_INTRO}
      </Text>
      <CreateKeyForm onCreated={setCreated} />
      <Section title="Keys">
        {!keys.data ? (
          <Center py="md" aria-busy="true">
            <Loader size="sm" />
            <VisuallyHidden>Loading the keys</VisuallyHidden>
          </Center>
        ) : keys.data.apiKeys.length === 0 ? (
          <Text c="dimmed" size="sm">
            {MSG_NO_API_KEYS}
          </Text>
        ) : (
          <ApiKeyTable keys={keys.data.apiKeys} refetchQuery="ApiKeys" />
        )}
      </Section>
      {created && <NewKeyModal created={created} onClose={() => setCreated(null)} />}
    </Page>
  );
}
