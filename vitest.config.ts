import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, and the same integration suite run once on the embedded
// PGlite database and once on the real PostgreSQL server (TEST_DB selects the driver).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/evaluation/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration-postgres',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
