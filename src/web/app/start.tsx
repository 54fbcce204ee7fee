import type { NormalizedCacheObject } from '@apollo/client';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createApolloClient } from './apollo';
import { AppRoot } from './app-root';
import { readBootstrapApolloState, readBootstrapBrand, readBootstrapCookies } from './brand';
import { ORDER_COOKIES_CHANGED, readCookiesFrom } from './cookies';
import { setHydrating } from './hydration';
import { loadMatchedRoutes, prefetchMatchedRoutes, routes } from './router';

/**
 * The first pages come rendered by the server (see server/web-render.ts): their code is loaded before
 * the router starts, and React takes over the page as it is (hydration); other pages render here.
 */
export async function start() {
  const container = document.getElementById('root')!;
  const rendered = container.firstElementChild !== null;
  if (rendered) await loadMatchedRoutes(routes, window.location.pathname);
  const brand = readBootstrapBrand();
  const client = createApolloClient({ state: readBootstrapApolloState<NormalizedCacheObject>() });
  if (rendered) prefetchMatchedRoutes(routes, window.location.pathname, client);
  // The first render reads the cookies the server rendered the page with, so that it is the same page
  // even when an order began in another tab meanwhile; once the app has the page, it reads the browser's.
  if (rendered) {
    const served = readBootstrapCookies();
    readCookiesFrom(() => served);
  }
  const app = (
    <AppRoot
      client={client}
      brand={brand}
      onReady={() => {
        setHydrating(false);
        container.removeAttribute('inert');
        if (rendered) {
          readCookiesFrom(() => document.cookie);
          window.dispatchEvent(new Event(ORDER_COOKIES_CHANGED));
        }
      }}
    >
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppRoot>
  );
  // As a transition, the first render (or hydration) works in slices and yields to the browser between
  // them (a tap or a keypress is answered at once), instead of one long task.
  if (!rendered) return startTransition(() => createRoot(container).render(app));
  setHydrating(true);
  startTransition(() => {
    hydrateRoot(container, app, {
      // A difference between the server's page and the browser's first render (React then renders the
      // part again): reported, so a journey or a user's console shows it.
      onRecoverableError: (error) => console.error('Hydration:', error),
    });
  });
}
