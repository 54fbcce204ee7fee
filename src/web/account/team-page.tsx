import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatDateUs, may } from '../../domain';
import { errorMessage, notifyError, notifySuccess } from '../app/apollo';
import { PageLoader, useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import { Section } from '../components/section';
import classes from '../components/stacked-table.module.css';
import type { TeamQuery } from '../gql/graphql';
import { RESEND_TEAM_INVITATION, TEAM, TEAM_SCOPE_CHOICES, WITHDRAW_TEAM_INVITATION } from './team-documents';
import { InviteForm } from './team-invite-form';
import { type Member, MemberModal, memberName } from './team-member-modal';
import {
  MSG_INVITATION_RESENT,
  MSG_INVITATION_WITHDRAWN,
  MSG_NO_INVITATIONS,
  MSG_ONLY_YOU,
} from './team-messages';
import { accessText } from './team-rules';
import type { ScopeChoices } from './team-scope-fields';

type Invitation = NonNullable<TeamQuery['team']>['invitations'][number];

/** A person's line in a table: a bold first line and a dimmed second one; only a word too long for a line breaks. */
function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Stack gap={2} style={{ overflowWrap: 'break-word' }}>
      {first}
      <Text size="sm" c="dimmed">
        {second}
      </Text>
    </Stack>
  );
}

/** A member or an invitation: a role and, for a manager, the regions and locations given. */
type Grantee = { _id: string; role: string; roleLabel: string; regionIds: string[]; locationIds: string[] };
/** What a row shows besides the role: who (with a badge), a second line, and its action. */
type RowParts = { who: string; badge?: ReactNode; second: ReactNode; action: ReactNode };

/**
 * Members or invitations (`kind`): who, role and what they see, and each row's action. Three columns
 * on a desk; on a phone each row is a card, so e-mails, dates and badges stay whole.
 */
function TeamTable<T extends Grantee>({
  kind,
  whoHeading,
  items,
  choices,
  parts,
}: {
  kind: 'member' | 'invitation';
  whoHeading: string;
  items: T[];
  choices: ScopeChoices;
  parts: (item: T) => RowParts;
}) {
  return (
    <Table
      verticalSpacing="sm"
      horizontalSpacing="xs"
      striped
      className={classes.stacked}
      data-testid={`team-${kind}s`}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{whoHeading}</Table.Th>
          <Table.Th>Role and access</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => {
          const row = parts(item);
          return (
            <Table.Tr key={item._id} data-testid={`team-${kind}`}>
              <Table.Td>
                <TwoLines
                  first={
                    <Group gap={6}>
                      {/* A member's name in bold; an invitation's e-mail in the weight of a member's e-mail,
                          so that it stays on one line of a phone's card as theirs does. */}
                      <Text fw={kind === 'invitation' ? 400 : 600} size="sm">
                        {row.who}
                      </Text>
                      {row.badge}
                    </Group>
                  }
                  second={row.second}
                />
              </Table.Td>
              <Table.Td>
                <TwoLines
                  first={
                    <Text size="sm" fw={700}>
                      {item.roleLabel}
                    </Text>
                  }
                  second={accessText(item, choices.regions, choices.locations)}
                />
              </Table.Td>
              <Table.Td ta="right">{row.action}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Members: name and e-mail, role and what they see, and Change for those the caller may change. */
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
    <TeamTable
      kind="member"
      whoHeading="Member"
      items={members}
      choices={choices}
      parts={(m) => ({
        who: memberName(m),
        badge: m.userId === me && (
          <Badge size="xs" variant="light" color="gray">
            You
          </Badge>
        ),
        second: m.email,
        action: m.role !== 'owner' && m.userId !== me && (
          <Button
            size="xs"
            variant="default"
            onClick={() => onChange(m)}
            aria-label={`Change ${memberName(m)}`}
          >
            Change
          </Button>
        ),
      })}
    />
  );
}

/** Pending (and expired) invitations, each with Resend (a new link, the old one dead) and Withdraw. */
function InvitationsTable({ invitations, choices }: { invitations: Invitation[]; choices: ScopeChoices }) {
  const refetch = { refetchQueries: ['Team'], awaitRefetchQueries: true };
  const [withdraw] = useMutation(WITHDRAW_TEAM_INVITATION, refetch);
  const [resend] = useMutation(RESEND_TEAM_INVITATION, refetch);
  // The invitation and action running: one at a time, its button shows the loader.
  const [pending, setPending] = useState<{ id: string; action: 'resend' | 'withdraw' } | null>(null);
  if (invitations.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {MSG_NO_INVITATIONS}
      </Text>
    );
  }
  const run = async (i: Invitation, action: 'resend' | 'withdraw', button: HTMLButtonElement) => {
    setPending({ id: i._id, action });
    try {
      if (action === 'resend') {
        await resend({ variables: { _id: i._id } });
        notifySuccess(MSG_INVITATION_RESENT(i.email));
      } else {
        await withdraw({ variables: { _id: i._id } });
        notifySuccess(MSG_INVITATION_WITHDRAWN);
      }
    } catch (err) {
      notifyError(err);
    } finally {
      setPending(null);
      // The button was disabled while it ran, which drops the keyboard focus: give it back (a resent
      // invitation keeps its row; a withdrawn one is gone).
      requestAnimationFrame(() => {
        if (button.isConnected) button.focus();
      });
    }
  };
  const busy = (i: Invitation, action: 'resend' | 'withdraw') =>
    pending?.id === i._id && pending.action === action;
  return (
    <TeamTable
      kind="invitation"
      whoHeading="Invited"
      items={invitations}
      choices={choices}
      parts={(i) => ({
        who: i.email,
        second:
          i.state === 'expired' ? (
            <Badge color="red" variant="light" component="span">
              Expired
            </Badge>
          ) : (
            `Expires ${formatDateUs(i.expiresAt)}`
          ),
        action: (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            <Button
              size="xs"
              variant="default"
              loading={busy(i, 'resend')}
              disabled={pending !== null}
              aria-label={`Resend the invitation to ${i.email}`}
              onClick={(e) => run(i, 'resend', e.currentTarget)}
            >
              Resend
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={busy(i, 'withdraw')}
              disabled={pending !== null}
              aria-label={`Withdraw the invitation to ${i.email}`}
              onClick={(e) => run(i, 'withdraw', e.currentTarget)}
            >
              Withdraw
            </Button>
          </Group>
        ),
      })}
    />
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
