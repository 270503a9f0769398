import { sql } from 'kysely';
import { engineOf } from './database';
import type { Db, Engine } from './database';
import { MIGRATION_FILES } from './migrations/index';
import type { MigrationDb, Up } from './migrations/statements';

const MIGRATION_FILE = /^(\d{3})-([a-z0-9-]+)$/;

/**
 * PostgreSQL's advisory lock key that migrating processes queue on (any number of ours; this
 * one spells "besties" in ASCII, under 2^63).
 */
const MIGRATION_LOCK = 0x62657374696573n;

export interface Migration {
  version: number;
  name: string;
  /** Runs the migration inside its own transaction, on either engine. */
  up: Up;
}

/** The migrations (`migrations/NNN-name.ts`, listed in `migrations/index.ts`), in order. */
export function readMigrations(files = MIGRATION_FILES): Migration[] {
  const migrations = Object.entries(files)
    .map(([file, module]) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) throw new Error(`Migration file name must look like 001-name: ${file}`);
      return { version: Number(match[1]), name: match[2] ?? '', up: module.up };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (index > 0 && migrations[index - 1]?.version === migration.version) {
      throw new Error(`Two migrations share version ${migration.version}`);
    }
  });
  return migrations;
}

/**
 * On PostgreSQL, waits until no other process migrates, and holds that until the transaction
 * ends. On SQLite the transaction's IMMEDIATE begin already did: one writer at a time.
 */
async function lockMigrations(trx: MigrationDb, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`SELECT pg_advisory_xact_lock(${sql.raw(MIGRATION_LOCK.toString())})`.execute(trx);
  }
}

async function isApplied(db: MigrationDb, version: number): Promise<boolean> {
  const row = (await db
    .selectFrom('schema_migrations')
    .select('version')
    .where('version', '=', version)
    .executeTakeFirst()) as { version: number } | undefined;
  return row !== undefined;
}

/**
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction,
 * and returns the versions it applied. Safe to run at every start, and on PostgreSQL by
 * several processes at once: each migration takes a lock and looks again, so whichever
 * process comes second finds it applied and goes on.
 */
export async function migrate(
  db: Db,
  migrations: Migration[] = readMigrations(),
): Promise<number[]> {
  const engine = engineOf(db);
  const anyDb = db as unknown as MigrationDb;
  await anyDb.transaction().execute(async (trx) => {
    await lockMigrations(trx, engine);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at BIGINT NOT NULL
    )`.execute(trx);
  });
  const recorded = await db.selectFrom('schema_migrations').select('version').execute();
  const applied = new Set(recorded.map((row) => row.version));
  const newlyApplied: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    const ran = await anyDb.transaction().execute(async (trx) => {
      await lockMigrations(trx, engine);
      if (await isApplied(trx, migration.version)) return false;
      await migration.up(trx, engine);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: Date.now() })
        .execute();
      return true;
    });
    if (ran) newlyApplied.push(migration.version);
  }
  return newlyApplied;
}
