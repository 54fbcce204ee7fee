import '../app/full-styles';
import { Button, Container, Group, ScrollArea } from '@mantine/core';
import { IconCash, IconChecklist, IconClipboardList, IconMapPin } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader, useCurrentUser } from '../app/session';
import { isShopper, isStaff } from './evaluator-roles';

const HOME = '/evaluator';

/**
 * The evaluator app (phone first): its own small menu under the site header. Everything but the
 * login page at /evaluator needs a login, which brings the visitor back afterwards.
 */
export function EvaluatorLayout() {
  const { user, loading } = useCurrentUser();
  const { pathname, search } = useLocation();
  if (loading) return <PageLoader />;
  const atHome = pathname.replace(/\/+$/, '') === HOME;
  if (!user && !atHome) {
    return <Navigate to={`${HOME}?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  }
  const links = [
    ...(isShopper(user)
      ? [
          { to: '/evaluator/visits', label: 'Open Visits', icon: IconMapPin },
          { to: '/evaluator/evaluations', label: 'My Evaluations', icon: IconClipboardList },
          { to: '/evaluator/payments', label: 'My Payments', icon: IconCash },
        ]
      : []),
    ...(isStaff(user) ? [{ to: '/evaluator/qa', label: 'QA Queue', icon: IconChecklist }] : []),
  ];
  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md">
      {links.length > 0 && (
        <ScrollArea type="never" mb="md">
          <Group gap="xs" wrap="nowrap" component="nav" aria-label="Evaluator">
            {links.map(({ to, label, icon: Icon }) => {
              const active = pathname.startsWith(to);
              return (
                <Button
                  key={to}
                  component={Link}
                  to={to}
                  size="sm"
                  radius="xl"
                  variant={active ? 'filled' : 'light'}
                  leftSection={<Icon size={16} />}
                  aria-current={active ? 'page' : undefined}
                  // Full labels: on a phone the row scrolls sideways rather than cutting them short.
                  style={{ flexShrink: 0 }}
                >
                  {label}
                </Button>
              );
            })}
          </Group>
        </ScrollArea>
      )}
      <Outlet />
    </Container>
  );
}
