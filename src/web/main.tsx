import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { ApolloProvider } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApolloClient } from './app/apollo';
import { BrandProvider, readBootstrapBrand, themeFor } from './app/brand';
import { router } from './app/router';

// The toast container (and its transitions) loads after the first paint; notifications.show() works
// before that, since its store is separate and the container renders what is queued.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

const brand = readBootstrapBrand();
const client = createApolloClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <BrandProvider brand={brand}>
        <MantineProvider theme={themeFor(brand)}>
          <Suspense fallback={null}>
            <Notifications position="top-right" />
          </Suspense>
          <RouterProvider router={router} />
        </MantineProvider>
      </BrandProvider>
    </ApolloProvider>
  </StrictMode>,
);
