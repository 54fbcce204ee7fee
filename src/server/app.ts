import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { APP_SEGMENTS } from '../domain/index.js';
import type { Adapters } from './adapters/index.js';
import { registerExportRoute } from './admin/export-route.js';
import { ENTRY_BRAND_COOKIE, findBrandByEntryPath } from './brands/resolve-brand.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { registerSurveyRoutes } from './fieldwork/index.js';
import { withBrandImageUrls } from './file-references.js';
import { createGraphQL } from './graphql/yoga.js';
import { registerStripeWebhook } from './payments/stripe-webhook.js';
import { registerReportingApi } from './reporting-api/index.js';
import { identifyRequest } from './request-identity.js';
import { registerStorageRoutes } from './storage-routes.js';
import { loadShellTemplate, renderShell } from './web-shell.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

const CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://maps.googleapis.com",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data: https://fonts.gstatic.com",
  "connect-src 'self' https://api.stripe.com https://maps.googleapis.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

export async function buildApp(deps: {
  db: Db;
  config: Config;
  adapters: Adapters;
  /** The built web app's folder (default dist/web). */
  webDist?: string;
}): Promise<FastifyInstance> {
  const { db, config } = deps;
  const webDist = deps.webDist ?? WEB_DIST;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY === '1',
    bodyLimit: 2 * 1024 * 1024,
  });
  await app.register(fastifyCookie);

  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
    return payload;
  });

  app.get('/healthz', async () => ({ ok: true }));

  const yoga = createGraphQL(deps);
  app.route({
    url: '/api',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
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
      .header('content-security-policy', CSP)
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
