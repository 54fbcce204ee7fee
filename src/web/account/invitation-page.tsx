import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import {
  MSG_INVITATION_EXPIRED,
  MSG_INVITATION_INVALID,
  MSG_INVITATION_USED,
  MSG_PASSWORDS_DO_NOT_MATCH,
  zPassword,
} from '../../domain';
import { errorMessage, fieldErrors } from '../app/apollo';
import { PageLoader, useCurrentUser } from '../app/session';
import { NewPasswordFields } from '../components/new-password-fields';
import type { InvitationQuery } from '../gql/graphql';
import { AuthCard } from './auth-card';
import { ACCEPT_TEAM_INVITATION, INVITATION } from './team-documents';

const TITLE = 'Team Invitation';
/** Where a member lands once they joined. */
const LANDING = '/account/dashboard';

const ZJoinForm = z
  .object({
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    password: zPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: MSG_PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
type TJoinForm = z.input<typeof ZJoinForm>;

type Preview = NonNullable<InvitationQuery['invitation']>;

/** Why a link no longer works, in the rules' words. */
const CLOSED: Record<string, string> = {
  expired: MSG_INVITATION_EXPIRED,
  accepted: MSG_INVITATION_USED,
  withdrawn: MSG_INVITATION_INVALID,
};

/** A new login for the invited address: name and password, then the member's first page. */
function JoinForm({ token, onError }: { token: string; onError: (message: string | null) => void }) {
  const [accept, { loading }] = useMutation(ACCEPT_TEAM_INVITATION);
  const form = useForm<TJoinForm>({
    resolver: zodResolver(ZJoinForm),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const e = form.formState.errors;
  const onSubmit = form.handleSubmit(async ({ confirmPassword: _c, ...input }) => {
    onError(null);
    try {
      await accept({ variables: { token, input } });
      // A full page load: every query starts again as the new member.
      window.location.assign(LANDING);
    } catch (err) {
      const fields = fieldErrors(err);
      for (const [field, message] of Object.entries(fields)) {
        if (field in input) form.setError(field as keyof TJoinForm, { message });
      }
      onError(errorMessage(err));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Join the team">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            miw={160}
            {...form.register('firstName')}
            error={e.firstName?.message}
          />
          <TextInput
            label="Last Name"
            autoComplete="family-name"
            miw={160}
            {...form.register('lastName')}
            error={e.lastName?.message}
          />
        </Group>
        <NewPasswordFields form={form} />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={loading}>
            Join the Team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The logged-in invitee joins with their login. */
function AcceptButton({ token, onError }: { token: string; onError: (message: string | null) => void }) {
  const [accept, { loading }] = useMutation(ACCEPT_TEAM_INVITATION);
  return (
    <Group justify="flex-end">
      <Button
        loading={loading}
        onClick={async () => {
          onError(null);
          try {
            await accept({ variables: { token } });
            window.location.assign(LANDING);
          } catch (err) {
            onError(errorMessage(err));
          }
        }}
      >
        Accept
      </Button>
    </Group>
  );
}

function Offer({ invitation, token }: { invitation: Preview; token: string }) {
  const { user } = useCurrentUser();
  const [error, setError] = useState<string | null>(null);
  const here = `/invitation/${encodeURIComponent(token)}`;
  return (
    <AuthCard title={TITLE} error={error}>
      <Text data-testid="invitation-offer">
        <Text span fw={700}>
          {invitation.accountName}
        </Text>{' '}
        invited you to join their team as{' '}
        <Text span fw={700}>
          {invitation.roleLabel}
        </Text>
        .
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        This invitation is for {invitation.email}.
      </Text>
      {user ? (
        <AcceptButton token={token} onError={setError} />
      ) : invitation.hasLogin ? (
        <>
          <Text size="sm">You already have a login with this address: log in with it to accept.</Text>
          <Group justify="flex-end">
            <Button component={Link} to={`/login?redirect=${encodeURIComponent(here)}`}>
              Log in to accept
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">Set a password to join.</Text>
          <JoinForm token={token} onError={setError} />
        </>
      )}
    </AuthCard>
  );
}

/**
 * /invitation/{token} (public): who invited you to which account and role, then Accept (logged in),
 * Log in to accept (the address has a login), or a name and password for a new login. A used, expired,
 * withdrawn or unknown link says so.
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const { loading: checkingLogin } = useCurrentUser();
  const { data, loading, error } = useQuery(INVITATION, {
    variables: { token },
    fetchPolicy: 'network-only',
  });
  if ((loading && !data) || checkingLogin) return <PageLoader />;
  const invitation = data?.invitation ?? null;
  const closed = error
    ? errorMessage(error)
    : !invitation
      ? MSG_INVITATION_INVALID
      : CLOSED[invitation.state];
  if (closed || !invitation) {
    return (
      <AuthCard title={TITLE}>
        <Alert color="red" variant="light" data-testid="invitation-closed">
          {closed}
        </Alert>
        <Group gap="md">
          <Button component={Link} to="/login" size="sm">
            Log in
          </Button>
          <Anchor component={Link} to="/" size="sm">
            Go to the home page
          </Anchor>
        </Group>
      </AuthCard>
    );
  }
  return <Offer invitation={invitation} token={token} />;
}
