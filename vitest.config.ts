import { configDefaults, defineConfig } from 'vitest/config';

// The server runs on Node's resolution, where `graphql` is its CommonJS build; Vite would hand our
// source files the ESM build (index.mjs) while Yoga and Pothos get the CommonJS one, so AppError would
// extend a different GraphQLError class than Yoga checks and every expected error would be masked.
// Resolve it as Node does, so the integration tests run the server as it runs in production.
const nodeGraphql = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

// Three projects: pure unit tests, and the same integration suite run once on the embedded
// PGlite database and once on the real PostgreSQL server (TEST_DB selects the driver).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/domain/**/*.test.ts',
            'src/evaluation/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            // The e-mail templates are pure rendering: no database.
            'src/server/email/**/*.test.ts',
          ],
        },
      },
      {
        resolve: nodeGraphql,
        test: {
          name: 'integration-pglite',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/server/email/**'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: nodeGraphql,
        test: {
          name: 'integration-postgres',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/server/email/**'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
