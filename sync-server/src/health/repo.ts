import { sql } from 'kysely';
import { engineOf } from '../db/database';
import type { Db } from '../db/database';

/** A read that needs the database and its schema, and costs next to nothing. */
export async function countMigrations(db: Db): Promise<number> {
  const row = await db
    .selectFrom('schema_migrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * Reads the first row of every table from the table itself: its first pages, where a damaged
 * page (a bad disk block) shows at once, as it would at her next sign-in. A few microseconds a
 * table. Each engine lists its tables in its own catalog (none is common to both): SQLite's
 * schema table, PostgreSQL's tables of the schema we use. On SQLite NOT INDEXED, since SQLite
 * would rather scan a smaller index.
 */
export async function readEveryTable(db: Db): Promise<void> {
  const sqlite = engineOf(db) === 'sqlite';
  const listed = sqlite
    ? sql<{ name: string }>`SELECT name FROM sqlite_schema
        WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
    : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
  const { rows } = await listed.execute(db);
  const notIndexed = sqlite ? sql` NOT INDEXED` : sql``;
  for (const { name } of rows) {
    await sql`SELECT * FROM ${sql.id(name)}${notIndexed} LIMIT 1`.execute(db);
  }
}
