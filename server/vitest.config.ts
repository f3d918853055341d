import { defineConfig } from 'vitest/config';

/**
 * Unit tests (beside the sources) run once. Integration tests (test/) run once per database:
 * SQLite always; PostgreSQL and MariaDB where they answer (a visible skip locally, a failure in CI).
 */
const databases = ['sqlite', 'postgres', 'mysql'] as const;

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      ...databases.map((db) => ({
        test: {
          name: db,
          include: ['test/**/*.test.ts'],
          env: { TEST_DB: db },
          globalSetup: ['test/support/database-probe.ts'],
        },
      })),
    ],
  },
});
