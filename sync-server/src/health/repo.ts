import type { LegacyDb as Db } from '../db/open';

/** A read that needs the database file and its schema, and costs next to nothing. */
export function countMigrations(db: Db): number {
  return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM schema_migrations').get()?.n ?? 0;
}

/**
 * Reads the first row of every table from the table itself (NOT INDEXED: SQLite would rather
 * scan a smaller index): its root page and leftmost pages, where a damaged page (a bad disk
 * block) shows at once, as it would at her next sign-in. A few microseconds a table.
 */
export function readEveryTable(db: Db): void {
  const tables = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .pluck()
    .all();
  for (const table of tables) {
    db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}" NOT INDEXED LIMIT 1`).get();
  }
}
