import '../app/full-styles';
import { Box, Flex, NavLink, Paper, Text } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';

const SUB_NAV = [
  { label: 'My Programs', to: '/account/reports/programs', also: ['/account/reports'] },
  { label: 'My Shops', to: '/account/reports/mystery-shops', also: ['/account/reports/shopsbyprogram'] },
  { label: 'My Surveys', to: '/account/reports/surveys', also: ['/account/reports/surveysbyprogram'] },
];

const isCurrent = (pathname: string, entry: (typeof SUB_NAV)[number]) =>
  pathname.startsWith(entry.to) ||
  entry.also.some((p) =>
    p === '/account/reports' ? pathname.replace(/\/$/, '') === p : pathname.startsWith(p),
  );

/**
 * The account's reports area: the report beside a right-hand sub-nav; on narrower screens the sub-nav
 * is a row above the report, so the tables keep their width.
 */
export function ReportsLayout() {
  const { pathname } = useLocation();
  return (
    <Flex direction={{ base: 'column', lg: 'row-reverse' }} gap={{ base: 0, lg: 'md' }} align="stretch">
      <Box w={{ base: '100%', lg: 190 }} pt={{ base: 'md', lg: 'xl' }} style={{ flexShrink: 0 }}>
        <Paper withBorder p={4} component="nav" aria-label="Reports">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6} visibleFrom="lg">
            Reports
          </Text>
          <Flex direction={{ base: 'row', lg: 'column' }} gap={2} wrap="wrap">
            {SUB_NAV.map((entry) => {
              const current = isCurrent(pathname, entry);
              return (
                <NavLink
                  key={entry.to}
                  component={Link}
                  to={entry.to}
                  label={entry.label}
                  active={current}
                  aria-current={current ? 'page' : undefined}
                  w={{ base: 'auto', lg: '100%' }}
                  style={{ flex: '1 1 auto' }}
                />
              );
            })}
          </Flex>
        </Paper>
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Flex>
  );
}
