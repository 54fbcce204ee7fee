import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The server runs on Node's resolution, where `graphql` is its CommonJS build; Vite would hand our
// source files the ESM build (index.mjs) while Yoga and Pothos get the CommonJS one, so AppError would
// extend a different GraphQLError class than Yoga checks and every expected error would be masked.
// Resolve it as Node does, so the integration tests run the server as it runs in production.
const nodeGraphql = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

const REPLICA_TESTS = 'src/server/**/*.replica.test.ts';
const UNIT_SCRIPT_TESTS = [
  'scripts/dependencies.test.ts',
  'scripts/layers.test.ts',
  'scripts/shared-modules.test.ts',
];
// Migrates once per run into a template each integration file copies (src/server/test/db-template.ts).
const TEMPLATE_SETUP = 'src/server/test/template-setup.ts';

// An integration file imports the whole app (its GraphQL schema, the server, the drivers): 1-12 s a file
// when every file gets fresh modules. The files share nothing through module state (the read caches
// are per database, each file has its own; no file mocks a module or spies on one), so each worker
// imports the app once and runs its files one after another (docs/testing.md). VITEST_ISOLATE=1 gives
// every file fresh modules again, to rule that sharing out when a failure looks like one.
const INTEGRATION_ISOLATE = process.env.VITEST_ISOLATE === '1';

// Four projects: pure unit tests, the same integration suite run once on the embedded PGlite database
// and once on the real PostgreSQL server (TEST_DB selects the driver), and the read-replica tests
// (*.replica.test.ts) on that server with a streaming replica of it, which their globalSetup starts
// (scripts/replica.ts; docs/read-replica.md).
// Workers: at least two. An integration file spends much of its time waiting for its database (the
// PostgreSQL server is another process), so on a 2-core machine two workers keep both cores busy where
// vitest's default (cores - 1) would run one file at a time: the whole run 1,146 s -> 364 s with
// isolate off (docs/testing.md). VITEST_MAX_WORKERS sets another number.
const MAX_WORKERS = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
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
            // package.json against the imports, the integration files against module sharing: files only.
            ...UNIT_SCRIPT_TESTS,
          ],
        },
      },
      {
        resolve: nodeGraphql,
        test: {
          name: 'integration-pglite',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/server/email/**', ...UNIT_SCRIPT_TESTS, REPLICA_TESTS],
          env: { TEST_DB: 'pglite' },
          globalSetup: [TEMPLATE_SETUP],
          isolate: INTEGRATION_ISOLATE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: nodeGraphql,
        test: {
          name: 'integration-postgres',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/server/email/**', ...UNIT_SCRIPT_TESTS, REPLICA_TESTS],
          env: { TEST_DB: 'postgres' },
          globalSetup: [TEMPLATE_SETUP],
          isolate: INTEGRATION_ISOLATE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: nodeGraphql,
        test: {
          name: 'replica',
          include: [REPLICA_TESTS],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test/replica-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
