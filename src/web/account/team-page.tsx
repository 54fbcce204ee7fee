import { useMutation, useQuery } from '@apollo/client';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatDateUs, may } from '../../domain';
import { errorMessage, notifyError, notifySuccess } from '../app/apollo';
import { PageLoader, useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import type { TeamQuery } from '../gql/graphql';
import { TEAM, TEAM_SCOPE_CHOICES, WITHDRAW_TEAM_INVITATION } from './team-documents';
import { InviteForm } from './team-invite-form';
import { type Member, MemberModal, memberName } from './team-member-modal';
import { MSG_INVITATION_WITHDRAWN, MSG_NO_INVITATIONS, MSG_ONLY_YOU } from './team-messages';
import { accessText } from './team-rules';
import type { ScopeChoices } from './team-scope-fields';

type Invitation = NonNullable<TeamQuery['team']>['invitations'][number];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A person's line in a table: a bold first line and a dimmed second one, wrapping anywhere. */
function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
      {first}
      <Text size="sm" c="dimmed">
        {second}
      </Text>
    </Stack>
  );
}

/**
 * Members: name and e-mail, role and what they see, and Change for those the caller may change. Three
 * columns that wrap, so a phone shows them without scrolling sideways.
 */
function MembersTable({
  members,
  choices,
  me,
  onChange,
}: {
  members: Member[];
  choices: ScopeChoices;
  me: string | null;
  onChange: (m: Member) => void;
}) {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="xs" striped data-testid="team-members">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Member</Table.Th>
          <Table.Th>Role and access</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((m) => (
          <Table.Tr key={m._id} data-testid="team-member">
            <Table.Td>
              <TwoLines
                first={
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {memberName(m)}
                    </Text>
                    {m.userId === me && (
                      <Badge size="xs" variant="light" color="gray">
                        You
                      </Badge>
                    )}
                  </Group>
                }
                second={m.email}
              />
            </Table.Td>
            <Table.Td>
              <TwoLines
                first={
                  <Text size="sm" fw={700}>
                    {m.roleLabel}
                  </Text>
                }
                second={accessText(m, choices.regions, choices.locations)}
              />
            </Table.Td>
            <Table.Td ta="right">
              {m.role !== 'owner' && m.userId !== me && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onChange(m)}
                  aria-label={`Change ${memberName(m)}`}
                >
                  Change
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Pending (and expired) invitations, each with Withdraw. */
function InvitationsTable({ invitations, choices }: { invitations: Invitation[]; choices: ScopeChoices }) {
  const [withdraw] = useMutation(WITHDRAW_TEAM_INVITATION, {
    refetchQueries: ['Team'],
    awaitRefetchQueries: true,
  });
  const [pending, setPending] = useState<string | null>(null);
  if (invitations.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {MSG_NO_INVITATIONS}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="sm" horizontalSpacing="xs" striped data-testid="team-invitations">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Invited</Table.Th>
          <Table.Th>Role and access</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invitations.map((i) => (
          <Table.Tr key={i._id} data-testid="team-invitation">
            <Table.Td>
              <TwoLines
                first={
                  <Text size="sm" fw={600}>
                    {i.email}
                  </Text>
                }
                second={
                  i.state === 'expired' ? (
                    <Badge color="red" variant="light" component="span">
                      Expired
                    </Badge>
                  ) : (
                    `Expires ${formatDateUs(i.expiresAt)}`
                  )
                }
              />
            </Table.Td>
            <Table.Td>
              <TwoLines
                first={
                  <Text size="sm" fw={700}>
                    {i.roleLabel}
                  </Text>
                }
                second={accessText(i, choices.regions, choices.locations)}
              />
            </Table.Td>
            <Table.Td ta="right">
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={pending === i._id}
                disabled={pending !== null}
                aria-label={`Withdraw the invitation to ${i.email}`}
                onClick={async () => {
                  setPending(i._id);
                  try {
                    await withdraw({ variables: { _id: i._id } });
                    notifySuccess(MSG_INVITATION_WITHDRAWN);
                  } catch (err) {
                    notifyError(err);
                  } finally {
                    setPending(null);
                  }
                }}
              >
                Withdraw
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /account/team (owners and admins): the account's members and pending invitations, Invite, and per
 * member Change (role, regions, locations), Remove and, for the owner, Transfer ownership.
 */
export function TeamPage() {
  const { role, viewerId } = useCurrentUser();
  const team = useQuery(TEAM);
  const scope = useQuery(TEAM_SCOPE_CHOICES);
  const [changing, setChanging] = useState<string | null>(null);
  const error = team.error ?? scope.error;
  if (error && !(team.data && scope.data)) {
    const message = errorMessage(error);
    return (
      <Page title={message === 'Not Authorized' ? message : 'Team'}>
        <Alert color="red" data-testid="team-error">
          {message}
        </Alert>
      </Page>
    );
  }
  if (!team.data?.team || !scope.data) {
    return (
      <Page title="Team">
        <PageLoader />
      </Page>
    );
  }
  const choices: ScopeChoices = {
    regions: scope.data.regions,
    locations: scope.data.currentUser?.locations ?? [],
  };
  const { members, invitations } = team.data.team;
  const open = members.find((m) => m._id === changing);
  return (
    <Page title="Team">
      <Text size="sm" c="dimmed">
        Owners and Admins manage orders, locations and the team; Managers see the reports of their regions and
        locations only.
      </Text>
      <Section title="Members">
        <MembersTable
          members={members}
          choices={choices}
          me={viewerId}
          onChange={(m) => setChanging(m._id)}
        />
        {members.length === 1 && (
          <Text c="dimmed" size="sm">
            {MSG_ONLY_YOU}
          </Text>
        )}
      </Section>
      <Section title="Pending Invitations">
        <InvitationsTable invitations={invitations} choices={choices} />
      </Section>
      <InviteForm choices={choices} />
      {open && (
        <MemberModal
          member={open}
          choices={choices}
          mayTransfer={role !== null && may(role, 'ownership')}
          onClose={() => setChanging(null)}
        />
      )}
    </Page>
  );
}
