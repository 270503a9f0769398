import type { Config } from '../config';
import { postgresDb, sqliteDb } from './database';
import type { Db } from './database';
import { migrate } from './migrate';
import { openDataDirDatabase } from './open';
import type { LegacyDb } from './open';
import { checkIntegrity, markInstalled, refuseLostDatabase } from './startupCheck';
import type { StartLogger } from './startupCheck';

/** The database the config names, opened, checked and migrated. */
export interface OpenedDatabase {
  db: Db;
  /** The SQLite connection under `db`; on PostgreSQL, one that refuses every use. */
  legacyDb: LegacyDb;
  /** Whether `legacyDb` is a real SQLite connection. */
  sqlite: boolean;
  /** The migrations this opening applied (schema_migrations versions). */
  applied: number[];
}

/**
 * The `legacyDb` given to the app on PostgreSQL, where there is no SQLite connection: code not
 * yet moved to Kysely (`deps.db`) fails loudly there, naming what it reached for, instead of
 * quietly writing to a SQLite file nobody reads.
 */
function noLegacyDb(): LegacyDb {
  return new Proxy({} as LegacyDb, {
    get(_target, property) {
      // Asked by `await`, util.inspect and the like, which only look.
      if (property === 'then' || typeof property === 'symbol') return undefined;
      throw new Error(
        `legacyDb.${property}: this code is not moved to the new data layer yet ` +
          '(deps.db, Kysely), so it cannot run on PostgreSQL (DATABASE_URL).',
      );
    },
  });
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
      return { db, legacyDb: noLegacyDb(), sqlite: false, applied };
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  refuseLostDatabase(config.dataDir);
  const legacyDb = openDataDirDatabase(config.dataDir);
  const db = sqliteDb(legacyDb);
  try {
    checkIntegrity(legacyDb, logger);
    const applied = await migrate(db);
    markInstalled(config.dataDir);
    return { db, legacyDb, sqlite: true, applied };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
