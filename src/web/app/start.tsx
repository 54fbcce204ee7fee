import type { NormalizedCacheObject } from '@apollo/client';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createApolloClient } from './apollo';
import { AppRoot } from './app-root';
import { readBootstrapApolloState, readBootstrapBrand, readBootstrapCookies } from './brand';
import { ORDER_COOKIES_CHANGED, readCookiesFrom } from './cookies';
import { setHydrating } from './hydration';
import { loadMatchedRoutes, nextTask, prefetchMatchedRoutes, routes } from './router';

/**
 * The first pages come rendered by the server (see server/web-render.ts): their code is loaded before
 * the router starts, and React takes over the page as it is (hydration); other pages render here.
 */
export async function start() {
  const container = document.getElementById('root')!;
  const rendered = container.firstElementChild !== null;
  // A rendered page is already on screen, so its start is cut into tasks of their own (after this
  // module's evaluation: the route's code, the client, each data call, the router, hydration): a tap
  // between them is answered at once, and no step adds to another's long task (Lighthouse's Total
  // Blocking Time on a phone).
  if (rendered) {
    await nextTask();
    await loadMatchedRoutes(routes, window.location.pathname);
    await nextTask();
  }
  const brand = readBootstrapBrand();
  const client = createApolloClient({ state: readBootstrapApolloState<NormalizedCacheObject>() });
  if (rendered) {
    await nextTask();
    await prefetchMatchedRoutes(routes, window.location.pathname, client);
    await nextTask();
  }
  const router = createBrowserRouter(routes);
  if (rendered) await nextTask();
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
        // In a task of its own: the first read of document.cookie waits for the browser (milliseconds),
        // and this runs at the end of hydration's last task.
        if (rendered)
          setTimeout(() => {
            readCookiesFrom(() => document.cookie);
            window.dispatchEvent(new Event(ORDER_COOKIES_CHANGED));
          }, 0);
      }}
    >
      <RouterProvider router={router} />
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
