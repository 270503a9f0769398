import type { Config } from '../config';
import { postgresDb, sqliteDb } from './database';
import type { Db } from './database';
import { migrate } from './migrate';
import { openDataDirDatabase } from './open';
import type { SqliteConnection } from './open';
import { checkIntegrity, markInstalled, refuseLostDatabase } from './startupCheck';
import type { StartLogger } from './startupCheck';

/** The database the config names, opened, checked and migrated. */
export interface OpenedDatabase {
  db: Db;
  /** On SQLite, the better-sqlite3 connection under `db` (its file checks, a test's faults). */
  sqlite: SqliteConnection | undefined;
  /** The migrations this opening applied (schema_migrations versions). */
  applied: number[];
}

/**
 * The database the config names, ready for the app. With DATABASE_URL, PostgreSQL: a pool,
 * migrated (its backups and checks are PostgreSQL's own: pg_dump and the like). Without, the
 * SQLite file in DATA_DIR: refused when an install's database went missing, checked for damage,
 * migrated, and DATA_DIR marked as an install that ran.
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  logger: StartLogger,
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const db = postgresDb(config.databaseUrl);
    try {
      const applied = await migrate(db);
      return { db, sqlite: undefined, applied };
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  refuseLostDatabase(config.dataDir);
  const sqlite = openDataDirDatabase(config.dataDir);
  const db = sqliteDb(sqlite);
  try {
    checkIntegrity(sqlite, logger);
    const applied = await migrate(db);
    markInstalled(config.dataDir);
    return { db, sqlite, applied };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
