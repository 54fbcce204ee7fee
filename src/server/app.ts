import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { APP_SEGMENTS, gatewayPath } from '../domain/index.js';
import type { Adapters } from './adapters/index.js';
import { registerExportRoute } from './admin/export-route.js';
import { ENTRY_BRAND_COOKIE, findBrandByEntryPath } from './brands/resolve-brand.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { registerE2eHooks } from './e2e-hooks.js';
import { registerEvaluatorAppRoutes } from './evaluator-app/manifest-routes.js';
import { registerSurveyRoutes } from './fieldwork/index.js';
import { withBrandImageUrls } from './file-references.js';
import { registerGraphiQLAssets } from './graphql/graphiql.js';
import { refuseGraphqlBody } from './graphql/request-body.js';
import { createGraphQL, UNEXPECTED_ERROR_MESSAGE } from './graphql/yoga.js';
import { type LogStream, lazyRequestLogger, loggerOptions, serializeError } from './logging/index.js';
import { registerUnsubscribeRoute } from './notifications/unsubscribe-route.js';
import { registerApiDocs } from './openapi/index.js';
import { registerPayoutCsvRoute } from './payables/index.js';
import { registerStripeWebhook } from './payments/stripe-webhook.js';
import { registerReportPdfRoutes } from './report-pdf/index.js';
import { registerReportingApi } from './reporting-api/index.js';
import { identifyRequest, sessionToken } from './request-identity.js';
import { registerRestInputBoundary } from './rest-input-boundary.js';
import { contentSecurityPolicy, GRAPHIQL_CSP, securityHeadersHook, webFile } from './security-headers.js';
import { etagOf, HASHED_ASSET, HTML_PAGE, matchesIfNoneMatch, staticFileHeaders } from './static-files.js';
import { registerStorageRoutes } from './storage-routes.js';
import { loadBuildManifest, modulePreloads, pageStylesheets } from './web-preload.js';
import { openRenderer, serverRender } from './web-render.js';
import { isEvaluatorPath, loadShellTemplate, publicBrand, renderShell } from './web-shell.js';
import { type Lifecycle, newestMigration, newLifecycle, readiness } from './wiring/health.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export async function buildApp(opts: {
  db: Db;
  /**
   * Where reporting reads and exports go (a streaming replica, DATABASE_READ_URL); `db` when not given.
   * The routes and resolvers that may read a lagging copy take it from here (deps.readDb, ctx.readDb);
   * everything else, writes and the reads right after them, uses `db`. See docs/read-replica.md.
   */
  readDb?: Db;
  config: Config;
  adapters: Adapters;
  /** The built web app's folder (default dist/web). */
  webDist?: string;
  /** Where log lines go (default stdout); tests collect them. */
  logStream?: LogStream;
  /**
   * false: every GraphQL call through Yoga's HTTP handling, even the web app's trusted documents
   * (graphql/fast-path.ts), so a test can compare the two answers. Default true.
   */
  graphqlFastPath?: boolean;
  /** Shutting down or not (main.ts sets it on SIGTERM): /readyz answers 503 once it is. */
  lifecycle?: Lifecycle;
}): Promise<FastifyInstance> {
  const deps = { ...opts, readDb: opts.readDb ?? opts.db };
  const { db, config } = deps;
  const webDist = deps.webDist ?? WEB_DIST;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: config.TRUST_PROXY === '1',
    bodyLimit: 2 * 1024 * 1024,
    // During a graceful shutdown (main.ts) a request that arrives on a connection already open is
    // served, with `Connection: close`, rather than refused with Fastify's 503: the client sent it
    // before it could know, and the load balancer stopped sending new ones when /readyz turned 503.
    return503OnClosing: false,
  });
  await app.register(fastifyCookie);
  // Responses of 1 KB and more in a text type (pages, GraphQL and reporting JSON, CSV exports) go out
  // brotli- or gzip-compressed when the client accepts it; images, zips and event streams never are.
  // Registered before the routes: it hooks into each route as it is added. Request bodies are read
  // as sent (no decompression), as before.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });

  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', securityHeadersHook(config, csp));

  // Fastify's own handler would log the error's message (a failed query's message holds its SQL and
  // parameters) and send it to the client; a server error is logged safely and answered generically.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status < 500) return reply.send(err);
    req.log.error({ err: serializeError(err) }, 'Unexpected server error');
    return reply
      .code(status)
      .send({ statusCode: status, error: 'Internal Server Error', message: UNEXPECTED_ERROR_MESSAGE });
  });

  registerRestInputBoundary(app);
  // Liveness: the process answers (no database involved, so a database outage does not get the
  // instance restarted). Readiness: send traffic here; 503 when the database is unreachable, its schema
  // lacks this build's migrations, or the instance is shutting down.
  app.get('/healthz', async () => ({ ok: true }));
  const lifecycle = opts.lifecycle ?? newLifecycle();
  const newest = newestMigration();
  app.get('/readyz', async (_req, reply) => {
    const result = await readiness(db, lifecycle, newest);
    return reply
      .code(result.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ok: result.ready, ...result.checks });
  });

  const { yoga, answerTrustedCall } = createGraphQL({ ...deps, log: app.log });
  app.route({
    url: '/api',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      // Answers are per user (sessions, orders, tokens): never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      if (await refuseGraphqlBody(req, reply)) return reply;
      if (opts.graphqlFastPath !== false && (await answerTrustedCall(req, reply))) return reply;
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        reply.header('content-security-policy', GRAPHIQL_CSP);
      }
      reply.status(response.status);
      // A result is sent whole (one write, with its content-length); only an event stream or an
      // incremental (multipart) result is piped as a stream.
      const type = response.headers.get('content-type') ?? '';
      const streamed = type.includes('text/event-stream') || type.includes('multipart/');
      reply.send(streamed ? response.body : await response.text());
      return reply;
    },
  });

  await registerStorageRoutes(app, deps);
  await registerExportRoute(app, deps);
  await registerPayoutCsvRoute(app, deps);
  await registerSurveyRoutes(app, deps);
  await registerEvaluatorAppRoutes(app, deps);
  await registerUnsubscribeRoute(app, deps);
  await registerReportingApi(app, deps);
  await registerReportPdfRoutes(app, deps);
  await registerApiDocs(app);
  await registerGraphiQLAssets(app);
  await registerStripeWebhook(app, { db, secret: config.STRIPE_WEBHOOK_SECRET });
  await registerE2eHooks(app, deps);

  // The built web app. Files come from dist/web, each as its brotli or gzip copy made by the build when
  // the browser accepts one (content negotiation); hashed assets are cached for a year. Pages are the
  // HTML shell rendered per brand, revalidated on every visit (ETag, 304 when unchanged).
  const indexPath = path.join(webDist, 'index.html');
  let template = await loadShellTemplate(indexPath);
  let manifest = await loadBuildManifest(webDist);
  const ssrDist = path.join(path.dirname(webDist), 'ssr');
  const currentRenderer = await openRenderer(ssrDist, !config.production);
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    index: false,
    preCompressed: true,
    // Cache-Control comes from staticFileHeaders (send's own would replace it with max-age=0).
    cacheControl: false,
    setHeaders: staticFileHeaders(webDist),
  });
  // Hashed assets have a registration of their own, without Last-Modified and ETag: nothing revalidates
  // an immutable file. (@fastify/static's per-file options are lost when a file has no precompressed
  // copy, fastify/fastify-static#569, so it takes a registration.) Their responses are files of the web
  // app for the security headers too.
  await app.register(async (assets) => {
    assets.addHook('onRequest', async (_req, reply) => {
      webFile(reply);
    });
    await assets.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: staticFileHeaders(webDist),
      ...HASHED_ASSET,
    });
  });

  /** The app's page for `req`, or with `pageUrl` another page (Get Started at '/', its address given to the browser). */
  const sendShell = async (req: FastifyRequest, reply: FastifyReply, pageUrl?: string) => {
    if (!template || !config.production) {
      template = await loadShellTemplate(indexPath);
      manifest = await loadBuildManifest(webDist);
    }
    if (!template) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    const identity = await identifyRequest(db, config, req);
    const brand = withBrandImageUrls(deps.adapters.storage, identity.brand);
    const pathname = new URL(pageUrl ?? req.url, 'http://x').pathname;
    const rendered = await serverRender(
      await currentRenderer(),
      app,
      req,
      publicBrand(brand),
      req.log,
      pageUrl,
    );
    const html = renderShell(template, brand, {
      preloads: modulePreloads(manifest, pathname),
      installable: isEvaluatorPath(pathname),
      extra: {
        ...(pageUrl && { url: pageUrl }),
        ...(rendered && { apollo: rendered.apolloState, cookies: rendered.cookies }),
      },
      ...(rendered && {
        stylesheets: pageStylesheets(manifest, pathname),
        body: rendered.html,
        hints: rendered.head,
      }),
    });
    const etag = etagOf(html);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', pageUrl ? 'no-store' : HTML_PAGE)
      .header('etag', etag)
      .header('content-security-policy', csp);
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(html);
  };

  /** Pages whose last segment is a signed token with a dot in it (/unsubscribe/{payload}.{signature}), not a file. */
  const TOKEN_PAGES = new Set(['unsubscribe']);

  const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'Not Found' });

  /**
   * The entry gateway, '/' and a brand's /{entryPath}: the visit's first page (gatewayPath: the dashboard
   * when logged in, else Get Started), query string kept. A visitor at '/' gets Get Started itself,
   * rendered by the server, with its address in the bootstrap data for the browser to show (main.tsx): no
   * round trip before the first paint. The rest get a redirect (an entry path, whose brand the next
   * request reads from the cookie it sets; the dashboard, which is not rendered on the server). The
   * answer depends on the session (a cookie), so it is never stored.
   */
  const sendGateway = async (req: FastifyRequest, reply: FastifyReply, search: string, atRoot: boolean) => {
    // Without a session token the visitor is anonymous: no need to read the database.
    const loggedIn = sessionToken(req) !== null && (await identifyRequest(db, config, req)).user !== null;
    reply.header('cache-control', 'no-store');
    if (atRoot && !loggedIn) return sendShell(req, reply, gatewayPath(false, search));
    return reply.redirect(gatewayPath(loggedIn, search));
  };

  /** A page of the web app: '/' and /{entryPath} (which remembers its brand for this visitor) redirect, the rest get the shell. */
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const { pathname, search } = new URL(req.url, 'http://x');
    const segments = pathname.split('/').filter(Boolean);
    const first = segments[0] ?? '';
    if (segments.length === 0) return sendGateway(req, reply, search, true);
    if (segments.length === 1 && !APP_SEGMENTS.has(first)) {
      const brand = await findBrandByEntryPath(db, first);
      if (brand?.entryPath) {
        reply.setCookie(ENTRY_BRAND_COOKIE, brand.entryPath, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.production,
          maxAge: 365 * 86_400,
        });
        return sendGateway(req, reply, search, false);
      }
    }
    return sendShell(req, reply);
  };

  // Every GET no other route takes: a file of the built app (a name with an extension; a missing one
  // is a 404), or a page of the app. It is a route, not the not-found handler,
  // so that compression applies to pages too.
  app.get('/', sendPage);
  app.get('/*', async (req, reply) => {
    const file = (req.params as { '*': string })['*'];
    const first = file.split('/', 1)[0] ?? '';
    // /assets/* is served by its own registration above; the build's manifest (.vite) is the server's own.
    if (first === 'api' || first === 's3' || first === 'assets' || first === '.vite') return notFound(reply);
    if (path.extname(file) && !TOKEN_PAGES.has(first)) return webFile(reply).sendFile(`/${file}`);
    return sendPage(req, reply);
  });
  app.setNotFoundHandler(async (_req, reply) => notFound(reply));

  return app;
}
