// Only the first pages' Mantine styles; other routes bring the whole stylesheet (app/full-styles.ts).
import './app/first-page-styles';
import { ApolloProvider } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApolloClient } from './app/apollo';
import { BrandProvider, readBootstrapBrand, themeFor } from './app/brand';
import { brandCssVariables } from './app/brand-colors';
import { router } from './app/router';

// The toast container (and its transitions) loads only when the first notification is shown: the
// store is separate and tiny, and the container renders whatever is queued when it arrives.
const Notifications = lazy(() =>
  import('./app/notifications-container').then((m) => ({ default: m.Notifications })),
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

const brand = readBootstrapBrand();
const client = createApolloClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <BrandProvider brand={brand}>
        <MantineProvider theme={themeFor(brand)} cssVariablesResolver={brandCssVariables}>
          <DeferredNotifications />
          <RouterProvider router={router} />
        </MantineProvider>
      </BrandProvider>
    </ApolloProvider>
  </StrictMode>,
);
