import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { identifyRequest } from '../request-identity.js';

// GraphiQL, the GraphQL explorer, at GET /api in a browser: for everyone in development, for logged-in
// platform admins only in production (anyone else gets the ordinary GraphQL answer to a GET). It is the
// bundle of @graphql-yoga/render-graphiql (GraphiQL, React and the Monaco editor in one script) served
// from this server as files, not Yoga's default page that loads from a CDN: the machine may be offline,
// and the page's CSP (GRAPHIQL_CSP) then needs no inline script. The bundle (9 MB) is loaded only when
// asked for. Introspection stays off in production except for platform admins, so their explorer knows
// the schema.

const require = createRequire(import.meta.url);
const VERSION: string = require('@graphql-yoga/render-graphiql/package.json').version;
export const GRAPHIQL_ASSETS = `/api/graphiql/${VERSION}`;

type Bundle = typeof import('@graphql-yoga/render-graphiql/graphiql');
let bundle: Promise<Bundle> | null = null;
const loadBundle = () => {
  bundle ??= import('@graphql-yoga/render-graphiql/graphiql');
  return bundle;
};

const JS = 'text/javascript; charset=utf-8';
/** The files of the page: name, type and its text in the bundle. */
const FILES: Record<string, [type: string, text: (b: Bundle) => string]> = {
  'graphiql.js': [JS, (b) => b.js],
  'graphiql.css': ['text/css; charset=utf-8', (b) => b.css],
  'editor.worker.js': [JS, (b) => b.editorWorkerService],
  'json.worker.js': [JS, (b) => b.jsonWorker],
  'graphql.worker.js': [JS, (b) => b.graphqlWorker],
  'start.js': [JS, () => START],
};

/** Points Monaco at the workers and starts GraphiQL with the options the page carries as JSON data. */
const START = `(function () {
  var base = ${JSON.stringify(GRAPHIQL_ASSETS)};
  var workers = {
    editorWorkerService: base + '/editor.worker.js',
    json: base + '/json.worker.js',
    graphql: base + '/graphql.worker.js',
  };
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (_moduleId, label) {
      return workers[label] || workers.editorWorkerService;
    },
  };
  var options = JSON.parse(document.getElementById('graphiql-options').textContent || '{}');
  YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), options);
})();
`;

/** The page: GraphiQL's options as data (a JSON script the browser never runs), then its two scripts. */
export function renderGraphiQLPage(options: GraphiQLOptions): string {
  // "<" escaped so that no value can close the script element.
  const data = JSON.stringify(options ?? {}).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options?.title ?? 'GraphQL explorer')}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${GRAPHIQL_ASSETS}/graphiql.css" />
  </head>
  <body>
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${data}</script>
    <script src="${GRAPHIQL_ASSETS}/graphiql.js"></script>
    <script src="${GRAPHIQL_ASSETS}/start.js"></script>
  </body>
</html>
`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Whether the request comes from a logged-in platform admin (the login's own admin flag). */
async function isPlatformAdmin(deps: { db: Db; config: Config }, req: FastifyRequest): Promise<boolean> {
  const { person } = await identifyRequest(deps.db, deps.config, req);
  return !!person?.admin;
}

/** Yoga's `graphiql` option: everyone in development, platform admins in production. */
export function graphiqlFor(deps: { db: Db; config: Config }) {
  const options: GraphiQLOptions = { title: 'GraphQL explorer' };
  if (!deps.config.production) return options;
  return async (_request: Request, server: { req: FastifyRequest }) =>
    (await isPlatformAdmin(deps, server.req)) ? options : false;
}

/** Whether a query asks about the schema (`__schema`, `__type`; not `__typename`, which every client asks). */
export const asksForSchema = (query: string | undefined) => /\b__(?:schema|type)\b/.test(query ?? '');

/**
 * Production turns introspection off; a platform admin keeps it (their explorer's schema and docs). The
 * check is made before validation (which cannot wait), and only for a query that asks the schema.
 */
export function introspectionForAdminsOnly(deps: {
  db: Db;
  config: Config;
}): Plugin<{ req: FastifyRequest }> {
  const allowed = new WeakSet<FastifyRequest>();
  return {
    async onParams({ params, context }) {
      const req = (context as { req?: FastifyRequest }).req;
      if (req && asksForSchema(params.query) && (await isPlatformAdmin(deps, req))) {
        allowed.add(req);
      }
    },
    onValidate({ addValidationRule, context }) {
      const req = (context as { req?: FastifyRequest }).req;
      if (!req || !allowed.has(req)) addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/** The page's files, each under the package's version (a new version is a new URL: cached for good). */
export async function registerGraphiQLAssets(app: FastifyInstance) {
  app.get(`${GRAPHIQL_ASSETS}/:file`, async (req, reply) => {
    const name = (req.params as { file: string }).file;
    // Own keys only: toString or constructor is no file (it was the object's method, and a 500).
    const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
    if (!file) return reply.code(404).send({ error: 'Not Found' });
    const [type, text] = file;
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(text(await loadBundle()));
  });
}
