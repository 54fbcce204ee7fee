import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../app/apollo';
import { graphql } from '../gql';
import { AuthCard } from './auth-card';

const UNSUBSCRIBE_LINK = graphql(`
  query UnsubscribeLink($token: String!) {
    unsubscribeLink(token: $token) {
      email
      topic
      label
      unsubscribed
    }
  }
`);

const UNSUBSCRIBE = graphql(`
  mutation Unsubscribe($token: String!) {
    unsubscribe(token: $token) {
      email
      topic
    }
  }
`);

/**
 * /unsubscribe/:token: where an e-mail's Unsubscribe link lands (no login). It says what the link
 * stops and asks first, so a mail scanner that opens links unsubscribes nobody; mail clients' one-click
 * unsubscribe POSTs to the same address instead (server: notifications/unsubscribe-route.ts). A link
 * opened again after it was followed says so, with the way back at /account/preferences.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const link = useQuery(UNSUBSCRIBE_LINK, { variables: { token } });
  const [unsubscribe, done] = useMutation(UNSUBSCRIBE);
  const about = link.data?.unsubscribeLink;
  const whom = about?.email ?? 'this address';
  return (
    <AuthCard title="Unsubscribe">
      {link.loading ? (
        <Loader size="sm" aria-label="Loading" />
      ) : link.error || !about ? (
        <Alert color="red" role="alert">
          {link.error ? errorMessage(link.error) : 'This unsubscribe link is not valid.'}
        </Alert>
      ) : about.unsubscribed && !done.data ? (
        <Alert color="blue" icon={<IconCircleCheck size={18} />} role="status" title="Already unsubscribed">
          <Stack gap="xs">
            <Text size="sm">
              {whom} is already unsubscribed from {about.label}.
            </Text>
            {about.topic !== 'reports' && (
              <Anchor component={Link} to="/account/preferences" size="sm" fw={600}>
                Turn them back on in your e-mail preferences
              </Anchor>
            )}
          </Stack>
        </Alert>
      ) : done.data ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" title="You are unsubscribed">
          {whom} will no longer receive {about.label}.
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text>
            Stop sending {about.label} to <strong>{whom}</strong>?
          </Text>
          {done.error ? (
            <Alert color="red" role="alert">
              {errorMessage(done.error)}
            </Alert>
          ) : null}
          <Button
            loading={done.loading}
            onClick={() => void unsubscribe({ variables: { token } }).catch(() => {})}
          >
            Unsubscribe
          </Button>
        </Stack>
      )}
      {about && !about.unsubscribed && about.topic !== 'reports' ? (
        <Anchor component={Link} to="/account/preferences" size="sm">
          Manage all your e-mail preferences
        </Anchor>
      ) : null}
    </AuthCard>
  );
}
