import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { APP_SEGMENTS } from '../domain/index.js';
import type { Adapters } from './adapters/index.js';
import { registerExportRoute } from './admin/export-route.js';
import { ENTRY_BRAND_COOKIE, findBrandByEntryPath } from './brands/resolve-brand.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { registerSurveyRoutes } from './fieldwork/index.js';
import { withBrandImageUrls } from './file-references.js';
import { createGraphQL, UNEXPECTED_ERROR_MESSAGE } from './graphql/yoga.js';
import { type LogStream, loggerOptions, serializeError } from './logging/index.js';
import { registerStripeWebhook } from './payments/stripe-webhook.js';
import { registerReportingApi } from './reporting-api/index.js';
import { identifyRequest } from './request-identity.js';
import { registerRestInputBoundary } from './rest-input-boundary.js';
import { contentSecurityPolicy, GRAPHIQL_CSP, securityHeadersHook } from './security-headers.js';
import { registerStorageRoutes } from './storage-routes.js';
import { loadShellTemplate, renderShell } from './web-shell.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export async function buildApp(deps: {
  db: Db;
  config: Config;
  adapters: Adapters;
  /** The built web app's folder (default dist/web). */
  webDist?: string;
  /** Where log lines go (default stdout); tests collect them. */
  logStream?: LogStream;
}): Promise<FastifyInstance> {
  const { db, config } = deps;
  const webDist = deps.webDist ?? WEB_DIST;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    trustProxy: config.TRUST_PROXY === '1',
    bodyLimit: 2 * 1024 * 1024,
  });
  await app.register(fastifyCookie);

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
  app.get('/healthz', async () => ({ ok: true }));

  const yoga = createGraphQL({ ...deps, log: app.log });
  app.route({
    url: '/api',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      // Answers are per user (sessions, orders, tokens): never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
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
  await registerSurveyRoutes(app, deps);
  await registerReportingApi(app, deps);
  await registerStripeWebhook(app, { db, secret: config.STRIPE_WEBHOOK_SECRET });

  // The built web app: hashed assets are cached for a year, HTML is rendered per brand.
  const indexPath = path.join(webDist, 'index.html');
  let template = await loadShellTemplate(indexPath);
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: true,
    serve: true,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  const sendShell = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!template || !config.production) template = await loadShellTemplate(indexPath);
    if (!template) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    const identity = await identifyRequest(db, config, req);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .send(renderShell(template, withBrandImageUrls(deps.adapters.storage, identity.brand)));
  };
  // '/' is the app's gateway, not a directory of the static root.
  app.get('/', sendShell);

  app.setNotFoundHandler(async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send({ error: 'Not Found' });
    const url = new URL(req.url, 'http://x');
    const segments = url.pathname.split('/').filter(Boolean);
    const first = segments[0] ?? '';
    if (first === 'api' || first === 's3' || first === 'assets' || path.extname(url.pathname)) {
      return reply.code(404).send({ error: 'Not Found' });
    }
    // /{entryPath}: remember the entry brand for this visitor and start at the gateway.
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
        return reply.redirect('/');
      }
    }
    return sendShell(req, reply);
  });

  return app;
}
