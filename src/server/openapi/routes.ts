import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_CSP } from '../security-headers.js';
import { buildOpenApiDocument } from './document.js';

// GET /api/openapi.json (the document) and GET /api/docs (Swagger UI reading it). Swagger UI's files
// come from the swagger-ui-dist package on this server, never a CDN, under a path with the package's
// version, so they are cached for good and a new version is a new URL. They are not part of the web app.

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_VERSION: string = require('swagger-ui-dist/package.json').version;
export const API_DOCS_ASSETS = `/api/docs/${SWAGGER_VERSION}`;

const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** Starts Swagger UI on the document (a file: the page's CSP allows no inline script). */
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${API_DOCS_ASSETS}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_ASSETS}/start.js"></script>
  </body>
</html>
`;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerApiDocs(app: FastifyInstance) {
  let document: string | null = null;
  app.get('/api/openapi.json', async (_req, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .send(document);
  });

  app.get('/api/docs', async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', API_DOCS_CSP)
      .send(PAGE),
  );

  const files = new Map<string, Buffer>();
  app.get(`${API_DOCS_ASSETS}/:file`, async (req, reply) => {
    const { file } = req.params as { file: string };
    if (file === 'start.js') {
      return reply.type('text/javascript; charset=utf-8').header('cache-control', IMMUTABLE).send(START);
    }
    // Own keys only: toString or constructor is no file (it was the object's method, and a 500).
    const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
    if (!type) return reply.code(404).send({ error: 'Not Found' });
    let body = files.get(file);
    if (!body) {
      body = await readFile(path.join(SWAGGER_DIR, file));
      files.set(file, body);
    }
    return reply.type(type).header('cache-control', IMMUTABLE).send(body);
  });
}
