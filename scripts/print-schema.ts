/** Prints the GraphQL schema (SDL) of the API: `npm run schema`. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../src/server/graphql/schema.js';

console.log(printSchema(lexicographicSortSchema(schema)));
