import '../app/full-styles';
import { Alert, Container, Grid, NavLink, Paper, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { RequireLogin, useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import { accountMenu, mayOpen } from './team-rules';

export const MSG_NOT_ON_TEAM =
  "This login is no longer a member of the account's team. Ask the account's owner for a new invitation.";
export const MSG_NOT_YOUR_ROLE = 'Your role on the team does not include this page.';

/** The account area's menu: the pages the caller's team role may use. */
function AccountMenu() {
  const { pathname } = useLocation();
  const { role } = useCurrentUser();
  return (
    <Paper withBorder p="xs" component="nav" aria-label="Account">
      <Stack gap={2}>
        {accountMenu(role).map((m) => (
          <NavLink key={m.to} component={Link} to={m.to} label={m.label} active={pathname.startsWith(m.to)} />
        ))}
        <NavLink
          component={Link}
          to="/change-password"
          label="Change Password"
          active={pathname === '/change-password'}
        />
      </Stack>
    </Paper>
  );
}

/** A page the caller's role does not reach (the server refuses its calls too), or a login off its team. */
function NotAuthorized() {
  const { role } = useCurrentUser();
  return (
    <Page title="Not Authorized">
      <Alert color="red" data-testid="not-authorized">
        {role === null ? MSG_NOT_ON_TEAM : MSG_NOT_YOUR_ROLE}
      </Alert>
    </Page>
  );
}

/** The account area: login required, a menu beside every page. */
export function AccountLayout() {
  const { pathname } = useLocation();
  const { role } = useCurrentUser();
  return (
    <RequireLogin>
      <Container size="xl" py="md">
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <AccountMenu />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {mayOpen(role, pathname) ? <Outlet /> : <NotAuthorized />}
          </Grid.Col>
        </Grid>
      </Container>
    </RequireLogin>
  );
}
