import { fileURLToPath } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './schema.js';

/**
 * The API's contract as reviewed: the schema's SDL, committed beside the code. A change to the schema
 * shows in this file's diff, and a test (schema-contract.test.ts) fails until it is written again with
 * `npm run schema -- --write`; one that would break an existing client fails with the list of breaks.
 */
export const SNAPSHOT_FILE = fileURLToPath(new URL('./schema.graphql', import.meta.url));

/** The schema as SDL, types and fields in alphabetical order (stable whatever order the code builds them in). */
export const printedSchema = (): string => `${printSchema(lexicographicSortSchema(schema))}\n`;
