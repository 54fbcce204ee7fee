import '../app/full-styles';
import { Alert, Container, Grid, NavLink, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { RequireLogin, useCurrentUser } from '../app/session';
import { AreaMenu } from '../components/area-menu';
import { Page } from '../components/page';
import { accountMenu, mayOpen } from './team-rules';

export const MSG_NOT_ON_TEAM =
  "This login is no longer a member of the account's team. Ask the account's owner for a new invitation.";
export const MSG_NOT_YOUR_ROLE = 'Your role on the team does not include this page.';

/** The account area's links: the pages the caller's team role may use (`onNavigate` closes the drawer). */
function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { role } = useCurrentUser();
  const links = [...accountMenu(role), { to: '/change-password', label: 'Change Password' }];
  return (
    <Stack gap={2}>
      {links.map((m) => {
        const active = m.to === '/change-password' ? pathname === m.to : pathname.startsWith(m.to);
        return (
          <NavLink
            key={m.to}
            component={Link}
            to={m.to}
            label={m.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
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

/**
 * The account area: login required, a menu beside every page (on phones, an 'Account Menu' button that
 * opens it as a drawer, as the admin area does).
 */
export function AccountLayout() {
  const { pathname } = useLocation();
  const { role } = useCurrentUser();
  return (
    <RequireLogin>
      <Container size="xl" py="md">
        <Grid gutter={{ base: 'xs', md: 'lg' }}>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <AreaMenu name="Account" toggleLabel="Account Menu">
              {(onNavigate) => <AccountLinks onNavigate={onNavigate} />}
            </AreaMenu>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {mayOpen(role, pathname) ? <Outlet /> : <NotAuthorized />}
          </Grid.Col>
        </Grid>
      </Container>
    </RequireLogin>
  );
}
