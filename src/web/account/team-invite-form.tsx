import { useMutation } from '@apollo/client';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { zEmail } from '../../domain';
import { errorMessage, fieldErrors, notifySuccess } from '../app/apollo';
import { INVITE_TEAM_MEMBER } from './team-documents';
import { MSG_INVITATION_SENT } from './team-messages';
import { type Grant, GrantFields, grantInput, NO_GRANT, type ScopeChoices } from './team-scope-fields';

/**
 * Invite: an e-mail address, a role and, for a Manager, their regions and locations. The server
 * e-mails the link; its errors show at the field they name (email, role, regionIds, locationIds).
 */
export function InviteForm({ choices }: { choices: ScopeChoices }) {
  const [email, setEmail] = useState('');
  const [grant, setGrant] = useState<Grant>(NO_GRANT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [invite, { loading }] = useMutation(INVITE_TEAM_MEMBER, {
    refetchQueries: ['Team'],
    awaitRefetchQueries: true,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = zEmail.safeParse(email);
    if (!checked.success) {
      setErrors({ email: checked.error.issues[0]?.message ?? 'Email is required.' });
      return;
    }
    setErrors({});
    try {
      const { data } = await invite({ variables: { input: { email: checked.data, ...grantInput(grant) } } });
      notifySuccess(MSG_INVITATION_SENT(data?.inviteTeamMember.email ?? checked.data));
      setEmail('');
      setGrant(NO_GRANT);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : { email: errorMessage(err) });
    }
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label="Invite a member">
      <Stack gap="md">
        <Title order={2} size="h3">
          Invite a Member
        </Title>
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          maw={420}
        />
        <GrantFields value={grant} onChange={setGrant} choices={choices} errors={errors} idPrefix="invite" />
        <Group>
          <Button type="submit" loading={loading}>
            Send Invitation
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
