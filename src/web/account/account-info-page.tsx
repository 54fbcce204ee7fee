import '../app/full-styles';
import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  MSG_ACCOUNT_EMAIL_OWNER_ONLY,
  may,
  mayChangeAccountEmail,
  type TeamRole,
  ZAccountInfoInput,
} from '../../domain';
import { fieldErrors, notifyError, notifySuccess } from '../app/apollo';
import { type CurrentUser, PageLoader, useCurrentUser } from '../app/session';
import { ContactFields } from '../components/contact-fields';
import { Page } from '../components/page';
import { BillingSection } from './account-billing';
import { SAVE_ACCOUNT_INFO } from './account-documents';
import { MSG_INFO_SAVED } from './account-messages';

type InfoValues = z.input<typeof ZAccountInfoInput>;
type InfoOutput = z.output<typeof ZAccountInfoInput>;

const toValues = (user: CurrentUser): InfoValues => ({
  email: user.email,
  profile: {
    firstName: user.profile.firstName,
    lastName: user.profile.lastName,
    businessName: user.profile.businessName,
    phone: user.profile.phone,
    additionalEmails: user.profile.additionalEmails,
  },
});

function AccountInfoForm({ user, role }: { user: CurrentUser; role: TeamRole | null }) {
  const form = useForm<InfoValues, unknown, InfoOutput>({
    resolver: zodResolver(ZAccountInfoInput),
    defaultValues: toValues(user),
  });
  const [saveAccountInfo] = useMutation(SAVE_ACCOUNT_INFO);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { data } = await saveAccountInfo({ variables: { input } });
      if (data) {
        const saved = data.saveAccountInfo;
        form.reset({ email: saved.email, profile: saved.profile });
      }
      notifySuccess(MSG_INFO_SAVED);
    } catch (err) {
      notifyError(err);
      for (const [field, message] of Object.entries(fieldErrors(err))) {
        form.setError(field as keyof InfoValues, { message });
      }
    }
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label="Account Information">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3">
            Your Information
          </Title>
          <Group gap="md">
            <Anchor component={Link} to="/account/preferences" size="sm">
              Communication Preferences
            </Anchor>
            <Anchor component={Link} to="/change-password" size="sm">
              Change Password
            </Anchor>
          </Group>
        </Group>
        <ContactFields
          form={form}
          additionalEmails
          emailLockedNote={role && !mayChangeAccountEmail(role) ? MSG_ACCOUNT_EMAIL_OWNER_ONLY : undefined}
        />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save Info
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /account/info and /account/info#billing: the profile form and the card on file (the card for the
 * account's owner only: a team's admin may not see or change it).
 */
export function AccountInfoPage() {
  const { user, role, loading } = useCurrentUser();
  return (
    <Page title="Account Information">
      {loading || !user ? <PageLoader /> : <AccountInfoForm user={user} role={role} />}
      {role && may(role, 'card') && <BillingSection />}
    </Page>
  );
}
