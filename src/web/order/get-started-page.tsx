import { Alert, Button, Image, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MSG_ORDERING_FOR_OWNERS_AND_ADMINS, may } from '../../domain';
import { useBrand } from '../app/brand';
import { useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import { GetStartedView } from './get-started-view';

/**
 * /industry: Get Started, with the brand's text block when it has one. A team member whose role
 * cannot order (a Manager) is told so at the start, instead of walking the steps until the server
 * refuses.
 */
export function GetStartedPage() {
  const brand = useBrand();
  const { role } = useCurrentUser();
  if (role !== null && !may(role, 'order')) {
    return (
      <Page title="Get Started">
        <Alert color="blue" data-testid="ordering-not-for-role">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{MSG_ORDERING_FOR_OWNERS_AND_ADMINS}</Text>
            <Button component={Link} to="/account/dashboard" size="sm">
              Go to the Dashboard
            </Button>
          </Stack>
        </Alert>
      </Page>
    );
  }
  return (
    <Page title="Get Started">
      {brand.brandTextImageUrl && (
        <Image src={brand.brandTextImageUrl} alt="" mah={160} w="auto" fit="contain" />
      )}
      {brand.brandText && (
        <Paper withBorder p="lg" bg="brand.0" data-testid="brand-text">
          <Text>{brand.brandText}</Text>
        </Paper>
      )}
      <GetStartedView />
    </Page>
  );
}
