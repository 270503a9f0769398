import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabaseAt, startCluster } from '../../../scripts/postgres/cluster';
import type { Cluster } from '../../../scripts/postgres/cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The superuser URL of the run's PostgreSQL cluster (project server-postgres, started by
     * tests/postgres/globalSetup.ts); unset in the SQLite projects.
     */
    postgresUrl?: string;
  }
}

/** The PostgreSQL a test file uses: fresh, empty databases on one server. */
export interface TestPostgres {
  /** A new empty database; answers its URL. */
  createDatabase(): Promise<string>;
  /** The file's own cluster (to pause and resume), or null when it shares the run's. */
  cluster: Cluster | null;
  /** Stops the file's own cluster (nothing when it shares the run's). */
  stop(): void;
}

/**
 * The run's cluster when the project provides one (server-postgres), else a private cluster for
 * this file (`own: true` always makes one: a test that stops its server must not stop others').
 */
export async function testPostgres(options: { own?: boolean } = {}): Promise<TestPostgres> {
  const shared = options.own ? undefined : inject('postgresUrl');
  const cluster = shared ? null : await startCluster();
  const url = shared ?? cluster!.url;
  return {
    createDatabase: () => createDatabaseAt(url, `test_${randomUUID().replaceAll('-', '')}`),
    cluster,
    stop: () => cluster?.stop(),
  };
}
