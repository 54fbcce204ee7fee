import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { ApolloProvider } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApolloClient } from './app/apollo';
import { BrandProvider, readBootstrapBrand, themeFor } from './app/brand';
import { router } from './app/router';

const brand = readBootstrapBrand();
const client = createApolloClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <BrandProvider brand={brand}>
        <MantineProvider theme={themeFor(brand)}>
          <Notifications position="top-right" />
          <RouterProvider router={router} />
        </MantineProvider>
      </BrandProvider>
    </ApolloProvider>
  </StrictMode>,
);
