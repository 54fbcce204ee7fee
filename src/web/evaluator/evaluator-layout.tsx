import '../app/full-styles';
import { Button, Container, Group, ScrollArea } from '@mantine/core';
import { IconChecklist, IconClipboardList, IconMapPin } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { type CurrentUser, PageLoader, useCurrentUser } from '../app/session';
import { isShopper, isStaff } from './evaluator-roles';
import { OFFLINE_USER_KEY } from './offline/clear';

const HOME = '/evaluator';

/**
 * The evaluator app (phone first): its own small menu under the site header. Everything but the
 * login page at /evaluator needs a login, which brings the visitor back afterwards.
 */
/** The little the layout needs of the login, kept for opening the app offline (cleared on logout). */
type OfflineUser = Pick<CurrentUser, '_id' | 'email' | 'fullName' | 'admin' | 'roles'>;

function useUserOffline(): { user: OfflineUser | null; loading: boolean } {
  const { user, loading } = useCurrentUser();
  useEffect(() => {
    if (!user) return;
    const kept: OfflineUser = {
      _id: user._id,
      email: user.email,
      fullName: user.fullName,
      admin: user.admin,
      roles: user.roles,
    };
    try {
      localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(kept));
    } catch {
      // No storage: the app then needs a connection to open.
    }
  }, [user]);
  if (user || loading || typeof navigator === 'undefined' || navigator.onLine) return { user, loading };
  try {
    const kept = localStorage.getItem(OFFLINE_USER_KEY);
    return { user: kept ? (JSON.parse(kept) as OfflineUser) : null, loading: false };
  } catch {
    return { user: null, loading: false };
  }
}

export function EvaluatorLayout() {
  const { user, loading } = useUserOffline();
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
