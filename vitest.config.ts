import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const resolve = { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } };

const SERVER_TESTS = [
  'bench/**/*.test.ts',
  'shared/**/*.test.ts',
  'sync-server/**/*.test.ts',
  'tests/integration/**/*.test.ts',
];

/** Tests of what only SQLite has, left out of the server-postgres project. */
const SQLITE_ONLY = [
  // npm run backup: SQLite's online backup API (PostgreSQL is backed up with pg_dump).
  'tests/integration/backup.test.ts',
  'sync-server/src/db/backup.test.ts',
  // The start's checks of the SQLite file: lost, emptied or damaged.
  'tests/integration/startup-check.test.ts',
  // Fills the disk under the SQLite file through its better-sqlite3 connection.
  'tests/integration/full-disk.test.ts',
  // The SQLite connection's pragmas, file modes and IMMEDIATE transactions.
  'sync-server/src/db/open.test.ts',
  // Upgrades of existing SQLite databases, seeded and read through the SQLite connection
  // (schema.test.ts holds both engines to one schema).
  'sync-server/src/db/migrate.test.ts',
  'sync-server/src/db/row-migrations.test.ts',
  // Engine-independent (a failure kept in memory), run once by the server project.
  'sync-server/src/db/backgroundWrites.test.ts',
  // Starts its own PostgreSQL cluster and two server processes on it: run once, by the server
  // project.
  'tests/integration/two-process.test.ts',
  'tests/integration/migrate-sqlite-to-postgres.test.ts',
];

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'server',
          environment: 'node',
          include: SERVER_TESTS,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      // The server's tests again on PostgreSQL: `npm run test:postgres` (not part of test:unit
      // until every room has moved to the new data layer). One private cluster for the run
      // (scripts/postgres/vitestSetup.ts); TEST_DATABASE tells the harness to use it.
      {
        resolve,
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts', 'sync-server/src/db/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SQLITE_ONLY],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['scripts/postgres/vitestSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        plugins: [react()],
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['app/test-setup.ts'],
          // A screen test waits for a push, a reply stream and a pull, each given up to 5 s
          // on a busy 2-core machine: the default 5 s for the whole test cut one off (CI).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
