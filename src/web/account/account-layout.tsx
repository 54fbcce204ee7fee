import { Container, Grid, NavLink, Paper, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { RequireLogin } from '../app/session';

const MENU = [
  { label: 'Dashboard', to: '/account/dashboard' },
  { label: 'Account Information', to: '/account/info' },
  { label: 'History / Reorder', to: '/account/order-history' },
  { label: 'Recurring Orders', to: '/account/active-shops' },
  { label: 'Location Management', to: '/account/locations' },
  { label: 'Program Reports', to: '/account/reports' },
  { label: 'Communication Preferences', to: '/account/preferences' },
];

/** The account area: login required, a menu beside every page. */
export function AccountLayout() {
  const { pathname } = useLocation();
  return (
    <RequireLogin>
      <Container size="xl" py="md">
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="xs" component="nav" aria-label="Account">
              <Stack gap={2}>
                {MENU.map((m) => (
                  <NavLink
                    key={m.to}
                    component={Link}
                    to={m.to}
                    label={m.label}
                    active={pathname.startsWith(m.to)}
                  />
                ))}
                <NavLink
                  component={Link}
                  to="/change-password"
                  label="Change Password"
                  active={pathname === '/change-password'}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Outlet />
          </Grid.Col>
        </Grid>
      </Container>
    </RequireLogin>
  );
}
