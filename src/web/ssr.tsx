/**
 * The server render of the first pages (Get Started, Login, Register): the same routes and providers
 * as the browser (main.tsx), rendered to HTML with the visitor's brand, cookies and GraphQL answers, so
 * a phone paints the page before any script has run; the browser then hydrates it. Built by
 * `vite build --ssr` into dist/ssr and called by the server (server/web-render.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApolloLink, type NormalizedCacheObject, Observable } from '@apollo/client';
import { renderToStringWithData } from '@apollo/client/react/ssr';
import type { DocumentNode, ExecutionResult } from 'graphql';
import { print } from 'graphql';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createApolloClient, persistedId } from './app/apollo';
import { AppRoot } from './app/app-root';
import type { PublicBrand } from './app/brand';
import { readCookiesFrom, renderedCookies } from './app/cookies';
import { routes } from './app/router';

/** Runs one GraphQL operation as the visitor (their cookies and host), in the server's own process. */
export type GraphQLCall = (body: {
  query?: string;
  extensions?: { persistedQuery: { version: 1; sha256Hash: string } };
  variables: Record<string, unknown>;
  operationName: string | undefined;
}) => Promise<ExecutionResult>;

/** A document as the request names it: the build's id, or the text of one written elsewhere. */
function persistedRequest(document: DocumentNode) {
  const id = persistedId(document);
  return id
    ? { extensions: { persistedQuery: { version: 1 as const, sha256Hash: id } } }
    : { query: print(document) };
}

export type RenderedPage = {
  /** Resource hints React found while rendering (the logo's image preload), for the page's <head>. */
  head: string;
  /** The markup inside <div id="root">. */
  html: string;
  /** The answers the page was made from, for the browser's Apollo cache. */
  apolloState: NormalizedCacheObject;
  /** The cookies the page was made with (those a render reads), for the browser's first render. */
  cookies: string;
};

// Cookies are read during the render (the order-in-progress bar); each request's are its own, even
// while another request's render waits for its data.
const requestCookies = new AsyncLocalStorage<string>();
readCookiesFrom(() => requestCookies.getStore() ?? '');

const handler = createStaticHandler(routes);

/**
 * The page at `url`, or null when it is not a page to render here: a redirect, an error, or a route
 * whose render navigates elsewhere (the browser then renders it as before).
 */
export async function renderPage(input: {
  url: string;
  brand: PublicBrand;
  cookieHeader: string;
  graphql: GraphQLCall;
}): Promise<RenderedPage | null> {
  return requestCookies.run(input.cookieHeader, async () => {
    const context = await handler.query(new Request(input.url));
    if (context instanceof Response || context.statusCode !== 200) return null;
    const link = new ApolloLink(
      (operation) =>
        new Observable((observer) => {
          input
            .graphql({
              // The build's id, as the browser sends it (the server has the document parsed already).
              ...persistedRequest(operation.query),
              variables: operation.variables,
              operationName: operation.operationName,
            })
            .then((result) => {
              observer.next(result as Parameters<typeof observer.next>[0]);
              observer.complete();
            })
            .catch((error: unknown) => observer.error(error));
        }),
    );
    const client = createApolloClient({ link, ssrMode: true });
    const tree = (
      <AppRoot client={client} brand={input.brand}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppRoot>
    );
    // Renders until a render asks for no query it has no answer to: that last render is the page.
    const html = await renderToStringWithData(tree);
    // React writes its resource hints (<link rel="preload">) first; they belong in the head, where the
    // browser starts them at once and hydration does not meet them in the root.
    const head = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
    return {
      head,
      html: html.slice(head.length),
      apolloState: client.extract(),
      cookies: renderedCookies(input.cookieHeader),
    };
  });
}
