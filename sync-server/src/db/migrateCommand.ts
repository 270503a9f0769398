import path from 'node:path';
import { ConfigError, loadDatabaseConfig } from '../config';
import { openConfiguredDatabase } from './configured';
import { databaseErrorText, isDatabaseUnavailable } from './database';
import { readMigrations } from './migrate';
import { DB_FILE_NAME } from './open';
import { StartRefused } from './startupCheck';

/**
 * `npm run migrate`: applies the migrations the configured database lacks (the SQLite file in
 * DATA_DIR, or PostgreSQL at DATABASE_URL) and says which. The server does the same at every
 * start; this runs them ahead of a deploy, or once before several processes start. On SQLite
 * it first checks the file as a start does (a lost or damaged database is refused, never made
 * anew). Safe to run while the server runs, and twice.
 */
async function main(): Promise<void> {
  const config = loadDatabaseConfig();
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : path.join(config.dataDir, DB_FILE_NAME);
  const warn = (_details: object, message: string) => console.warn(message);
  const { db, applied } = await openConfiguredDatabase(config, { warn });
  await db.destroy();
  const names = new Map(readMigrations().map((each) => [each.version, each.name]));
  const label = (version: number) =>
    `${String(version).padStart(3, '0')}-${names.get(version) ?? '?'}`;
  if (applied.length === 0) {
    console.log(`${where}: up to date (${names.size} migrations), nothing applied.`);
    return;
  }
  console.log(`${where}: applied ${applied.length} migration(s):`);
  for (const version of applied) console.log(`  ${label(version)}`);
}

function messageOf(error: unknown): string {
  if (error instanceof ConfigError || error instanceof StartRefused) return error.message;
  const detail = databaseErrorText(error);
  if (isDatabaseUnavailable(error)) {
    return `Migration failed: PostgreSQL at DATABASE_URL cannot be reached (${detail}).`;
  }
  return `Migration failed: ${detail}`;
}

main().catch((error: unknown) => {
  console.error(messageOf(error));
  process.exit(1);
});
