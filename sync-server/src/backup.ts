import { ConfigError, loadDatabaseConfig } from './config';
import { backupDatabase } from './db/backup';

/** Thrown, and printed as it is, when there is nothing for this command to do. */
class NotForPostgres extends Error {}

/**
 * `npm run backup [-- <folder or file.sqlite>]`: an online backup of DATA_DIR's database,
 * safe while the server runs; prints the backup's path. Default: DATA_DIR/backups. SQLite
 * only: with DATABASE_URL it refuses (exit 1) and says to use PostgreSQL's own pg_dump.
 */
async function main(): Promise<void> {
  const config = loadDatabaseConfig();
  if (config.databaseUrl) {
    throw new NotForPostgres(
      'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. ' +
        '`pg_dump --format=custom --file=besties.dump "$DATABASE_URL"` (restore with ' +
        'pg_restore). `npm run backup` copies only the SQLite database in DATA_DIR; nothing ' +
        'was done. The images and profile pictures in DATA_DIR are files: copy them as well.',
    );
  }
  const file = await backupDatabase({ dataDir: config.dataDir, to: process.argv[2] });
  console.log(file);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof NotForPostgres
      ? error.message
      : `Backup failed: ${String(error)}`,
  );
  process.exit(1);
});
