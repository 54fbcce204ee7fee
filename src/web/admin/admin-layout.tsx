import '../app/full-styles';
import { Alert, Container, Grid, NavLink, Stack } from '@mantine/core';
import {
  IconCash,
  IconClipboardList,
  IconForms,
  IconHistory,
  IconMail,
  IconReceipt,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { usePageTitle } from '../app/page-title';
import { PageLoader, RequireLogin, useCurrentUser } from '../app/session';
import { AreaMenu } from '../components/area-menu';

interface MenuEntry {
  label: string;
  to: string;
  icon: TablerIcon;
  /** The paths under which the entry reads as the current one. */
  paths: string[];
}

/** The admin drawer's entries (admin-and-evaluation 2, and the outbox). */
const MENU: MenuEntry[] = [
  { label: 'Orders', to: '/admin/orders', icon: IconReceipt, paths: ['/admin/orders'] },
  {
    label: 'Customers',
    to: '/admin/customers',
    icon: IconUsers,
    paths: ['/admin/customers', '/admin/invoices', '/admin/reports'],
  },
  {
    label: 'Manage Questionnaires',
    to: '/admin/questionnaires',
    icon: IconClipboardList,
    paths: ['/admin/questionnaires', '/admin/brands'],
  },
  { label: 'Forms', to: '/admin/forms', icon: IconForms, paths: ['/admin/forms'] },
  // The mail outbox (issue 17): not in the spec's drawer, added after its entries.
  { label: 'Emails', to: '/admin/emails', icon: IconMail, paths: ['/admin/emails'] },
  { label: 'Shopper Payments', to: '/admin/payables', icon: IconCash, paths: ['/admin/payables'] },
  // The audit log (issue 50): every account's.
  { label: 'Audit Log', to: '/admin/audit', icon: IconHistory, paths: ['/admin/audit'] },
];

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

function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {MENU.map((m) => {
        const active = m.paths.some((p) => pathname === p || pathname.startsWith(`${p}/`));
        return (
          <NavLink
            key={m.to}
            component={Link}
            to={m.to}
            label={m.label}
            leftSection={<m.icon size={18} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}

/**
 * The admin area's frame: the menu beside the page from tablets up; on phones an 'Admin' toggle that
 * opens it as a drawer.
 */
function AdminFrame() {
  return (
    // On phones the page's own padding is the only one, so tables keep the width they need.
    <Container size="xl" py="md" px={{ base: 0, md: 'md' }}>
      <Grid gutter={{ base: 0, md: 'lg' }}>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <AreaMenu name="Admin" toggleLabel="Admin" heading toggleMargin="md" drawerId="admin-drawer">
            {(onNavigate) => <AdminMenu onNavigate={onNavigate} />}
          </AreaMenu>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** Admin pages: login required, and the admin flag (the server enforces it again on every call). */
export function AdminLayout() {
  const { user, loading } = useCurrentUser();
  return (
    <RequireLogin>{loading ? <PageLoader /> : user?.admin ? <AdminFrame /> : <NotAuthorized />}</RequireLogin>
  );
}
