import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LegacyDb as Db } from './open';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_FILE = /^(\d{3})-([a-z0-9-]+)\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered `NNN-name.sql` files of a folder, in order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) throw new Error(`Migration file name must look like 001-name.sql: ${file}`);
      return {
        version: Number(match[1]),
        name: match[2] ?? '',
        sql: readFileSync(path.join(dir, file), 'utf8'),
      };
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
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction,
 * and returns the versions it applied. Safe to run at every start.
 */
export function migrate(db: Db, migrations: Migration[] = readMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => row.version),
  );
  const record = db.prepare(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  const newlyApplied: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    })();
    newlyApplied.push(migration.version);
  }
  return newlyApplied;
}
