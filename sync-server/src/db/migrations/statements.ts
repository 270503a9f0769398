import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../database';

/** What a migration runs on: a transaction of the database, before its tables are known. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MigrationDb = Kysely<any>;

/** One migration: `NNN-name.ts` exports `up`, which runs it inside its own transaction. */
export type Up = (db: MigrationDb, engine: Engine) => Promise<void>;

/**
 * Runs SQL statements one after the other (a driver runs one statement per query). Each is
 * SQL that both SQLite and PostgreSQL accept, unless the migration chose it by engine.
 */
export async function run(db: MigrationDb, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** SQLite keeps a table with a text key in its key's own b-tree; PostgreSQL has no such thing. */
export function withoutRowid(engine: Engine): string {
  return engine === 'sqlite' ? ' WITHOUT ROWID' : '';
}
