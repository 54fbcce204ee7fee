import { Anchor, Box, Button, Container, Group, Image, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import classes from './accessible-theme.module.css';
import { useBrand } from './brand';
import { getCookie, ORDER_COOKIE, ORDER_COOKIES_CHANGED, readOrderServices } from './cookies';
import { useOfflineUser } from './offline-user';
import { useFocusHeadingOnNavigate } from './route-focus';
import { useCurrentUser } from './session';

export const PRODUCT_VERSION = '2.4.0';

/** Wizard steps that show the order itself, where the resume bar would be noise (spec). */
const WIZARD_SEGMENTS = new Set(['customize', 'locations', 'frequency', 'checkout', 'select-questionnaires']);

function Header() {
  const brand = useBrand();
  const { user: online, personName: onlineName, loading } = useCurrentUser();
  const { pathname } = useLocation();
  // In the evaluator app offline, the login it kept (the server cannot be asked).
  const offline = useOfflineUser(!online && !loading && pathname.startsWith('/evaluator'));
  const user = online ?? offline;
  const personName = online ? onlineName : (offline?.fullName ?? offline?.email ?? '');
  // The admin's colour when it reads on the primary colour, else the nearest one that does.
  const headerText = brand.textColors.header;
  // Never broken over two lines: on a phone the links get a smaller type instead.
  const linkStyle = { color: headerText, fontWeight: 600, whiteSpace: 'nowrap' } as const;
  const linkSize = { base: 'sm', sm: 'md' };
  return (
    <Box component="header" style={{ background: brand.primaryColor, color: headerText }}>
      <Container size="lg" py="xs">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" aria-label={`${brand.name} home`} style={{ display: 'flex' }}>
            {brand.logoUrl ? (
              <Image
                src={brand.logoUrl}
                alt={brand.name}
                h={{ base: 34, sm: 46 }}
                w="auto"
                maw={{ base: 120, sm: 260 }}
                fit="contain"
              />
            ) : (
              <Text fw={800} size="xl" c={headerText}>
                {brand.name}
              </Text>
            )}
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            {user ? (
              <>
                <Anchor
                  component={Link}
                  to="/account/dashboard"
                  style={linkStyle}
                  fz={linkSize}
                  maw={{ base: 110, sm: 224 }}
                  truncate="end"
                  title={personName}
                  data-testid="header-user"
                >
                  {personName}
                </Anchor>
                {user.admin && (
                  <Anchor component={Link} to="/admin/orders" style={linkStyle} fz={linkSize}>
                    Admin
                  </Anchor>
                )}
                <Anchor href="/logout" style={linkStyle} fz={linkSize}>
                  Logout
                </Anchor>
              </>
            ) : (
              <>
                <Anchor component={Link} to="/account" style={linkStyle} fz={linkSize}>
                  Client Login
                </Anchor>
                <Anchor href="/evaluator" style={linkStyle} fz={linkSize}>
                  Evaluator Login
                </Anchor>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** 'You have an order in progress' with resume and Start Over, when an order id cookie exists. */
function ResumeBar() {
  const location = useLocation();
  const [orderId, setOrderId] = useState(() => getCookie(ORDER_COOKIE));
  // Re-read the cookie on every navigation, and whenever a page (like /thanks) clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger.
  useEffect(() => {
    const read = () => setOrderId(getCookie(ORDER_COOKIE));
    read();
    window.addEventListener(ORDER_COOKIES_CHANGED, read);
    return () => window.removeEventListener(ORDER_COOKIES_CHANGED, read);
  }, [location.pathname]);
  const first = location.pathname.split('/')[1] ?? '';
  if (!orderId || WIZARD_SEGMENTS.has(first)) return null;
  const services = readOrderServices()?.services ?? [];
  const resume = services.length > 1 ? '/customize/mystery-shop' : '/customize';
  return (
    <Paper radius={0} bg="brand.0" py="xs" data-testid="resume-bar">
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text fw={600}>You have an order in progress</Text>
          <Group gap="sm">
            <Anchor href={resume} fw={600}>
              Resume Order
            </Anchor>
            <Button component="a" href="/new-order" size="xs" variant="outline">
              Start Over
            </Button>
          </Group>
        </Group>
      </Container>
    </Paper>
  );
}

function Footer() {
  const brand = useBrand();
  const footerLink = brand.textColors.footer;
  const linkStyle = { color: footerLink };
  return (
    <Box component="footer" mt="xl" style={{ background: brand.secondaryColor, color: footerLink }}>
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            © {new Date().getFullYear()} {brand.name}. All rights reserved.
          </Text>
          <Group gap="md">
            <Anchor href="/privacy" size="sm" style={linkStyle} target="_blank" rel="noopener">
              Privacy Policy
            </Anchor>
            <Anchor href="/terms" size="sm" style={linkStyle} target="_blank" rel="noopener">
              Terms &amp; Conditions
            </Anchor>
            {/* Full opacity: faded, the text would fall below the contrast footerLink guarantees. */}
            <Text size="xs" data-testid="version">
              Version {PRODUCT_VERSION}
            </Text>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** Scrolls to top on a path change, or smoothly to the hash anchor; sends a page view after 500 ms. */
function ScrollAndAnalytics() {
  const { pathname, hash } = useLocation();
  useFocusHeadingOnNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again on every path change.
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: 'smooth' });
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  useEffect(() => {
    const timer = setTimeout(() => {
      const w = window as unknown as { dataLayer?: unknown[] };
      w.dataLayer?.push({ event: 'page_view', page_path: pathname });
    }, 500);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}

const MAIN_ID = 'main-content';

/** "Skip to main content": moves focus past the header, without touching the route's URL. */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}

export function MainLayout() {
  return (
    <>
      <ScrollAndAnalytics />
      <SkipLink />
      <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Header />
        <ResumeBar />
        <Box component="main" id={MAIN_ID} tabIndex={-1} className={classes.main} style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
    </>
  );
}
