/**
 * Prints the GraphQL schema (SDL) of the API: `npm run schema`. With `--write` it records it as the
 * reviewed contract (src/server/graphql/schema.graphql), which the contract test compares against.
 */
import { writeFileSync } from 'node:fs';
import { printedSchema, SNAPSHOT_FILE } from '../src/server/graphql/schema-snapshot.js';

if (process.argv.includes('--write')) {
  writeFileSync(SNAPSHOT_FILE, printedSchema());
  console.log(`Wrote ${SNAPSHOT_FILE}`);
} else process.stdout.write(printedSchema());
