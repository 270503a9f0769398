import type { Db } from '../db/open';

/** A read that needs the database file and its schema, and costs next to nothing. */
export function countMigrations(db: Db): number {
  return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM schema_migrations').get()?.n ?? 0;
}
