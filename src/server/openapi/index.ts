export { buildOpenApiDocument, type OpenApiDocument } from './document.js';
export { API_DOCS_ASSETS, registerApiDocs } from './routes.js';
