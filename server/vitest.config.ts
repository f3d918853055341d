import { defineConfig } from 'vitest/config';

/**
 * Unit tests (beside the sources) run once, in shared workers: they touch no server, file or port.
 *
 * Integration tests (test/) run where they can fail. Those in test/every-database/ exercise what
 * differs between the stores (SQL, transactions, locks, the change bus, money under faults) and run
 * on SQLite, PostgreSQL and MariaDB; the others (conversion, routing, the console's rules, limits in
 * memory or Redis) run the same code on any store and run on SQLite only. A PostgreSQL or MariaDB
 * that does not answer is a visible skip locally, a failure in CI.
 *
 * The integration tests wait on sockets and databases as much as they compute, so they run three
 * files at a time even on two cores; each file has its own database, ports, Redis keys and folders.
 */
const everyDatabase = ['test/every-database/**/*.test.ts'];
const databases = [
  { name: 'sqlite', include: ['test/**/*.test.ts'] },
  { name: 'postgres', include: everyDatabase },
  { name: 'mysql', include: everyDatabase },
] as const;

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Bounds for a stuck test, not speed checks: tests wait for conditions, and on a busy machine
    // (three files at a time on two cores) a gateway process takes seconds to start.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 3,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'], isolate: false } },
      ...databases.map(({ name, include }) => ({
        test: {
          name,
          include: [...include],
          env: { TEST_DB: name },
          // One import of the server per worker, not per file (it was a sixth of the run): each file
          // starts and closes its own servers, so a file leaves nothing behind for the next.
          isolate: false,
          globalSetup: ['test/support/database-probe.ts'],
        },
      })),
    ],
  },
});
