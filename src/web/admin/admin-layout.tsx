import { Alert, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { usePageTitle } from '../app/page-title';
import { PageLoader, RequireLogin, useCurrentUser } from '../app/session';

function NotAuthorized() {
  usePageTitle('Not Authorized');
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title="Not Authorized">
        Not Authorized
      </Alert>
    </Container>
  );
}

/** Admin pages: login required, and the admin flag (the server enforces it again on every call). */
export function AdminLayout() {
  const { user, loading } = useCurrentUser();
  return (
    <RequireLogin>{loading ? <PageLoader /> : user?.admin ? <Outlet /> : <NotAuthorized />}</RequireLogin>
  );
}
