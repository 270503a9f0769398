import type { TestProject } from 'vitest/node';
import { startCluster } from './cluster';

/**
 * The server-postgres project's globalSetup: one private PostgreSQL cluster for the whole run,
 * its superuser URL provided to the test files as `inject('postgresUrl')`; each file makes its
 * own database on it (sync-server/src/db/testPostgres.ts, the integration harness). Stopped,
 * and its files removed, when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
