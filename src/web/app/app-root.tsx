import { type ApolloClient, ApolloProvider } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useState } from 'react';
import { BrandProvider, type PublicBrand, themeFor } from './brand';
import { brandCssVariables } from './brand-colors';

// The toast container (and its transitions) loads only when the first notification is shown: the
// store is separate and tiny, and the container renders whatever is queued when it arrives.
const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.Notifications })),
);

function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (notifications.length + queue.length > 0) setNeeded(true);
  }, [notifications.length, queue.length]);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}

/**
 * The providers every page renders in, the same in the browser (main.tsx) and the server render
 * (ssr.tsx): the same tree on both sides, or React's ids (useId, which Mantine's styles use) differ.
 */
export function AppRoot({
  client,
  brand,
  children,
  onReady,
}: {
  client: ApolloClient<unknown>;
  brand: PublicBrand;
  children: ReactNode;
  /** Called once the first render is on the page (in the browser: hydrated, or rendered). */
  onReady?: () => void;
}) {
  // An effect of the root runs after every effect below it: the whole page is live by then.
  useEffect(() => onReady?.(), [onReady]);
  return (
    <StrictMode>
      <ApolloProvider client={client}>
        <BrandProvider brand={brand}>
          <MantineProvider theme={themeFor(brand)} cssVariablesResolver={brandCssVariables}>
            {children}
            <DeferredNotifications />
          </MantineProvider>
        </BrandProvider>
      </ApolloProvider>
    </StrictMode>
  );
}
