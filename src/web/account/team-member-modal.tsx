import { useMutation } from '@apollo/client';
import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MSG_ACCOUNT_LOGIN_STAYS } from '../../domain';
import { errorMessage, fieldErrors, notifyError, notifySuccess } from '../app/apollo';
import type { TeamQuery } from '../gql/graphql';
import { InlineConfirm } from './account-confirm';
import { CHANGE_TEAM_MEMBER, REMOVE_TEAM_MEMBER, TRANSFER_OWNERSHIP } from './team-documents';
import {
  MSG_MEMBER_REMOVED,
  MSG_MEMBER_SAVED,
  MSG_OWNERSHIP_TRANSFERRED,
  MSG_REMOVE_MEMBER_NOTE,
  MSG_TRANSFER_NOTE,
} from './team-messages';
import { type Grant, GrantFields, grantInput, type ScopeChoices } from './team-scope-fields';

export type Member = NonNullable<TeamQuery['team']>['members'][number];

export const memberName = (m: Pick<Member, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

const refetch = { refetchQueries: ['Team', 'TeamScopeChoices'], awaitRefetchQueries: true };

/**
 * A member's settings in a dialog: their role and, for a manager, regions and locations (Save); Remove
 * from the team; and for the owner, Transfer ownership. Each asks first where it cannot be undone.
 */
export function MemberModal({
  member,
  choices,
  mayTransfer,
  onClose,
}: {
  member: Member;
  choices: ScopeChoices;
  mayTransfer: boolean;
  onClose: () => void;
}) {
  const [grant, setGrant] = useState<Grant>({
    role: member.role === 'admin' ? 'admin' : 'manager',
    regionIds: member.regionIds,
    locationIds: member.locationIds,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [change, changing] = useMutation(CHANGE_TEAM_MEMBER, refetch);
  const [remove, removing] = useMutation(REMOVE_TEAM_MEMBER, refetch);
  const [transfer, transferring] = useMutation(TRANSFER_OWNERSHIP, {
    refetchQueries: ['Team', 'CurrentUser'],
    awaitRefetchQueries: true,
  });
  const name = memberName(member);

  const save = async () => {
    setErrors({});
    setFormError(null);
    try {
      await change({ variables: { input: { memberId: member._id, ...grantInput(grant) } } });
      notifySuccess(MSG_MEMBER_SAVED);
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(errorMessage(err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Change ${name}`} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
        <GrantFields
          value={grant}
          onChange={setGrant}
          choices={choices}
          errors={errors}
          idPrefix={`m-${member._id}`}
        />
        {formError && (
          <Text c="red" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={changing.loading}>
            Save
          </Button>
        </Group>
        <Divider />
        <Group gap="sm" align="flex-start">
          {member.accountLogin ? (
            <Text size="sm" c="dimmed">
              {MSG_ACCOUNT_LOGIN_STAYS}
            </Text>
          ) : (
            <InlineConfirm
              label="Remove"
              confirmLabel={`Remove ${name}`}
              note={MSG_REMOVE_MEMBER_NOTE}
              loading={removing.loading}
              onConfirm={async () => {
                try {
                  await remove({ variables: { memberId: member._id } });
                  notifySuccess(MSG_MEMBER_REMOVED);
                  onClose();
                } catch (err) {
                  notifyError(err);
                }
              }}
            />
          )}
          {mayTransfer && (
            <InlineConfirm
              label="Transfer ownership"
              confirmLabel={`Make ${name} the owner`}
              note={MSG_TRANSFER_NOTE}
              loading={transferring.loading}
              onConfirm={async () => {
                try {
                  await transfer({ variables: { memberId: member._id } });
                  notifySuccess(MSG_OWNERSHIP_TRANSFERRED);
                  onClose();
                } catch (err) {
                  notifyError(err);
                }
              }}
            />
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
