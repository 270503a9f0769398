import { ConfigError, loadConfig } from './config';
import { backupDatabase } from './db/backup';

/**
 * `npm run backup [-- <folder or file.sqlite>]`: an online backup of DATA_DIR's database,
 * safe while the server runs; prints the backup's path. Default: DATA_DIR/backups.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const file = await backupDatabase({ dataDir: config.dataDir, to: process.argv[2] });
  console.log(file);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${String(error)}`);
  process.exit(1);
});
