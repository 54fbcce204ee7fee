import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '../src/server/openapi/index.js';

// `npm run lint:openapi` (part of `npm run lint`): the OpenAPI document the server serves at
// /api/openapi.json, linted by Redocly's recommended ruleset (servers, licence, security on every
// operation and webhook, operation ids, ...). The document is built from the zod schemas, so it is
// written to a temporary file first.

const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
const redocly = path.resolve(import.meta.dirname, '../node_modules/.bin/redocly');
const run = spawnSync(redocly, ['lint', '--extends=recommended', '--max-problems=50', file], {
  stdio: 'inherit',
});
rmSync(dir, { recursive: true, force: true });
if (run.error) {
  console.error(`Could not run ${redocly} (npm install?): ${run.error.message}`);
  process.exit(1);
}
process.exit(run.status ?? 1);
