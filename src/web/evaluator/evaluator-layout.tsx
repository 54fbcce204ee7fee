import '../app/full-styles';
import { Button, Container } from '@mantine/core';
import {
  IconCalendarStats,
  IconCash,
  IconChecklist,
  IconClipboardList,
  IconMapPin,
  IconStar,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { readOfflineUser } from '../app/offline-user';
import { type CurrentUser, PageLoader, useCurrentUser } from '../app/session';
import classes from './evaluator-menu.module.css';
import { isScheduler, isShopper, isStaff } from './evaluator-roles';
import { OFFLINE_USER_KEY } from './offline/clear';

const HOME = '/evaluator';

/**
 * The evaluator app (phone first): its own small menu under the site header. Everything but the
 * login page at /evaluator needs a login, which brings the visitor back afterwards.
 */
/** The little the layout needs of the login, kept for opening the app offline (cleared on logout). */
type OfflineUser = Pick<CurrentUser, '_id' | 'email' | 'fullName' | 'admin' | 'roles' | 'scheduler'>;

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
      scheduler: user.scheduler,
    };
    try {
      localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(kept));
    } catch {
      // No storage: the app then needs a connection to open.
    }
  }, [user]);
  if (user || loading || typeof navigator === 'undefined' || navigator.onLine) return { user, loading };
  return { user: readOfflineUser() as OfflineUser | null, loading: false };
}

/**
 * The service worker that keeps the evaluator app working offline (src/web/evaluator-sw.ts), registered
 * from the evaluator's pages only, its library loaded lazily (never on the storefront's first page).
 */
function useEvaluatorServiceWorker(pathname: string) {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    void import('workbox-window')
      .then(({ Workbox }) => new Workbox('/evaluator-sw.js', { scope: '/evaluator' }).register())
      .catch(() => undefined);
  }, []);
  // Pages reached inside the app are not requests the worker sees: keep a copy of each, so a reload
  // without a connection still opens it (the worker's cache, cleared on logout).
  useEffect(() => {
    if (!('serviceWorker' in navigator) || typeof caches === 'undefined') return;
    void navigator.serviceWorker.ready
      .then(async () => {
        const cache = await caches.open(EVALUATOR_PAGES);
        if (!(await cache.match(pathname))) await cache.add(pathname);
      })
      .catch(() => undefined);
  }, [pathname]);
}

/** The service worker's cache of evaluator pages (src/web/evaluator-sw.ts). */
const EVALUATOR_PAGES = 'evaluator-pages';

export function EvaluatorLayout() {
  const { pathname, search } = useLocation();
  useEvaluatorServiceWorker(pathname);
  const { user, loading } = useUserOffline();
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
          { to: '/evaluator/standing', label: 'My Standing', icon: IconStar },
        ]
      : []),
    ...(isStaff(user) ? [{ to: '/evaluator/qa', label: 'QA Queue', icon: IconChecklist }] : []),
    ...(isScheduler(user) ? [{ to: '/evaluator/desk', label: 'Desk', icon: IconCalendarStats }] : []),
  ];
  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md">
      {links.length > 0 && (
        <nav aria-label="Evaluator" className={classes.menu}>
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
                leftSection={<Icon size={16} aria-hidden />}
                aria-current={active ? 'page' : undefined}
                // On a phone the tabs share the width, each whole (evaluator-menu.module.css).
                classNames={{
                  root: classes.tab,
                  inner: classes.inner,
                  section: classes.section,
                  label: classes.label,
                }}
              >
                {label}
              </Button>
            );
          })}
        </nav>
      )}
      <Outlet />
    </Container>
  );
}
