import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type TEmailPreferencesInput, ZEmailPreferencesInput } from '../../domain';
import { errorMessage, notifyError, notifySuccess } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { EMAIL_PREFERENCES, SAVE_EMAIL_PREFERENCES } from './account-documents';
import { MSG_ACTION_PLANS_AT_ONCE, MSG_DIGEST_HOLDS, MSG_INFO_SAVED } from './account-messages';

const CHOICES: { key: keyof TEmailPreferencesInput; label: string; description?: string }[] = [
  { key: 'receiveMarketing', label: 'News and product announcements' },
  { key: 'receiveShopScheduled', label: 'A shop has been scheduled' },
  { key: 'receiveShopQA', label: 'A shop has been sent to quality assurance' },
  { key: 'receiveShopComplete', label: 'A shop has been completed' },
  { key: 'receiveSurveyComplete', label: 'A customer survey has been completed' },
  { key: 'receiveActionPlans', label: 'Action plans', description: MSG_ACTION_PLANS_AT_ONCE },
  { key: 'receiveScoreAlerts', label: 'Score alerts', description: 'Sent at once, never in the digest.' },
  { key: 'receiveAsDigest', label: 'Send these as one daily digest', description: MSG_DIGEST_HOLDS },
];

function PreferencesForm({ initial }: { initial: TEmailPreferencesInput }) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [save] = useMutation(SAVE_EMAIL_PREFERENCES);
  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setSaving(true);
    try {
      await save({ variables: { input: ZEmailPreferencesInput.parse(values) } });
      notifySuccess(MSG_INFO_SAVED);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} aria-label="Communication Preferences">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose the e-mails you would like to receive.
        </Text>
        {CHOICES.map((c) => (
          <Checkbox
            key={c.key}
            label={c.label}
            // Read with the box by screen readers (Mantine does not link a checkbox's description).
            description={c.description && <span id={`preference-${c.key}-note`}>{c.description}</span>}
            aria-describedby={c.description ? `preference-${c.key}-note` : undefined}
            checked={values[c.key] ?? true}
            onChange={(e) => setValues({ ...values, [c.key]: e.currentTarget.checked })}
          />
        ))}
        <Group>
          <Button type="submit" loading={saving}>
            Save Preferences
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /account/preferences: the six e-mail preferences, and action plans. */
export function PreferencesPage() {
  const { data, loading, error } = useQuery(EMAIL_PREFERENCES);
  const prefs = data?.currentUser?.emailPreferences;
  return (
    <Page title="Communication Preferences">
      {prefs ? (
        <PreferencesForm initial={ZEmailPreferencesInput.parse(prefs)} />
      ) : loading ? (
        <PageLoader />
      ) : (
        <Alert color="red">{errorMessage(error)}</Alert>
      )}
    </Page>
  );
}
